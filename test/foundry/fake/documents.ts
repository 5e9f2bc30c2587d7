/**
 * Documents: Actor, Item, Combat, Combatant, ChatMessage and User, with Foundry's permission rules
 * enforced on every write (the point of the fake: it proves a player never writes what they do not
 * own). A write is validated against the core fields and the sub-type's TypeDataModel first, then
 * permission-checked against game.user, then committed whole, with preX/X hooks as in Foundry.
 */
import { Collection } from "./collection.js";
import { ArrayField, BooleanField, DataModelValidationError, HTMLField, NumberField, ObjectField, SchemaField, StringField, TypeDataModel, type Failure, type Schema } from "./fields.js";
import { Roll } from "./dice.js";
import { DialogV2 } from "./apps.js";
import { rt, type DocumentCtor, type ModelClass } from "./runtime.js";
import { deepClone, diffObject, expandObject, getProperty, isEmpty, isPlainObject, mergeObject, randomID, setProperty, type Obj } from "./utils.js";

/** V13 expands an update's dotted keys in the caller's own object (the client backend, DataModel#updateSource). */
function expandInPlace(changes: Obj): void {
  const expanded = expandObject(deepClone(changes));
  for (const k of Object.keys(changes)) delete changes[k];
  Object.assign(changes, expanded);
}

export type DocumentName = "Actor" | "Item" | "Combat" | "Combatant" | "ChatMessage";

export const OWNERSHIP = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export type OwnershipName = keyof typeof OWNERSHIP;
export type Permission = OwnershipName | number;

export class PermissionError extends Error {
  override name = "PermissionError";
}

function levelOf(p: Permission): number {
  return typeof p === "number" ? p : OWNERSHIP[p];
}

export interface UpdatePlan {
  next: Obj;
  diff: Obj;
}

export class FakeUser {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  /** Connected; only an active user answers queries. */
  active: boolean;
  /** Token-likes this user targets on the map. */
  readonly targets = new Set<{ actor: FakeActor | null; name: string; id: string }>();

  constructor(data: { id: string; name: string; isGM: boolean; active?: boolean }) {
    if (!/^[A-Za-z0-9]{1,16}$/.test(data.id)) throw new Error(`FakeUser: "${data.id}" is not a valid id (1-16 letters or digits)`);
    this.id = data.id;
    this.name = data.name;
    this.isGM = data.isGM;
    this.active = data.active ?? true;
  }
  get uuid(): string {
    return `User.${this.id}`;
  }
  /** User flags, which the server lets only the user themself or a GM write (Fracas signs GM requests with them). */
  flags: Obj = {};
  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    this.#mayUpdate();
    setProperty(this.flags, `${scope}.${key}`, deepClone(value));
    return this;
  }
  async unsetFlag(scope: string, key: string): Promise<this> {
    this.#mayUpdate();
    const path = `${scope}.${key}`.split(".");
    const last = path.pop()!;
    const parent = getProperty(this.flags, path.join(".")) as Obj | undefined;
    if (parent && typeof parent === "object") delete parent[last];
    return this;
  }
  #mayUpdate(): void {
    const actor = rt().user();
    if (actor.id !== this.id && !actor.isGM) throw new PermissionError(`User ${actor.name} lacks permission to update User [${this.id}]`);
  }
  get role(): number {
    return this.isGM ? 4 : 1;
  }
  /**
   * User#query: runs CONFIG.queries[name] on this user's client. Data and result cross the wire as
   * JSON (so neither side can share object references); rejects when this user is not connected.
   */
  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    const r = rt();
    const from = r.user().id;
    const entry: Runtime["queryLog"][number] = { name, from, to: this.id, data: deepClone(data) };
    r.queryLog.push(entry);
    if (!this.active) {
      entry.error = "not connected";
      throw new Error(`User ${this.name} [${this.id}] is not connected and cannot answer the query "${name}"`);
    }
    const handler = r.config.queries[name];
    if (!handler) {
      entry.error = "unknown query";
      throw new Error(`The query "${name}" is not registered in CONFIG.queries`);
    }
    const payload = JSON.parse(JSON.stringify(data ?? null)) as unknown;
    if (r.takeLateAnswer(name)) {
      entry.error = "timed out";
      r.lateHandlers.push(r.runAs(this, async () => handler(payload, options)).catch(() => undefined));
      throw new Error(`The query "${name}" to ${this.name} timed out after ${options.timeout ?? 0} ms`);
    }
    try {
      const result = await r.runAs(this, async () => handler(payload, options));
      const wire = result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
      entry.result = wire;
      return wire;
    } catch (e) {
      entry.error = e instanceof Error ? e.message : String(e);
      throw e;
    }
  }
}
type Runtime = ReturnType<typeof rt>;

/**
 * As V13's update diff (the hooks' `changed`): a key written as `==key` (replace wholesale) is
 * recorded under `==key`, with the new value, not under `key` — so a hook reading `system.plan`
 * after `update({"system.==plan": …})` finds nothing, as in Foundry.
 */
function forcedReplacements(diff: Obj, submitted: Obj, next: Obj): Obj {
  for (const [k, v] of Object.entries(submitted)) {
    if (k.startsWith("==")) {
      const key = k.slice(2);
      delete diff[key];
      diff[k] = deepClone(next[key]);
    } else if (v !== null && typeof v === "object" && !Array.isArray(v) && next[k] && typeof next[k] === "object") {
      const inner = forcedReplacements((diff[k] as Obj | undefined) ?? {}, v as Obj, next[k] as Obj);
      if (!isEmpty(inner)) diff[k] = inner;
    }
  }
  return diff;
}

export class FakeDocument {
  static readonly documentName: DocumentName;
  /** Sub-types must have a registered TypeDataModel (Actor, Item); others may be plain. */
  static readonly requiresModel: boolean = false;
  static readonly defaultType: string = "base";

  static coreSchema(): Schema {
    return {
      _id: new StringField({ required: true, blank: false }),
      type: new StringField({ required: true, blank: false }),
      flags: new ObjectField(),
    };
  }

