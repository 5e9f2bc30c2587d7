/**
 * Session 5, item 1: an Almost Dead's round was kept without its fight (`almostDeadSince` alone),
 * so an Agent made Almost Dead in round 3 of one fight was still protected from the killing Wager
 * (seed ¶11: "That Wager must be spent during a separate round then the one where the Agent became
 * Almost Dead") in rounds 1–3 of a new fight. Now every flow that writes the round writes its fight
 * (`health.almostDeadIn`), and a duel in another fight reads it as "before this fight" (0). Older
 * data (a round, no fight) reads as before: its round stands.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { fightAfterDuel, healthForDuel, withFightOfSince } from "../../../../src/rulesets/zodiac/cards/duel-round.js";
import { agentSheetView, type AgentSystem } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { stateUpdate } from "../../../../src/rulesets/zodiac/sheets/status-sync.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld, type Flow, type Operations, type Sheets } from "./world.js";

describe("the fight an Almost Dead's round counts in (pure)", () => {
  const since3 = { status: "almostDead" as const, wagersAgainst: 4, almostDeadSince: 3 };
  const fightB = { id: "B", round: 1 };
  it("a duel in another fight reads it as before this fight; in its own fight, or with no fight recorded (older data), as recorded", () => {
    expect(healthForDuel({ ...since3, almostDeadIn: "A" }, fightB).almostDeadSince).toBe(0);
    expect(healthForDuel({ ...since3, almostDeadIn: "B" }, { id: "B", round: 3 }).almostDeadSince).toBe(3);
    expect(healthForDuel({ ...since3, almostDeadIn: null }, fightB).almostDeadSince).toBe(3);
    expect(healthForDuel(since3, fightB).almostDeadSince).toBe(3);
    expect(healthForDuel({ ...since3, almostDeadIn: "A" }, null).almostDeadSince).toBe(0);
  });

  it("the fight recorded with the round: the duel's when it makes them Almost Dead, the stored one when the round stands, none outside a fight", () => {
    const healthy = { status: "healthy", almostDeadIn: null };
    expect(fightAfterDuel(healthy, since3, { id: "A", round: 3 })).toBe("A");
    expect(fightAfterDuel(healthy, { ...since3, almostDeadSince: 1 }, null)).toBeNull();
    expect(fightAfterDuel({ status: "almostDead", almostDeadIn: "A" }, { ...since3, status: "dead" }, fightB)).toBe("A");
    expect(fightAfterDuel({ status: "almostDead", almostDeadIn: "A" }, { status: "healthy", wagersAgainst: 0, almostDeadSince: null }, fightB)).toBeNull();
    expect(withFightOfSince({ almostDeadSince: 2, almostDeadBy: "none" }, "A")).toEqual({ almostDeadSince: 2, almostDeadBy: "none", almostDeadIn: "A" });
    expect(withFightOfSince({ almostDeadSince: null, almostDeadBy: "none" }, "A")).toEqual({ almostDeadSince: null, almostDeadBy: "none", almostDeadIn: null });
    expect(withFightOfSince({ status: "dead" } as { almostDeadSince?: number | null }, "A")).toEqual({ status: "dead" });
    // An icon toggled on in fight A (status-sync.ts) records A with the round, as a sheet edit does.
    expect(stateUpdate({ status: "healthy", almostDeadSince: null, almostDeadBy: "none" }, "almostDead", 2, "A")).toMatchObject({ "system.health.almostDeadSince": 2, "system.health.almostDeadIn": "A" });
  });

  it("the sheet's note: 'since round 3' in that fight, 'since before this fight' in another", () => {
    const system = { areas: {}, agentPoints: { value: 3, max: 3 }, health: { ...since3, almostDeadIn: "A" }, notes: "" } as unknown as AgentSystem;
    expect(agentSheetView({ name: "Jeremy", img: "", system }, true, "", "A").almostDeadNote).toEqual({ key: "FRACAS.Zodiac.Sheet.AlmostDeadNote", round: 3 });
    expect(agentSheetView({ name: "Jeremy", img: "", system }, true, "", "B").almostDeadNote).toEqual({ key: "FRACAS.Zodiac.Sheet.AlmostDeadNoteBefore", round: 0 });
  });
});

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let operations: Operations;
let sheets: Sheets;
let mike: FakeActor;
let jeremy: FakeActor;

type Health = { status: string; wagersAgainst: number; almostDeadSince: number | null; almostDeadIn: string | null };
const health = (a: FakeActor) => (a.system as unknown as { health: Health }).health;
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);

beforeEach(async () => {
  ({ world, adapter, flow, operations, sheets } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

async function fightAt(round: number): Promise<FakeCombat> {
  const combat = await startZodiacCombat(world, [mike, jeremy]);
  for (let r = 1; r < round; r++) await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
  expect(combat.round).toBe(round);
  return combat;
}

/** Both commit (Mike first); the GM reveals with these dice and applies the duel to both. */
async function duel(m: { spend: number; gathered: number; wagers: number; finish?: boolean }, j: { spend: number; gathered: number; wagers: number }, dice: number[]) {
  const mc = await commitDuel(world, "mp", mike, jeremy, m);
  await commitDuel(world, "jp", jeremy, mike, j);
  world.dice.queue(...dice);
  const card = await world.as("gm", () => flow.revealDuel(keyOf(mc)));
  await world.as("gm", async () => {
    for (const a of [jeremy, mike]) expect((await adapter.queries.requestApply(card!.id ?? "", a.uuid, true)).ok).toBe(true);
  });
}

