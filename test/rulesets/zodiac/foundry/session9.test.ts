/**
 * Session 9 for Zodiac:
 * - Core's one behaviour and wording when a roll dialog's target or roller is deleted
 *   (src/foundry/sheets/target-gone.ts, roller-gone.ts): the dialog stays open, drops the target,
 *   redraws and says so in core's words; a Roll pressed before that redraw rolls and spends nothing.
 *   Everyone Else and Other Agents are often unlinked tokens: deleting such a token alone tells the
 *   dialog at once too.
 * - Review s8b G8: a draw prepared before the target was dropped no longer clears the "dropped" mark.
 * - A paid notice that timed out and never ran (review s8b G2's unknown case): every message the
 *   player and the GM read is true, the Reveal's included.
 */
import { readFileSync } from "node:fs";
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

type RollDialog = InstanceType<TwoGmWorld["dialog"]["ZodiacRollDialog"]>;
/** V13's draw split in its two steps (the fake's render() runs neither): the context, then _onRender with it. */
type Drawn = { _prepareContext(o: unknown): Promise<Record<string, unknown>>; _onRender(c: unknown, o: unknown): Promise<void> };
const prepare = (dialog: RollDialog) => world.as("mp", () => (dialog as unknown as Drawn)._prepareContext({}));
const onRender = (dialog: RollDialog, context: unknown) => world.as("mp", () => (dialog as unknown as Drawn)._onRender(context, {}));
/** The form as the player now sees it (the fake's form only listens: a browser's fires change events). */
const showForm = (dialog: RollDialog, values: Record<string, unknown>) => {
  world.typeInto(dialog as never, values);
  Object.assign(dialog.element as object, { addEventListener: () => undefined });
};
/** A full redraw as V13 makes it, the form then holding `values` (what the redrawn form shows). */
const redraw = async (dialog: RollDialog, values: Record<string, unknown>) => {
  await onRender(dialog, await prepare(dialog));
  showForm(dialog, values);
};
const submit = (dialog: RollDialog) => world.as("mp", () => (built.dialog.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown) => Promise<void> } }).form.handler.call(dialog));
const cards = () => world.messages.filter((m) => m.type === "card");
const targetsOf = (m: unknown) => (m as { system: { targets: { uuid: string }[] } }).system.targets.map((x) => x.uuid);

const DROPPED = (name: string) => `${name} was deleted, so this roll no longer aims at them. Check the dialog before you roll.`;
const GONE = (name: string) => `${name} was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.`;
const ROLLER_GONE = (name: string) => `${name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`;

/**
 * The GM deletes an unlinked token: V13 runs deleteToken on every client; the fake's hooks run on the
 * caller's, so it is called on the client of the dialog's player.
 */
const deleteToken = (tokenId: string) => world.as("mp", async () => world.deleteUnlinkedToken(tokenId));

/** Mike's roll dialog (Area a1) opened by his player aiming at `target`, the form showing `values`. */
async function aimAt(target: FakeActor, values: Record<string, unknown>, roller: FakeActor = mike): Promise<RollDialog> {
  world.login("mp");
  world.target("mp", target);
  const dialog = new built.dialog.ZodiacRollDialog({ actor: roller as never, slot: "a1" });
  await dialog.render({ force: true } as never);
  showForm(dialog, values);
  return dialog;
}