  /** CONFIG.<Doc>.documentClass, which Foundry instantiates whatever class `create` is called on. */
  static get implementation(): DocumentCtor {
    return rt().config[this.documentName].documentClass;
  }

  static modelFor(type: string): ModelClass | undefined {
    const models = rt().config[this.documentName].dataModels;
    return Object.hasOwn(models, type) ? models[type] : undefined;
  }

  /** Cleans and validates a whole source (core fields + system); throws DataModelValidationError. */
  static validateSource(source: Obj): Obj {
    const core = new SchemaField(this.coreSchema());
    const raw: Obj = { type: this.defaultType, ...source };
    const cleaned = core.clean(raw) as Obj;
    const failures: Failure[] = [];
    core.validate(cleaned, "", failures);
    const type = String(cleaned.type ?? "");
    const Model = this.modelFor(type);
    if (Model) {
      const sys = Model.schema.clean(Model.migrateData(deepClone(isPlainObject(raw.system) ? raw.system : {}))) as Obj;
      Model.schema.validate(sys, "system", failures);
      cleaned.system = sys;
    } else if (this.requiresModel) {
      failures.push({ path: "type", message: `"${type}" has no data model in CONFIG.${this.documentName}.dataModels` });
    } else cleaned.system = isPlainObject(raw.system) ? deepClone(raw.system) : {};
    if (failures.length > 0) throw new DataModelValidationError(`${this.documentName} [${String(cleaned._id ?? "new")}]`, failures);
    return cleaned;
  }

  static canUserCreate(user: FakeUser, _data: Obj, _parent: FakeDocument | null): boolean {
    return user.isGM;
  }

  /** Document.create: permission-checked for game.user, preCreate/create hooks, added to the world. */
  static async create(data: Obj, options: { parent?: FakeDocument | null; keepId?: boolean; [option: string]: unknown } = {}): Promise<FakeDocument | undefined> {
    const [doc] = await this.createDocuments([data], options);
    return doc;
  }

  static async createDocuments(data: Obj[], { parent = null, keepId = false, ...options }: { parent?: FakeDocument | null; keepId?: boolean; [option: string]: unknown } = {}): Promise<FakeDocument[]> {
    if (parent) return parent.createEmbeddedDocuments(this.documentName, data, options);
    const r = rt();
    const user = r.user();
    const Impl = this.implementation;
    // As in Foundry: a given _id is kept only with keepId (and must be free); otherwise a new one is made.
    // As V13's client backend: creation data is expanded (a copy; the caller's object is kept).
    const docs = data.map((given) => {
      const { _id, ...rest } = expandObject(given);
      const d = keepId && typeof _id === "string" ? { ...rest, _id } : rest;
      if (keepId && typeof _id === "string" && this._worldHas(_id)) throw new Error(`${this.documentName} id ${_id} already exists`);
      const doc = new Impl({ ...this.prepareCreateData(d, user), ...(d._id ? { _id: d._id } : {}) }, { parent: null });
      doc._embedFromSource(d);
      return doc;
    });
    for (const d of docs) {
      if (!(Impl as unknown as typeof FakeDocument).canUserCreate(user, d._source, null)) {
        throw new PermissionError(`User ${user.name} lacks permission to create ${this.documentName}`);
      }
    }
    const out: FakeDocument[] = [];
    for (const [i, d] of docs.entries()) {
      if (!(await d._runPreCreate(data[i] ?? {}, options, user))) continue;
      if (r.hooks.call(`preCreate${this.documentName}`, d, d.toObject(), options, user.id) === false) continue;
      d._addToWorld();
      r.documentHook(`create${this.documentName}`, d, options, user.id);
      out.push(d);
    }
    return out;
  }

  /** Whether a world document of this class already has this id (keepId must not overwrite one). */
  static _worldHas(id: string): boolean {
    return this._worldCollection()?.has(id) ?? false;
  }

  /** The world collection of this class's documents (game.actors, game.items…), if the fake keeps one. */
  static _worldCollection(): { has(id: string): boolean; get(id: string): FakeDocument | undefined } | undefined {
    const r = rt();
    const byName: Partial<Record<DocumentName, { has(id: string): boolean; get(id: string): FakeDocument | undefined }>> = { Item: r.items, Actor: r.actors, Combat: r.combats, ChatMessage: r.messages };
    return byName[this.documentName];
  }

  /**
   * Document.updateDocuments: each update names its document by _id. As V13's client, each
   * document's _preUpdate and preUpdate hook run first and may leave that document out; then all
   * are validated and permission-checked, and one permission refusal (or a scripted failure) writes
   * none of them, as a request the server refuses. With a parent, its embedded documents.
   */
  static async updateDocuments(updates: Obj[], { parent = null, ...options }: { parent?: FakeDocument | null; [option: string]: unknown } = {}): Promise<FakeDocument[]> {
    if (parent) return parent.updateEmbeddedDocuments(this.documentName, updates, options);
    const user = rt().user();
    const coll = this._worldCollection();
    const plans = [];
    for (const u of updates) {
      const doc = coll?.get(String(u._id));
      if (!doc) throw new Error(`${this.documentName} [${String(u._id)}] does not exist`);
      const changes = expandObject(deepClone(u));
      if (await doc._preUpdateAllowed(changes, options, user)) plans.push({ doc, plan: doc._prepareUpdate(changes, user) });
    }
    const out: FakeDocument[] = [];
    for (const { doc, plan } of plans) if (plan && doc._commitUpdate(plan, options, user)) out.push(doc);
    return out;
  }

  /** Per-class defaults a create call adds (e.g. a message's author). */
  static prepareCreateData(data: Obj, _user: FakeUser): Obj {
    return { _id: randomID(), ...data };
  }

  _source: Obj;
  system: Obj = {};
  readonly parent: FakeDocument | null;

