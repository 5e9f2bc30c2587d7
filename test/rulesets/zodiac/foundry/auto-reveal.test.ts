/**
 * Rules audit s14 F2 ("clicks"): a duel both Agents had committed to still waited for the GM's
 * Reveal, though nothing was left to choose. With the world option zodiac.autoReveal (on by
 * default) the GM client holding the commits reveals it once the second is paid.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld, type Flow } from "./world.js";

let world: FakeWorld;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const settled = async () => (await import("../../../../src/rulesets/zodiac/cards/auto-reveal.js")).autoRevealsSettled();
const keyOf = (m: unknown) => String(((m as FakeChatMessage).system as unknown as { result: { duelKey: string } }).result.duelKey);
const duelCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);

beforeEach(async () => {
  ({ world, flow } = await zodiacWorld({ autoReveal: true }));
  ({ mike, jeremy } = mikeAndJeremy(world));
});

async function both(dice: number[] = [6, 6, 4, 1, 2, 4, 1, 2]): Promise<FakeChatMessage> {
  const mc = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
  await settled();
  expect(duelCards()).toEqual([]);
  world.dice.queue(...dice);
  await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 2 });
  await settled();
  return mc as unknown as FakeChatMessage;
}

describe("a duel is revealed once both sides have committed", () => {
  it("the second commit reveals it: one duel card, both pools rolled, the commits forgotten", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const mc = await both();
    expect(duelCards()).toHaveLength(1);
    const result = (duelCards()[0]!.system as unknown as { result: { duelKey: string; duel: { a: { roll: { total: number } }; b: { roll: { total: number } } } } }).result;
    expect(result.duelKey).toBe(keyOf(mc));
    expect([result.duel.a.roll.total, result.duel.b.roll.total]).toEqual([16, 8]);
    expect(world.dice.remaining).toHaveLength(0);
    expect(flow.readCommits()).toEqual([]);
    // The GM's Reveal afterwards rolls nothing more.
    await world.as("gm", () => flow.revealDuel(keyOf(mc)));
    expect(duelCards()).toHaveLength(1);
    expect(warnings().at(-1)).toContain("already been revealed");
  });

  it("outside a fight too (the GM's client gives the duel its key)", async () => {
    await both();
    expect(duelCards()).toHaveLength(1);
  });

  it("a Reveal the rules refuse is told to the GM as the button tells it, rolls nothing and keeps both commits for the Cancel", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", async () => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 1 } as never));
    await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1, finish: true });
    world.dice.queue(6, 6, 1, 1, 1);
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    await settled();
    expect(warnings()).toEqual([expect.stringContaining("The killing Wager must come in a later round")]);
    expect(world.dice.remaining).toHaveLength(5);
    expect(duelCards()).toEqual([]);
    expect(flow.readCommits()).toHaveLength(2);
  });

  it("the GM committing for one side, a second GM connected: revealed once, on the client holding the commits", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    await startZodiacCombat(world, [mike, jeremy]);
    await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    // Mike's 2 dice (Aries 3 less his Wager), then Jeremy's 3.
    world.dice.queue(6, 6, 1, 1, 1);
    await commitDuel(world, "gm", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    await settled();
    expect(duelCards()).toHaveLength(1);
    expect(world.dice.remaining).toHaveLength(0);
  });

  it("the world option off: the duel waits for the GM's Reveal", async () => {
    await world.as("gm", () => game.settings.set("fracas", "zodiac.autoReveal" as never, false as never));
    await startZodiacCombat(world, [mike, jeremy]);
    const mc = await both();
    expect(duelCards()).toEqual([]);
    expect(flow.readCommits()).toHaveLength(2);
    await world.as("gm", () => flow.revealDuel(keyOf(mc)));
    expect(duelCards()).toHaveLength(1);
  });
});
