/**
 * Whether this client is the active GM's: the one client that executes GM queries, checks claims
 * and runs the hooks that must write once (round starts, card refreshes, migrations). An Assistant
 * GM, or a second GM who is not the active one, sends their writes there too, so they queue on the
 * same locks.
 */
export function isActiveGM(): boolean {
  return game.user.isGM && game.users.activeGM?.id === game.user.id;
}
