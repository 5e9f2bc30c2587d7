/**
 * Rules audit s14 F2: Wagers on Rank counted only at the card's Apply, so a round-1 duel card the GM
 * forgot to apply made the seed's own round-2 finishing Wager refused ("not Almost Dead"). With the
 * world option zodiac.autoApplyHits (on by default) the active GM's client applies a hit as its card
 * appears, through the card's own Apply (its Undo on the card). Misses and kills wait as before.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let refresh: Refresh;
let mike: FakeActor;
let jeremy: FakeActor;

const settled = async () => {
  await (await import("../../../../src/rulesets/zodiac/cards/auto-apply.js")).autoAppliesSettled();
  await (await import("../../../../src/rulesets/zodiac/cards/auto-setback.js")).autoSetbacksSettled();
  await refresh.cardRefreshesSettled();
};
const sys = (m: unknown) => (m as FakeChatMessage).system as unknown as { result: Record<string, unknown>; applications: Application[] };
const standing = (m: unknown) => sys(m).applications.filter((a) => !a.undone);
const health = (a: FakeActor) => (a.system as unknown as { health: { status: string; wagersAgainst: number } }).health;
const setback = () => adapter.pools.readPool("setback").value;

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld({ autoApplyHits: true }));
  ({ mike, jeremy } = mikeAndJeremy(world));
});

/** Both commit, the GM reveals with these dice (Mike's pool first, in Operations' order); the duel card. */
async function duel(m: { spend: number; gathered: number; wagers: number; finish?: boolean }, j: { spend: number; gathered: number; wagers: number }, dice: number[]): Promise<FakeChatMessage> {
  const mc = await commitDuel(world, "mp", mike, jeremy, m);
  await commitDuel(world, "jp", jeremy, mike, j);
  world.dice.queue(...dice);
  const card = await world.as("gm", () => flow.revealDuel(String(sys(mc).result.duelKey)));
  await settled();
  return card as unknown as FakeChatMessage;
}

/** Mike's player strikes an Other Agent (slot a1, Aries 3, 1 Wager) with these dice. */
async function strike(target: FakeActor, dice: number[]): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const t = dialog.dialogTarget(target.uuid, target.name)!;
    const choice = { kind: "strike" as const, area: 3, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: false, finish: false, tn: t.tn ?? 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, choice.tn, flow.grids().shots);
    world.dice.queue(...dice);
    return flow.rollAndPost(mike as never, "a1", choice, mm, t);
  });
  await settled();
  return m as unknown as FakeChatMessage;
}

