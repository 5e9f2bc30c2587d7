/**
 * Session 9: one behaviour and one wording (core's) when a FEAT dialog's target or roller is
 * deleted. A deleted target: the dialog stays open, drops it, redraws and says so
 * (FRACAS.Dialog.TargetDropped); a Roll pressed before that reached the player rolls and spends
 * nothing, redraws without it, and says so (FRACAS.Dialog.TargetGone). Before, the Roll refused
 * with FASERIP's own wording and rolled at none of the targets. A deleted roller: the dialog closes
 * (core closedIfRollerGone); before, its Roll refused. Villains and thugs are often unlinked
 * tokens: a mook's token deleted alone does the same.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import type { FaseripFeatDialog } from "../../../../src/rulesets/faserip/sheets/feat-dialog.js";
import { cardOf, startFight } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Dialog = FaseripFeatDialog & { renders: number };
const karmaOf = (a: FakeActor) => (a.system as unknown as { karma: { value: number } }).karma.value;

/** `user` opens `actor`'s Slugfest dialog at `targets`, rendered. */
async function open(actor: FakeActor, targets: FakeActor[], user = "alice"): Promise<Dialog> {
  f.world.login(user);
  for (const t of targets) f.world.target(user, t);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(actor as never, { action: "slugfest" }) as Dialog;
  await dialog.render({ force: true } as never);
  return dialog;
}

/** `user` presses Roll with `karma` typed (the other fields as the dialog drew them); the attack cards posted. */
async function roll(dialog: Dialog, karma: number, dice: number[], user = "alice") {
  const handler = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { form: { handler: (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void> } } }).DEFAULT_OPTIONS.form.handler;
  const s = dialog.formState;
  const fields: Record<string, string> = { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: String(s.cover), multipleTargets: String(s.multipleTargets), other: "0", karma: String(karma) };
  f.world.login(user);
  f.world.dice.queue(...dice);
  const before = f.cards("attack").length;
  await handler.call(dialog, {}, {}, { object: fields });
  return f.cards("attack").slice(before);
}

/** Deletes `actor` as the GM while `dialog` does not hear of it yet (the deletion's event not yet on the player's client). */
async function deleteUnheard(dialog: Dialog, actor: FakeActor): Promise<void> {
  const follow = dialog.follow;
  dialog.follow = () => undefined;
  f.world.login("gm");
  await actor.delete();
  dialog.follow = follow;
}

const dropped = (name: string) => `${name} was deleted, so this roll no longer aims at them. Check the dialog before you roll.`;
const gone = (name: string) => `${name} was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.`;
const rollerGone = (name: string) => `${name} was deleted, so their roll dialog was closed. Nothing was rolled or spent.`;

