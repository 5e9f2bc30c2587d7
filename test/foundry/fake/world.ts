/**
 * installFoundry(): puts a fresh fake Foundry V13 world on globalThis (game, foundry, CONFIG,
 * Hooks, ui, Actor, Item, Combat, Combatant, ChatMessage, User, Roll, fromUuid, fromUuidSync,
 * CONST) and returns the FakeWorld that scripts it (users, login, active GM, dice, fixtures).
 * loadAdapter(): imports the real src/fracas.ts afresh and runs init/setup/ready, so the real
 * wiring registers everything; returns the adapter's modules, the very instances it wired.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { vi } from "vitest";
import { I18n } from "../../browser/foundry-helpers.js";
import { Collection } from "./collection.js";
import { DataModel, TypeDataModel, fields } from "./fields.js";
import { FakeHooks } from "./hooks.js";
import { DiceQueue, Die, NumericTerm, OperatorTerm, Roll, bindDice } from "./dice.js";
import {
  FakeActor,
  FakeChatMessage,
  FakeCombat,
  FakeCombatant,
  FAKE_SCENE_ID,
  FakeDocument,
  FakeItem,
  FakeUser,
  OWNERSHIP,
  PermissionError,
  TOKEN_DISPOSITIONS,
  TOKEN_DISPLAY_MODES,
  createDialogs,
  resolveUuid,
} from "./documents.js";
import { FakeKeybindings } from "./keybindings.js";
import { ActorSheet, ActorSheetV2, ApplicationV2, CombatTracker, DialogV2, DocumentSheetV2, FakeForm, FormDataExtended, HandlebarsApplicationMixin, ItemSheet, ItemSheetV2, sheetCollection, type SheetCall } from "./apps.js";
import { FakeTemplates } from "./handlebars.js";
import { rt, setRuntime, type DocumentConfig, type DocumentCtor, type FakeConfig, type Runtime } from "./runtime.js";
import { deepClone, diffObject, escapeHTML, expandObject, flattenObject, getProperty, isEmpty, mergeObject, randomID, setProperty, type Obj } from "./utils.js";

const HERE = dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = resolve(HERE, "../../..");

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export interface SettingConfig {
  name?: string;
  hint?: string;
  scope?: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
  [other: string]: unknown;
}

export class FakeSettings {
  readonly settings = new Map<string, SettingConfig>();
  readonly menus = new Map<string, Obj>();
  /** Stored values as JSON, as Foundry keeps them. */
  readonly #values = new Map<string, string>();
  /** Every successful set, for assertions. */
  readonly writes: { key: string; value: unknown; by: string }[] = [];

  constructor(private readonly currentUser: () => FakeUser) {}

  register(namespace: string, key: string, config: SettingConfig): void {
    this.settings.set(`${namespace}.${key}`, { scope: "client", ...config });
  }
  registerMenu(namespace: string, key: string, config: Obj): void {
    this.menus.set(`${namespace}.${key}`, config);
  }
  #config(namespace: string, key: string): SettingConfig {
    const c = this.settings.get(`${namespace}.${key}`);
    if (!c) throw new Error(`"${namespace}.${key}" is not a registered game setting`);
    return c;
  }
  get(namespace: string, key: string): unknown {
    const c = this.#config(namespace, key);
    const raw = this.#values.get(`${namespace}.${key}`);
    return raw === undefined ? deepClone(c.default) : (JSON.parse(raw) as unknown);
  }
  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const c = this.#config(namespace, key);
    const user = this.currentUser();
    if (c.scope === "world" && !user.isGM) {
      throw new PermissionError(`User ${user.name} lacks permission to update Setting [${namespace}.${key}]`);
    }
    let v = value;
    if (c.type === Number) {
      v = Number(value);
      if (!Number.isFinite(v)) throw new Error(`Setting ${namespace}.${key}: ${String(value)} is not a number`);
    } else if (c.type === Boolean) v = Boolean(value);
    else if (c.type === String) v = String(value);
    if (c.choices && !Object.hasOwn(c.choices, String(v))) throw new Error(`Setting ${namespace}.${key}: ${String(v)} is not a valid choice`);
    const existed = this.#values.has(`${namespace}.${key}`);
    this.#values.set(`${namespace}.${key}`, JSON.stringify(v ?? null));
    this.writes.push({ key: `${namespace}.${key}`, value: deepClone(v), by: user.id });
    // As V13: a world setting is a Setting document, broadcast to every client, each of which runs
    // its onChange (a client setting's runs here only).
    if (c.scope === "world") rt().onEveryClient(() => c.onChange?.(deepClone(v)));
    else c.onChange?.(deepClone(v));
    // As V13: a world setting is a Setting document, so every client runs its create/update hook.
    // V13's arguments: create (document, options, userId); update (document, changed, options, userId).
    if (c.scope === "world") {
      const doc = { key: `${namespace}.${key}`, value: deepClone(v) };
      if (existed) rt().documentHook("updateSetting", doc, { value: deepClone(v) }, {}, user.id);
      else rt().documentHook("createSetting", doc, {}, user.id);
    }
    return v;
  }
  /** Stored without any permission check: what the world's database already holds (fixtures). */
  seed(namespace: string, key: string, value: unknown): void {
    this.#values.set(`${namespace}.${key}`, JSON.stringify(value));
  }
}