/** The seed's exchange: Jeremy Almost Dead. */
const seedExchange = () => duel({ spend: 1, gathered: 4, wagers: 3 }, { spend: 1, gathered: 3, wagers: 2 }, [6, 6, 4, 1, 2, 4, 1, 2]);
/** Mike's killing Wager; its reveal needs a round after Jeremy's Almost Dead. */
const finishingCommits = async () => {
  await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));
  const mc = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1, finish: true });
  await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
  world.dice.queue(6, 6, 1, 1, 1);
  return keyOf(mc);
};
const finish = async () => {
  const key = await finishingCommits();
  const card = await world.as("gm", () => flow.revealDuel(key));
  await world.as("gm", async () => expect((await adapter.queries.requestApply(card!.id ?? "", jeremy.uuid, true)).ok).toBe(true));
};

describe("Jeremy made Almost Dead in round 3 of one fight, then a new fight", () => {
  it("the duel records fight A with round 3; in fight B's round 1 Mike's killing Wager lands (before: finishTooSoon)", async () => {
    const a = await fightAt(3);
    await seedExchange();
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 3, almostDeadIn: a.id });
    await world.as("gm", () => a.delete());

    await fightAt(1);
    await finish();
    expect(health(jeremy).status).toBe("dead");
  });

  it("in fight A itself, round 3 still refuses the killing Wager (the rule stands within a fight)", async () => {
    await fightAt(3);
    await seedExchange();
    const key = await finishingCommits();
    expect(await world.as("gm", () => flow.revealDuel(key))).toBeUndefined();
    expect(warnings().at(-1)).toContain("The killing Wager must come in a later round than the one that made the Agent Almost Dead (round 3).");
  });

  it("two fights at once: A (round 3) left running, B viewed and started: B's round 1 reads A's round as before this fight", async () => {
    const a = await fightAt(3);
    await seedExchange();
    const b = await fightAt(1);
    Object.defineProperty(game, "combat", { get: () => b, configurable: true });
    expect(b.id).not.toBe(a.id);
    await finish();
    expect(health(jeremy).status).toBe("dead");
  });

  it("Setback's shot in fight A's round 3 records A: fight B's round 1 may finish him", async () => {
    const a = await fightAt(3);
    await world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "seed" }, "gm"));
    expect(await world.as("gm", () => operations.shootIn(operations.storeFor(jeremy as never), jeremy.uuid))).toEqual({ ok: true });
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 3, almostDeadIn: a.id });
    await world.as("gm", () => a.delete());
    await fightAt(1);
    await finish();
    expect(health(jeremy).status).toBe("dead");
  });

  it("a hand-set Almost Dead in fight A records A too", async () => {
    const a = await fightAt(2);
    const sheet = new sheets.ZodiacAgentSheet({ document: jeremy } as never) as unknown as { _processFormData(e: unknown, f: unknown, d: { object: object }): Record<string, unknown> };
    await world.as("gm", async () => jeremy.update(sheet._processFormData({}, null, { object: { "system.health.status": "almostDead" } }) as never));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 2, almostDeadIn: a.id });
  });

  it("older data (round 3, no fight recorded) reads as before: still since 3 in a new fight's round 1", async () => {
    await world.as("gm", async () => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 3 } as never));
    expect(health(jeremy).almostDeadIn).toBeNull();
    await fightAt(1);
    const key = await finishingCommits();
    expect(await world.as("gm", () => flow.revealDuel(key))).toBeUndefined();
    expect(warnings().at(-1)).toContain("(round 3)");
  });
});
