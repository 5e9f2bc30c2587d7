/**
 * Review s8b (/work/notes/review-s8b-changes.md) G2: the commit card did not post and the paid
 * notice to the GM's client failed. The Agent Points are given back only when the GM's client
 * certainly did not mark the commit paid (not connected, or it answered no); when the notice's fate
 * is unknown (no answer in time) nothing is given back, so a commit is never both paid and refunded.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, startZodiacCombat } from "./world.js";
import { cardReveal, duelCards, heldBy, points, tearDown, twoGmWorld, wrapQuery, type TwoGmWorld } from "./two-gm-world.js";

let built: TwoGmWorld;
let world: FakeWorld;
let mike: FakeActor;
let jeremy: FakeActor;
beforeEach(async () => {
  built = await twoGmWorld({ secondGm: false });
  ({ world, mike, jeremy } = built);
});
afterEach(tearDown);

const cancel = async (key: string) => {
  const { cancelPendingDuel } = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
  return world.as("gm", () => cancelPendingDuel(key));
};
const errors = () => world.notifications.filter((n) => n.type === "error").map((n) => n.message);
const refuseNextCard = () => world.hooks.once("preCreateChatMessage", () => false);
const whispersToGm = () => world.messages.filter((m) => (m as unknown as { whisper: string[] }).whisper.includes("gm")).map((m) => String((m as unknown as { content: string }).content));
const UNKNOWN =
  "Mike's commit card could not be posted, and the GM's client did not answer in time whether the commit is paid. Nothing was given back (Agent Points spent: 1), so it cannot be paid and refunded both. Tell the GM: if the duel's Reveal says nothing confirms Mike's commit was paid, the GM cancels the duel against Jeremy and gives those Agent Points back on Mike's sheet.";

describe("review-s8b G2: the paid notice's fate decides the refund", () => {
  beforeEach(async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    // Room above his points, so a second refund would show.
    await world.as("gm", () => mike.update({ "system.agentPoints.max": 5 } as never));
  });

  it("hard to break: the paid notice times out but the GM's client marks it paid late: no refund, the Reveal rolls paid dice, the Cancel gives back once", async () => {
    world.answerLateNext(built.commits.PAID_QUERY);
    refuseNextCard();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 })).toBeUndefined();
    await Promise.all(world.lateHandlers);
    // Before: refunded to 3 here while the GM's client marked the commit paid.
    expect(points(mike)).toBe(2);
    expect(errors().at(-1)).toBe(UNKNOWN);
    expect(whispersToGm().at(-1)).toContain("your client did not confirm in time that it was paid");
    const [held] = await heldBy("gm");
    expect(held!.paid).toBe(true);
    expect(await cancel(held!.duelKey)).toEqual({ ok: true });
    // Given back once (by the Cancel, as paid): before, 3 + 1 = 4.
    expect(points(mike)).toBe(3);
  });

  it("hard to break: the paid notice times out and then the Reveal: Mike's paid dice roll, his points spent once", async () => {
    world.answerLateNext(built.commits.PAID_QUERY);
    refuseNextCard();
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 });
    await Promise.all(world.lateHandlers);
    const card = await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(...Array(7).fill(4));
    await cardReveal("gm", card);
    expect(duelCards()).toHaveLength(1);
    // Before: 3 (refunded) and the gathered dice rolled anyway.
    expect(points(mike)).toBe(2);
  });

  it("hard to break: the paid notice's answer never comes and the GM's client never ran it: unpaid and unrefunded, the GM told, the Cancel gives nothing", async () => {
    wrapQuery(built.commits.PAID_QUERY, () => Promise.reject(new Error("timed out after 15000 ms")));
    refuseNextCard();
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 });
    expect(points(mike)).toBe(2);
    expect(errors().at(-1)).toBe(UNKNOWN);
    expect(whispersToGm()).toHaveLength(1);
    expect(whispersToGm()[0]!.replace(/&#x?[0-9a-f]+;/gi, "")).not.toMatch(/\d/);
    const [held] = await heldBy("gm");
    expect(held!.paid).toBe(false);
    expect(await cancel(held!.duelKey)).toEqual({ ok: true });
    // The GM gives them back by hand on the sheet, as both were told; nothing automatic twice.
    expect(points(mike)).toBe(2);
  });

  it("the GM's client not connected when the card fails: the notice never left, so the points are given back", async () => {
    // The GM leaves as the card is refused (a hook returning false stops the ones after it).
    world.hooks.once("preCreateChatMessage", () => {
      world.users.get("gm")!.active = false;
    });
    refuseNextCard();
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 });
    world.users.get("gm")!.active = true;
    expect(points(mike)).toBe(3);
    expect(errors().at(-1)).toBe("Mike's commit card could not be posted and the GM could not be told it was paid, so the Agent Points it spent were given back. The GM cancels the duel against Jeremy (Agent sheet), then Mike commits again.");
    expect(world.queryLog.filter((q) => q.name === built.commits.PAID_QUERY)).toHaveLength(0);
    const [held] = await heldBy("gm");
    expect(held!.paid).toBe(false);
  });
});
