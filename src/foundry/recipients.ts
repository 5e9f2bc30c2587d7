/**
 * Who sees a card or a prompt about some actors: the GMs and every user owning one of them (a
 * round-start prompt for a hero, a private NPC attack at players' characters).
 */
export function gmsAndOwners(actors: readonly Actor.Implementation[]): string[] {
  return game.users.filter((u) => u.isGM || actors.some((a) => a.testUserPermission(u, "OWNER"))).map((u) => u.id ?? "");
}

/** The players (not GMs) who own `actor`: a line for them alone (the GMs are told another way). */
export function playerOwners(actor: Actor.Implementation): string[] {
  return game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")).map((u) => u.id ?? "");
}
