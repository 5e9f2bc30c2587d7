/**
 * Session 4, wave 2, task 3: finishing outside a fight (seed ¶11: "That Wager must be spent during
 * a separate round then the one where the Agent became Almost Dead"). Every duel outside a fight
 * was round 1, so an Agent a duel there made Almost Dead (since round 1) could never be finished by
 * another duel there: the reveal failed on "finishTooSoon". Now each duel outside a fight is a round
 * of its own (cards/duel-round.ts): an Almost Dead on record when it is revealed came before it, and
 * one it makes is recorded since 0 ("before this fight"), so a fight started later can finish them
 * in its round 1 too.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { duelRound, healthForDuel, sinceAfterDuel } from "../../../../src/rulesets/zodiac/cards/duel-round.js";
import { duelKey, duelResult } from "../../../../src/rulesets/zodiac/cards/results.js";
import { duelView } from "../../../../src/rulesets/zodiac/cards/views.js";
import { calledShotCosts } from "../../../../src/rulesets/zodiac/rules/index.js";
import { areaNumbers, commits, jeremyAreas, mikeAreas, JEREMY, MIKE } from "./mike-jeremy-data.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld, type Flow } from "./world.js";

describe("duel-round (pure)", () => {
  const almostDead = { status: "almostDead" as const, wagersAgainst: 4, almostDeadSince: 1 };
  const fight = { id: "c1", round: 3 };
  it("outside a fight: round 1, and an Almost Dead on record is since before it; in a fight, as recorded", () => {
    expect(duelRound(null)).toBe(1);
    expect(duelRound(fight)).toBe(3);
    expect(healthForDuel(almostDead, null)).toEqual({ ...almostDead, almostDeadSince: 0 });
    expect(healthForDuel({ ...almostDead, almostDeadSince: 5 }, null).almostDeadSince).toBe(0);
    expect(healthForDuel(almostDead, fight)).toBe(almostDead);
    expect(healthForDuel({ status: "healthy", wagersAgainst: 0, almostDeadSince: null }, null).almostDeadSince).toBeNull();
  });

  it("the round recorded after the Apply: made Almost Dead outside a fight → 0; in a fight → its round; already so → unchanged", () => {
    const healthy = { status: "healthy", almostDeadSince: null };
    expect(sinceAfterDuel(healthy, { ...almostDead, almostDeadSince: 1 }, null)).toBe(0);
    expect(sinceAfterDuel(healthy, { ...almostDead, almostDeadSince: 3 }, fight)).toBe(3);
    expect(sinceAfterDuel({ status: "almostDead", almostDeadSince: 2 }, { ...almostDead, almostDeadSince: 0 }, null)).toBe(2);
    expect(sinceAfterDuel({ status: "almostDead", almostDeadSince: 2 }, { ...almostDead, status: "dead", almostDeadSince: 0 }, null)).toBe(2);
    expect(sinceAfterDuel(healthy, { status: "dead", wagersAgainst: 5, almostDeadSince: null }, null)).toBeNull();
    expect(sinceAfterDuel({ status: "almostDead", almostDeadSince: 2 }, { status: "healthy", wagersAgainst: 0, almostDeadSince: null }, null)).toBeNull();
  });

  it("duelResult outside a fight: Mike finishes a Jeremy Almost Dead 'since round 1' (before: finishTooSoon)", () => {
    const { mike, jeremy } = commits();
    const key = duelKey(MIKE.uuid, JEREMY.uuid, null);
    const r = duelResult(
      { ...mike, combat: null, duelKey: key, spend: 0, gathered: 0, wagers: 1, finish: true, agentPointsLeft: 2 },
      { ...jeremy, combat: null, duelKey: key, spend: 0, gathered: 0, wagers: 0 },
      { a: { areas: areaNumbers(mikeAreas), health: { status: "healthy", wagersAgainst: 3, almostDeadSince: null } }, b: { areas: areaNumbers(jeremyAreas), health: { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 } } },
      { a: [6, 6], b: [1, 1, 1] },
      "keepArea",
      calledShotCosts,
    );
    expect((r.duel as { a: { finish: { killed: boolean } } }).a.finish).toMatchObject({ killed: true, round: 1, almostDeadSince: 0 });
    expect(duelView(r).roundKey).toBe("FRACAS.Zodiac.Card.DuelOutside");
  });
});

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

type Health = { status: string; wagersAgainst: number; almostDeadSince: number | null; almostDeadBy: string };
const health = (a: FakeActor) => (a.system as unknown as { health: Health }).health;
const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);
const errors = () => world.notifications.filter((n) => n.type !== "info").map((n) => n.message);

beforeEach(async () => {
  ({ world, adapter, flow } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

/** Both commit (Mike first), the GM reveals with these dice and applies the duel to both Agents. */
async function duel(m: { spend: number; gathered: number; wagers: number; finish?: boolean }, j: { spend: number; gathered: number; wagers: number }, dice: number[]): Promise<FakeChatMessage> {
  const mc = await commitDuel(world, "mp", mike, jeremy, m);
  await commitDuel(world, "jp", jeremy, mike, j);
  world.dice.queue(...dice);
  const card = (await world.as("gm", () => flow.revealDuel(keyOf(mc)))) as unknown as FakeChatMessage | undefined;
  expect(card, JSON.stringify(errors())).toBeDefined();
  await world.as("gm", async () => {
    for (const a of [jeremy, mike]) expect((await adapter.queries.requestApply(card!.id ?? "", a.uuid, true)).ok).toBe(true);
  });
  return card!;
}

