/**
 * Round plans: who declares and who acts, in which order, for one round. Each ruleset maps its
 * combatants onto one of four builders; the tracker renders the plan's steps and the adapter walks
 * them with currentStep/nextStep. Plans are plain JSON so they can live in Combat flags.
 */
import { FracasRuleError, requireInt } from "./errors.js";
import { type DieSource, requireSides } from "./dice.js";
import { keptRolls, orderWithRollOffs } from "./tie-break.js";

export type PlanMode = "speed" | "phased" | "sides" | "free";
export type StepKind = "declare" | "act";

export interface Step {
  /** Position of this step in plan.steps (0-based). */
  index: number;
  /** speed: 1 = declaration part, 2 = action part; phased: the phase; sides: the side's turn (1 = winner); free: 1. */
  phase: number;
  combatantId: string;
  kind: StepKind;
  /** Only in side plans: the side this combatant belongs to. */
  side?: string;
}

export interface RoundPlan {
  mode: PlanMode;
  round: number;
  steps: Step[];
  /** Every combatant once, in acting order (fastest / highest initiative / winning side first). */
  order: string[];
  /** Side plans: the sides, winner first; other plans: []. */
  sideOrder: string[];
  /** Every tie roll made or reused, per combatant (per side in side plans); pass back as tieRolls to keep the order. */
  tieBreaks: Record<string, number[]>;
}

export interface PlanOptions {
  /** The round number stored on the plan (default 1). */
  round?: number;
  /** Faces of the tie-break die (default: d6 for speed and phased plans, d10 for side plans). */
  tieDie?: number;
}

export interface SpeedCombatant {
  id: string;
  speed: number;
  /** Tie rolls kept from earlier rounds (the plan's tieBreaks[id]). */
  tieRolls?: number[];
}

export interface PhasedCombatant {
  id: string;
  initiative: number;
  isPC: boolean;
  /** The phases (1..phases) in which this combatant acts this round. */
  actsIn: number[];
  tieRolls?: number[];
}

export interface SideEntry {
  side: string;
  roll: number;
  /** Combatant ids of this side, in the order they declare and act. */
  members: string[];
  tieRolls?: number[];
}

/** Scores (speed, initiative, side rolls) may carry big modifiers (Faserip ranks); beyond this is a bug. */
const SCORE_LIMIT = 1_000_000;
const MAX_PHASES = 100;

/** Bond: declare in ascending speed, act in exact reverse; ties roll D6 until broken, lowest roll = faster. */
export function speedPlan(combatants: readonly SpeedCombatant[], die?: DieSource, options: PlanOptions = {}): RoundPlan {
  const round = planRound(options);
  const sides = requireSides("tieDie", options.tieDie ?? 6);
  const list = requireList("combatants", combatants);
  const speed = new Map<string, number>();
  const rolls: Record<string, number[]> = {};
  for (const [i, c] of list.entries()) {
    const id = uniqueId(`combatant ${i + 1} id`, c?.id, speed);
    speed.set(id, requireInt(`speed of ${id}`, c.speed, -SCORE_LIMIT, SCORE_LIMIT));
    rolls[id] = keptRolls(id, c.tieRolls, sides);
  }
  const acting = orderWithRollOffs([...speed.keys()], (a, b) => speed.get(b)! - speed.get(a)!, rolls, die, { sides, lowWins: true });
  const declaring = [...acting].reverse();
  const steps = numbered([
    ...declaring.map((combatantId) => ({ phase: 1, combatantId, kind: "declare" as const })),
    ...acting.map((combatantId) => ({ phase: 2, combatantId, kind: "act" as const })),
  ]);
  return { mode: "speed", round, steps, order: acting, sideOrder: [], tieBreaks: rolls };
}

/** Radio: highest initiative first, PC before non-PC on a tie, other ties roll off (highest wins); acts per phase. */
export function phasedPlan(combatants: readonly PhasedCombatant[], phases: number, die?: DieSource, options: PlanOptions = {}): RoundPlan {
  const round = planRound(options);
  const sides = requireSides("tieDie", options.tieDie ?? 6);
  requireInt("phases", phases, 1, MAX_PHASES);
  const list = requireList("combatants", combatants);
  const init = new Map<string, number>();
  const pc = new Map<string, boolean>();
  const acts = new Map<string, Set<number>>();
  const rolls: Record<string, number[]> = {};
  for (const [i, c] of list.entries()) {
    const id = uniqueId(`combatant ${i + 1} id`, c?.id, init);
    init.set(id, requireInt(`initiative of ${id}`, c.initiative, -SCORE_LIMIT, SCORE_LIMIT));
    if (typeof c.isPC !== "boolean") {
      throw new FracasRuleError("badFlag", `isPC of ${id} must be true or false`, { id, name: "isPC" });
    }
    pc.set(id, c.isPC);
    acts.set(id, phaseSet(id, c.actsIn, phases));
    rolls[id] = keptRolls(id, c.tieRolls, sides);
  }
  const byInitiative = (a: string, b: string) => init.get(b)! - init.get(a)! || Number(pc.get(b)) - Number(pc.get(a));
  const order = orderWithRollOffs([...init.keys()], byInitiative, rolls, die, { sides, lowWins: false });
  const raw: Omit<Step, "index">[] = [];
  for (let phase = 1; phase <= phases; phase++) {
    for (const combatantId of order) if (acts.get(combatantId)!.has(phase)) raw.push({ phase, combatantId, kind: "act" });
  }
  return { mode: "phased", round, steps: numbered(raw), order, sideOrder: [], tieBreaks: rolls };
}

