/**
 * The application classes Fracas subclasses, reduced to what lets its modules load and its
 * statics be read: DEFAULT_OPTIONS, PARTS (plain objects, spread-safe), render() recording calls.
 * No DOM: rendering is the browser harness's job (test/browser).
 */
import { deepClone, expandObject, flattenObject, type Obj } from "./utils.js";
import { rt } from "./runtime.js";

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Obj = { id: "app-{id}", classes: [], tag: "div", window: {}, actions: {}, position: {} };
  static PARTS: Record<string, Obj> = {};
  static #nextId = 1;
  readonly options: Obj;
  /** As V13: DEFAULT_OPTIONS.id with "{id}" replaced by a number unique to this instance. */
  readonly id: string;
  rendered = false;
  renders = 0;
  /** The rendered root: the fake renders no DOM, so it is null until a test types into it (world.typeInto). */
  element: unknown = null;
  /** The registry of the client that first rendered this application (V13: foundry.applications.instances there). */
  #registry: Map<string, unknown> | null = null;
  constructor(options: Obj = {}) {
    this.options = { ...(this.constructor as typeof ApplicationV2).DEFAULT_OPTIONS, ...options };
    this.id = String(this.options.id ?? "app-{id}").replace("{id}", String(ApplicationV2.#nextId++));
  }
  /** V13's ApplicationV2.RENDER_STATES. */
  static readonly RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 } as const;
  /** V13's render state: NONE until first rendered, RENDERED, CLOSED after close (the fake has no RENDERING window of its own). */
  state: number = ApplicationV2.RENDER_STATES.NONE;
  /** Close options this application was closed with, in order (V13 passes them to _onClose). */
  readonly closedWith: Obj[] = [];
  async render(options: unknown = {}): Promise<this> {
    // As V13: a render that is not forced does nothing to a closed application (a dialog's redraw
    // after its close must not open it again). Unlike V13, a first render need not be forced here
    // (tests open dialogs that way).
    const force = typeof options === "boolean" ? options : (options as { force?: boolean } | null)?.force === true;
    if (!force && this.state === ApplicationV2.RENDER_STATES.CLOSED) return this;
    this.state = ApplicationV2.RENDER_STATES.RENDERED;
    this.rendered = true;
    this.renders++;
    // As V13: a rendered application is registered on its own client until it is closed.
    this.#registry ??= rt().clientApps();
    this.#registry.set(this.id, this);
    return this;
  }
  /** Times V13's bringToFront was called (the fake has no window stack). */
  broughtToFront = 0;
  bringToFront(): void {
    this.broughtToFront++;
  }
  /** As V13: closing, then CLOSED, then _onClose with the close options (not awaited there). */
  async close(options: Obj = {}): Promise<this> {
    if (this.state === ApplicationV2.RENDER_STATES.CLOSED) return this;
    this.rendered = false;
    this.state = ApplicationV2.RENDER_STATES.CLOSED;
    this.#registry?.delete(this.id);
    this.closedWith.push(options);
    void this._onClose(options);
    return this;
  }
  protected _onClose(_options: Obj): void | Promise<void> {}
  /**
   * As V13 for one submit event (ApplicationV2#_onSubmitForm): the form's handler with the form's
   * data; an error it throws is shown and the application stays open; then a close when
   * `closeOnSubmit`. V13 runs this for every submit event, even while an earlier one is running.
   */
  async _onSubmitForm(formConfig: Obj, event: { preventDefault(): void; currentTarget: unknown }): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const { handler, closeOnSubmit } = formConfig as { handler?: unknown; closeOnSubmit?: boolean };
    if (typeof handler === "function") {
      try {
        await (handler as (e: unknown, f: unknown, d: FormDataExtended) => Promise<void>).call(this, event, form, new FormDataExtended(form));
      } catch (err) {
        (globalThis as { ui?: { notifications?: { error(m: string): unknown } } }).ui?.notifications?.error(String(err));
        return;
      }
    }
    if (closeOnSubmit) await (this as { close(o?: Obj): Promise<unknown> }).close({ submitted: true });
  }
  /** Test entry: the user submits this application's form holding `values` (flat, as a browser gives them). */
  submitEvent(values: Obj): Promise<void> {
    return this._onSubmitForm((this.options.form ?? {}) as Obj, { preventDefault() {}, currentTarget: new FakeForm(values) });
  }
  protected async _prepareContext(_options: unknown): Promise<Obj> {
    return {};
  }
  protected async _preparePartContext(_partId: string, context: Obj, _options: unknown): Promise<Obj> {
    return context;
  }
  protected async _onRender(_context: unknown, _options: unknown): Promise<void> {}
}

