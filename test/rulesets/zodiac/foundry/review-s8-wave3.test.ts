/**
 * Session 8, wave 3: the code review's Zodiac findings (/work/notes/review-s8-changes.md).
 * - F1: a held commit's paid mark follows its own id, carried on its card: two duels of one pair in
 *   one round share a key, and the first duel's card made the second duel's unpaid commit count as paid.
 * - F7: a commit whose Agent Points were spent but whose card did not post: the holder is told it was
 *   paid (its id); when that notice fails too, the points are given back on the sender's client.
 * - F8: the sheet's Roll opens one roll dialog per Agent (core openOnce); a target (or the roller)
 *   deleted while the dialog is open is dealt with at once (core's "actor" event on deletion).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, startZodiacCombat } from "./world.js";
import { cardReveal, duelCards, heldBy, keyOf, points, tearDown, twoGmWorld, warnings, wrapQuery, type TwoGmWorld } from "./two-gm-world.js";

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
/** The next chat message is refused by a preCreateChatMessage hook (a module, a GM's macro…). */
const refuseNextCard = () => world.hooks.once("preCreateChatMessage", () => false);

describe("review-s8 F1: two duels of one pair in one round, the second answer late", () => {
  it("hard to break: the first duel's commit card does not pay for Mike's second, unpaid commit: the Reveal names Mike; the Cancel gives back only Jeremy's", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    // The first duel of the round, revealed: both commits forgotten, both commit cards stay in chat.
    const first = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 1, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(...Array(7).fill(3));
    await cardReveal("gm", first);
    expect(duelCards()).toHaveLength(1);
    // The second duel, same round, same key: Mike's answer is late (kept unpaid, Mike spends nothing).
    world.answerLateNext("fracas.zodiacCommit");
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 })).toBeUndefined();
    await Promise.all(world.lateHandlers);
    expect(points(mike)).toBe(2);
    const second = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 1 });
    expect(keyOf(second)).toBe(keyOf(first));
    expect(points(jeremy)).toBe(2);
    expect((await heldBy("gm")).map((c) => [c.actor.name, c.paid])).toEqual([
      ["Mike", false],
      ["Jeremy", true],
    ]);
    world.dice.queue(...Array(14).fill(6));
    await cardReveal("gm", second);
    // Before: the first duel's card from Mike counted as payment, and Mike rolled 4 gathered dice for free.
    expect(duelCards()).toHaveLength(1);
    expect(warnings().at(-1)).toBe(
      "Nothing confirms Mike's commit was paid (no commit card from Mike, and no paid notice from Mike's client reached the GM's client holding it), so this duel cannot be revealed. No dice rolled. Cancel it (card or Agent sheet): that gives back no Agent Points for Mike's commit. If Mike's player was told its commit card could not be posted and their Agent Points stay spent, give those back on Mike's sheet; if they were told it could not be completed, none were spent. Then Mike commits again.",
    );
    expect(await cancel(keyOf(second))).toEqual({ ok: true });
    // Before: Mike was given back 1 Agent Point he never spent on this duel.
    expect([points(mike), points(jeremy)]).toEqual([2, 3]);
  });

  it("each commit card carries its commit's id, and marks that commit alone paid", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 1, wagers: 0 });
    const [held] = await heldBy("gm");
    expect(typeof held!.commitId).toBe("string");
    expect((card as unknown as { system: { result: { commitId?: string } } }).system.result.commitId).toBe(held!.commitId);
    expect(held!.paid).toBe(true);
  });
});