  constructor(source: Obj, options: { parent?: FakeDocument | null } = {}) {
    const cls = this.constructor as typeof FakeDocument;
    this.parent = options.parent ?? null;
    // As V13: a missing img starts from the class's getDefaultArtwork(data) (Actor and Item).
    const art = source.img === undefined ? cls.getDefaultArtwork(source)?.img : undefined;
    this._source = cls.validateSource({ _id: randomID(), ...source, ...(art ? { img: art } : {}) });
    this._initialize();
  }

  /** As V13's Actor and Item: the picture a new document of this data starts with (none for others). */
  static getDefaultArtwork(_data: Obj): { img: string } | undefined {
    return undefined;
  }

  get documentName(): DocumentName {
    return (this.constructor as typeof FakeDocument).documentName;
  }
  get id(): string {
    return String(this._source._id);
  }
  get _id(): string {
    return this.id;
  }
  get type(): string {
    return String(this._source.type);
  }
  get flags(): Obj {
    return this._source.flags as Obj;
  }
  get uuid(): string {
    return this.parent ? `${this.parent.uuid}.${this.documentName}.${this.id}` : `${this.documentName}.${this.id}`;
  }

  /** Builds `system` from the source (the TypeDataModel instance), then its prepare hooks. */
  _initialize(): void {
    const Model = (this.constructor as typeof FakeDocument).modelFor(this.type);
    if (Model) {
      const model = new Model(this._source.system, { parent: this }) as TypeDataModel;
      model.prepareBaseData();
      model.prepareDerivedData();
      this.system = model as unknown as Obj;
    } else this.system = deepClone(this._source.system as Obj);
  }

  _addToWorld(): void {
    throw new Error(`${this.documentName} documents are not kept in a world collection`);
  }
  _removeFromWorld(): void {
    throw new Error(`${this.documentName} documents are not kept in a world collection`);
  }

  toObject(): Obj {
    return deepClone(this._source);
  }
  toJSON(): Obj {
    return this.toObject();
  }