describe("a hit's Wagers count on Rank as its card appears", () => {
  it("the seed's Mike vs Jeremy with nobody pressing Apply: Jeremy Almost Dead after round 1, and Mike's round-2 finish kills him", async () => {
    const combat = await startZodiacCombat(world, [mike, jeremy]);
    const round1 = await duel({ spend: 1, gathered: 4, wagers: 3 }, { spend: 1, gathered: 3, wagers: 2 }, [6, 6, 4, 1, 2, 4, 1, 2]);
    expect(standing(round1).map((a) => a.targetUuid).sort()).toEqual([jeremy.uuid, mike.uuid].sort());
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 4 });
    expect(health(mike)).toMatchObject({ status: "healthy", wagersAgainst: 3 });
    // The card shows the Undo of each, as after the GM's own Apply.
    expect(adapter.render.renderApplications(round1.system as never).match(/data-fracas-action="undo"/g)).toHaveLength(2);

    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
    const round2 = await duel({ spend: 0, gathered: 0, wagers: 1, finish: true }, { spend: 0, gathered: 0, wagers: 0 }, [6, 5, 3, 2, 1]);
    expect(health(jeremy).status).toBe("dead");
    // Jeremy's hit with no Wagers still lands its free Wager on Mike's Rank: both rows stand.
    expect(sys(round2).result.duel).toMatchObject({ b: { strike: { success: true, applied: 1 } } });
    expect(standing(round2).map((a) => a.targetUuid).sort()).toEqual([jeremy.uuid, mike.uuid].sort());
    expect(health(mike)).toMatchObject({ status: "healthy", wagersAgainst: 4 });
  });

  it("the card's Undo gives the Wagers back, and the GM may Apply again by hand", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const card = await duel({ spend: 1, gathered: 4, wagers: 3 }, { spend: 1, gathered: 3, wagers: 2 }, [6, 6, 4, 1, 2, 4, 1, 2]);
    const onJeremy = standing(card).find((a) => a.targetUuid === jeremy.uuid)!;
    expect((await world.as("gm", () => adapter.queries.requestUndo(card.id ?? "", onJeremy.id, true))).ok).toBe(true);
    expect(health(jeremy)).toMatchObject({ status: "healthy", wagersAgainst: 0 });
    expect((await world.as("gm", () => adapter.queries.requestApply(card.id ?? "", jeremy.uuid, true))).ok).toBe(true);
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 4 });
  });

  it("a duel both sides miss applies nothing (each miss's Setback is taken, as before)", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const card = await duel({ spend: 0, gathered: 0, wagers: 0 }, { spend: 0, gathered: 0, wagers: 0 }, [1, 1, 1, 1, 1, 1]);
    expect(standing(card)).toEqual([]);
    expect(setback()).toBe(2);
    expect(health(jeremy).wagersAgainst).toBe(0);
  });

  it("a strike that hits the Baron counts on his Rank at once; a miss leaves the card's Apply to the GM", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 0 } });
    const hit = await strike(baron, [6, 5]);
    expect(sys(hit).result.strike).toMatchObject({ success: true });
    expect((baron.system as unknown as { wagersAgainst: number }).wagersAgainst).toBeGreaterThan(0);
    expect(standing(hit).map((a) => a.targetUuid)).toEqual([baron.uuid]);
    const before = (baron.system as unknown as { wagersAgainst: number }).wagersAgainst;
    const miss = await strike(baron, [2, 1]);
    expect(sys(miss).result.strike).toMatchObject({ success: false });
    expect(standing(miss)).toEqual([]);
    expect((baron.system as unknown as { wagersAgainst: number }).wagersAgainst).toBe(before);
  });

  it("a kill on Everyone Else waits for the GM's Apply (Operations may save someone first)", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await world.as("mp", async () => {
      const t = dialog.dialogTarget(goons.uuid, goons.name);
      const choice = { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 5, totalMode: "keepArea" as const };
      const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
      world.dice.queue(6, 6, 6);
      return flow.rollAndPost(mike as never, "a1", choice, mm, t);
    });
    await settled();
    expect(standing(m)).toEqual([]);
    expect((goons.system as unknown as { standing: number }).standing).toBe(3);
  });

  it("the world option off: the card waits for the GM's Apply", async () => {
    await world.as("gm", () => game.settings.set("fracas", "zodiac.autoApplyHits" as never, false as never));
    await startZodiacCombat(world, [mike, jeremy]);
    const card = await duel({ spend: 1, gathered: 4, wagers: 3 }, { spend: 1, gathered: 3, wagers: 2 }, [6, 6, 4, 1, 2, 4, 1, 2]);
    expect(standing(card)).toEqual([]);
    expect(health(jeremy).status).toBe("healthy");
  });

  it("no GM connected: a strike's card keeps its Apply for later", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 0 } });
    world.setActiveGM(null);
    const hit = await strike(baron, [6, 5]);
    expect(sys(hit).result.strike).toMatchObject({ success: true });
    expect(standing(hit)).toEqual([]);
    expect((baron.system as unknown as { wagersAgainst: number }).wagersAgainst).toBe(0);
  });

  it("two GMs connected: applied once, by the active GM's client", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 0 } });
    const hit = await strike(baron, [6, 5]);
    expect(standing(hit)).toHaveLength(1);
  });
});

describe("hitTargets: whom a card's hits reach", () => {
  const hits = async (card: object) => (await import("../../../../src/rulesets/zodiac/cards/auto-apply.js")).hitTargets(card);
  const a = { uuid: "Actor.a" };
  const b = { uuid: "Actor.b" };

  it("a duel: each side the other side's strike hit, or its finishing Wager killed (met with no total given)", async () => {
    expect(await hits({ kind: "duel", result: { a, b, duel: { a: { strike: { success: true } }, b: { strike: { success: false } } } } })).toEqual(["Actor.b"]);
    expect(await hits({ kind: "duel", result: { a, b, duel: { a: { strike: { success: false }, finish: { killed: true } }, b: { strike: { success: true } } } } })).toEqual(["Actor.b", "Actor.a"]);
    expect(await hits({ kind: "duel", result: { a, b, duel: { a: { strike: { success: false }, finish: { killed: false } }, b: {} } } })).toEqual([]);
  });

  it("a strike: its targets on a hit only; other kinds and malformed cards: none", async () => {
    expect(await hits({ kind: "strike", result: { strike: { success: true } }, targets: [{ uuid: "Actor.x" }, { uuid: 7 }] })).toEqual(["Actor.x"]);
    expect(await hits({ kind: "strike", result: { strike: { success: false } }, targets: [{ uuid: "Actor.x" }] })).toEqual([]);
    expect(await hits({ kind: "kill", result: { kill: { success: true } }, targets: [{ uuid: "Actor.x" }] })).toEqual([]);
    expect(await hits({ kind: "duel" })).toEqual([]);
  });
});