// ---------------------------------------------------------------------------------------------
// The world
// ---------------------------------------------------------------------------------------------

export interface Notification {
  type: "info" | "warn" | "error" | "success";
  message: string;
}

export interface InstallOptions {
  /** Add and log in a GM (id "gm", name "Gamemaster"); default true. */
  gm?: boolean;
  /** Language file; default lang/en.json. */
  langFile?: string;
  /** Templates root; default templates/. */
  templatesRoot?: string;
}

export interface ActorFixture {
  name: string;
  type: string;
  system?: Obj;
  img?: string;
  flags?: Obj;
  /** userId → level (0 NONE, 1 LIMITED, 2 OBSERVER, 3 OWNER); "default" for everyone else. */
  ownership?: Record<string, number>;
  items?: { name: string; type: string; system?: Obj }[];
  _id?: string;
}

export class FakeWorld {
  readonly hooks = new FakeHooks();
  readonly dice = new DiceQueue();
  readonly users = new Collection<FakeUser>();
  readonly actors = new Collection<FakeActor>();
  readonly items = new Collection<FakeItem>();
  readonly messages = new Collection<FakeChatMessage>();
  readonly combats = new Collection<FakeCombat>();
  readonly tokenActors = new Map<string, FakeActor>();
  /** Set to true for V13's survivor search as it means to work (a current combatant deleted). */
  survivorSearchFixed = false;
  /** The combat the user views (game.combat), started or not; null = the first started one. */
  viewedCombat: FakeCombat | null = null;
  readonly notifications: Notification[] = [];
  readonly sheets: SheetCall[] = [];
  readonly queryLog: Runtime["queryLog"] = [];
  readonly createDialogs = createDialogs;
  readonly dialogAnswers = DialogV2.answers;
  readonly i18n: I18n;
  readonly templates: FakeTemplates;
  readonly settings: FakeSettings;
  readonly config: FakeConfig;
  /** game.keybindings (fake/keybindings.ts); `world.keybindings.press(ns, action)` presses one. */
  readonly keybindings = new FakeKeybindings(() => this.user.isGM);
  #user: FakeUser | null = null;
  /** The client (user) the current async chain runs on, inside runAs. */
  readonly #client = new AsyncLocalStorage<FakeUser>();
  #activeGM: string | null | undefined = undefined;
  readonly #failures = new Map<FakeDocument, Error>();
  readonly #lastingFailures = new Map<FakeDocument, Error>();
  readonly #late = new Set<string>();
  /** Handlers still running for queries whose sender already timed out (world.answerLateNext). */
  readonly lateHandlers: Promise<unknown>[] = [];
  /** Each client's rendered applications (foundry.applications.instances), by user id. */
  readonly #apps = new Map<string, Map<string, unknown>>();