/** Faserip: highest side roll goes first (ties roll off, highest wins); each side's members declare, then act. */
export function sidePlan(sides: readonly SideEntry[], die?: DieSource, options: PlanOptions = {}): RoundPlan {
  const round = planRound(options);
  const tieSides = requireSides("tieDie", options.tieDie ?? 10);
  const list = requireList("sides", sides);
  const roll = new Map<string, number>();
  const members = new Map<string, string[]>();
  const seen = new Map<string, string>();
  const rolls: Record<string, number[]> = {};
  for (const [i, s] of list.entries()) {
    const name = uniqueId(`side ${i + 1} name`, s?.side, roll);
    roll.set(name, requireInt(`roll of side ${name}`, s.roll, -SCORE_LIMIT, SCORE_LIMIT));
    const ids = requireList(`members of side ${name}`, s.members).map((m, j) => uniqueId(`member ${j + 1} of side ${name}`, m, seen));
    ids.forEach((m) => seen.set(m, name));
    members.set(name, ids);
    rolls[name] = keptRolls(`side ${name}`, s.tieRolls, tieSides);
  }
  const sideOrder = orderWithRollOffs([...roll.keys()], (a, b) => roll.get(b)! - roll.get(a)!, rolls, die, { sides: tieSides, lowWins: false });
  const raw: Omit<Step, "index">[] = [];
  sideOrder.forEach((side, turn) => {
    const ids = members.get(side)!;
    for (const kind of ["declare", "act"] as const) for (const combatantId of ids) raw.push({ phase: turn + 1, combatantId, kind, side });
  });
  const order = sideOrder.flatMap((s) => members.get(s)!);
  return { mode: "sides", round, steps: numbered(raw), order, sideOrder, tieBreaks: rolls };
}

/** Zodiac: the GM's order as given, one act step each. */
export function freePlan(ids: readonly string[], options: PlanOptions = {}): RoundPlan {
  const round = planRound(options);
  const seen = new Map<string, true>();
  const order = requireList("ids", ids).map((id, i) => {
    const ok = uniqueId(`combatant ${i + 1} id`, id, seen);
    seen.set(ok, true);
    return ok;
  });
  const steps = numbered(order.map((combatantId) => ({ phase: 1, combatantId, kind: "act" as const })));
  return { mode: "free", round, steps, order, sideOrder: [], tieBreaks: {} };
}

/** The step at `index`, or null once the round is over. */
export function currentStep(plan: RoundPlan, index: number): Step | null {
  requireInt("step index", index, 0, Number.MAX_SAFE_INTEGER);
  return planSteps(plan)[index] ?? null;
}

/** The step after `index`, or null when `index` is the last step. */
export function nextStep(plan: RoundPlan, index: number): Step | null {
  requireInt("step index", index, 0, Number.MAX_SAFE_INTEGER);
  return planSteps(plan)[index + 1] ?? null;
}

/** Every step a combatant takes this round, in plan order (empty if they take none). */
export function stepsFor(plan: RoundPlan, combatantId: string): Step[] {
  return planSteps(plan).filter((s) => s.combatantId === combatantId);
}

function planSteps(plan: RoundPlan): readonly Step[] {
  if (typeof plan !== "object" || plan === null || !Array.isArray(plan.steps)) {
    throw new FracasRuleError("badPlan", "a round plan with a steps list is needed", {});
  }
  return plan.steps;
}

function planRound(options: PlanOptions): number {
  return requireInt("round", options.round ?? 1, 0, SCORE_LIMIT);
}

function numbered(raw: readonly Omit<Step, "index">[]): Step[] {
  return raw.map((s, index) => ({ index, ...s }));
}

function requireList<T>(name: string, v: readonly T[]): readonly T[] {
  if (!Array.isArray(v)) throw new FracasRuleError("badList", `${name} must be a list`, { name });
  return v;
}

/** Checks an id is a non-empty string not already in `seen`. */
function uniqueId(name: string, id: unknown, seen: ReadonlyMap<string, unknown>): string {
  if (typeof id !== "string" || id.trim() === "") {
    throw new FracasRuleError("badId", `${name} must be a non-empty string (got ${String(id)})`, { name, value: String(id) });
  }
  if (seen.has(id)) throw new FracasRuleError("duplicateId", `${id} appears twice in the round`, { id });
  return id;
}

function phaseSet(id: string, actsIn: unknown, phases: number): Set<number> {
  if (!Array.isArray(actsIn)) throw new FracasRuleError("badList", `actsIn of ${id} must be a list of phases`, { name: `actsIn of ${id}` });
  const set = new Set<number>();
  for (const p of actsIn) {
    requireInt(`phase of ${id}`, p, 1, phases);
    if (set.has(p)) throw new FracasRuleError("duplicatePhase", `${id} is listed twice in phase ${p}`, { id, phase: p });
    set.add(p);
  }
  return set;
}