/**
 * A rendered form as the fake has it: no DOM, only the values its fields hold now (strings, as a
 * browser's inputs give them). V13's FormDataExtended reads them (below).
 */
export class FakeForm {
  readonly tagName = "FORM";
  constructor(readonly values: Obj) {}
  querySelector(): null {
    return null;
  }
  querySelectorAll(): never[] {
    return [];
  }
}

/** V13's FormDataExtended over a FakeForm: `object` is the form's flat values, as V13 gives them. */
export class FormDataExtended {
  readonly object: Obj;
  constructor(form: unknown) {
    if (!(form instanceof FakeForm)) throw new Error("FormDataExtended (fake): give it a form from world.typeInto");
    this.object = { ...form.values };
  }
}

/** HandlebarsApplicationMixin: the mixed class keeps the base's statics and declares its own PARTS. */
export function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  const Mixed = class HandlebarsApplication extends (Base as typeof ApplicationV2) {
    static override PARTS: Record<string, Obj> = { ...Base.PARTS };
  };
  return Mixed as unknown as T;
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = { ...ApplicationV2.DEFAULT_OPTIONS, form: { submitOnChange: true }, sheetConfig: true };
  get document(): unknown {
    return this.options.document;
  }
  /** As V13 (for a world document): the current user may edit it at the sheet's edit permission (OWNER). */
  get isEditable(): boolean {
    const doc = this.document as { testUserPermission?: (u: unknown, level: string) => boolean } | undefined;
    return doc?.testUserPermission?.(rt().user(), "OWNER") === true;
  }
  /** As V13: every form control in the window content disabled (buttons too) when the sheet is not editable. */
  _toggleDisabled(disabled: boolean): void {
    const root = this.element as { querySelectorAll?: (s: string) => Iterable<{ disabled: boolean }> } | null;
    for (const el of root?.querySelectorAll?.("button, input, select, textarea") ?? []) el.disabled = disabled;
  }
  /** As V13's DocumentSheetV2#_onRender: a sheet the user cannot edit has its controls disabled. */
  protected override async _onRender(context: unknown, options: unknown): Promise<void> {
    await super._onRender(context, options);
    if (!this.isEditable) this._toggleDisabled(true);
  }
  /** As V13: the submitted form's flat data, expanded into the update object. */
  protected _processFormData(_event: unknown, _form: unknown, formData: { object: Obj }): Obj {
    return expandObject(formData.object);
  }
  /** As V13: writes the processed submit data to the document (a sheet may override it to do more after). */
  protected async _processSubmitData(_event: unknown, _form: unknown, submitData: Obj, options: Obj = {}): Promise<void> {
    await (this.document as { update(d: Obj, o?: Obj): Promise<unknown> }).update(submitData, options);
  }
  /**
   * Test entry: a form submit that changes these flat fields, through the sheet's own processing and
   * write. V13 submits the whole form on any change, so the other fields come along unchanged: here
   * the document's stored name, img and system (flattened, arrays as values) under `fields`. As V13,
   * nothing is submitted from a sheet the user cannot edit.
   */
  async submitForm(fields: Obj): Promise<void> {
    if (!this.isEditable) return;
    const doc = this.document as { _source?: Obj } | undefined;
    const stored = doc?._source ? flattenObject(deepClone({ name: doc._source.name, img: doc._source.img, system: doc._source.system ?? {} })) : {};
    const data = this._processFormData(null, null, { object: { ...stored, ...fields } });
    await this._processSubmitData(null, null, data);
  }
}
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

/** A context menu entry as V13's ContextMenu takes it (client/applications/ux/context-menu.mjs). */
export interface ContextMenuEntry {
  name: string;
  icon?: string;
  condition?: boolean | ((li: unknown) => boolean);
  callback: (li: unknown) => unknown;
}