  getUserLevel(user: FakeUser): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    const own = (this._source.ownership ?? {}) as Record<string, number>;
    return own[user.id] ?? own.default ?? OWNERSHIP.NONE;
  }
  testUserPermission(user: FakeUser, permission: Permission, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = this.getUserLevel(user);
    const want = levelOf(permission);
    return exact ? level === want : level >= want;
  }
  get isOwner(): boolean {
    return this.testUserPermission(rt().user(), "OWNER");
  }
  get hasPlayerOwner(): boolean {
    return rt().users.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
  /** Foundry's canUserModify: owners (and GMs) may update and delete. */
  canUserModify(user: FakeUser, _action: "update" | "delete", _changes?: Obj): boolean {
    return this.testUserPermission(user, "OWNER");
  }

  /** Validates and permission-checks an update without writing; null when nothing would change. */
  _prepareUpdate(changes: Obj, user: FakeUser): UpdatePlan | null {
    const failure = rt().takeFailure(this);
    if (failure) throw failure;
    const submitted = expandObject(deepClone(changes));
    delete submitted._id;
    const merged = mergeObject(deepClone(this._source), submitted, { performDeletions: true });
    merged._id = this.id;
    let next: Obj;
    try {
      next = (this.constructor as typeof FakeDocument).validateSource(merged);
    } catch (err) {
      // As V13's client backend: changes that fail validation are not sent. The error is shown,
      // that document is left out of the write, and no error reaches the caller (update() gives
      // undefined), so a caller that must know checks for itself (review-s9-foundry V1).
      if (!(err instanceof DataModelValidationError)) throw err;
      (globalThis as { ui?: { notifications?: { error(m: string): unknown } } }).ui?.notifications?.error(err.message);
      return null;
    }
    if (!this.canUserModify(user, "update", submitted)) {
      throw new PermissionError(`User ${user.name} lacks permission to update ${this.documentName} [${this.id}]`);
    }
    const diff = forcedReplacements(diffObject(this._source, next), submitted, next);
    return isEmpty(diff) ? null : { next, diff };
  }

  _commitUpdate(plan: UpdatePlan, options: Obj, user: FakeUser): this | undefined {
    this._announceUpdate(plan, this._writeSource(plan), options, user);
    return this;
  }

  /** The source written and the document prepared again; gives the prior source. */
  _writeSource(plan: UpdatePlan): Obj {
    const prior = this._source;
    this._source = plan.next;
    this._initialize();
    return prior;
  }

  /** _onUpdate, then the update hook on every client. */
  _announceUpdate(plan: UpdatePlan, prior: Obj, options: Obj, user: FakeUser): void {
    this._onUpdate(plan.diff, prior, options, user);
    rt().documentHook(`update${this.documentName}`, this, plan.diff, options, user.id);
  }

  /**
   * As V13's client backend after an embedded create, update or delete (parent.reset()): the
   * parent prepared again, before the descendants' own hooks run. An Actor re-derives what its
   * items give; other documents keep their data.
   */
  _afterEmbeddedChange(): void {}

  /** Embedded documents given in creation data (an Actor's `items`); none by default. */
  _embedFromSource(_data: Obj): void {}

  _onUpdate(_diff: Obj, _prior: Obj, _options: Obj, _user: FakeUser): void {}

  async update(changes: Obj = {}, options: Obj = {}): Promise<this | undefined> {
    // As V13 (Document#update, then the client backend): the caller's object is given `_id` and
    // its dotted keys are expanded in place, so a caller reading it afterwards sees that (review-s9 H1).
    changes._id = this.id;
    expandInPlace(changes);
    const user = rt().user();
    // As Foundry: the type data model's _preUpdate sees the expanded changes first and may add to them.
    // Only a model that defines one is awaited: the fake's runAs switches game.user globally, so an
    // extra await here would let another client's query interleave where Foundry's would not.
    const expanded = expandObject(deepClone(changes));
    if (!(await this._preUpdateAllowed(expanded, options, user))) return undefined;
    const plan = this._prepareUpdate(expanded, user);
    return plan ? this._commitUpdate(plan, options, user) : undefined;
  }

  /**
   * As V13's client backend before it validates (review-s9-foundry V8): the document's _preUpdate,
   * then the preUpdate hook, both given the full expanded changes, even for an update that changes
   * nothing; false from either leaves this document out. _preUpdate is awaited only when defined:
   * the fake's runAs switches game.user globally, so an extra await here would let another
   * client's query interleave where Foundry's would not.
   */
  async _preUpdateAllowed(changes: Obj, options: Obj, user: FakeUser): Promise<boolean> {
    const model = this.system as { _preUpdate?: (c: Obj, o: Obj, u: FakeUser) => Promise<boolean | void> } | undefined;
    const own = typeof model?._preUpdate === "function" && model._preUpdate !== TypeDataModel.prototype._preUpdate;
    const documentOwn = this._preUpdate !== FakeDocument.prototype._preUpdate;
    if ((own || documentOwn) && (await this._preUpdate(changes, options, user)) === false) return false;
    return options.noHook === true || rt().hooks.call(`preUpdate${this.documentName}`, this, changes, options, user.id) !== false;
  }

  /** As V13's ClientDocument#_preUpdate: the type data model's _preUpdate decides; a subclass calls super first. */
  async _preUpdate(changed: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    const model = this.system as { _preUpdate?: (c: Obj, o: Obj, u: FakeUser) => Promise<boolean | void> } | undefined;
    if (typeof model?._preUpdate !== "function" || model._preUpdate === TypeDataModel.prototype._preUpdate) return undefined;
    return model._preUpdate(changed, options, user);
  }

  /**
   * Document#updateSource: changes the source in place, no permission check, no hooks (used by
   * _preCreate). Invalid changes throw DataModelValidationError. `dryRun`: only the diff, as V13's
   * backend checks an update before sending it.
   */
  updateSource(changes: Obj, { dryRun = false }: { dryRun?: boolean; fallback?: boolean } = {}): Obj {
    // As V13's DataModel#updateSource, dry run or not: the caller's object is expanded in place.
    expandInPlace(changes);
    const submitted = expandObject(deepClone(changes));
    delete submitted._id;
    const merged = mergeObject(deepClone(this._source), submitted, { performDeletions: true });
    merged._id = this.id;
    const next = (this.constructor as typeof FakeDocument).validateSource(merged);
    const diff = forcedReplacements(diffObject(this._source, next), submitted, next);
    if (dryRun) return diff;
    this._source = next;
    this._initialize();
    return diff;
  }

  /** As V13's ClientDocument#_preCreate: the type data model's _preCreate decides; a subclass calls super first. */
  async _preCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    const model = this.system as { _preCreate?: (d: Obj, o: Obj, u: FakeUser) => Promise<boolean | void> } | undefined;
    if (typeof model?._preCreate !== "function" || model._preCreate === TypeDataModel.prototype._preCreate) return undefined;
    return model._preCreate(data, options, user);
  }

  /** Runs the document's _preCreate (and so its model's), as Foundry's create does; false cancels the creation. */
  async _runPreCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean> {
    return (await this._preCreate(deepClone(data), options, user)) !== false;
  }

  async delete(options: Obj = {}): Promise<this | undefined> {
    const r = rt();
    const user = r.user();
    if (!this.canUserModify(user, "delete")) throw new PermissionError(`User ${user.name} lacks permission to delete ${this.documentName} [${this.id}]`);
    if (r.hooks.call(`preDelete${this.documentName}`, this, options, user.id) === false) return undefined;
    if (this.parent) this.parent._embedded(this.documentName).delete(this.id);
    else this._removeFromWorld();
    r.documentHook(`delete${this.documentName}`, this, options, user.id);
    return this;
  }

  getFlag(scope: string, key: string): unknown {
    return getProperty(this.flags, `${scope}.${key}`);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }
  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const parts = key.split(".");
    const last = parts.pop()!;
    return this.update({ [["flags", scope, ...parts, `-=${last}`].join(".")]: null });
  }

  /** The embedded collection for a document name (Actor: Item; Combat: Combatant). */
  _embedded(name: string): Collection<FakeDocument> {
    throw new Error(`${this.documentName} has no embedded ${name} collection`);
  }

  async createEmbeddedDocuments(name: string, data: Obj[], options: Obj = {}): Promise<FakeDocument[]> {
    const r = rt();
    const user = r.user();
    const coll = this._embedded(name);
    const Impl = r.config[name as DocumentName].documentClass;
    const docs = data.map((d) => new Impl({ _id: randomID(), ...expandObject(d) }, { parent: this }));
    for (const d of docs) {
      if (!(Impl as unknown as typeof FakeDocument).canUserCreate(user, d._source, this)) {
        throw new PermissionError(`User ${user.name} lacks permission to create ${name} in ${this.documentName} [${this.id}]`);
      }
    }
    // As V13's backend: every pre-create first, then, in one synchronous run, each document added
    // with its create hook, then the parent told (Combat re-points its turn there, see
    // _onEmbeddedChange): a hook's microtask sees the parent already told.
    const out: FakeDocument[] = [];
    for (const [i, d] of docs.entries()) {
      if (!(await d._runPreCreate(data[i] ?? {}, options, user))) continue;
      if (r.hooks.call(`preCreate${name}`, d, d.toObject(), options, user.id) === false) continue;
      out.push(d);
    }
    const before = this._embeddedState(name);
    for (const d of out) coll.set(d.id, d);
    this._afterEmbeddedChange();
    for (const d of out) r.documentHook(`create${name}`, d, options, user.id);
    this._onEmbeddedChange(name, before, []);
    return out;
  }

  /** What a parent keeps of its embedded collection across a change (Combat: its current combatant and turn order). */
  _embeddedState(_name: string): unknown {
    return undefined;
  }
  /** Called synchronously after an embedded create or delete and its hooks (V13's _on…DescendantDocuments). */
  _onEmbeddedChange(_name: string, _before: unknown, _deletedIds: string[]): void {}

  /** As updateDocuments: pre-update steps per document, then one permission refusal writes none. */
  async updateEmbeddedDocuments(name: string, updates: Obj[], options: Obj = {}): Promise<FakeDocument[]> {
    const user = rt().user();
    const coll = this._embedded(name);
    const plans = [];
    for (const u of updates) {
      const doc = coll.get(String(u._id));
      if (!doc) throw new Error(`${name} [${String(u._id)}] does not exist in ${this.documentName} [${this.id}]`);
      const changes = expandObject(deepClone(u));
      if (await doc._preUpdateAllowed(changes, options, user)) plans.push({ doc, plan: doc._prepareUpdate(changes, user) });
    }
    const written = plans.flatMap(({ doc, plan }) => (plan ? [{ doc, plan, prior: doc._writeSource(plan) }] : []));
    if (written.length > 0) this._afterEmbeddedChange();
    for (const { doc, plan, prior } of written) doc._announceUpdate(plan, prior, options, user);
    return written.map((w) => w.doc);
  }

  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<FakeDocument[]> {
    const coll = this._embedded(name);
    const docs = ids.map((id) => {
      const d = coll.get(id);
      if (!d) throw new Error(`${name} [${id}] does not exist in ${this.documentName} [${this.id}]`);
      return d;
    });
    const r = rt();
    const user = r.user();
    for (const d of docs) if (!d.canUserModify(user, "delete")) throw new PermissionError(`User ${user.name} lacks permission to delete ${name} [${d.id}]`);
    // As V13's backend: the pre-delete hooks, then in one synchronous run the removals with their
    // delete hooks, then the parent told.
    const gone = docs.filter((d) => r.hooks.call(`preDelete${name}`, d, {}, user.id) !== false);
    const before = this._embeddedState(name);
    for (const d of gone) coll.delete(d.id);
    if (gone.length > 0) this._afterEmbeddedChange();
    for (const d of gone) r.documentHook(`delete${name}`, d, {}, user.id);
    this._onEmbeddedChange(name, before, gone.map((d) => d.id));
    return gone;
  }

  /** Foundry's createDialog; records the options it was opened with (e.g. the types offered). */
  static async createDialog(data: Obj = {}, createOptions: Obj = {}, options: Obj = {}): Promise<null> {
    createDialogs.push({ documentName: this.documentName, data, createOptions, options });
    return null;
  }
}