describe("a FEAT dialog's target deleted while it is open", () => {
  it("the dialog stays open, drops it (and the −1 CS for two targets), says so in core's words; Roll then rolls at the other only", async () => {
    const dialog = await open(f.captain, [f.rampage, f.thug]);
    expect(dialog.formState.multipleTargets).toBe(-1);
    const renders = dialog.renders;
    f.world.login("gm");
    await f.thug.delete();
    expect(dialog.rendered).toBe(true);
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(dialog.targets.map((t) => t.name)).toEqual(["Rampage"]);
    expect(dialog.formState.multipleTargets).toBe(0);
    expect(f.world.notified("warn")).toEqual([dropped("Thug")]);
    const karma = karmaOf(f.captain);
    const cards = await roll(dialog, 2, [70]);
    expect(cards.map((c) => cardOf(c).result.targetName)).toEqual(["Rampage"]);
    expect(karmaOf(f.captain)).toBe(karma - 2);
    expect(dialog.rendered).toBe(false);
    // Said once: not again at the Roll.
    expect(f.world.notified("warn")).toEqual([dropped("Thug")]);
  });

  it("a Roll pressed before the deletion reached the player: nothing rolled or spent, core's words, redrawn without it and still open; the next Roll rolls", async () => {
    const dialog = await open(f.captain, [f.rampage, f.thug]);
    await deleteUnheard(dialog, f.thug);
    const karma = karmaOf(f.captain);
    const renders = dialog.renders;
    expect(await roll(dialog, 2, [70, 70])).toEqual([]);
    expect(karmaOf(f.captain)).toBe(karma);
    expect(f.world.notified("warn")).toEqual([gone("Thug")]);
    expect(dialog.rendered).toBe(true);
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(dialog.targets.map((t) => t.name)).toEqual(["Rampage"]);
    expect(dialog.formState.multipleTargets).toBe(0);
    f.world.dice.clear();
    const cards = await roll(dialog, 2, [70]);
    expect(cards.map((c) => cardOf(c).result.targetName)).toEqual(["Rampage"]);
    expect(karmaOf(f.captain)).toBe(karma - 2);
    expect(f.world.notified("warn")).toEqual([gone("Thug")]);
  });

  it("deleted during the Roll's own look-up (after the dialog's check): nothing rolled or spent, the dialog stays open without it", async () => {
    const dialog = await open(f.captain, [f.rampage, f.thug]);
    const g = globalThis as unknown as { fromUuid: (u: string) => Promise<unknown> };
    const real = g.fromUuid;
    const thug = f.thug.uuid;
    g.fromUuid = async (u: string) => {
      if (u !== thug) return real(u);
      await f.world.as("gm", () => f.thug.delete());
      return null;
    };
    try {
      const karma = karmaOf(f.captain);
      expect(await roll(dialog, 2, [70, 70])).toEqual([]);
      expect(karmaOf(f.captain)).toBe(karma);
      expect(dialog.rendered).toBe(true);
      expect(dialog.targets.map((t) => t.name)).toEqual(["Rampage"]);
      expect(f.world.notified("warn")).toContain(gone("Thug"));
    } finally {
      g.fromUuid = real;
    }
  });

  it("its only target deleted: the dialog stays open with no target; the Roll rolls a card at no one", async () => {
    const dialog = await open(f.captain, [f.rampage]);
    f.world.login("gm");
    await f.rampage.delete();
    expect(dialog.rendered).toBe(true);
    expect(dialog.targets).toEqual([]);
    expect(f.world.notified("warn")).toEqual([dropped("Rampage")]);
    const cards = await roll(dialog, 0, [70]);
    expect(cards.map((c) => cardOf(c).result.targetName)).toEqual([""]);
  });
});

describe("a FEAT dialog's roller deleted", () => {
  it("while it is open: it closes, in core's words", async () => {
    const dialog = await open(f.captain, [f.rampage]);
    f.world.login("gm");
    await f.captain.delete();
    expect(dialog.rendered).toBe(false);
    expect(f.world.notified("warn")).toEqual([rollerGone("Captain")]);
  });

  it("a Roll pressed before the deletion reached the player: it closes, nothing rolled, in core's words", async () => {
    const dialog = await open(f.captain, [f.rampage]);
    await deleteUnheard(dialog, f.captain);
    expect(await roll(dialog, 0, [70])).toEqual([]);
    expect(dialog.rendered).toBe(false);
    expect(f.world.notified("warn")).toEqual([rollerGone("Captain")]);
  });
});

describe("unlinked tokens (a mook's token deleted alone)", () => {
  it("a dialog aiming at a mook's token: dropped and said; the Roll rolls at the other target only", async () => {
    const mook = f.world.createUnlinkedToken(f.thug, "tokMook");
    const dialog = await open(f.captain, [f.rampage, mook]);
    expect(dialog.targets.map((t) => t.uuid)).toEqual([f.rampage.uuid, mook.uuid]);
    // The token's deletion reaches Alice's client (deleteToken there).
    f.world.login("alice");
    f.world.deleteUnlinkedToken("tokMook");
    expect(dialog.rendered).toBe(true);
    expect(dialog.targets.map((t) => t.uuid)).toEqual([f.rampage.uuid]);
    expect(f.world.notified("warn")).toEqual([dropped("Thug")]);
    const cards = await roll(dialog, 0, [70]);
    expect(cards.map((c) => cardOf(c).result.targetUuid)).toEqual([f.rampage.uuid]);
    // The world Thug is untouched, and still a target another time.
    expect(f.thug.uuid).not.toBe(mook.uuid);
  });

  it("a dialog rolling for a mook's token: the GM's dialog closes when the token is deleted; the world Thug's own dialog stays", async () => {
    const mook = f.world.createUnlinkedToken(f.thug, "tokMook");
    const mooks = await open(mook, [f.captain], "gm");
    f.world.users.get("gm")!.targets.clear();
    const thugs = await open(f.thug, [f.captain], "gm");
    f.world.login("gm");
    f.world.deleteUnlinkedToken("tokMook");
    expect(mooks.rendered).toBe(false);
    expect(thugs.rendered).toBe(true);
    expect(f.world.notified("warn")).toEqual([rollerGone("Thug")]);
  });
});
