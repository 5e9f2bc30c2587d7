/**
 * Session 5, item 2: outside a fight every duel between two Agents had one key ("none:0:A|B"), so
 * the pair's duels collided: a later duel's commits sat under the key of every earlier one, whose
 * old cards' Reveal and Cancel named it too. Now the GM's client gives each duel outside a fight its
 * own key (commits.ts outsideKey): the first commit opens a new duel, the opponent's commit joins
 * it — also when both commit at once — and the next duel of the same pair gets a new key.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { isDuelKeyOf, duelKey } from "../../../../src/rulesets/zodiac/cards/results.js";
import { validCommit } from "../../../../src/rulesets/zodiac/cards/commits.js";
import { commits, JEREMY, MIKE } from "./mike-jeremy-data.js";
import { commitDuel, mikeAndJeremy, zodiacWorld, type Flow } from "./world.js";

describe("duel keys (pure)", () => {
  it("outside a fight any duel id of the pair (older commits: '0'); in a fight exactly its round's", () => {
    const fight = { id: "c1", round: 2 };
    expect(isDuelKeyOf(duelKey(MIKE.uuid, JEREMY.uuid, null), MIKE.uuid, JEREMY.uuid, null)).toBe(true);
    expect(isDuelKeyOf(duelKey(JEREMY.uuid, MIKE.uuid, null, "abc123XYZ"), MIKE.uuid, JEREMY.uuid, null)).toBe(true);
    expect(isDuelKeyOf(`none:bad id:${MIKE.uuid}|${JEREMY.uuid}`, MIKE.uuid, JEREMY.uuid, null)).toBe(false);
    expect(isDuelKeyOf(duelKey(MIKE.uuid, "Actor.sam", null, "abc"), MIKE.uuid, JEREMY.uuid, null)).toBe(false);
    expect(isDuelKeyOf(duelKey(MIKE.uuid, JEREMY.uuid, fight), MIKE.uuid, JEREMY.uuid, fight)).toBe(true);
    expect(isDuelKeyOf(duelKey(MIKE.uuid, JEREMY.uuid, null, "2"), MIKE.uuid, JEREMY.uuid, fight)).toBe(false);
  });

  it("a commit stored before this change ('none:0:…') is still valid", () => {
    const { mike } = commits();
    expect(validCommit({ ...mike, combat: null, duelKey: duelKey(MIKE.uuid, JEREMY.uuid, null) })).toBe(true);
    expect(validCommit({ ...mike, combat: null, duelKey: duelKey(MIKE.uuid, JEREMY.uuid, null, "k1") })).toBe(true);
  });
});

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);
const duelCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);

beforeEach(async () => {
  ({ world, adapter, flow } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("Mike and Jeremy duel with no fight started", () => {
  it("both commit: one duel with its own key (not the pair's 'none:0'), both commits held under it, revealed together", async () => {
    const m = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const j = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 2 });
    expect(keyOf(m)).toBe(keyOf(j));
    expect(keyOf(m)).not.toBe(duelKey(mike.uuid, jeremy.uuid, null));
    expect(keyOf(m)).toMatch(/^none:[A-Za-z0-9]+:/);
    expect(flow.readCommits().map((c) => [c.actor.name, c.duelKey])).toEqual([
      ["Mike", keyOf(m)],
      ["Jeremy", keyOf(m)],
    ]);
    world.dice.queue(6, 6, 4, 1, 2, 4, 1, 2);
    expect(await world.as("gm", () => flow.revealDuel(keyOf(j)))).toBeDefined();
    expect(flow.readCommits()).toEqual([]);
  });

  it("both commit at the same moment: they still meet in one duel", async () => {
    const [m, j] = await Promise.all([
      commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 }),
      commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 1 }),
    ]);
    expect(keyOf(m)).toBe(keyOf(j));
    world.dice.queue(1, 1, 1, 1, 1, 1);
    expect(await world.as("gm", () => flow.revealDuel(keyOf(m)))).toBeDefined();
  });

  it("two duels in a row: the second has a new key; the first's card reveals nothing and cancels nothing of it", async () => {
    const first = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(1, 1, 1, 1, 1, 1);
    expect(await world.as("gm", () => flow.revealDuel(keyOf(first)))).toBeDefined();

    // This time Jeremy opens, Mike answers.
    const second = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 1 });
    expect(keyOf(second)).not.toBe(keyOf(first));
    expect(await world.as("gm", () => flow.revealDuel(keyOf(first)))).toBeUndefined();
    expect(warnings()).toEqual(["These Wagers have already been revealed."]);
    const cancelOld = await world.as("gm", () => adapter.queries.requestFollowUp((first as unknown as FakeChatMessage).id ?? "", "cancelDuel", {}));
    expect(cancelOld).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" });
    expect(flow.readCommits().map((c) => c.duelKey)).toEqual([keyOf(second)]);

    const answer = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 2 });
    expect(keyOf(answer)).toBe(keyOf(second));
    world.dice.queue(1, 1, 1, 1, 1, 1, 1);
    const duel = await world.as("gm", () => flow.revealDuel(keyOf(second)));
    const r = ((duel as unknown as FakeChatMessage).system as unknown as { result: { a: { name: string; wagers: number }; b: { name: string; wagers: number } } }).result;
    expect([r.a, r.b].map((s) => [s.name, s.wagers]).sort()).toEqual([
      ["Jeremy", 1],
      ["Mike", 2],
    ]);
    expect(duelCards()).toHaveLength(2);
  });
});