describe("session 9: a roll dialog's target or roller deleted, in core's words", () => {
  const strikeForm = { slot: "a1", kind: "strike", spend: "1", gathered: "2", wagers: "1", calledShot: "" };
  const noTargetForm = { ...strikeForm, kind: "kill" };

  it("hard to break: the Other Agent deleted: core's notice at once; Roll before the redraw rolls and spends nothing; the dialog stays open and then rolls without it", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    const dialog = await aimAt(baron, strikeForm);
    await world.as("gm", () => baron.delete());
    expect(warnings()).toEqual([DROPPED("The Baron")]);
    // Dropped: a strike needs an Other Agent, so the dialog now offers what it opens on with no
    // target on Aries, the killing Area: a kill at Everyone Else.
    expect(dialog.choice.kind).toBe("kill");
    await submit(dialog);
    expect(cards()).toHaveLength(0);
    expect(points(mike)).toBe(3);
    expect(warnings().at(-1)).toBe(GONE("The Baron"));
    expect(dialog.rendered).toBe(true);
    await redraw(dialog, noTargetForm);
    world.dice.queue(...Array(12).fill(4));
    await submit(dialog);
    expect(cards()).toHaveLength(1);
    expect((cards()[0]!.system as unknown as { kind: string }).kind).toBe("kill");
    expect(targetsOf(cards()[0])).toEqual([]);
    expect(points(mike)).toBe(2);
  });

  it("hard to break: an unlinked Other Agent token deleted alone (its world actor stays): the dialog drops it at once, refuses the Roll drawn for it, then rolls without it", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    const mook = world.createUnlinkedToken(baron, "tokBaron");
    const dialog = await aimAt(mook, strikeForm);
    expect(dialog.target?.uuid).toBe(mook.uuid);
    await deleteToken("tokBaron");
    // Before core's deleteToken event: nothing said until Roll.
    expect(dialog.target).toBeNull();
    expect(warnings()).toEqual([DROPPED("The Baron")]);
    await submit(dialog);
    expect(cards()).toHaveLength(0);
    expect(points(mike)).toBe(3);
    expect(warnings().at(-1)).toBe(GONE("The Baron"));
    expect(dialog.rendered).toBe(true);
    await redraw(dialog, noTargetForm);
    world.dice.queue(...Array(12).fill(4));
    await submit(dialog);
    expect(targetsOf(cards()[0])).toEqual([]);
    expect(points(mike)).toBe(2);
  });

  it("hard to break: an unlinked Everyone Else token deleted alone while a kill aims at it: dropped at once, nothing rolled at the Roll drawn for it, then a kill without a target", async () => {
    const crowd = world.createActor({ name: "Thugs", type: "zodiacCrowd", system: {} });
    const token = world.createUnlinkedToken(crowd, "tokThugs");
    const killForm = { slot: "a1", kind: "kill", spend: "0", gathered: "0", wagers: "1", calledShot: "" };
    const dialog = await aimAt(token, killForm);
    expect(dialog.target?.uuid).toBe(token.uuid);
    await deleteToken("tokThugs");
    expect(warnings()).toEqual([DROPPED("Thugs")]);
    await submit(dialog);
    expect(cards()).toHaveLength(0);
    expect(warnings().at(-1)).toBe(GONE("Thugs"));
    // A kill needs no target: it stays the roll the dialog shows, now at nobody.
    expect(dialog.choice.kind).toBe("kill");
    await redraw(dialog, killForm);
    world.dice.queue(...Array(12).fill(4));
    await submit(dialog);
    expect(cards()).toHaveLength(1);
    expect(targetsOf(cards()[0])).toEqual([]);
  });

  it("hard to break: the unlinked token a dialog rolls for deleted alone: the dialog closes at once, in core's words", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    const mikesToken = world.createUnlinkedToken(mike, "tokMike");
    const dialog = await aimAt(baron, strikeForm, mikesToken);
    await deleteToken("tokMike");
    await Promise.resolve();
    // Before core's deleteToken event: the dialog stayed open, its Roll writing to a token actor that is gone.
    expect(dialog.rendered).toBe(false);
    expect(warnings()).toEqual([ROLLER_GONE("Mike")]);
    // Mike's world actor, and any other token of his, untouched.
    expect(points(mike)).toBe(3);
  });

  it("the Zodiac copies of the notices are gone: core's keys only", async () => {
    const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as { FRACAS: { Zodiac: { Dialog: Record<string, unknown> }; Dialog: Record<string, unknown> } };
    expect(Object.keys(en.FRACAS.Zodiac.Dialog)).not.toContain("TargetGone");
    expect(Object.keys(en.FRACAS.Zodiac.Dialog)).not.toContain("TargetDropped");
    expect(Object.keys(en.FRACAS.Zodiac.Dialog)).not.toContain("RollerGone");
    expect(Object.keys(en.FRACAS.Dialog)).toEqual(expect.arrayContaining(["TargetGone", "TargetDropped", "RollerGone"]));
  });
});