/** The pieces of V13's canvas the tracker's row handlers read (a test sets `globalThis.canvas`). */
interface FakeCanvas {
  ready?: boolean;
  animatePan?(to: unknown): unknown;
}
interface FakeTokenObject {
  visible?: boolean;
  center?: unknown;
  _canHover?(user: unknown, event: unknown): boolean;
  _onHoverIn?(event: unknown, options: unknown): void;
  _onHoverOut?(event: unknown): void;
  control?(options: unknown): boolean;
}
type TrackerCombatant = { id: string; actor?: { testUserPermission(u: unknown, l: string): boolean; sheet: { render(force: boolean): unknown } } | null; token?: { object?: FakeTokenObject | null } | null };
type TrackerCombat = { turns: unknown[]; combatants: { get(id: string): TrackerCombatant | undefined }; turn?: number | null; initiative?: number | null };
const canvasOf = (): FakeCanvas | undefined => (globalThis as { canvas?: FakeCanvas }).canvas;
const closest = (target: unknown, selector: string): { dataset: Record<string, string | undefined> } | null =>
  (target as { closest?: (s: string) => { dataset: Record<string, string | undefined> } | null } | null)?.closest?.(selector) ?? null;

/** V13's sidebar combat tracker (client/applications/sidebar/tabs/combat-tracker.mjs): parts, row context, menus, row handlers; `viewed` is the combat shown. */
export class CombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Obj = { ...ApplicationV2.DEFAULT_OPTIONS, id: "combat", actions: {} };
  static override PARTS: Record<string, Obj> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };
  viewed: unknown = null;
  /** The token V13's hover highlighted (its private #highlighted). */
  highlighted: FakeTokenObject | null = null;
  /** V13's per-combatant row context (the fields its tracker.hbs reads; `isOwner` shows the d20 roll button). */
  async _prepareTurnContext(combat: { turn?: number | null }, combatant: { id: string; name: string; isOwner: boolean; hidden?: boolean; initiative: number | null }, index: number): Promise<Obj> {
    const { id, name, isOwner, hidden, initiative } = combatant;
    return { id, name, isOwner, hidden: hidden ?? false, initiative, active: index === combat.turn, hasDecimals: Number.isFinite(initiative) && !Number.isInteger(initiative) };
  }
  /**
   * As V13's _prepareTrackerContext: one row per turn, each initiative formatted, and `hasDecimals`
   * (tracker.hbs then shows the initiative as text; otherwise as an input the GM may type into).
   */
  async _prepareTrackerContext(context: Obj, _options: unknown): Promise<void> {
    const combat = this.viewed as TrackerCombat | null;
    if (!combat) return;
    let hasDecimals = false;
    const turns: Obj[] = [];
    for (const [i, combatant] of combat.turns.entries()) {
      const turn = await this._prepareTurnContext(combat, combatant as never, i);
      if (turn.hasDecimals) hasDecimals = true;
      turns.push(turn);
    }
    for (const t of turns) if (Number.isFinite(t.initiative)) t.initiative = (t.initiative as number).toFixed(hasDecimals ? 2 : 0);
    Object.assign(context, { turns, hasDecimals });
  }
  /** As V13: the tracker part's context is prepared by _prepareTrackerContext. */
  protected override async _preparePartContext(partId: string, context: Obj, options: unknown): Promise<Obj> {
    const ctx = await super._preparePartContext(partId, context, options);
    if (partId === "tracker") await this._prepareTrackerContext(ctx, options);
    return ctx;
  }
  /** V13's combatant context menu entries (names, GM conditions and callbacks as there; the movement history one left out). */
  _getEntryContextOptions(): ContextMenuEntry[] {
    const isGM = () => (rt().user() as { isGM: boolean }).isGM;
    const getCombatant = (li: unknown) => (this.viewed as TrackerCombat | null)?.combatants.get(String((li as { dataset: { combatantId?: string } }).dataset.combatantId));
    return [
      { name: "COMBAT.CombatantUpdate", condition: () => isGM(), callback: () => undefined },
      {
        name: "COMBAT.CombatantClear",
        condition: (li) => isGM() && Number.isFinite((getCombatant(li) as { initiative?: unknown } | undefined)?.initiative),
        callback: (li) => (getCombatant(li) as { update?(d: Obj): unknown } | undefined)?.update?.({ initiative: null }),
      },
      {
        name: "COMBAT.CombatantReroll",
        condition: () => isGM(),
        callback: (li) => {
          const c = getCombatant(li);
          if (c) return (this.viewed as { rollInitiative(ids: string[]): unknown }).rollInitiative([c.id]);
          return undefined;
        },
      },
      { name: "COMBAT.CombatantRemove", condition: () => isGM(), callback: (li) => (getCombatant(li) as { delete?(): unknown } | undefined)?.delete?.() },
    ];
  }
  /** V13's encounter context menu entries (Reset Initiative calls Combat#resetAll). */
  _getCombatContextOptions(): ContextMenuEntry[] {
    const isGM = () => (rt().user() as { isGM: boolean }).isGM;
    const viewed = () => this.viewed as (TrackerCombat & { resetAll?(): unknown; endCombat?(): unknown; combatants: { size?: number } }) | null;
    return [
      { name: "COMBAT.InitiativeReset", condition: () => isGM() && (viewed()?.turns.length ?? 0) > 0, callback: () => viewed()?.resetAll?.() },
      { name: "COMBAT.ClearMovementHistories", condition: () => isGM() && (viewed()?.combatants.size ?? 0) > 0, callback: () => undefined },
      { name: "COMBAT.Delete", condition: () => isGM() && !!viewed(), callback: () => viewed()?.endCombat?.() },
    ];
  }
  /** V13 attaches its pointer, double-click and change listeners to the frame here (the fake has no DOM: tests call the handlers). */
  _attachFrameListeners(): void {}
  /** As V13: hovering a core row (`.combatant[data-combatant-id]`) highlights its token on a ready canvas. */
  _onCombatantHoverIn(event: { target: unknown }): void {
    const combatantId = closest(event.target, ".combatant[data-combatant-id]")?.dataset.combatantId;
    if (!canvasOf()?.ready || !combatantId) return;
    const token = (this.viewed as TrackerCombat).combatants.get(combatantId)?.token?.object;
    if (token && token._canHover?.(rt().user(), event) && this._isTokenVisible(token)) {
      token._onHoverIn?.(event, { hoverOutOthers: true });
      this.highlighted = token;
    }
  }
  _onCombatantHoverOut(event: unknown): void {
    this.highlighted?._onHoverOut?.(event);
    this.highlighted = null;
  }
  /** As V13 (the activateCombatant action and the frame's dblclick): a double-click opens the sheet; otherwise select the token and pan to it. */
  _onCombatantMouseDown(event: { type: string; target: unknown }, target: { dataset: Record<string, string | undefined> } | null): void {
    const combatantId = target?.dataset.combatantId;
    const combatant = combatantId ? (this.viewed as TrackerCombat).combatants.get(combatantId) : undefined;
    if (!combatant) return;
    if (event.type === "dblclick") {
      if (combatant.actor?.testUserPermission(rt().user(), "OBSERVER")) combatant.actor.sheet.render(true);
      return;
    }
    const token = combatant.token?.object;
    if (!token) return;
    const controlled = token.control?.({ releaseOthers: true });
    if (controlled) canvasOf()?.animatePan?.(token.center);
  }
  _isTokenVisible(token: FakeTokenObject): boolean {
    return token.visible === true;
  }
}

