/**
 * A described action other than an attack, in the actor's own act step (seed 001 Step 4: "If they
 * describe their action with more detail than “I shoot him” they earn 2 action tokens (standard or
 * targeted actions) or 1 action token (frenzied and defensive actions)" — for any action, not only
 * an attack). The attack dialog earns them with an attack; the sheet's button earns them for a step
 * spent on something else. The step is the participant's one action (Step 3 repeats Steps 4–6 once
 * per acting participant), so the button claims the same step key an attack does (cards/turn.ts,
 * core claimRoll through the GM): once per step, and not after an attack in it (nor an attack after it).
 */
import { activeTable } from "../../../foundry/tables.js";
import { t } from "../../../foundry/i18n.js";
import { claimRoll, releaseClaim } from "../../../foundry/queries.js";
import { tokensEarned, tokensTable } from "../rules/index.js";
import { declaredAction } from "./flow.js";
import { turnOf, turnText } from "./turn.js";

/** The ledger ref of a step's described-action tokens (the step's claim key names the step). */
export function stepActionRef(stepKey: string): string {
  return `step:${stepKey}`;
}

/** The sheet's meta for the step: set only while the actor holds the current act step (views.ts stepActionView). */
export function stepOf(actor: Actor.Implementation): { phase: number; tokens: number; used: boolean } | null {
  const turn = turnOf(actor, false);
  const { action } = declaredAction(actor);
  if (turn.key === null || turn.phase === null || action === null) return null;
  return { phase: turn.phase, tokens: tokensEarned(action, true, activeTable(tokensTable)), used: turn.reason === "FRACAS.Radio.Turn.Acted" };
}

/**
 * Earns the described action's tokens in the actor's current act step, through `earn` (the sheet's
 * ledger write, with the ref; it says whether it wrote). Refused with a notice outside the step, or
 * when the step's action was already taken (the GM too: the GM's ±1 buttons remain for anything else).
 * The step is claimed before the write (the claim is what makes it once-only), so a write that did
 * not happen (refused by the pool, or failed) gives the claim back (core releaseClaim, as the attack
 * flow does): the step stays open rather than used with no tokens given.
 */
export async function earnStepAction(actor: Actor.Implementation, earn: (tokens: number, ref: string) => Promise<boolean>): Promise<boolean> {
  const turn = turnOf(actor, false);
  const { action } = declaredAction(actor);
  if (turn.key === null || action === null) {
    ui.notifications?.warn(turn.reason ? turnText(turn) : t("FRACAS.Radio.StepAction.NotYourStep", { name: actor.name }));
    return false;
  }
  if (turn.reason) {
    ui.notifications?.warn(turnText(turn));
    return false;
  }
  const tokens = tokensEarned(action, true, activeTable(tokensTable));
  if (tokens <= 0) return false;
  if (!(await claimRoll(actor, turn.key))) return false;
  let wrote: boolean;
  try {
    wrote = await earn(tokens, stepActionRef(turn.key));
  } catch (e) {
    await giveBack(actor, turn.key);
    throw e;
  }
  if (!wrote) await giveBack(actor, turn.key);
  return wrote;
}

/** Gives the step's claim back; a failure to do so is logged, not thrown (the write's outcome is what the user sees). */
async function giveBack(actor: Actor.Implementation, key: string): Promise<void> {
  await releaseClaim(actor, key).catch((e: unknown) => console.error("Fracas |", e));
}
