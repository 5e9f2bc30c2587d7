/**
 * "Combat ends when one side has no one left opposing" through the real adapter in the typed
 * Foundry fake: after a damage or flee card is applied (the updateActor hook) and at round start
 * (onRoundStart), the active GM's client counts each side's standing members with the kernel's
 * combatOver/combatWinner and, when one side has no one left, whispers ONE card to the GM with an
 * "End combat" button (GM only, Foundry's endCombat). An Undo that stands someone up again closes
 * the card, and a later fall posts a new one.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { endState } from "../../../../src/rulesets/radio/cards/ending.js";
import { advanceToAct, createFalzetti, createGoons, createJake, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { kind: string; applications: Application[]; result: Record<string, any>; targets: { uuid: string; name: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let goons: FakeActor;
let combat: FakeCombat;

const kinds = () => adapter.rulesets.descriptor("radio")!.cards!;
const cards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
const endCards = () => cards("combatEnd");
const openEndCards = () => endCards().filter((m) => cardOf(m).result.open === true);

/** Alice declares Jake's standard action and the GM advances to his phase-1 act step (attacks come in the attacker's step). */
async function jakesStep() {
  await declareAll(world, adapter, combat, [["alice", jake]]);
  await advanceToAct(world, combat, jake, 1);
}

/** Jake shoots `target` in his step (2d10 9+9 hits), rolls damage with `d6`; returns the damage card, not yet applied. */
async function jakeShoots(target: FakeActor, d6: number): Promise<FakeChatMessage> {
  const m = await radioModules();
  await jakesStep();
  world.login("alice");
  world.target("alice", target);
  const setup = m.attackSetup(jake as never);
  expect(setup.phase).toBe(1);
  world.dice.queue(9, 9);
  const attack = (await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id })) as unknown as FakeChatMessage;
  world.dice.queue(d6);
  await kinds().attack!.followUps!.damage!({ message: attack as never, result: cardOf(attack).result as JsonObject, button: {} as never });
  world.login("gm");
  return world.messages.contents.at(-1) as unknown as FakeChatMessage;
}

/** The GM applies a card to a target, then waits for the combat-end checks the actor update started. */
async function gmApplies(card: FakeChatMessage, target: FakeActor) {
  world.login("gm");
  const outcome = await adapter.queries.requestApply(card.id, target.uuid, true);
  await (await radioModules()).combatEndSettled();
  return outcome;
}

async function startCombat(actors: FakeActor[]) {
  combat = await startRadioCombat(world, actors, [5, 3, 2, 1]); // Jake 5, the GM's groups 3 and 2 (round starts roll d6s in fours)
  await (await radioModules()).combatEndSettled();
}

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world, { system: { wounds: { value: 4, max: 5 } } });
  falzetti = createFalzetti(world, 2, 8);
  goons = createGoons(world, 1, falzetti);
});

describe("the sides, on plain data", () => {
  it("puts a player's hero on the PC side and everyone else on the GM's; a lone side is never over; a dying hero still stands", () => {
    const hero = { uuid: "A.j", type: "radioHero", system: { wounds: { value: 3 } }, playerOwned: true };
    const npcHero = { uuid: "A.n", type: "radioHero", system: { wounds: { value: 3 } }, playerOwned: false };
    const crowd = { uuid: "A.g", type: "radioHenchmen", system: { count: 3, woundsEach: 1 }, playerOwned: false };
    expect(endState([hero, npcHero, crowd])).toEqual({ over: false, winner: null, standing: { pc: 1, gm: 4 } });
    expect(endState([hero, { ...crowd, system: { count: 0 } }])).toEqual({ over: true, winner: "pc", standing: { pc: 1, gm: 0 } });
    // The same group twice in the tracker is counted once.
    expect(endState([hero, crowd, crowd])?.standing.gm).toBe(3);
    expect(endState([hero])).toBeNull();
    const dying = { ...hero, system: { wounds: { value: -1 }, state: "dead", finalAction: true } };
    expect(endState([dying, crowd])).toMatchObject({ over: false, standing: { pc: 1 } });
    expect(endState([{ ...dying, system: { wounds: { value: -1 }, state: "dead", finalAction: false } }, crowd])).toEqual({ over: true, winner: "gm", standing: { pc: 0, gm: 3 } });
  });
});

