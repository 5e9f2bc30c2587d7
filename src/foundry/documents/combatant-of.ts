/**
 * Which combatant is this actor, for a roll made from its sheet or a card: the one in a started
 * combat (the viewed one first; a fight may run on a scene the user is not viewing), else the one in
 * the viewed combat being set up.
 *
 * A combatant is this actor when it is the very same document (UUIDs match: a mook's unlinked token
 * has its own synthetic actor, whose id is the base actor's, so ids alone would confuse two goons
 * made from one actor), or when it is a linked token of this world actor.
 */
export function isCombatantOf(combatant: Combatant.Implementation, actor: ActorRef): boolean {
  if (combatant.actor && combatant.actor.uuid === actor.uuid) return true;
  // The id clause is for a world actor only: an unlinked token's actor shares its base actor's id.
  return actor.isToken !== true && actor.id !== null && combatant.actorId === actor.id && combatant.token?.actorLink === true;
}

/** What the lookups read of an actor: its UUID, its id, and whether it is an unlinked token's own actor. */
export interface ActorRef {
  uuid: string;
  id: string | null;
  isToken?: boolean;
}

export function combatantOf(actor: ActorRef): Combatant.Implementation | null {
  // A running fight first: V13 shows every client a newly made encounter, so the viewed combat may
  // be the next one being set up while this actor still fights in a started one.
  const started = startedCombatantOf(actor);
  if (started) return started;
  return game.combat?.combatants.find((c) => isCombatantOf(c, actor)) ?? null;
}

/** The combat `actor` fights in (see combatantOf), or null. */
export function combatOf(actor: ActorRef): Combat.Implementation | null {
  return (combatantOf(actor)?.parent as Combat.Implementation | null | undefined) ?? null;
}

/**
 * The started combat `actor` fights in: the viewed one if it has started, else any started one. A
 * combat still being set up (round 0) is never it, even when viewed.
 */
export function startedCombatOf(actor: ActorRef): Combat.Implementation | null {
  const mine = (c: Combatant.Implementation) => isCombatantOf(c, actor);
  const viewed = game.combat;
  if (viewed?.started && viewed.combatants.some(mine)) return viewed;
  for (const combat of game.combats ?? []) if (combat.started && combat.combatants.some(mine)) return combat;
  return null;
}

/** This actor's combatant in its started combat (startedCombatOf), or null. */
export function startedCombatantOf(actor: ActorRef): Combatant.Implementation | null {
  return startedCombatOf(actor)?.combatants.find((c) => isCombatantOf(c, actor)) ?? null;
}