/** DialogV2: the fake has no UI, so each wait/prompt/confirm takes the next scripted answer. */
export class DialogV2 extends ApplicationV2 {
  static readonly answers: unknown[] = [];
  static readonly asked: Obj[] = [];
  static #answer(kind: string, config: Obj): unknown {
    DialogV2.asked.push({ kind, ...config });
    if (DialogV2.answers.length === 0) throw new Error(`DialogV2.${kind}: no scripted answer; push one to world.dialogAnswers`);
    return DialogV2.answers.shift();
  }
  static async wait(config: Obj = {}): Promise<unknown> {
    return DialogV2.#answer("wait", config);
  }
  static async prompt(config: Obj = {}): Promise<unknown> {
    return DialogV2.#answer("prompt", config);
  }
  static async confirm(config: Obj = {}): Promise<unknown> {
    return DialogV2.#answer("confirm", config);
  }
}

/** foundry.appv1.sheets: only the classes core registers, so `unregisterSheet("core", …)` has a target. */
export class ActorSheet {}
export class ItemSheet {}

export interface SheetCall {
  op: "register" | "unregister";
  documentName: "Actor" | "Item";
  scope: string;
  sheet: unknown;
  options: Obj;
}

export function sheetCollection(documentName: "Actor" | "Item", log: SheetCall[]) {
  return {
    registerSheet(scope: string, sheet: unknown, options: Obj = {}): void {
      log.push({ op: "register", documentName, scope, sheet, options });
    },
    unregisterSheet(scope: string, sheet: unknown, options: Obj = {}): void {
      log.push({ op: "unregister", documentName, scope, sheet, options });
    },
  };
}
