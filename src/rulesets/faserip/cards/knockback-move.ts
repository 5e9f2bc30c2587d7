/**
 * A White Slam? card's "Move the token N areas back". It moved the card's stored N even when the GM
 * had typed another number in the areas field and not pressed Set: the token went 2 areas while
 * the field said 4. D (session 6): a GM who types a number and presses Move means that number. So
 * Move first sets a number typed and not Set, through the same path as Set (GM): checked on this
 * client, then by the GM follow-up (GM only, 1–100, not once the card is applied). Then it moves
 * the token by that number. If that refuses, it warns with the reason and moves nothing.
 * A player's copy has the field disabled (GM-only), so what it holds is always the card's number.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { areasFieldStale } from "../sheets/knockback-areas-view.js";
import { sendTypedAreas } from "./knockback-areas.js";
import { knockBack } from "./knockback-token.js";

/** The text in the card's areas field, seen from its Move button (null: the card has no field). */
function typedAreasNear(button: unknown): string | null {
  const card = (button as { closest?: (s: string) => { querySelector(q: string): unknown } | null } | null)?.closest?.(".faserip-secondary");
  const value = (card?.querySelector(".faserip-card-areas input[name='areas']") as { value?: unknown } | null | undefined)?.value;
  return typeof value === "string" ? value : null;
}

/** The Move button: a number typed and not Set is set first (the GM's checks), then the token moves by it. */
export async function moveKnockedBack(message: ChatMessage.Implementation, result: JsonObject, button: unknown): Promise<boolean> {
  const check = result["check"] as { areas?: unknown } | undefined;
  const stored = typeof check?.areas === "number" ? check.areas : 0;
  const typed = typedAreasNear(button);
  if (typed === null || !areasFieldStale(typed, stored)) return knockBack(result);
  const areas = await sendTypedAreas(message, typed);
  if (areas === null) return false;
  // The number just set (the card's update may reach this client after the GM's answer).
  return knockBack({ ...result, check: { ...(check as JsonObject), areas } } as JsonObject);
}