/** Every createDialog opened (the fake has no UI; tests read what it would have offered). */
export const createDialogs: { documentName: DocumentName; data: Obj; createOptions: Obj; options: Obj }[] = [];

/** CONST.TOKEN_DISPOSITIONS, as V13 numbers them. */
export const TOKEN_DISPOSITIONS = { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 } as const;
/** V13's CONST.TOKEN_DISPLAY_MODES: when a token's name or bars show. */
export const TOKEN_DISPLAY_MODES = { NONE: 0, CONTROL: 10, OWNER_HOVER: 20, HOVER: 30, OWNER: 40, ALWAYS: 50 } as const;

const ownershipField = () => new ObjectField({ initial: () => ({ default: 0 }) });

export class FakeItem extends FakeDocument {
  static override readonly documentName: DocumentName = "Item";
  static override readonly requiresModel = true;
  static override coreSchema(): Schema {
    return {
      ...super.coreSchema(),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ initial: "icons/svg/item-bag.svg" }),
      ownership: ownershipField(),
    };
  }
  static override getDefaultArtwork(_data: Obj): { img: string } {
    return { img: "icons/svg/item-bag.svg" };
  }
  static override canUserCreate(user: FakeUser, _data: Obj, parent: FakeDocument | null): boolean {
    return parent ? parent.testUserPermission(user, "OWNER") : user.isGM;
  }
  get name(): string {
    return String(this._source.name);
  }
  get img(): string {
    return String(this._source.img);
  }
  get actor(): FakeActor | null {
    return this.parent instanceof FakeActor ? this.parent : null;
  }
  /** An owned item's permission is its actor's. */
  override getUserLevel(user: FakeUser): number {
    return this.parent ? this.parent.getUserLevel(user) : super.getUserLevel(user);
  }
  override _addToWorld(): void {
    rt().items.set(this.id, this);
  }
  override _removeFromWorld(): void {
    rt().items.delete(this.id);
  }
}

export class FakeActiveEffect {
  constructor(
    readonly name: string,
    readonly statuses: Set<string>,
    readonly parent: FakeActor,
  ) {}
}

export class FakeActor extends FakeDocument {
  static override readonly documentName: DocumentName = "Actor";
  static override readonly requiresModel = true;
  static override coreSchema(): Schema {
    return {
      ...super.coreSchema(),
      name: new StringField({ required: true, blank: false }),
      img: new StringField({ initial: "icons/svg/mystery-man.svg" }),
      ownership: ownershipField(),
      // V13's defaults for a new actor's token: unlinked, hostile, no vision, no bar shown.
      prototypeToken: new ObjectField({ initial: () => ({ actorLink: false, disposition: TOKEN_DISPOSITIONS.HOSTILE, sight: { enabled: false }, displayBars: TOKEN_DISPLAY_MODES.NONE, bar1: { attribute: null } }) }),
    };
  }
  readonly items = new Collection<FakeItem>();
  static override getDefaultArtwork(_data: Obj): { img: string; texture: { src: string } } {
    return { img: "icons/svg/mystery-man.svg", texture: { src: "icons/svg/mystery-man.svg" } };
  }
  get prototypeToken(): { actorLink: boolean; disposition: number; sight: { enabled: boolean }; displayBars: number; bar1: { attribute: string | null } } {
    return this._source.prototypeToken as never;
  }
  /** Status ids of the actor's status effects (Foundry derives this Set from its ActiveEffects). */
  readonly statuses = new Set<string>();
  /** Set on an unlinked token's synthetic actor (world.createUnlinkedToken). */
  _tokenId: string | null = null;

