/**
 * A radio fight in the typed Foundry fake, shared by the adapter flow tests (Episode 3 of the
 * seed): Alice's hero Jake with a revolver against the GM's boss Falzetti, his goons and his
 * minion Sal; the GM starts the combat, the combatants declare, the GM advances to an act step.
 * Kept apart from samples.ts, which the browser fixtures import: this module loads the fake.
 */
import { expect } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type ActorFixture, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";

/** What a test changes on one of the sample actors: system fields (merged over the defaults), items, owners. */
export interface ActorOver {
  system?: Record<string, unknown>;
  items?: ActorFixture["items"];
  ownership?: Record<string, number>;
}

export const REVOLVER = { name: "Revolver", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } };
export const TOMMY_GUN = { name: "Tommy gun", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } };

const PLAYERS: Record<string, string> = { alice: "Alice", bob: "Bob" };

/** A fresh fake with the real adapter loaded and these players (Alice, Bob) as users. */
export async function radioWorld(players: string[] = ["alice"]): Promise<{ world: FakeWorld; adapter: Adapter }> {
  const world = installFoundry();
  const adapter = await loadAdapter();
  for (const id of players) world.addUser({ id, name: PLAYERS[id] ?? id, isGM: false });
  return { world, adapter };
}

/**
 * The radio modules the flow tests drive, imported after loadAdapter so they are the instances the
 * adapter registered (one object: their export names do not clash).
 */
export async function radioModules() {
  return {
    ...(await import("../../../../src/rulesets/radio/cards/flow.js")),
    ...(await import("../../../../src/rulesets/radio/cards/leader-fall.js")),
    ...(await import("../../../../src/rulesets/radio/cards/combat-end.js")),
    ...(await import("../../../../src/rulesets/radio/cards/round.js")),
    ...(await import("../../../../src/rulesets/radio/sheets/attack-dialog.js")),
    ...(await import("../../../../src/rulesets/radio/sheets/attack-view.js")),
    ...(await import("../../../../src/rulesets/radio/sheets/actor-sheets.js")),
    ...(await import("../../../../src/foundry/sheets/fight-sheets.js")),
  };
}

/** Jake: Alice's hero (melee 1, ranged 2, brawl 0; 5 of 5 wounds) with a revolver. */
export function createJake(world: FakeWorld, over: ActorOver = {}): FakeActor {
  return world.createActor({
    name: "Jake",
    type: "radioHero",
    system: { skills: { melee: 1, ranged: 2, brawl: 0 }, wounds: { value: 5, max: 5 }, ...over.system },
    items: over.items ?? [REVOLVER],
    ownership: over.ownership ?? { alice: 3 },
  });
}

/** Falzetti: the GM's skilled boss with `value` of `max` wounds, unarmed unless `over.items` arms him. */
export function createFalzetti(world: FakeWorld, value: number, max: number, over: ActorOver = {}): FakeActor {
  return world.createActor({ name: "Falzetti", type: "radioOpponent", system: { kind: "boss", tier: "skilled", wounds: { value, max }, ...over.system }, items: over.items });
}

/** The Goons: `count` novice henchmen of 1 wound each, led by `leader`. */
export function createGoons(world: FakeWorld, count: number, leader: FakeActor, over: ActorOver = {}): FakeActor {
  return world.createActor({ name: "Goons", type: "radioHenchmen", system: { count, woundsEach: 1, tier: "novice", leader: leader.uuid, ...over.system }, items: over.items });
}

/** Sal: a minion, led by `leader` (null: no leader stored). */
export function createSal(world: FakeWorld, leader: FakeActor | null, over: ActorOver = {}): FakeActor {
  const led = leader ? { leader: leader.uuid } : {};
  return world.createActor({ name: "Sal", type: "radioOpponent", system: { kind: "minion", ...led, ...over.system }, items: over.items });
}

/** The id of `actor`'s combatant in `combat`. */
export const combatantIdOf = (combat: FakeCombat, actor: FakeActor): string => combat.combatants.find((c) => c.actorId === actor.id)!.id;

/**
 * The GM starts a radio combat of these combatants (an actor, or a token's combatant with its
 * tokenId), queueing `dice` for the initiative d6s (the combat rolls them in fours).
 */
export async function startRadioCombat(world: FakeWorld, combatants: (FakeActor | { actorId: string; tokenId?: string })[], dice: number[]): Promise<FakeCombat> {
  world.login("gm");
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", combatants.map((c) => ("actorId" in c ? c : { actorId: c.id })));
  world.dice.queue(...dice);
  await (combat as unknown as FracasCombat).startCombat();
  return combat;
}

/** Each user declares an action (default standard) for their actor, each accepted; then the GM is logged in. */
export async function declareAll(world: FakeWorld, adapter: Adapter, combat: FakeCombat, declarations: readonly (readonly [user: string, actor: FakeActor, action?: string])[]): Promise<void> {
  for (const [user, actor, action = "standard"] of declarations) {
    world.login(user);
    expect(await adapter.queries.requestDeclare(combat.id, combatantIdOf(combat, actor), action)).toEqual({ ok: true });
  }
  world.login("gm");
}

/** The GM advances `combat` to `actor`'s act step in `phase`, and checks it got there. */
export async function advanceToAct(world: FakeWorld, combat: FakeCombat, actor: FakeActor, phase: number): Promise<void> {
  world.login("gm");
  const fc = combat as unknown as FracasCombat;
  const id = combatantIdOf(combat, actor);
  const now = () => fc.fracas.plan.steps[fc.fracas.step];
  for (let i = 0; i < 30 && !(now()?.kind === "act" && now()?.combatantId === id && now()?.phase === phase); i++) await fc.advance();
  expect(now()).toMatchObject({ kind: "act", combatantId: id, phase });
}

/**
 * `user` targets `target` and rolls `attacker`'s attack with its first weapon: `over.state` are the
 * dialog's choices over its defaults, `over.dice` the 2d10 (9+9, a hit). The attack card.
 */
export async function attackWithFirstWeapon(world: FakeWorld, user: string, attacker: FakeActor, target: FakeActor, over: { state?: Record<string, unknown>; dice?: number[] } = {}): Promise<FakeChatMessage> {
  const m = await radioModules();
  world.login(user);
  world.target(user, target);
  const setup = m.attackSetup(attacker as never);
  world.dice.queue(...(over.dice ?? [9, 9]));
  return (await m.rollAttack(attacker as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, ...over.state })) as unknown as FakeChatMessage;
}

/** The attack card's "Roll damage" button, pressed by the logged-in user (the damage dice queued by the test). */
export async function pressRollDamage(adapter: Adapter, attack: FakeChatMessage): Promise<void> {
  const result = (attack.system as unknown as { result: JsonObject }).result;
  await adapter.rulesets.descriptor("radio")!.cards!.attack!.followUps!.damage!({ message: attack as never, result, button: {} as never });
}
