/**
 * The Fracas combat tracker (CONFIG.ui.combat): Foundry's V13 tracker plus a "plan" part that
 * renders the kernel's round plan — phase banner, whose step it is, declaration slots and the
 * GM's advance controls. It only renders and sends intents; rules live in the ruleset mappings.
 */
import { showCurrentStep } from "../dom/current-step.js";
import { combatTrackerBase } from "../typed.js";
import { planView, type PlanView } from "./plan-view.js";
import { FracasCombat } from "../documents/combat.js";
import { requestDeclare, warnRefused } from "../queries.js";
import { descriptor } from "../rulesets.js";
import { t } from "../i18n.js";
import { isDeclareTurn } from "./declare-turn.js";
import { HIDDEN_COMBAT_OPTIONS, HIDDEN_ENTRY_OPTIONS, hideWhileDriven, removeCoreRoundControls } from "./core-controls.js";

const Base = combatTrackerBase();

/** A plan row (templates/tracker/plan.hbs): selects, pans to and opens its combatant as a core row does. */
const PLAN_ROW = ".fracas-plan-step[data-combatant-id]";

/** The plan row an event happened in, if any (read by shape: the tests' events carry no DOM). */
function planRowOf(target: EventTarget | null): HTMLElement | null {
  return (target as { closest?: (selector: string) => HTMLElement | null } | null)?.closest?.(PLAN_ROW) ?? null;
}

/** The pieces of a token placeable the hover reads (V13 Token). */
interface HoverableToken {
  _canHover(user: unknown, event: Event): boolean;
  _onHoverIn(event: Event, options: { hoverOutOthers: boolean }): void;
  _onHoverOut(event: Event): void;
}

export function trackerPlanView(combat: FracasCombat): PlanView {
  const mapping = combat.mapping;
  const infos = combat.combatantInfos();
  const docs = new Map([...combat.combatants].map((c) => [c.id ?? "", c]));
  const f = combat.fracas;
  return planView({
    plan: f.plan,
    declareInTurn: mapping?.declareInTurn === true,
    phase: f.phase,
    step: f.step,
    round: combat.round ?? 0,
    ruleset: combat.rulesetId,
    numberColumn: mapping?.numberColumn,
    isGM: game.user.isGM,
    combatants: infos.map((c) => {
      const doc = docs.get(c.id);
      return {
        id: c.id,
        name: c.name,
        img: doc?.img ?? "",
        declaration: c.declaration,
        // In a ruleset that declares in turn, a player's slot opens on the combatant's declare step.
        canDeclare: game.user.isGM || ((doc?.actor?.isOwner ?? false) && (!mapping?.declareInTurn || isDeclareTurn(f.plan, f.step, c.id))),
        options: mapping ? mapping.declarations(c) : [],
        down: combat.downReason(c),
        hidden: doc?.hidden === true,
      };
    }),
  });
}

export class FracasCombatTracker extends Base {
  static override DEFAULT_OPTIONS = {
    actions: {
      fracasAdvance: FracasCombatTracker.#onAdvance,
      fracasBack: FracasCombatTracker.#onBack,
      fracasPanel: FracasCombatTracker.#onPanel,
    },
  } as never;

  static override PARTS = (() => {
    const parts = { ...(Base as unknown as { PARTS: Record<string, object> }).PARTS };
    const { header, ...rest } = parts;
    return { ...(header ? { header } : {}), plan: { template: "systems/fracas/templates/tracker/plan.hbs", scrollable: [".fracas-plan-body"] }, ...rest };
  })() as never;

  /** The combat, round and step the last render scrolled into view. */
  #stepShown = "";

  /** The token a plan row's hover highlighted (core keeps its own rows' in a private field). */
  #planHighlighted: HoverableToken | null = null;

  get fracasCombat(): FracasCombat | null {
    const c = this.viewed;
    return c instanceof FracasCombat ? c : null;
  }

  /** Whether Fracas runs the viewed combat's rounds (its ruleset has a combat mapping). */
  get fracasDriven(): boolean {
    return this.fracasCombat?.mapping !== undefined;
  }

  /** Core's Clear and Reroll Initiative are not offered while Fracas drives the combat (core-controls.ts). */
  protected override _getEntryContextOptions(): never {
    const entries = super._getEntryContextOptions() as unknown as { name: string }[];
    return hideWhileDriven(entries, HIDDEN_ENTRY_OPTIONS, () => this.fracasDriven) as never;
  }

  /** Core's Reset Initiative is not offered while Fracas drives the combat (core-controls.ts). */
  protected override _getCombatContextOptions(): never {
    const entries = super._getCombatContextOptions() as unknown as { name: string }[];
    return hideWhileDriven(entries, HIDDEN_COMBAT_OPTIONS, () => this.fracasDriven) as never;
  }

  /**
   * The initiative a Fracas round start wrote is for display: the plan, not the number, orders the
   * round, so it is shown as text the GM cannot type into. V13's tracker.hbs shows it so, with no
   * input, when the context has `hasDecimals` (each number is already formatted by then, without
   * decimals unless it has some). A ruleset that writes no initiative (Zodiac) shows none: V13
   * shows a number only when there is one, and the d20 button is withdrawn (_prepareTurnContext).
   */
  protected override async _prepareTrackerContext(context: never, options: never): Promise<void> {
    await super._prepareTrackerContext(context, options);
    if (this.fracasDriven) (context as { hasDecimals?: boolean }).hasDecimals = true;
  }