describe("review s8b G8: a draw prepared before the drop keeps the Roll refused", () => {
  const strikeForm = { slot: "a1", kind: "strike", spend: "1", gathered: "2", wagers: "1", calledShot: "" };

  it("hard to break: a render under way when the target is deleted (its context prepared before): its draw still shows the strike, so Roll rolls nothing; a draw prepared after clears it", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    const dialog = await aimAt(baron, strikeForm);
    // A redraw starts (a change in the form): its context is prepared with the Baron still there.
    const stale = await prepare(dialog);
    expect((stale as { choice: { kind: string } }).choice.kind).toBe("strike");
    await world.as("gm", () => baron.delete());
    // …and lands after the drop: the form drawn still shows the strike at the Baron.
    await onRender(dialog, stale);
    await submit(dialog);
    // Before: the stale draw cleared the mark, and Roll rolled a kill in the strike's place, spending 1 Agent Point.
    expect(cards()).toHaveLength(0);
    expect(points(mike)).toBe(3);
    expect(warnings().at(-1)).toBe(GONE("The Baron"));
    // The refused Roll's own redraw is prepared after the drop: the next Roll is the one it shows.
    await redraw(dialog, { ...strikeForm, kind: "kill" });
    world.dice.queue(...Array(12).fill(4));
    await submit(dialog);
    expect(cards()).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });
});

describe("a paid notice that timed out and never ran: every message true", () => {
  const errors = () => world.notifications.filter((n) => n.type === "error").map((n) => n.message);
  const whispersToGm = () =>
    world.messages
      .filter((m) => (m as unknown as { whisper: string[] }).whisper.includes("gm"))
      .map((m) => String((m as unknown as { content: string }).content).replace(/&#x27;|&#39;/g, "'"));
  const cancel = async (key: string) => {
    const { cancelPendingDuel } = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
    return world.as("gm", () => cancelPendingDuel(key));
  };

  it("hard to break: Mike's card refused, the notice lost: the Reveal no longer says no Agent Points were spent; what the player, the whisper and the Reveal say agree, and the Cancel gives back what it says", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    wrapQuery(built.commits.PAID_QUERY, () => Promise.reject(new Error("timed out after 15000 ms")));
    world.hooks.once("preCreateChatMessage", () => false);
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 2, wagers: 1 });
    // Spent, not refunded (review s8b G2), not marked paid.
    expect(points(mike)).toBe(2);
    expect((await heldBy("gm")).map((c) => c.paid)).toEqual([false]);
    const card = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 0, wagers: 0 });
    expect(points(jeremy)).toBe(2);
    world.dice.queue(...Array(14).fill(4));
    await cardReveal("gm", card);
    expect(duelCards()).toHaveLength(0);
    const reveal = warnings().at(-1)!;
    // Before: "Mike's commit never reached Mike's player (…), so no Agent Points were spent on it" —
    // false here: it reached him and he spent 1.
    expect(reveal).not.toMatch(/no Agent Points were spent|never reached/);
    expect(reveal).toBe(
      "Nothing confirms Mike's commit was paid (no commit card from Mike, and no paid notice from Mike's client reached the GM's client holding it), so this duel cannot be revealed. No dice rolled. Cancel it (card or Agent sheet): that gives back no Agent Points for Mike's commit. If Mike's player was told its commit card could not be posted and their Agent Points stay spent, give those back on Mike's sheet; if they were told it could not be completed, none were spent. Then Mike commits again.",
    );
    // What Mike's player and the GMs were told to look for is what the Reveal says.
    const words = "the duel's Reveal says nothing confirms Mike's commit was paid";
    expect(reveal).toContain("Nothing confirms Mike's commit was paid");
    expect(errors().at(-1)).toContain(`Tell the GM: if ${words}, the GM cancels the duel against Jeremy and gives those Agent Points back on Mike's sheet.`);
    expect(errors().at(-1)).toContain("could not be posted");
    expect(whispersToGm().at(-1)).toContain(`If ${words}, cancel the duel`);
    // The Cancel gives back Jeremy's point and none of Mike's, as the Reveal said.
    expect(await cancel(keyOf(card))).toEqual({ ok: true });
    expect([points(mike), points(jeremy)]).toEqual([2, 3]);
    // The GM gives Mike's back by hand, as told: once.
    await world.as("gm", () => mike.update({ "system.agentPoints.value": points(mike) + 1 } as never));
    expect(points(mike)).toBe(3);
  });
});
