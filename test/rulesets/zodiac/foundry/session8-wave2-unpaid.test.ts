/**
 * Session 8 wave 2, wave 1's F3 gap: a commit the GM's client kept whose answer never reached its
 * player (held, not paid, no card) met by the other side's commit. Before, the Reveal rolled the
 * unpaid side's gathered dice though its Agent Points were never spent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel } from "./world.js";
import { cardReveal, duelCards, heldBy, keyOf, points, tearDown, twoGmWorld, warnings } from "./two-gm-world.js";

let world: FakeWorld;
let mike: FakeActor;
let jeremy: FakeActor;
beforeEach(async () => ({ world, mike, jeremy } = await twoGmWorld({ secondGm: false })));
afterEach(tearDown);

const cancel = async (key: string) => {
  const { cancelPendingDuel } = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
  return world.as("gm", () => cancelPendingDuel(key));
};

describe("hard to break: a Reveal meets a commit never paid (review s7c F3, the Reveal's side)", () => {
  it("hard to break: Mike's answer lost, Jeremy then commits: the Reveal names Mike, rolls nothing; the Cancel gives back only Jeremy's", async () => {
    world.answerLateNext("fracas.zodiacCommit");
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 })).toBeUndefined();
    await Promise.all(world.lateHandlers);
    expect(points(mike)).toBe(3);
    const card = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 1 });
    expect(points(jeremy)).toBe(2);
    const key = keyOf(card);
    expect((await heldBy("gm")).map((c) => [c.actor.name, c.duelKey === key, c.paid])).toEqual([
      ["Mike", true, false],
      ["Jeremy", true, true],
    ]);
    world.dice.queue(...Array(14).fill(6));
    await cardReveal("gm", card);
    // Before: a duel card, Mike rolling 4 gathered dice he never paid for.
    expect(duelCards()).toHaveLength(0);
    expect(warnings().at(-1)).toBe(
      "Nothing confirms Mike's commit was paid (no commit card from Mike, and no paid notice from Mike's client reached the GM's client holding it), so this duel cannot be revealed. No dice rolled. Cancel it (card or Agent sheet): that gives back no Agent Points for Mike's commit. If Mike's player was told its commit card could not be posted and their Agent Points stay spent, give those back on Mike's sheet; if they were told it could not be completed, none were spent. Then Mike commits again.",
    );
    expect(await heldBy("gm")).toHaveLength(2);
    expect(await cancel(key)).toEqual({ ok: true });
    expect([points(mike), points(jeremy)]).toEqual([3, 3]);
  });

  it("a commit whose card was posted (paid) reveals as before", async () => {
    const a = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 1 });
    world.dice.queue(...Array(14).fill(6));
    await cardReveal("gm", a);
    expect(duelCards()).toHaveLength(1);
  });
});
