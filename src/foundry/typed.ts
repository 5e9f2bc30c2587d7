/**
 * The one place Fracas bends Foundry's types. fvtt-types models Foundry precisely, and a few of
 * its generic types are too heavy for tsc (TS2589 on HandlebarsApplicationMixin(ActorSheetV2):
 * 90–130 s and 3–5 GB) or too generic to name. Each workaround lives here, says why, and
 * everything else in src/ stays strictly typed.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { scopeIds } from "./dom/scope-ids.js";
import { focusKeyOf, restoreFocus, type FocusKey } from "./dom/focus-state.js";
import { pressRoleButton } from "./dom/role-buttons.js";
import { dropClearedNumbers, fieldLabel } from "./sheets/cleared-numbers.js";
import { adjustedNumbers, type NumberBounds } from "./sheets/adjusted-numbers.js";
import { t } from "./i18n.js";

/**
 * Every Fracas application scopes its template ids to itself after each render (see
 * dom/scope-ids.ts), and a read-only document sheet's window content is a focus stop: every control
 * in it is disabled (below), so without it a keyboard user could not scroll a sheet taller than its window.
 */
function withScopedIds(Base: any): any {
  return class extends Base {
    // V13 keeps the focus across a part's redraw by the focused element's id, which scoping has
    // renamed, or its name, which many buttons lack (dom/focus-state.ts, review-s11 A2).
    _preSyncPartState(partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: Record<string, unknown>): void {
      super._preSyncPartState(partId, newElement, priorElement, state);
      state["fracasFocus"] = focusKeyOf(priorElement, String(this.id));
    }

    _syncPartState(partId: string, newElement: HTMLElement, priorElement: HTMLElement, state: Record<string, unknown>): void {
      super._syncPartState(partId, newElement, priorElement, state);
      const key = state["fracasFocus"] as FocusKey | null | undefined;
      // A root part's children are moved into the prior element, which stays in the page.
      if (key) restoreFocus(newElement.isConnected ? newElement : priorElement, key);
    }

    async _onFirstRender(context: any, options: any): Promise<void> {
      await super._onFirstRender?.(context, options);
      // Once per application: its element outlives every redraw of its parts.
      (this.element as HTMLElement | undefined)?.addEventListener?.("keydown", pressRoleButton);
    }

    async _onRender(context: any, options: any): Promise<void> {
      await super._onRender(context, options);
      scopeIds(this.element as HTMLElement, String(this.id));
      // Only where nothing inside can take the focus: a document sheet its viewer cannot edit.
      if ((this as { isEditable?: boolean }).isEditable === false) (this.element as HTMLElement).querySelector(".window-content")?.setAttribute("tabindex", "0");
    }
  };
}

/** The attribute a control on a document sheet carries when a viewer who cannot edit may still use it. */
export const VIEWER_CONTROL = "data-fracas-viewer";

/**
 * V13 disables every form control of a sheet its viewer cannot edit (DocumentSheetV2's
 * _toggleDisabled, buttons included), so a button offered to a viewer (Bond's First Aid, an
 * item's View) would be dead. Those carry VIEWER_CONTROL and are enabled again.
 */
function withViewerControls(Base: any): any {
  return class extends Base {
    _toggleDisabled(disabled: boolean): void {
      super._toggleDisabled(disabled);
      if (!disabled) return;
      for (const el of (this.element as HTMLElement).querySelectorAll<HTMLButtonElement>(`[${VIEWER_CONTROL}]`)) el.disabled = false;
    }
  };
}

/**
 * Fracas document sheets keep a number whose input was cleared (see sheets/cleared-numbers.ts), and
 * say when V13 will store a typed number otherwise (sheets/adjusted-numbers.ts: a Strength of 35 on
 * a 1–30 field saved as 30). V13's DocumentSheetV2 builds the update in _processFormData, then
 * validates it as a whole.
 */
function withNumberGuards(Base: any): any {
  return class extends Base {
    _processFormData(event: any, form: any, formData: any): any {
      const data = super._processFormData(event, form, formData);
      const dropped = dropClearedNumbers(data, (path) => foundry.utils.getProperty(this.document, path));
      if (dropped.length > 0) {
        ui.notifications?.warn(t("FRACAS.Sheet.NumberKept", { fields: dropped.map((p) => fieldLabel(form, p)).join(", ") }));
        void this.render();
      }
      const adjusted = adjustedNumbers(data, (path) => numberBounds(this.document, path));
      if (adjusted.length > 0) {
        const said = adjusted.map((a) => t(`FRACAS.Sheet.Number${a.reason.charAt(0).toUpperCase()}${a.reason.slice(1)}`, { field: fieldLabel(form, a.path), typed: String(a.typed), saved: String(a.saved) }));
        ui.notifications?.warn(said.join(" "));
      }
      return data;
    }
  };
}

/** A `system.…` path's number field bounds on this document's type data model, or null. */
function numberBounds(doc: any, path: string): NumberBounds | null {
  if (!path.startsWith("system.")) return null;
  const field = doc?.system?.schema?.getField?.(path.slice("system.".length));
  if (!(field instanceof foundry.data.fields.NumberField)) return null;
  const f = field as unknown as { min?: number; max?: number; integer?: boolean };
  return { min: f.min, max: f.max, integer: f.integer === true };
}

/** A TypeDataModel class of any schema, as CONFIG.<Doc>.dataModels holds them. */
export type DataModelClass = typeof foundry.abstract.TypeDataModel<any, any>;

/** An ApplicationV2 class that Foundry can register as a document sheet. */
export type SheetClass = new (...args: any[]) => foundry.applications.api.ApplicationV2.Any;

/**
 * HandlebarsApplicationMixin(ActorSheetV2) with its mixin type hidden: the mixed class behaves as
 * an ActorSheetV2 plus the Handlebars rendering statics we use (PARTS, TABS are plain objects).
 */
export function handlebarsActorSheet(): typeof foundry.applications.sheets.ActorSheetV2 {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  return withViewerControls(withNumberGuards(withScopedIds(HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2 as any))));
}

export function handlebarsItemSheet(): typeof foundry.applications.sheets.ItemSheetV2 {
  const { HandlebarsApplicationMixin } = foundry.applications.api;
  return withViewerControls(withNumberGuards(withScopedIds(HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2 as any))));
}

export function handlebarsApplication(): typeof foundry.applications.api.ApplicationV2 {
  const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;
  return withScopedIds(HandlebarsApplicationMixin(ApplicationV2 as any));
}

/** The V13 sidebar combat tracker, whose class type is too generic to subclass cleanly. */
export function combatTrackerBase(): typeof foundry.applications.sidebar.tabs.CombatTracker {
  return foundry.applications.sidebar.tabs.CombatTracker as any;
}

/** fromUuid for a UUID string read from data (fvtt-types wants a template-literal UUID type). */
export function lookupUuid(uuid: string): Promise<unknown> {
  return fromUuid(uuid as any);
}

export function lookupUuidSync(uuid: string): unknown {
  return fromUuidSync(uuid as any);
}

/** Foundry V13's registry of rendered ApplicationV2 instances (foundry.applications.instances). */
export function openApps(): Iterable<unknown> {
  const instances = (foundry.applications as unknown as { instances?: Map<string, unknown> }).instances;
  return instances?.values() ?? [];
}