  get isToken(): boolean {
    return this._tokenId !== null;
  }
  override get uuid(): string {
    return this._tokenId ? `Scene.${FAKE_SCENE_ID}.Token.${this._tokenId}.Actor.${this.id}` : super.uuid;
  }
  get name(): string {
    return String(this._source.name);
  }
  get img(): string {
    return String(this._source.img);
  }
  override _embedded(name: string): Collection<FakeDocument> {
    if (name !== "Item") return super._embedded(name);
    return this.items as unknown as Collection<FakeDocument>;
  }
  override toObject(): Obj {
    return { ...super.toObject(), items: this.items.map((i) => i.toObject()), effects: [...this.statuses].map((s) => ({ name: s, statuses: [s] })) };
  }
  override _addToWorld(): void {
    rt().actors.set(this.id, this);
  }
  override _afterEmbeddedChange(): void {
    this._initialize();
  }
  /** As V13, which builds an actor's embedded items from its creation data (`items`), prepared with it. */
  override _embedFromSource(data: Obj): void {
    const items = Array.isArray(data.items) ? (data.items as Obj[]) : [];
    if (items.length === 0) return;
    const Item = rt().config.Item.documentClass;
    for (const i of items) {
      const item = new Item({ ...i, _id: typeof i._id === "string" ? i._id : randomID() }, { parent: this }) as FakeItem;
      this.items.set(item.id, item);
    }
    this._initialize();
  }
  override _removeFromWorld(): void {
    rt().actors.delete(this.id);
  }

  /** Actor#toggleStatusEffect: adds or removes the status's effect (an owner's write). */
  async toggleStatusEffect(statusId: string, { active }: { active?: boolean; overlay?: boolean } = {}): Promise<boolean | FakeActiveEffect> {
    const r = rt();
    const status = r.config.statusEffects.find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const user = r.user();
    const has = this.statuses.has(statusId);
    if (has && active === true) return true;
    if (!has && active === false) return false;
    if (!this.testUserPermission(user, "OWNER")) {
      throw new PermissionError(`User ${user.name} lacks permission to ${has ? "delete" : "create"} ActiveEffect in Actor [${this.id}]`);
    }
    const effect = new FakeActiveEffect(status.name, new Set([statusId]), this);
    if (has) {
      this.statuses.delete(statusId);
      r.documentHook("deleteActiveEffect", effect, {}, user.id);
      return false;
    }
    this.statuses.add(statusId);
    r.documentHook("createActiveEffect", effect, {}, user.id);
    return effect;
  }
}

export class FakeCombatant extends FakeDocument {
  static override readonly documentName: DocumentName = "Combatant";
  static override coreSchema(): Schema {
    return {
      ...super.coreSchema(),
      actorId: new StringField({ nullable: true, blank: false, initial: null }),
      tokenId: new StringField({ nullable: true, blank: false, initial: null }),
      sceneId: new StringField({ nullable: true, blank: false, initial: null }),
      name: new StringField({ blank: true }),
      img: new StringField({ nullable: true, initial: null }),
      initiative: new NumberField({ required: true, nullable: true, initial: null }),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
    };
  }
  /** Players may add combatants for actors they own; the GM any. */
  static override canUserCreate(user: FakeUser, data: Obj): boolean {
    if (user.isGM) return true;
    const actor = rt().actors.get(String(data.actorId ?? ""));
    return !!actor && actor.testUserPermission(user, "OWNER");
  }
  get actorId(): string | null {
    return (this._source.actorId as string | null) ?? null;
  }
  /** An unlinked token's combatant has that token's synthetic actor; any other its world actor. */
  get actor(): FakeActor | null {
    const tokenId = this._source.tokenId as string | null;
    const synthetic = tokenId ? rt().tokenActors.get(tokenId) : undefined;
    if (synthetic) return synthetic;
    return this.actorId ? (rt().actors.get(this.actorId) ?? null) : null;
  }
  /** The combatant's token, as far as the adapter reads it: its id and whether it is linked to its actor. */
  get token(): { id: string; actorLink: boolean } | null {
    const tokenId = this._source.tokenId as string | null;
    return tokenId ? { id: tokenId, actorLink: !rt().tokenActors.has(tokenId) } : null;
  }
  get combat(): FakeCombat | null {
    return this.parent instanceof FakeCombat ? this.parent : null;
  }
  get name(): string {
    return String(this._source.name || this.actor?.name || "Unknown");
  }
  get img(): string {
    return String(this._source.img || this.actor?.img || "icons/svg/mystery-man.svg");
  }
  get initiative(): number | null {
    return (this._source.initiative as number | null) ?? null;
  }
  get defeated(): boolean {
    return this._source.defeated === true;
  }
  /** As V13 core: the defeated mark, or the actor carries CONFIG.specialStatusEffects.DEFEATED. */
  get isDefeated(): boolean {
    return this.defeated || !!this.actor?.statuses.has(rt().config.specialStatusEffects.DEFEATED ?? "");
  }
  get hidden(): boolean {
    return this._source.hidden === true;
  }
  /** A combatant's permission is its actor's. */
  override getUserLevel(user: FakeUser): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }
  /** As V13 core (common/documents/combatant.mjs): an owner may change initiative, flags, defeated and system. */
  override canUserModify(user: FakeUser, action: "update" | "delete", changes: Obj = {}): boolean {
    if (user.isGM) return true;
    if (!this.testUserPermission(user, "OWNER")) return false;
    if (action === "delete") return true;
    return Object.keys(changes).every((k) => k === "_id" || k === "initiative" || k === "flags" || k === "defeated" || k === "system");
  }
}

export class FakeCombat extends FakeDocument {
  static override readonly documentName: DocumentName = "Combat";
  static override coreSchema(): Schema {
    return {
      ...super.coreSchema(),
      scene: new StringField({ nullable: true, blank: false, initial: null }),
      active: new BooleanField(),
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
    };
  }
  readonly combatants = new Collection<FakeCombatant>();