/** The seed's exchange (6,6,4,1 against 2,4,1,2): Jeremy Almost Dead, Mike at 3 of 5. */
const seedExchange = () => duel({ spend: 1, gathered: 4, wagers: 3 }, { spend: 1, gathered: 3, wagers: 2 }, [6, 6, 4, 1, 2, 4, 1, 2]);
/** Mike's killing Wager (1 Wager, 1 Agent Point; 3 dice 6,6,x against TN 10); Jeremy, Almost Dead, cannot Wager. */
const finishingExchange = () => duel({ spend: 0, gathered: 0, wagers: 1, finish: true }, { spend: 0, gathered: 0, wagers: 0 }, [6, 6, 1, 1, 1]);

describe("Mike and Jeremy with no fight started", () => {
  it("the seed's exchange makes Jeremy Almost Dead (since 0: before any fight); a second duel finishes him", async () => {
    const first = await seedExchange();
    expect(first.content).toContain("No fight running: both sides");
    expect(first.content).not.toContain("Round 1");
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 0, almostDeadBy: "rank" });
    await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));

    await finishingExchange();
    expect(health(jeremy).status).toBe("dead");
    expect(jeremy.statuses.has("fracas-dead")).toBe(true);
  });

  it("Jeremy made Almost Dead in round 3 of a fight since ended (since 3): a duel outside a fight finishes him", async () => {
    const combat = await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", async () => {
      await (combat as unknown as FracasCombat).nextRound();
      await (combat as unknown as FracasCombat).nextRound();
    });
    expect(combat.round).toBe(3);
    await world.as("gm", async () => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 3, "system.health.almostDeadBy": "rank" } as never));
    await world.as("gm", () => combat.delete());
    await finishingExchange();
    expect(health(jeremy)).toMatchObject({ status: "dead", almostDeadSince: 3 });
  });

  it("Almost Dead from a duel outside a fight, then a fight starts: round 1 may finish him (before: only round 2)", async () => {
    await seedExchange();
    await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));
    const combat = await startZodiacCombat(world, [mike, jeremy]);
    expect(combat.round).toBe(1);
    await finishingExchange();
    expect(health(jeremy).status).toBe("dead");
  });
});
