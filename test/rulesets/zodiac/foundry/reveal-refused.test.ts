/**
 * Session 5 audit: a duel the rules refuse whatever the dice — a finishing Wager committed in the
 * round the opponent became Almost Dead (seed ¶11: "That Wager must be spent during a separate round
 * then the one where the Agent became Almost Dead") — made the GM's Reveal throw after rolling both
 * pools: the card click said only "failed", the dice were spent, and the GM had to guess why and end
 * the duel by hand. Now the Reveal checks first: it says why, rolls nothing, and keeps the commits
 * for the GM to cancel (Agent Points back).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld, type Flow } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const duelCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");

beforeEach(async () => {
  ({ world, adapter, flow } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("Mike commits his killing Wager in the round Jeremy fell", () => {
  it("the Reveal says why, rolls no dice, posts no card and keeps both commits; the GM's Cancel gives the Agent Points back", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", async () => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 1 } as never));
    const mc = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1, finish: true });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    expect(points(mike)).toBe(2);
    world.dice.queue(6, 6, 1, 1, 1);

    expect(await world.as("gm", () => flow.revealDuel(keyOf(mc)))).toBeUndefined();
    expect(warnings()).toEqual([
      "Cannot reveal: The killing Wager must come in a later round than the one that made the Agent Almost Dead (round 1). No dice rolled. Cancel the duel (card or Agent sheet) and commit again.",
    ]);
    expect(world.dice.remaining).toHaveLength(5);
    expect(duelCards()).toEqual([]);
    expect(flow.readCommits()).toHaveLength(2);

    expect(await world.as("gm", () => adapter.queries.requestFollowUp((mc as unknown as FakeChatMessage).id ?? "", "cancelDuel", {}))).toMatchObject({ ok: true });
    expect(points(mike)).toBe(3);
    expect(flow.readCommits()).toEqual([]);
  });
});