  /** The applications open on a user's client (their foundry.applications.instances). */
  appsOf(userId: string): Map<string, unknown> {
    let apps = this.#apps.get(userId);
    if (!apps) this.#apps.set(userId, (apps = new Map()));
    return apps;
  }

  /**
   * The next query of this name times out on its sender (V13's User#query rejects after `timeout`),
   * while the recipient's handler still runs to the end, as in Foundry.
   */
  answerLateNext(queryName: string): void {
    this.#late.add(queryName);
  }

  takeLateAnswer(name: string): boolean {
    return this.#late.delete(name);
  }

  constructor(options: InstallOptions = {}) {
    this.i18n = new I18n(JSON.parse(readFileSync(options.langFile ?? join(REPO_ROOT, "lang/en.json"), "utf8")));
    this.templates = new FakeTemplates(options.templatesRoot ?? join(REPO_ROOT, "templates"), this.i18n);
    this.settings = new FakeSettings(() => this.user);
    // Core's client setting behind the chat's roll-mode selector.
    this.settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
    const doc = (documentClass: DocumentCtor): DocumentConfig => ({ documentClass, dataModels: {}, trackableAttributes: {} });
    this.config = {
      Actor: doc(FakeActor),
      Item: doc(FakeItem),
      Combat: doc(FakeCombat),
      Combatant: doc(FakeCombatant),
      ChatMessage: doc(FakeChatMessage),
      statusEffects: [
        { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
        { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
        { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
        { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
        { id: "restrain", name: "EFFECT.StatusRestrained", img: "icons/svg/net.svg" },
        { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
        { id: "bleeding", name: "EFFECT.StatusBleeding", img: "icons/svg/blood.svg" },
        { id: "regen", name: "EFFECT.StatusRegen", img: "icons/svg/regen.svg" },
      ],
      specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
      queries: {},
      ui: {},
      Dice: { rolls: [Roll] },
    };
  }

  /**
   * game.user: the user of the client this code runs on. Each client is its own browser in
   * Foundry, so a query's handler (world.runAs / world.as) runs as the recipient along its own
   * async chain only (AsyncLocalStorage), while the sender's code, and any other client's, keeps
   * its own user meanwhile. Outside any runAs: the user world.login chose. Throws when nobody is.
   */
  get user(): FakeUser {
    const user = this.#client.getStore() ?? this.#user;
    if (!user) throw new Error("Fake Foundry: no user is logged in (world.login(userId))");
    return user;
  }

  addUser(data: { id: string; name: string; isGM: boolean; active?: boolean }): FakeUser {
    if (this.users.has(data.id)) throw new Error(`FakeWorld: user ${data.id} exists`);
    const u = new FakeUser(data);
    this.users.set(u.id, u);
    return u;
  }

  login(userId: string): FakeUser {
    const u = this.users.get(userId);
    if (!u) throw new Error(`FakeWorld: no user ${userId}`);
    this.#user = u;
    return u;
  }

  /** game.users.activeGM: the given GM (others disconnected), or null = no GM connected. */
  setActiveGM(userId: string | null): void {
    for (const u of this.users) if (u.isGM) u.active = u.id === userId;
    if (userId !== null) {
      const u = this.users.get(userId);
      if (!u?.isGM) throw new Error(`FakeWorld: ${userId} is not a GM`);
    }
    this.#activeGM = userId;
  }

  get activeGM(): FakeUser | null {
    if (this.#activeGM === null) return null;
    if (this.#activeGM !== undefined) return this.users.get(this.#activeGM) ?? null;
    return this.users.filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null;
  }

  /** Runs fn as another user (their client), restoring game.user after. */
  async as<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const u = this.users.get(userId);
    if (!u) throw new Error(`FakeWorld: no user ${userId}`);
    return this.runAs(u, fn);
  }

  runAs<T>(user: FakeUser, fn: () => Promise<T>): Promise<T> {
    return this.#client.run(user, fn);
  }

  /**
   * Document hooks (createActor, updateCombat…) run on every connected client in Foundry, each as its
   * own user, with the writer's id as `userId`; so the GM's client reacts to a player's write. The
   * fake runs the handlers once per connected user, in that user's context (the writer's first).
   * A test's own observer that counts events uses world.observe (once, on the writer's client);
   * `everyClient = false` runs every handler once, as the writer.
   */
  everyClient = true;

  /**
   * A test's own observer of a hook: sees each event once, on the writer's client (a document hook's
   * last argument is the writer's id), where world.hooks.on would see it once per connected client.
   */
  observe(hook: string, fn: (...args: never[]) => unknown): number {
    return this.hooks.on(hook, (...args: never[]) => {
      const writer: unknown = args.at(-1);
      if (typeof writer === "string" && this.users.has(writer) && this.user.id !== writer) return undefined;
      return (fn as (...a: unknown[]) => unknown)(...args);
    });
  }
  documentHook(hook: string, ...args: unknown[]): void {
    this.onEveryClient(() => this.hooks.callAll(hook, ...args));
  }
  onEveryClient(fn: () => void): void {
    const writer = this.user;
    const clients = this.everyClient ? [writer, ...[...this.users].filter((u) => u.active && u !== writer)] : [writer];
    for (const u of clients) this.#client.run(u, fn);
  }

  /** Adds the actor's token to the user's targets (game.user.targets). */
  target(userId: string, actor: FakeActor): void {
    const u = this.users.get(userId);
    if (!u) throw new Error(`FakeWorld: no user ${userId}`);
    u.targets.add({ actor, name: actor.name, id: randomID() });
  }

  /**
   * The user types into a rendered application's form: from now on its form holds these values (as
   * strings or what a browser's inputs give), which V13's FormDataExtended reads. Nothing is
   * submitted: as in a browser, a typed value is only on screen until a change or a click.
   */
  typeInto(app: { element: unknown }, values: Record<string, unknown>): void {
    app.element = new FakeForm(values);
  }

  /** The next update of `doc` throws `message` and writes nothing (a network or server failure). */
  failNextUpdate(doc: FakeDocument, message = "scripted failure"): void {
    this.#failures.set(doc, new Error(message));
  }
  /** Every update of `doc` fails (a document the server keeps refusing) until `stopFailing`. */
  failEveryUpdate(doc: FakeDocument, message = "scripted failure"): void {
    this.#lastingFailures.set(doc, new Error(message));
  }
  stopFailing(doc: FakeDocument): void {
    this.#lastingFailures.delete(doc);
  }
  takeFailure(doc: FakeDocument): Error | undefined {
    const e = this.#failures.get(doc);
    this.#failures.delete(doc);
    return e ?? this.#lastingFailures.get(doc);
  }

  /** A world actor as stored (fixture data: no permission check, no hooks), built by its registered model. */
  /**
   * An unlinked token of `base` on the scene: its own synthetic actor, with the base actor's id but
   * a token UUID (Scene.<scene>.Token.<token>.Actor.<id>), as Foundry makes for a mook's token.
   */
  createUnlinkedToken(base: FakeActor, tokenId: string): FakeActor {
    const Impl = this.config.Actor.documentClass;
    const actor = new Impl(base.toObject()) as FakeActor;
    actor._tokenId = tokenId;
    for (const item of base.items) actor.items.set(item.id, new this.config.Item.documentClass(item.toObject(), { parent: actor }) as FakeItem);
    this.tokenActors.set(tokenId, actor);
    return actor;
  }

  /**
   * An unlinked token deleted from the scene, as Foundry does it: its synthetic actor goes with it
   * (its UUID resolves no more) and `deleteToken` runs on every connected client; no `deleteActor`
   * runs, since the world actor stays.
   */
  deleteUnlinkedToken(tokenId: string): void {
    const actor = this.tokenActors.get(tokenId);
    if (!actor) throw new Error(`Fake Foundry: no unlinked token ${tokenId}`);
    this.tokenActors.delete(tokenId);
    this.documentHook("deleteToken", { id: tokenId, actorLink: false, actor }, {}, this.user.id);
  }

  /**
   * The scene deleted, as Foundry does it: its unlinked tokens' synthetic actors go with it and
   * `deleteScene` runs on every client with the scene, which still holds its tokens; no
   * `deleteToken` runs for them.
   */
  deleteScene(): void {
    const tokens = [...this.tokenActors].map(([id, actor]) => ({ id, actorLink: false, actor }));
    this.tokenActors.clear();
    this.documentHook("deleteScene", { id: FAKE_SCENE_ID, tokens }, {}, this.user.id);
  }

  createActor(data: ActorFixture): FakeActor {
    const { items = [], ownership = {}, ...rest } = data;
    const Impl = this.config.Actor.documentClass;
    const actor = new Impl({ ...rest, ownership: { default: 0, ...ownership } }) as FakeActor;
    for (const i of items) {
      const item = new this.config.Item.documentClass({ ...i }, { parent: actor }) as FakeItem;
      actor.items.set(item.id, item);
    }
    // As Foundry, which prepares embedded items before the actor's derived data: re-prepare now
    // that the items are attached, so item-based derived values (e.g. shots per round) are there.
    if (items.length > 0) actor._initialize();
    this.actors.set(actor.id, actor);
    return actor;
  }

  createItem(data: { name: string; type: string; system?: Obj; ownership?: Record<string, number> }): FakeItem {
    const item = new this.config.Item.documentClass({ ...data, ownership: { default: 0, ...(data.ownership ?? {}) } }) as FakeItem;
    this.items.set(item.id, item);
    return item;
  }

  /** A combat in the world (fixture), of type "base" (CONFIG.Combat.dataModels.base builds its system). */
  createCombat(data: Obj = {}): FakeCombat {
    const combat = new this.config.Combat.documentClass({ type: "base", ...data }) as FakeCombat;
    this.combats.set(combat.id, combat);
    return combat;
  }

  /** Notifications shown, as plain strings of one type. */
  notified(type: Notification["type"]): string[] {
    return this.notifications.filter((n) => n.type === type).map((n) => n.message);
  }

  localize(key: string): string {
    return this.i18n.localize(key);
  }
}

let installed: FakeWorld | null = null;

export function currentWorld(): FakeWorld {
  if (!installed) throw new Error("Fake Foundry: call installFoundry() first");
  return installed;
}

export function installFoundry(options: InstallOptions = {}): FakeWorld {
  const world = new FakeWorld(options);
  installed = world;
  DialogV2.answers.length = 0;
  DialogV2.asked.length = 0;
  createDialogs.length = 0;
  setRuntime({
    hooks: world.hooks,
    config: world.config,
    users: world.users,
    actors: world.actors,
    items: world.items,
    messages: world.messages,
    combats: world.combats,
    tokenActors: world.tokenActors,
    get survivorSearchFixed() {
      return world.survivorSearchFixed;
    },
    settings: world.settings,
    queryLog: world.queryLog,
    user: () => world.user,
    runAs: (u, fn) => world.runAs(u, fn),
    takeFailure: (d) => world.takeFailure(d),
    takeLateAnswer: (name) => world.takeLateAnswer(name),
    documentHook: (hook, ...args) => world.documentHook(hook, ...args),
    onEveryClient: (fn) => world.onEveryClient(fn),
    lateHandlers: world.lateHandlers,
    clientApps: () => world.appsOf(world.user.id),
  });
  bindDice(() => world.dice);

  const users = Object.assign(world.users, {});
  Object.defineProperty(users, "activeGM", { get: () => world.activeGM, configurable: true });

  const notify = (type: Notification["type"]) => (message: string) => {
    world.notifications.push({ type, message });
    return world.notifications.length;
  };

  const game = {
    system: { id: "fracas" },
    world: { id: "fake-world", title: "Fake World" },
    release: { generation: 13 },
    get user() {
      return world.user;
    },
    users,
    actors: world.actors,
    items: world.items,
    messages: world.messages,
    combats: world.combats,
    /** game.combat: the one world.viewCombat chose, else the started combat if any (Foundry: the viewed scene's active combat). */
    // As V13's game.combat (ui.combat.viewed): the one the user views, else the active one, else the
    // most recently made — started or not (V13 switches every client to a new encounter).
    get combat() {
      const all = [...world.combats];
      return world.viewedCombat ?? all.find((c) => (c as unknown as { active?: boolean }).active === true) ?? all.at(-1) ?? null;
    },
    settings: world.settings,
    i18n: {
      lang: "en",
      localize: (key: string) => world.i18n.localize(key),
      format: (key: string, data: Record<string, unknown> = {}) => world.i18n.format(key, data),
      has: (key: string) => world.i18n.has(key),
    },
    modules: new Map<string, { active: boolean }>(),
    keybindings: world.keybindings,
  };

  const foundryNs = {
    utils: { deepClone, getProperty, setProperty, randomID, mergeObject, expandObject, flattenObject, isEmpty, diffObject, escapeHTML },
    abstract: { DataModel, TypeDataModel },
    data: { fields },
    dice: { Roll, terms: { Die, NumericTerm, OperatorTerm } },
    documents: {
      collections: { Actors: sheetCollection("Actor", world.sheets), Items: sheetCollection("Item", world.sheets) },
    },
    appv1: { sheets: { ActorSheet, ItemSheet } },
    applications: {
      /** V13's registry of rendered applications: the current client's (a test may replace it). */
      get instances(): Map<string, unknown> {
        return world.appsOf(world.user.id);
      },
      set instances(apps: Map<string, unknown>) {
        const mine = world.appsOf(world.user.id);
        mine.clear();
        // Keyed as V13 keys them (the application's id), so a later render of the same one replaces it.
        for (const [key, app] of apps) mine.set((app as { id?: string }).id ?? key, app);
      },
      api: { ApplicationV2, HandlebarsApplicationMixin, DialogV2, DocumentSheetV2 },
      ux: { FormDataExtended },
      sheets: { ActorSheetV2, ItemSheetV2 },
      sidebar: { tabs: { CombatTracker } },
      handlebars: {
        renderTemplate: (path: string, data?: object) => world.templates.renderTemplate(path, data),
        loadTemplates: (paths: string[] | Record<string, string>) => world.templates.loadTemplates(paths),
      },
    },
  };

  const g = globalThis as unknown as Record<string, unknown>;
  Object.assign(g, {
    game,
    foundry: foundryNs,
    CONFIG: world.config,
    CONST: { DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP, TOKEN_DISPOSITIONS, TOKEN_DISPLAY_MODES },
    Hooks: world.hooks,
    // V13's global Handlebars, with the real templates registered as partials (as loadTemplates does).
    Handlebars: world.templates.handlebars,
    ui: { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error"), success: notify("success") } },
    Actor: FakeActor,
    Item: FakeItem,
    Combat: FakeCombat,
    Combatant: FakeCombatant,
    ChatMessage: FakeChatMessage,
    User: FakeUser,
    Roll,
    fromUuid: async (uuid: string) => resolveUuid(uuid),
    fromUuidSync: (uuid: string) => resolveUuid(uuid),
  });

  if (options.gm !== false) {
    world.addUser({ id: "gm", name: "Gamemaster", isGM: true });
    world.login("gm");
  }
  return world;
}

// ---------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------

/** The adapter's modules, as the freshly loaded src/fracas.ts wired them (same instances). */
export interface Adapter {
  apply: typeof import("../../../src/foundry/chat/apply.js");
  cards: typeof import("../../../src/foundry/chat/cards.js");
  render: typeof import("../../../src/foundry/chat/render.js");
  queries: typeof import("../../../src/foundry/queries.js");
  pools: typeof import("../../../src/foundry/pools.js");
  rulesets: typeof import("../../../src/foundry/rulesets.js");
  settings: typeof import("../../../src/foundry/settings.js");
  tables: typeof import("../../../src/foundry/tables.js");
  migrations: typeof import("../../../src/foundry/migrations.js");
  migrationSteps: typeof import("../../../src/foundry/migration-steps.js");
  migrationOption: typeof import("../../../src/foundry/migration-option.js");
  statuses: typeof import("../../../src/foundry/statuses.js");
  actor: typeof import("../../../src/foundry/documents/actor.js");
  item: typeof import("../../../src/foundry/documents/item.js");
  combat: typeof import("../../../src/foundry/documents/combat.js");
  combatant: typeof import("../../../src/foundry/documents/combatant.js");
  chatMessage: typeof import("../../../src/foundry/documents/chat-message.js");
  tracker: typeof import("../../../src/foundry/tracker/tracker.js");
  planView: typeof import("../../../src/foundry/tracker/plan-view.js");
  rulesTablesApp: typeof import("../../../src/foundry/settings/rules-tables-app.js");
  rulesTablesView: typeof import("../../../src/foundry/settings/rules-tables-view.js");
  fightEnd: typeof import("../../../src/foundry/documents/fight-end.js");
  followingDialogs: typeof import("../../../src/foundry/sheets/following-dialogs.js");
  data: {
    card: typeof import("../../../src/foundry/data/card-data.js");
    combat: typeof import("../../../src/foundry/data/combat-data.js");
    combatant: typeof import("../../../src/foundry/data/combatant-data.js");
  };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setTimeout(r, 0));
}

/**
 * Imports src/fracas.ts afresh (a new client booting) and runs init, setup and (unless
 * ready: false) ready, then waits for the async work those start (migrations). Throws if any
 * hook handler threw.
 */
export async function loadAdapter({ ready = true }: { ready?: boolean } = {}): Promise<Adapter> {
  const world = currentWorld();
  vi.resetModules();
  await import("../../../src/fracas.js");
  // A client booting afresh registers its keybindings again, until V13 initialises them after setup.
  world.keybindings.reset();
  world.hooks.callAll("init");
  world.hooks.callAll("i18nInit");
  world.hooks.callAll("setup");
  world.keybindings.initialize();
  if (ready) world.hooks.callAll("ready");
  await settle();
  if (world.hooks.errors.length > 0) {
    const e = world.hooks.errors[0]!;
    throw new Error(`a ${e.hook} hook threw: ${e.error instanceof Error ? e.error.stack : String(e.error)}`);
  }
  const [apply, cards, render, queries, pools, rulesets, settings, tables, migrations, migrationSteps, statuses, actor, item, combat, combatant, chatMessage, tracker, planView, rulesTablesApp, rulesTablesView, card, combatData, combatantData, fightEnd, followingDialogs, migrationOption] =
    await Promise.all([
      import("../../../src/foundry/chat/apply.js"),
      import("../../../src/foundry/chat/cards.js"),
      import("../../../src/foundry/chat/render.js"),
      import("../../../src/foundry/queries.js"),
      import("../../../src/foundry/pools.js"),
      import("../../../src/foundry/rulesets.js"),
      import("../../../src/foundry/settings.js"),
      import("../../../src/foundry/tables.js"),
      import("../../../src/foundry/migrations.js"),
      import("../../../src/foundry/migration-steps.js"),
      import("../../../src/foundry/statuses.js"),
      import("../../../src/foundry/documents/actor.js"),
      import("../../../src/foundry/documents/item.js"),
      import("../../../src/foundry/documents/combat.js"),
      import("../../../src/foundry/documents/combatant.js"),
      import("../../../src/foundry/documents/chat-message.js"),
      import("../../../src/foundry/tracker/tracker.js"),
      import("../../../src/foundry/tracker/plan-view.js"),
      import("../../../src/foundry/settings/rules-tables-app.js"),
      import("../../../src/foundry/settings/rules-tables-view.js"),
      import("../../../src/foundry/data/card-data.js"),
      import("../../../src/foundry/data/combat-data.js"),
      import("../../../src/foundry/data/combatant-data.js"),
      import("../../../src/foundry/documents/fight-end.js"),
      import("../../../src/foundry/sheets/following-dialogs.js"),
      import("../../../src/foundry/migration-option.js"),
    ]);
  return {
    apply, cards, render, queries, pools, rulesets, settings, tables, migrations, migrationSteps, statuses, actor, item, combat, combatant, chatMessage, tracker, planView, rulesTablesApp, rulesTablesView, fightEnd, followingDialogs, migrationOption,
    data: { card, combat: combatData, combatant: combatantData },
  };
}
