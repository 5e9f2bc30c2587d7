/**
 * Audit (session 4): two Agents who fight each other a second time under the same duel key — always
 * so outside a fight ("none:0:<a>|<b>"), or twice in one round — could never have the second duel
 * revealed: Reveal said "already revealed" because the first duel's card existed, though the GM
 * held fresh commits; the committing players had spent their Agent Points, and the stuck commits
 * refused any new one ("already committed"). Now "already revealed" is said only when no commit
 * for that duel is held any more, and reveals run one at a time (a double click rolls once).
 * (Session 5: each duel outside a fight now has its own key, duel-keys.test.ts.)
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, mikeAndJeremy, zodiacWorld } from "./world.js";
import type { Flow } from "./world.js";

let world: FakeWorld;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);
const duelCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;

beforeEach(async () => {
  ({ world, flow } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

async function duel(spend: number): Promise<string> {
  const m = await commitDuel(world, "mp", mike, jeremy, { spend, gathered: spend, wagers: 0 });
  await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
  return keyOf(m);
}

describe("Mike and Jeremy fight twice with no fight started", () => {
  it("the second duel is revealed too (its own key since session 5), and a second Reveal of either says 'already revealed'", async () => {
    const first = await duel(0);
    world.dice.queue(1, 1, 1, 1, 1, 1);
    expect(await world.as("gm", () => flow.revealDuel(first))).toBeDefined();
    expect(duelCards()).toHaveLength(1);

    const second = await duel(1);
    expect(second).not.toBe(first);
    expect(points(mike)).toBe(2);
    world.dice.queue(1, 1, 1, 1, 1, 1, 1);
    expect(await world.as("gm", () => flow.revealDuel(second))).toBeDefined();
    expect(duelCards()).toHaveLength(2);
    expect(warnings()).toEqual([]);

    expect(await world.as("gm", () => flow.revealDuel(second))).toBeUndefined();
    expect(warnings()).toEqual(["These Wagers have already been revealed."]);
    expect(duelCards()).toHaveLength(2);
  });

  it("a double click on Reveal rolls the commits once", async () => {
    const key = await duel(0);
    world.dice.queue(1, 1, 1, 1, 1, 1);
    const both = await world.as("gm", () => Promise.all([flow.revealDuel(key), flow.revealDuel(key)]));
    expect(both.filter((m) => m !== undefined)).toHaveLength(1);
    expect(duelCards()).toHaveLength(1);
  });
});
