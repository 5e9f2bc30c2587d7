/**
 * Review #10: Zodiac kept its own combatant lookup (`combatRefFor`: the viewed combat only if
 * started, matched by `c.actor?.uuid`), while Operations' spends (operations.ts `storeFor`) already
 * used the core's `combatOf`. The two could disagree on which fight an Agent is in — the card's
 * round and a hand-set Almost Dead's round from one, the shot's round from the other. Now every
 * zodiac lookup is the core's (`startedCombatOf` = `combatOf`, started only).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { mikeAreas } from "./mike-jeremy-data.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Operations, Sheets } from "./world.js";

let world: FakeWorld;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let operations: Operations;
let sheets: Sheets;
let mike: FakeActor;
let goons: FakeActor;

const health = (a: FakeActor) => (a.system as unknown as { health: { status: string; almostDeadSince: number | null } }).health;

/** The scene the GM is viewing shows `combat` (the fake's game.combat is otherwise the first started one). */
function view(combat: FakeCombat | null): void {
  Object.defineProperty(game, "combat", { get: () => combat, configurable: true });
}

async function fightWith(actor: FakeActor, rounds: number, start: boolean): Promise<FakeCombat> {
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id }]);
  if (start) {
    await (combat as unknown as FracasCombat).startCombat();
    for (let r = 1; r < rounds; r++) await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
  }
  return combat;
}

async function killCard(): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const t = dialog.dialogTarget(goons.uuid, goons.name);
    const choice = { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 5, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
    world.dice.queue(6, 6, 6);
    return flow.rollAndPost(mike as never, "a1", choice, mm, t);
  });
  return m as unknown as FakeChatMessage;
}

/** The GM sets Mike Almost Dead on his sheet (the sheet's own _processFormData builds the update). */
async function handSetAlmostDead(): Promise<void> {
  const sheet = new sheets.ZodiacAgentSheet({ document: mike } as never) as unknown as { _processFormData(e: unknown, f: unknown, d: { object: object }): Record<string, unknown> };
  await world.as("gm", async () => mike.update(sheet._processFormData({}, null, { object: { "system.health.status": "almostDead" } }) as never));
}

beforeEach(async () => {
  ({ world, flow, dialog, model, operations, sheets } = await zodiacWorld());
  addPlayers(world, "mp");
  mike = createMike(world);
  goons = world.createActor({ name: "Goons", type: "zodiacCrowd", system: { standing: 5 } });
});

describe("which fight an Agent is in: one lookup, the core's combatOf, for cards, sheets and Operations", () => {
  it("Mike in the viewed combat, not yet started, and in another fight in round 3: that running fight, for the card, the sheet and the shot alike", async () => {
    const elsewhere = await fightWith(mike, 3, true);
    expect(elsewhere.round).toBe(3);
    const setup = await fightWith(mike, 0, false);
    view(setup);

    expect(flow.combatRefFor(mike as never)).toEqual({ id: elsewhere.id, round: 3 });
    expect(operations.storeFor(mike as never).kind).toBe("combat");
    const card = await killCard();
    expect((card.system as unknown as { result: { combat: unknown } }).result.combat).toEqual({ id: elsewhere.id, round: 3 });
    await handSetAlmostDead();
    expect(health(mike)).toMatchObject({ status: "almostDead", almostDeadSince: 3 });
  });

  it("Mike only in the viewed combat, not yet started: no fight (round 0, before it)", async () => {
    const setup = await fightWith(mike, 0, false);
    view(setup);
    expect(flow.combatRefFor(mike as never)).toBeNull();
    expect(operations.storeFor(mike as never).kind).toBe("actor");
    await handSetAlmostDead();
    expect(health(mike)).toMatchObject({ status: "almostDead", almostDeadSince: 0 });
  });

  it("the viewed combat is started and holds Mike: its round, for the card, the sheet and the shot", async () => {
    const fight = await fightWith(mike, 2, true);
    view(fight);
    expect(flow.combatRefFor(mike as never)).toEqual({ id: fight.id, round: 2 });
    expect(operations.storeFor(mike as never)).toMatchObject({ kind: "combat" });
    const card = await killCard();
    expect((card.system as unknown as { result: { combat: unknown } }).result.combat).toEqual({ id: fight.id, round: 2 });
    await handSetAlmostDead();
    expect(health(mike)).toMatchObject({ status: "almostDead", almostDeadSince: 2 });
  });

  it("the viewed combat is started but Mike fights elsewhere: the started fight he is in", async () => {
    const his = await fightWith(mike, 2, true);
    const other = world.createActor({ name: "Jeremy", type: "zodiacAgent", system: { areas: mikeAreas, agentPoints: { value: 3, max: 3 } } });
    const theirs = await fightWith(other, 1, true);
    view(theirs);
    expect(flow.combatRefFor(mike as never)).toEqual({ id: his.id, round: 2 });
  });
});