  get round(): number {
    return Number(this._source.round);
  }
  get turn(): number | null {
    return (this._source.turn as number | null) ?? null;
  }
  /** Sorted as V13's Combat#_sortCombatants: initiative descending (none last), ties by id alone (review-s9-foundry V6). */
  get turns(): FakeCombatant[] {
    return [...this.combatants].sort((a, b) => {
      const ia = a.initiative ?? -Infinity;
      const ib = b.initiative ?? -Infinity;
      if (ia !== ib) return ib - ia;
      return a.id > b.id ? 1 : -1;
    });
  }
  get combatant(): FakeCombatant | null {
    const t = this.turn;
    return t === null ? null : (this.turns[t] ?? null);
  }
  /** V13's Combat#active: the encounter the world has active. */
  get active(): boolean {
    return this._source.active === true;
  }
  get started(): boolean {
    return this.turns.length > 0 && this.round > 0;
  }
  override _embedded(name: string): Collection<FakeDocument> {
    if (name !== "Combatant") return super._embedded(name);
    return this.combatants as unknown as Collection<FakeDocument>;
  }
  override getUserLevel(user: FakeUser): number {
    return user.isGM ? OWNERSHIP.OWNER : OWNERSHIP.OBSERVER;
  }
  /** The GM writes combats; a player may only move the turn on when the current combatant is theirs. */
  override canUserModify(user: FakeUser, action: "update" | "delete", changes: Obj = {}): boolean {
    if (user.isGM) return true;
    if (action === "delete") return false;
    // As V13's server (BaseCombat): any player may write round and turn; a system's own
    // _canChangeTurn/_canChangeRound run only on clients (the server never loads system code).
    return Object.keys(changes).every((k) => k === "turn" || k === "round");
  }
  override _addToWorld(): void {
    rt().combats.set(this.id, this);
  }
  override _embeddedState(name: string): unknown {
    return name === "Combatant" ? { current: this.combatant?.id ?? null, order: this.turns.map((c) => c.id) } : undefined;
  }
  /**
   * As V13 (Combatant._preCreateOperation/_preDeleteOperation, applied by Combat#_onCreate/
   * _onDeleteDescendantDocuments and saved by the server): a combatant joining or leaving keeps the
   * turn on the current combatant. The current one deleted: V13 13.345 looks for a survivor with
   * `this.turn` read on the Combatant class (undefined), finds none, and keeps the turn's index.
   * With `world.survivorSearchFixed` the fake does what that search means to do (the next survivor
   * in turn order, else the one before), so tests show Fracas does not rest on the bug (review-s8b G7).
   */
  override _onEmbeddedChange(name: string, state: unknown, deletedIds: string[]): void {
    const { current: before, order } = (state ?? {}) as { current?: string | null; order?: string[] };
    if (name !== "Combatant" || typeof before !== "string") return;
    if (deletedIds.includes(before)) {
      if (rt().survivorSearchFixed && order) {
        const at = order.indexOf(before);
        const survivor = [...order.slice(at + 1), ...order.slice(0, at).reverse()].find((id) => !deletedIds.includes(id));
        const turn = survivor ? this.turns.findIndex((c) => c.id === survivor) : 0;
        if (turn !== this.turn) this._source = { ...this._source, turn: Math.max(turn, 0) };
        return;
      }
      // V13's setupTurns: a kept index past the last turn wraps to 0 and moves the round on (in
      // memory on every client; the fake has one copy).
      const turn = this.turn;
      if (turn !== null && turn >= this.turns.length) this._source = { ...this._source, turn: 0, round: this.round + 1 };
      return;
    }
    const kept = Math.max(this.turns.findIndex((c) => c.id === before), 0);
    if (kept !== this.turn) this._source = { ...this._source, turn: kept };
  }
  override _removeFromWorld(): void {
    rt().combats.delete(this.id);
  }
  override _onUpdate(diff: Obj, prior: Obj): void {
    if ("turn" in diff || "round" in diff) {
      rt().hooks.callAll("combatTurnChange", this, { round: prior.round, turn: prior.turn }, { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null });
    }
  }

  /** The announcements V13 would have played (its Combat Theme's cues), in order. */
  readonly sounds: string[] = [];
  /** As V13: plays the Combat Theme's cue on this client (the fake records it). */
  _playCombatSound(announcement: string): void {
    this.sounds.push(announcement);
  }
  async startCombat(): Promise<this> {
    this._playCombatSound("startEncounter");
    const updateData = { round: 1, turn: 0 };
    rt().hooks.callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }
  /** As core: asks the GM to confirm (DialogV2.confirm, a scripted answer here), then deletes the combat. */
  async endCombat(): Promise<unknown> {
    const yes = await DialogV2.confirm({ window: { title: "COMBAT.EndTitle" }, content: "<p>COMBAT.EndConfirmation</p>", modal: true });
    if (yes) await this.delete();
    return yes;
  }
  async nextRound(): Promise<this> {
    const updateData = { round: this.round + 1, turn: this.turn === null ? null : 0 };
    const options = { direction: 1 };
    rt().hooks.callAll("combatRound", this, updateData, options);
    await this.update(updateData, options);
    return this;
  }
  async previousRound(): Promise<this> {
    const round = Math.max(this.round - 1, 0);
    const updateData = { round, turn: round === 0 ? null : Math.max(this.turns.length - 1, 0) };
    const options = { direction: -1 };
    rt().hooks.callAll("combatRound", this, updateData, options);
    await this.update(updateData, options);
    return this;
  }
  async nextTurn(): Promise<this> {
    const next = (this.turn ?? -1) + 1;
    if (next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const options = { direction: 1 };
    rt().hooks.callAll("combatTurn", this, updateData, options);
    await this.update(updateData, options);
    return this;
  }
  /**
   * V13's Combat#rollInitiative rolls CONFIG.Combat.initiative.formula, else the system's
   * `initiative` — Fracas sets neither, so Foundry's Roll throws on the formula "undefined".
   */
  async rollInitiative(ids: string | string[], _options?: object): Promise<this> {
    const config = (globalThis as unknown as { CONFIG: { Combat: { initiative?: { formula?: string | null } } } }).CONFIG;
    const formula = String(config.Combat.initiative?.formula ?? undefined);
    if (formula === "undefined") throw new Error("Unresolved StringTerm undefined requested for evaluation");
    const list = typeof ids === "string" ? [ids] : ids;
    await this.updateEmbeddedDocuments("Combatant", list.map((_id) => ({ _id, initiative: 10 })));
    return this;
  }
  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if ((this.turn ?? 0) <= 0) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? 1) - 1 };
    const options = { direction: -1 };
    rt().hooks.callAll("combatTurn", this, updateData, options);
    await this.update(updateData, options);
    return this;
  }
}

