/**
 * The tracker's view of a round plan: a phase banner, one row per step with whose step it is,
 * and each combatant's declaration slot. Pure over plain data so it is tested without Foundry.
 */
import type { RoundPlan } from "../../engine/order.js";
import { declaresAhead } from "./declare-turn.js";
import type { NumberColumn } from "../registry.js";

export interface PlanViewInput {
  plan: RoundPlan;
  /** The ruleset declares in turn (declare-turn.ts): players do not see a declaration still ahead. */
  declareInTurn?: boolean;
  phase: string;
  step: number;
  round: number;
  ruleset: string;
  /** The ruleset's number column (CombatMapping.numberColumn); absent = none. */
  numberColumn?: NumberColumn | undefined;
  combatants: {
    id: string;
    name: string;
    img: string;
    declaration: string;
    canDeclare: boolean;
    options: { value: string; label: string }[];
    /** Why the combatant cannot act now (i18n key), or null. */
    down: string | null;
    /** Hidden from players on the tracker (Foundry's combatant `hidden`); absent = shown. */
    hidden?: boolean;
  }[];
  isGM: boolean;
}

export interface PlanView {
  ruleset: string;
  /** i18n key of the ruleset's name ("" for none), shown in the banner (review-s10 G3: the GM sees which rules run the fight). */
  rulesetLabel: string;
  round: number;
  phaseLabel: string;
  phase: string;
  isGM: boolean;
  current: { name: string; kindLabel: string } | null;
  /** `combatantId` and `img`: a row selects, pans to and opens its combatant as the core list's rows do. */
  steps: { index: number; combatantId: string; name: string; img: string; kind: string; kindLabel: string; phase: number; number: { shown: string; spoken: string } | null; current: boolean; done: boolean; declaration: string; down: string | null }[];
  /** i18n key of the number column's heading (Phase in Radio, Side in FASERIP), or null for no column (Bond, Zodiac). */
  numberHeading: string | null;
  /** How wide the number column is: a digit, or a word (a side's name); null for no column. */
  numberWidth: "digit" | "word" | null;
  declarations: { id: string; name: string; declaration: string; declarationLabel: string; canDeclare: boolean; waitsTurn: boolean; down: string | null; options: { value: string; label: string; selected: boolean }[] }[];
  canAdvance: boolean;
  canGoBack: boolean;
  empty: boolean;
}

export function planView(input: PlanViewInput): PlanView {
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  // As Foundry's own tracker: players never see a hidden combatant (its steps, name or declaration).
  // A step whose combatant was removed from the tracker mid-round is dropped (and passed over).
  const seen = (id: string) => byId.has(id) && (input.isGM || byId.get(id)?.hidden !== true);
  // In a ruleset that declares in turn, a player does not yet hear a declaration whose step is ahead.
  const unheard = (id: string): boolean => !input.isGM && input.declareInTurn === true && declaresAhead(input.plan, input.step, id);
  const heard = (id: string): string => (unheard(id) ? "" : (byId.get(id)?.declaration ?? ""));
  const all = input.plan.steps.map((s) => {
    const c = byId.get(s.combatantId);
    return {
      index: s.index,
      combatantId: s.combatantId,
      name: c?.name ?? "",
      img: c?.img ?? "",
      kind: s.kind,
      kindLabel: `FRACAS.Tracker.Kind.${s.kind}`,
      phase: s.phase,
      number: input.numberColumn ? input.numberColumn.cell(s) : null,
      current: s.index === input.step,
      done: s.index < input.step,
      declaration: heard(s.combatantId),
      down: c?.down ?? null,
      seen: seen(s.combatantId),
    };
  });
  const steps = all.filter((s) => s.seen).map(({ seen: _seen, ...s }) => s);
  const cur = all[input.step]?.seen ? all[input.step] : undefined;
  return {
    ruleset: input.ruleset,
    rulesetLabel: input.ruleset ? `FRACAS.Ruleset.${input.ruleset}` : "",
    round: input.round,
    phase: input.phase,
    phaseLabel: `FRACAS.Tracker.Phase.${input.phase}`,
    isGM: input.isGM,
    current: cur ? { name: cur.name, kindLabel: cur.kindLabel } : null,
    steps,
    numberHeading: input.numberColumn?.heading ?? null,
    numberWidth: input.numberColumn?.width ?? null,
    declarations: input.combatants.filter((c) => seen(c.id)).map((c) => {
      const declaration = heard(c.id);
      return {
        id: c.id,
        name: c.name,
        declaration,
        declarationLabel: c.options.find((o) => o.value === declaration)?.label ?? "",
        canDeclare: c.canDeclare && input.phase === "declare" && c.down === null,
        // Every combatant whose declare step is ahead reads the same to a player, pre-set by the GM or not.
        waitsTurn: unheard(c.id) && input.phase === "declare" && c.down === null,
        down: c.down,
        options: c.options.map((o) => ({ ...o, selected: o.value === declaration })),
      };
    }),
    canAdvance: input.isGM && input.plan.steps.length > 0,
    // Back passes over down combatants' steps, as Next does: offered only if an earlier step can act.
    canGoBack: input.isGM && steps.some((s) => s.index < input.step && s.down === null),
    empty: input.plan.steps.length === 0,
  };
}