  /** Hovering a plan row highlights its token, as hovering a core row does (V13 matches only `.combatant` rows). */
  protected override _onCombatantHoverIn(event: PointerEvent): void {
    const row = planRowOf(event.target);
    if (!row) {
      super._onCombatantHoverIn(event);
      return;
    }
    const c = (globalThis as { canvas?: { ready?: boolean } }).canvas;
    const combatant = this.viewed?.combatants.get(row.dataset.combatantId ?? "");
    const token = (combatant?.token as { object?: unknown } | null | undefined)?.object as HoverableToken | null | undefined;
    if (!c?.ready || !token) return;
    if (token._canHover(game.user, event) && this._isTokenVisible(token as never)) {
      token._onHoverIn(event, { hoverOutOthers: true });
      this.#planHighlighted = token;
    }
  }

  protected override _onCombatantHoverOut(event: PointerEvent): void {
    super._onCombatantHoverOut(event);
    this.#planHighlighted?._onHoverOut(event);
    this.#planHighlighted = null;
  }

  /**
   * A plan row takes focus (tabindex) and Enter does what a click does, V13's activateCombatant:
   * select the token and pan to it. (Space is left alone: V13 binds it to Pause.)
   */
  protected override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("keydown", (event) => {
      const row = planRowOf(event.target);
      if (event.key !== "Enter" || !row || row !== event.target) return;
      event.preventDefault();
      this._onCombatantMouseDown(event as never, row as never);
    });
  }

  protected override async _preparePartContext(partId: string, context: never, options: never): Promise<never> {
    const ctx = (await super._preparePartContext(partId, context, options)) as unknown as Record<string, unknown>;
    if (partId === "plan") {
      const combat = this.fracasCombat;
      ctx.fracas = combat && combat.started ? trackerPlanView(combat) : null;
      const panel = combat ? descriptor(combat.rulesetId)?.trackerPanel : undefined;
      ctx.fracasPanel = combat && panel ? { template: panel.template, data: panel.context(combat), after: panel.position === "after" } : null;
    }
    return ctx as never;
  }

  /**
   * Core draws a d20 "roll initiative" button for an owner whose combatant has no initiative; a Fracas
   * round rolls what it needs itself (rollInitiative only says so), so the button is not offered.
   */
  protected override async _prepareTurnContext(combat: never, combatant: never, index: never): Promise<never> {
    const turn = (await super._prepareTurnContext(combat, combatant, index)) as unknown as Record<string, unknown>;
    const c: unknown = combat;
    if (c instanceof FracasCombat && c.mapping) turn.isOwner = false;
    return turn as never;
  }

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    // Roll All, Roll NPCs and Previous Round (core-controls.ts), on every render of the header and footer.
    if (this.fracasDriven) removeCoreRoundControls(this.element);
    const combat = this.fracasCombat;
    if (!combat) return;
    // Only when the round moved on: a redraw for anything else (a declaration, a panel button) keeps
    // where the GM scrolled to.
    const at = `${combat.id}:${combat.fracas.plan.round}:${combat.fracas.step}`;
    if (this.element && at !== this.#stepShown) showCurrentStep(this.element);
    this.#stepShown = at;
    for (const select of this.element.querySelectorAll<HTMLSelectElement>("select[data-fracas-declare]")) {
      // The declaration stored: a refused change goes back to it, so the select never shows a
      // choice the plan does not have (with no GM connected, nothing else redraws the tracker).
      let stored = select.value;
      select.addEventListener("change", () => {
        const id = select.dataset.fracasDeclare ?? "";
        const chosen = select.value;
        requestDeclare(combat.id ?? "", id, chosen)
          .then((r) => {
            if (r.ok) stored = chosen;
            else {
              select.value = stored;
              warnRefused(r);
            }
          })
          .catch((err: unknown) => {
            console.error("Fracas |", err);
            select.value = stored;
            ui.notifications?.error(t("FRACAS.Chat.Failed"));
          });
      });
    }
  }

  static async #onAdvance(this: FracasCombatTracker): Promise<void> {
    if (game.user.isGM) await this.fracasCombat?.advance();
  }

  static async #onBack(this: FracasCombatTracker): Promise<void> {
    if (game.user.isGM) await this.fracasCombat?.goBack();
  }

  /** A ruleset panel's button: dispatched to the ruleset's own handler (which checks who may act). */
  static async #onPanel(this: FracasCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
    const combat = this.fracasCombat;
    const name = target.dataset.panelAction;
    const handler = combat && name ? descriptor(combat.rulesetId)?.trackerPanel?.actions?.[name] : undefined;
    if (!combat || !handler) return;
    try {
      await handler(combat as never, target);
    } catch (err) {
      console.error("Fracas |", err);
      ui.notifications?.error(t("FRACAS.Chat.Failed"));
    }
    await this.render();
  }
}
