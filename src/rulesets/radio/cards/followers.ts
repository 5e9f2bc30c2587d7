/**
 * Who follows whom (seed 001: "When a group's leader falls, members each make a consequence
 * check"). A follower's `leader` holds an actor UUID; the sheets' leader select stores a world
 * actor's (`Actor.<id>`). On the map a boss or a group is often an unlinked token, whose own
 * (synthetic) actor has a token UUID (`Scene.<s>.Token.<t>.Actor.<id>`) and its base actor's id.
 * So a leader answers to its own UUID and, for an unlinked token's actor, to its base actor's; and
 * followers are looked for among the fights' combatants' actors (synthetic ones included) as well
 * as the world's actors.
 */

/** What the lookups read of a leader: its UUID, its id, and whether it is an unlinked token's own actor. */
export interface LeaderRef {
  uuid: string;
  id: string | null;
  isToken?: boolean;
}

const FOLLOWER_TYPES: readonly string[] = ["radioHenchmen", "radioOpponent"];

/** The UUIDs a stored `leader` may name this actor by: its own, and an unlinked token's base actor's. */
export function leaderUuids(leader: LeaderRef): string[] {
  return leader.isToken === true && leader.id ? [leader.uuid, `Actor.${leader.id}`] : [leader.uuid];
}

/** Whether this follower's stored leader names `leader` (pure over the stored string). */
export function follows(storedLeader: unknown, leader: LeaderRef): boolean {
  return typeof storedLeader === "string" && storedLeader !== "" && leaderUuids(leader).includes(storedLeader);
}

/** The actors of the combats a fight may run in: the viewed one and every started one (as core combatantOf looks). */
function fightingActors(): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  for (const combat of game.combats ?? []) {
    if (!combat.started && combat !== game.combat) continue;
    for (const c of combat.combatants) if (c.actor) out.push(c.actor as Actor.Implementation);
  }
  return out;
}

/**
 * Henchmen groups and minions whose `leader` names this one: the world's, then those fighting (an
 * unlinked token's actor too), each once. A world actor whose unlinked tokens fight is left out:
 * the tokens are the ones on the map (its own data is only their template).
 */
export function followersOf(leader: LeaderRef): Actor.Implementation[] {
  const isFollower = (a: Actor.Implementation) => FOLLOWER_TYPES.includes(a.type as string) && a.uuid !== leader.uuid && follows((a.system as unknown as { leader?: unknown }).leader, leader);
  const fighting = fightingActors().filter(isFollower);
  const onTokens = new Set(fighting.filter((a) => a.isToken).map((a) => a.id));
  const world = game.actors.filter((a) => isFollower(a as Actor.Implementation) && !onTokens.has(a.id)) as Actor.Implementation[];
  const byUuid = new Map<string, Actor.Implementation>();
  for (const a of [...world, ...fighting]) if (!byUuid.has(a.uuid)) byUuid.set(a.uuid, a);
  return [...byUuid.values()];
}
