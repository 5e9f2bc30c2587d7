/**
 * A White Slam? card's "Move the token N areas back". It moved the card's stored N even when the GM
 * had typed another number in the areas field and not pressed Set: the token went 2 areas while
 * the field said 4. D (session 6): a GM who types a number and presses Move means that number. So
 * Move first sets a number typed and not Set, through the same path as Set (GM): checked on this
 * client, then by the GM follow-up (GM only, 1–100, not once the card is applied). Then it moves
 * the token by that number. If that refuses, it warns with the reason and moves nothing.
 * A player's copy has the field disabled (GM-only), so what it holds is always the card's number.
 * D (session 9): the Move acts once per card; the move is recorded on the card through the GM
 * before the token moves (knockback-moved.ts), and a second click is told it was already moved.
 * A move V13 leaves out without throwing (a module's preUpdateToken hook refused it, or invalid
 * changes: update() gives undefined) is a failure too (review-s9 H7): core's updateOrThrow says so,
 * the record is given back, so Move can be pressed again, and the presser is told (the card
 * button's error notice).
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { requestFollowUp, warnRefused } from "../../../foundry/queries.js";
import { updateOrThrow } from "../../../foundry/documents/update-or-throw.js";
import { areasFieldStale, movedAreas } from "../sheets/knockback-areas-view.js";
import { sendTypedAreas } from "./knockback-areas.js";
import { alreadyMoved } from "./knockback-moved.js";
import { planKnockBack } from "./knockback-token.js";

/** The text in the card's areas field, seen from its Move button (null: the card has no field). */
function typedAreasNear(button: unknown): string | null {
  const card = (button as { closest?: (s: string) => { querySelector(q: string): unknown } | null } | null)?.closest?.(".faserip-secondary");
  const value = (card?.querySelector(".faserip-card-areas input[name='areas']") as { value?: unknown } | null | undefined)?.value;
  return typeof value === "string" ? value : null;
}

/**
 * The Move button: a number typed and not Set is set first (the GM's checks); then the move is
 * recorded on the card (once per card) and the token moves by it. True when the token moved.
 */
export async function moveKnockedBack(message: ChatMessage.Implementation, result: JsonObject, button: unknown): Promise<boolean> {
  // Already moved as this client sees the card (a copy drawn before its update arrived): said at once.
  const moved = movedAreas(result);
  if (moved > 0) {
    warnRefused(alreadyMoved(moved));
    return false;
  }
  const check = result["check"] as { areas?: unknown } | undefined;
  const stored = typeof check?.areas === "number" ? check.areas : 0;
  const typed = typedAreasNear(button);
  let areas = stored;
  if (typed !== null && areasFieldStale(typed, stored)) {
    const set = await sendTypedAreas(message, typed);
    if (set === null) return false;
    areas = set;
  }
  // The number just set (the card's update may reach this client after the GM's answer).
  const plan = planKnockBack({ ...result, check: { ...(check as JsonObject), areas } } as JsonObject);
  if (!plan) return false;
  const recorded = await requestFollowUp(message.id ?? "", "knockbackMoved", { moved: true, areas });
  if (!recorded.ok) {
    // Not "No GM" again: the core's request has already said it (as an error).
    warnRefused(recorded);
    return false;
  }
  try {
    // A write left out (undefined, no throw) throws here too: the card must not say "moved" (H7).
    await updateOrThrow(plan.token as never, { x: plan.dest.x, y: plan.dest.y });
  } catch (err) {
    // The token did not move: the card's record is given back, so Move can be pressed again.
    await requestFollowUp(message.id ?? "", "knockbackMoved", { moved: false }).catch((e: unknown) => console.error("Fracas | faserip: could not give the knock-back record back", e));
    throw err;
  }
  return true;
}
