import { isTheGmTab } from "./gm-tab.js";

/**
 * Whether this client is the active GM's: the one client that executes GM queries, checks claims
 * and runs the hooks that must write once (round starts, card refreshes, migrations). An Assistant
 * GM, or a second GM who is not the active one, sends their writes there too, so they queue on the
 * same locks. Of a GM connected in several tabs of one browser, one tab only (gm-tab.ts).
 */
export function isActiveGM(): boolean {
  // One tab of that GM (gm-tab.ts): a second tab of the same GM leaves the work to the first.
  return game.user.isGM && game.users.activeGM?.id === game.user.id && isTheGmTab();
}

/**
 * Whether this client applies a card to an actor itself rather than asking the active GM: the
 * active GM always; a player who owns the actor only while no GM is connected. Locks are per
 * client, so while a GM is connected every Apply and Undo runs on the GM's, and a player's and the
 * GM's on one card queue on the same lock instead of interleaving.
 */
export function appliesHere(actor: { isOwner: boolean } | null | undefined): boolean {
  if (game.user.isGM) return isActiveGM();
  return !game.users.activeGM && actor?.isOwner === true;
}