describe("review-s8 F7: the commit card did not post after its Agent Points were spent", () => {
  it("hard to break: a module refuses Mike's commit card: the GM is told it was paid, and the duel is revealed", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    refuseNextCard();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 })).toBeUndefined();
    expect(points(mike)).toBe(2);
    expect(warnings().at(-1)).toBe("Mike's commit against Jeremy is sealed and paid, but its card could not be posted (see the console). The GM reveals the duel from Mike's or Jeremy's Agent sheet once both have committed.");
    expect((await heldBy("gm")).map((c) => [c.actor.name, c.paid])).toEqual([["Mike", true]]);
    const card = await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(...Array(7).fill(4));
    await cardReveal("gm", card);
    // Before: "Mike's commit never reached Mike's player", no dice, and the Cancel gave nothing back.
    expect(duelCards()).toHaveLength(1);
  });

  it("hard to break: the card refused and the paid notice refused too: Mike's Agent Points come back on his client, and the Cancel gives nothing twice", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    // Room above his points, so a Cancel giving them back a second time would show.
    await world.as("gm", () => mike.update({ "system.agentPoints.max": 5 } as never));
    const { PAID_QUERY } = built.commits;
    // The GM's client answers that it marked nothing (review s8b G2: a certain "not paid"; a notice
    // with no answer is review-s8b.test.ts's case).
    wrapQuery(PAID_QUERY, () => Promise.resolve({ ok: false }));
    refuseNextCard();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 })).toBeUndefined();
    // Before: 1 Agent Point spent for a commit held unpaid for good.
    expect(points(mike)).toBe(3);
    expect(errors().at(-1)).toBe("Mike's commit card could not be posted and the GM could not be told it was paid, so the Agent Points it spent were given back. The GM cancels the duel against Jeremy (Agent sheet), then Mike commits again.");
    const [held] = await heldBy("gm");
    expect(held!.paid).toBe(false);
    expect(await cancel(held!.duelKey)).toEqual({ ok: true });
    expect(points(mike)).toBe(3);
  });

  it("the GM's own commit (kept on this client) whose card is refused is marked paid here", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    refuseNextCard();
    expect(await commitDuel(world, "gm", mike, jeremy, { spend: 1, gathered: 1, wagers: 0 })).toBeUndefined();
    expect(points(mike)).toBe(2);
    expect((await heldBy("gm")).map((c) => c.paid)).toEqual([true]);
  });
});

describe("review-s8 F8: one roll dialog per Agent; a deleted target or roller dealt with at once", () => {
  type RollDialog = InstanceType<TwoGmWorld["dialog"]["ZodiacRollDialog"]>;
  const rollAction = () => (built.sheets.ZodiacAgentSheet.DEFAULT_OPTIONS as unknown as { actions: { roll: (this: unknown, e: unknown, t: unknown) => Promise<void> } }).actions.roll;
  const openDialogs = (user: string) => [...world.appsOf(user).values()].filter((a): a is RollDialog => a instanceof built.dialog.ZodiacRollDialog && a.rendered);
  const submit = (dialog: RollDialog) => (built.dialog.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown) => Promise<void> } }).form.handler.call(dialog);

  it("hard to break: the sheet's Roll double-clicked opens one dialog; Roll on another Area brings it up on that Area", async () => {
    const sheet = new built.sheets.ZodiacAgentSheet({ document: mike } as never);
    const roll = rollAction();
    await world.as("mp", () => Promise.all([roll.call(sheet, {}, { dataset: { slot: "a1" } }), roll.call(sheet, {}, { dataset: { slot: "a1" } })]));
    // Before: two dialogs, each with its own Roll.
    expect(openDialogs("mp")).toHaveLength(1);
    await world.as("mp", () => roll.call(sheet, {}, { dataset: { slot: "a2" } }));
    expect(openDialogs("mp")).toHaveLength(1);
    expect(openDialogs("mp")[0]!.slot).toBe("a2");
    await world.as("mp", () => openDialogs("mp")[0]!.close());
  });

  it("hard to break: the strike's target deleted while the dialog is open: dropped at once and said; Roll before the redraw still rolls nothing", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    world.login("mp");
    world.target("mp", baron);
    const dialog = new built.dialog.ZodiacRollDialog({ actor: mike as never, slot: "a1" });
    await dialog.render({ force: true } as never);
    world.typeInto(dialog as never, { slot: "a1", kind: "strike", spend: "1", gathered: "2", wagers: "1", calledShot: "" });
    await world.as("gm", () => baron.delete());
    // Before: nothing said until Roll.
    expect(dialog.target).toBeNull();
    expect(warnings()).toEqual(["The Baron was deleted, so this roll no longer aims at them. Check the dialog before you roll."]);
    await world.as("mp", () => submit(dialog));
    expect(world.messages.filter((m) => m.type === "card")).toHaveLength(0);
    expect(points(mike)).toBe(3);
    expect(warnings().at(-1)).toBe("The Baron was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.");
    await world.as("mp", () => dialog.close());
  });

  it("hard to break: the roller deleted while the dialog is open: the dialog closes, saying so", async () => {
    world.login("mp");
    const dialog = new built.dialog.ZodiacRollDialog({ actor: mike as never, slot: "a1" });
    await dialog.render({ force: true } as never);
    await world.as("gm", () => mike.delete());
    await Promise.resolve();
    // Before: the dialog stayed open on a deleted Agent, its Roll writing to a document that is gone.
    expect(dialog.rendered).toBe(false);
    expect(warnings()).toEqual(["Mike was deleted, so their roll dialog was closed. Nothing was rolled or spent."]);
  });
});
