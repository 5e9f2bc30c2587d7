/**
 * Session 6: an open FEAT dialog follows the user's targets (core following-dialogs' "targets"
 * event). Before, its targets were fixed when it opened: a player who targeted a second villain
 * with the dialog open saw one target and rolled one card, at the first villain only.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight } from "./fake-round.js";
import type { FakeActor } from "../../../foundry/fake/index.js";
import type { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import type { FaseripFeatDialog } from "../../../../src/rulesets/faserip/sheets/feat-dialog.js";
import { retargetForm } from "../../../../src/rulesets/faserip/sheets/retarget.js";
import { form } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
type Dialog = FaseripFeatDialog & { renders: number };

/** Alice opens Captain's Slugfest dialog at `targets`, rendered. */
async function open(targets: FakeActor[]): Promise<Dialog> {
  f.world.login("alice");
  for (const t of targets) f.world.target("alice", t);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" }) as Dialog;
  await dialog.render({ force: true } as never);
  return dialog;
}

/** Alice's targets become `targets` (the map's targeting), and Foundry's hook says so (open dialogs are told after the run of hooks). */
async function aim(targets: FakeActor[]): Promise<void> {
  f.world.login("alice");
  const alice = f.world.users.get("alice")!;
  alice.targets.clear();
  for (const t of targets) f.world.target("alice", t);
  f.world.hooks.callAll("targetToken", alice, [...alice.targets][0] ?? null, true);
  await Promise.resolve();
}

/** What Alice's dialog shows now. */
async function shown(dialog: Dialog): Promise<DialogView> {
  f.world.login("alice");
  const ctx = await (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView }> })._prepareContext();
  return ctx.view;
}

/** Alice presses Roll; the form's fields are `fields` (as the dialog last drew them). */
async function roll(dialog: Dialog, fields: Record<string, string>, dice: number[]) {
  const handler = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { form: { handler: (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void> } } }).DEFAULT_OPTIONS.form.handler;
  f.world.login("alice");
  f.world.dice.queue(...dice);
  const before = f.cards("attack").length;
  // V13 hands the handler the form as submitted (FormDataExtended).
  await handler.call(dialog, {}, {}, { object: fields });
  return f.cards("attack").slice(before);
}

const setCover = async (a: FakeActor, cover: string) => {
  f.world.login("gm");
  await a.update({ "system.cover": cover } as never);
  f.world.login("alice");
};

describe("an open FEAT dialog follows the user's targets", () => {
  it("a second villain targeted: the dialog redraws with both, each with its cover, −1 CS for the split; Roll posts a card at each", async () => {
    await setCover(f.rampage, "medium");
    await setCover(f.thug, "light");
    const dialog = await open([f.rampage]);
    // What Alice typed before aiming again is kept.
    dialog.formState = { ...dialog.formState, other: 1 };
    const renders = dialog.renders;
    await aim([f.rampage, f.thug]);
    expect(dialog.renders).toBeGreaterThan(renders);
    const view = await shown(dialog);
    expect(view.targets.map((t) => [t.name, t.cover, t.coverFloor])).toEqual([
      ["Rampage", -2, -2],
      ["Thug", -1, -1],
    ]);
    expect([view.coverPerTarget, view.form.multipleTargets, view.form.other]).toEqual([true, -1, 1]);

    const cards = await roll(dialog, { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", "cover-0": "-2", "cover-1": "-1", multipleTargets: "-1", other: "1", karma: "0" }, [50, 50]);
    expect(cards.map((m) => cardOf(m).targets.map((t) => t.name))).toEqual([["Rampage"], ["Thug"]]);
    expect(cards.map((m) => cardOf(m).result.attack.feat.shifts)).toEqual([
      expect.objectContaining({ cover: -2, multipleTargets: -1, other: 1 }),
      expect.objectContaining({ cover: -1, multipleTargets: -1, other: 1 }),
    ]);
  });

  it("aiming at another villain instead: its own cover; the first one's harder cover comes back with it", async () => {
    await setCover(f.rampage, "light");
    const dialog = await open([f.rampage]);
    // Alice judged Rampage's cover heavier than the GM's Light.
    dialog.formState = { ...dialog.formState, cover: -3, targetCover: [-3] };
    await aim([f.thug]);
    let view = await shown(dialog);
    expect([view.targets.map((t) => t.name), view.form.cover, view.coverFloor, view.gmCover]).toEqual([["Thug"], 0, 0, null]);
    await aim([f.rampage]);
    view = await shown(dialog);
    expect([view.targets.map((t) => t.name), view.form.cover, view.coverFloor]).toEqual([["Rampage"], -3, -1]);
  });

  it("no target left: the dialog says so and Roll posts one card with no target", async () => {
    const dialog = await open([f.rampage]);
    await aim([]);
    const view = await shown(dialog);
    expect([view.noTargets, view.targets.length, view.form.cover]).toEqual([true, 0, 0]);
    const cards = await roll(dialog, { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0" }, [50]);
    expect(cards.map((m) => cardOf(m).targets)).toEqual([[]]);
  });

  it("a Roll before the redraw is made at the user's targets now", async () => {
    const dialog = await open([f.rampage]);
    const alice = f.world.users.get("alice")!;
    f.world.target("alice", f.thug); // no hook: the dialog has not redrawn
    expect(alice.targets.size).toBe(2);
    const cards = await roll(dialog, { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0" }, [50, 50]);
    expect(cards.map((m) => cardOf(m).targets[0]!.name)).toEqual(["Rampage", "Thug"]);
    // The split's −1 CS came with the second target (the field still held the one target's 0).
    expect(cards.map((m) => cardOf(m).result.attack.feat.shifts.multipleTargets)).toEqual([-1, -1]);
  });

  it("the same targets again (a token with no actor, a repeat) do not redraw it", async () => {
    const dialog = await open([f.rampage]);
    const renders = dialog.renders;
    await aim([f.rampage]);
    expect(dialog.renders).toBe(renders);
  });
});

describe("retargetForm (pure)", () => {
  const a = { uuid: "A" };
  const b = { uuid: "B" };
  const c = { uuid: "C" };
  it("kept targets keep their cover in their new places; new ones start at the GM's; the split follows the count", () => {
    const before = form({ cover: 0, targetCover: [-3, -1], multipleTargets: -1 });
    const out = retargetForm(before, [a, b], [-1, -1], [b, c, a], [-1, -2, 0]);
    expect(out.form).toMatchObject({ targetCover: [-1, -2, -3], multipleTargets: -2 });
    expect(out.seen).toEqual([-1, -2, -1]);
  });

  it("a multiple-target shift typed by hand is kept; one target's cover is the single field; none has no cover", () => {
    const one = retargetForm(form({ cover: 0, targetCover: [-3, 0], multipleTargets: 0 }), [a, b], [0, 0], [a], [0]);
    expect(one.form).toMatchObject({ cover: -3, targetCover: [-3], multipleTargets: 0 });
    const none = retargetForm(form({ cover: -2, targetCover: [-2] }), [a], [-2], [], []);
    expect(none.form).toMatchObject({ cover: 0, targetCover: [], multipleTargets: 0 });
    // Aimed at again later: the cover remembered for it comes back.
    const again = retargetForm(none.form, [], [], [a], [0], none.memory);
    expect([again.form.cover, again.seen]).toEqual([-2, [-2]]);
  });
});