describe("the fight is over", () => {
  it("posts one card to the GM when the last henchman is removed, and no second one on later updates or rounds", async () => {
    await startCombat([jake, goons]);
    expect(endCards()).toHaveLength(0);

    const damage = await jakeShoots(goons, 3);
    expect(await gmApplies(damage, goons)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.HenchmenGone", data: { removed: 1 } } });
    expect(sys(goons).count).toBe(0);

    expect(endCards()).toHaveLength(1);
    const card = endCards()[0]!;
    expect(cardOf(card).result).toMatchObject({ combatId: combat.id, seq: 1, winner: "pc", standing: { pc: 1, gm: 0 }, open: true, stale: false, ended: false });
    expect(card._source.whisper).toEqual(["gm"]);
    const line = world.localize("FRACAS.Radio.Card.FightOverLine").replace("{side}", world.localize("FRACAS.Radio.Side.pc"));
    expect(line).toBe("The heroes won: the last side standing.");
    expect(card.content).toContain(line.replace("'", "&#x27;")); // Handlebars escapes the apostrophe
    expect(card.content).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="endCombat"');
    expect(kinds().combatEnd!.applicable).toBe(false);

    // More writes and a new round: still one card.
    await jake.update({ "system.notes": "<p>Reloads.</p>" });
    await goons.update({ "system.notes": "<p>Gone.</p>" });
    world.dice.queue(4, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    await (await radioModules()).combatEndSettled();
    expect(endCards()).toHaveLength(1);
  });

  it("an Undo that stands the henchman up again withdraws the card; falling again posts a new one", async () => {
    await startCombat([jake, goons]);
    const damage = await jakeShoots(goons, 3);
    await gmApplies(damage, goons);
    expect(openEndCards()).toHaveLength(1);

    const app = cardOf(damage).applications[0]!;
    expect(await adapter.queries.requestUndo(damage.id, app.id, true)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    await (await radioModules()).combatEndSettled();
    expect(sys(goons).count).toBe(1);
    expect(openEndCards()).toHaveLength(0);
    expect(endCards()).toHaveLength(1);
    const withdrawn = endCards()[0]!;
    expect(cardOf(withdrawn).result).toMatchObject({ open: false, stale: true });
    expect(withdrawn.content).toContain(world.localize("FRACAS.Radio.Card.FightGoesOn"));
    expect(withdrawn.content).not.toContain("endCombat");
    // Its button is gone, and a request naming it is refused.
    expect(await adapter.queries.requestFollowUp(withdrawn.id, "endCombat", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.FightGoesOn" });
    expect(world.combats.get(combat.id)).toBeDefined();

    // The henchman falls again: a new card.
    expect(await gmApplies(damage, goons)).toMatchObject({ ok: true });
    expect(openEndCards()).toHaveLength(1);
    expect(cardOf(openEndCards()[0]!).result).toMatchObject({ seq: 2, winner: "pc" });
    expect(endCards()).toHaveLength(2);
  });

  it("posts the card when the boss has fallen and his henchmen fled (the flee card applied)", async () => {
    await goons.update({ "system.count": 3 });
    await startCombat([jake, falzetti, goons]);

    const damage = await jakeShoots(falzetti, 3);
    expect(await gmApplies(damage, falzetti)).toMatchObject({ ok: true });
    expect(sys(falzetti).state).not.toBe("active");
    // The goons still stand: the fight goes on.
    expect(endCards()).toHaveLength(0);

    world.dice.queue(6, 6, 6);
    await kinds().damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const flee = cards("flee").at(-1)!;
    expect(cardOf(flee).result.rolls).toEqual([6, 6, 6]);
    expect(await gmApplies(flee, goons)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { fled: 3, count: 0 } } });
    expect(sys(goons).count).toBe(0);

    expect(endCards()).toHaveLength(1);
    expect(cardOf(endCards()[0]!).result).toMatchObject({ winner: "pc", standing: { pc: 1, gm: 0 }, open: true });
  });

  it("End combat: a player is refused; the GM's click ends the combat through Foundry's confirmation and closes the card", async () => {
    await startCombat([jake, goons]);
    await gmApplies(await jakeShoots(goons, 3), goons);
    const card = endCards()[0]!;

    world.login("alice");
    expect(await adapter.queries.requestFollowUp(card.id, "endCombat", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(world.combats.get(combat.id)).toBeDefined();

    // The GM declines Foundry's confirmation: nothing changes.
    world.login("gm");
    world.dialogAnswers.push(false);
    expect(await adapter.queries.requestFollowUp(card.id, "endCombat", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(world.combats.get(combat.id)).toBeDefined();
    expect(cardOf(card).result.open).toBe(true);

    world.dialogAnswers.push(true);
    expect(await adapter.queries.requestFollowUp(card.id, "endCombat", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(world.combats.get(combat.id)).toBeUndefined();
    expect(cardOf(card).result).toMatchObject({ open: false, ended: true });
    expect(card.content).toContain(world.localize("FRACAS.Radio.Card.CombatEnded"));
    expect(card.content).not.toContain("endCombat");
    expect(await adapter.queries.requestFollowUp(card.id, "endCombat", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.CombatEnded" });
  });

  it("checks only on the active GM's client; the next round start catches up on what it missed", async () => {
    await startCombat([jake, goons]);
    world.setActiveGM(null);
    // No active GM: the update's check posts nothing.
    await goons.update({ "system.count": 0 });
    await (await radioModules()).combatEndSettled();
    expect(endCards()).toHaveLength(0);

    // The GM is back: the round start (onRoundStart) finds the fight over.
    world.setActiveGM("gm");
    world.dice.queue(4, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    expect(endCards()).toHaveLength(1);
    expect(cardOf(endCards()[0]!).result).toMatchObject({ round: 2, winner: "pc", open: true });
  });
});