export interface Speaker {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string;
}

export class FakeChatMessage extends FakeDocument {
  static override readonly documentName: DocumentName = "ChatMessage";
  static override coreSchema(): Schema {
    return {
      ...super.coreSchema(),
      author: new StringField({ required: true, blank: false }),
      content: new HTMLField(),
      flavor: new HTMLField(),
      timestamp: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: () => Date.now() }),
      speaker: new SchemaField({
        scene: new StringField({ nullable: true, blank: false, initial: null }),
        actor: new StringField({ nullable: true, blank: false, initial: null }),
        token: new StringField({ nullable: true, blank: false, initial: null }),
        alias: new StringField({ blank: true }),
      }),
      whisper: new ArrayField(new StringField({ blank: false })),
      blind: new BooleanField(),
      rolls: new ArrayField(new StringField({ blank: false })),
    };
  }
  static override canUserCreate(): boolean {
    return true;
  }
  /**
   * As V13's ChatMessage#_preCreate: a message with rolls created with the `rollMode` option takes
   * that mode ("roll" = the user's chat roll mode): public, self, private (the GMs, unless it names
   * its whisper), blind (the same, hidden from its author).
   */
  override async _preCreate(data: Obj, options: Obj, user: FakeUser): Promise<boolean | void> {
    const allowed = await super._preCreate(data, options, user);
    if (allowed === false) return false;
    if (this.rolls.length === 0 || typeof options.rollMode !== "string") return undefined;
    const mode = options.rollMode === "roll" ? String(rt().settings.get("core", "rollMode")) : options.rollMode;
    const named = this._source.whisper as string[];
    const whisper = mode === "publicroll" ? [] : mode === "selfroll" ? [user.id] : named.length > 0 ? named : rt().users.filter((u) => u.isGM).map((u) => u.id);
    this.updateSource({ whisper, blind: mode === "blindroll" });
    return undefined;
  }
  get whisper(): string[] {
    return [...(this._source.whisper as string[])];
  }
  get blind(): boolean {
    return this._source.blind === true;
  }
  static override prepareCreateData(data: Obj, user: FakeUser): Obj {
    const rolls = Array.isArray(data.rolls) ? data.rolls : [];
    return {
      _id: randomID(),
      ...data,
      author: user.id,
      rolls: rolls.map((r) => (typeof r === "string" ? r : JSON.stringify(r))),
      _rollInstances: rolls.filter((r): r is Roll => r instanceof Roll),
    };
  }
  /** ChatMessage.getSpeaker({actor}): who speaks, as core builds it. */
  static getSpeaker({ actor, alias }: { actor?: FakeActor | null; alias?: string } = {}): Speaker {
    return { scene: null, actor: actor?.id ?? null, token: null, alias: alias ?? actor?.name ?? rt().user().name };
  }

  readonly rolls: Roll[];

  constructor(source: Obj, options: { parent?: FakeDocument | null } = {}) {
    const { _rollInstances, ...rest } = source;
    super(rest, options);
    this.rolls = Array.isArray(_rollInstances) ? (_rollInstances as Roll[]) : [];
  }
  get content(): string {
    return String(this._source.content ?? "");
  }
  get speaker(): Speaker {
    return this._source.speaker as Speaker;
  }
  get author(): FakeUser | null {
    return rt().users.get(String(this._source.author)) ?? null;
  }
  get isAuthor(): boolean {
    return rt().user().id === this._source.author;
  }
  override getUserLevel(user: FakeUser): number {
    if (user.isGM || user.id === this._source.author) return OWNERSHIP.OWNER;
    return OWNERSHIP.OBSERVER;
  }
  /** As core: only the author or a GM may change or delete a message. */
  override canUserModify(user: FakeUser): boolean {
    return user.isGM || user.id === this._source.author;
  }
  override _addToWorld(): void {
    rt().messages.set(this.id, this);
  }
  override _removeFromWorld(): void {
    rt().messages.delete(this.id);
  }
}

/** fromUuid / fromUuidSync over the world's collections ("Actor.x", "Actor.x.Item.y", "Combat.x.Combatant.y", …). */
/** The one scene unlinked tokens live on in the fake. */
export const FAKE_SCENE_ID = "fakeScene";

export function resolveUuid(uuid: unknown): FakeDocument | FakeUser | null {
  if (typeof uuid !== "string") return null;
  const parts = uuid.split(".");
  if (parts.length < 2 || parts.length % 2 !== 0) return null;
  const r = rt();
  const [name, id] = parts as [string, string];
  let doc: FakeDocument | FakeUser | null;
  switch (name) {
    case "Actor":
      doc = r.actors.get(id) ?? null;
      break;
    case "Item":
      doc = r.items.get(id) ?? null;
      break;
    case "ChatMessage":
      doc = r.messages.get(id) ?? null;
      break;
    case "Combat":
      doc = r.combats.get(id) ?? null;
      break;
    case "User":
      doc = r.users.get(id) ?? null;
      break;
    case "Scene": {
      // Only unlinked tokens' actors: Scene.<scene>.Token.<token>.Actor.<id>[.Item.<id>…]
      const [, , token, tokenId, actor, actorId] = parts;
      const synthetic = token === "Token" && actor === "Actor" && id === FAKE_SCENE_ID ? r.tokenActors.get(tokenId ?? "") : undefined;
      if (!synthetic || synthetic.id !== actorId) return null;
      doc = synthetic;
      parts.splice(0, 4);
      break;
    }
    default:
      return null;
  }
  for (let i = 2; i < parts.length && doc; i += 2) {
    if (!(doc instanceof FakeDocument)) return null;
    try {
      doc = doc._embedded(parts[i]!).get(parts[i + 1]!) ?? null;
    } catch {
      return null;
    }
  }
  return doc;
}
