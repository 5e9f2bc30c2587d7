/**
 * Session 5, wave 3 (review-s5-changes #3): an open FEAT dialog follows the GM's cover and its
 * hero's and targets' changes (core following-dialogs). Before, it read the GM's cover once, when
 * it opened: a cover the GM cleared ("he stepped out") stayed in the form, and the roll paid it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight } from "./fake-round.js";
import type { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import type { FaseripFeatDialog } from "../../../../src/rulesets/faserip/sheets/feat-dialog.js";
import { followCoverFloors } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
type Dialog = FaseripFeatDialog & { renders: number };

/** Alice opens Captain's Slugfest dialog at `targets`, rendered (or not) as the sheet opens it. */
async function open(targets: (typeof f.rampage)[], rendered = true): Promise<Dialog> {
  f.world.login("alice");
  for (const t of targets) f.world.target("alice", t);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" }) as Dialog;
  if (rendered) await dialog.render({ force: true } as never);
  return dialog;
}

/** What Alice's dialog shows now. */
async function shown(dialog: Dialog): Promise<DialogView> {
  f.world.login("alice");
  const ctx = await (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView }> })._prepareContext();
  return ctx.view;
}

async function asGm(fn: () => Promise<unknown>): Promise<void> {
  f.world.login("gm");
  await fn();
  f.world.login("alice");
}

/** Alice presses Roll with the form's fields as the dialog last drew them (`cover`: the single select). */
async function roll(dialog: Dialog, cover: number) {
  const fields: Record<string, string> = { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: String(cover), multipleTargets: "0", other: "0", karma: "0" };
  const handler = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { form: { handler: (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void> } } }).DEFAULT_OPTIONS.form.handler;
  f.world.login("alice");
  f.world.dice.queue(50);
  // V13 hands the handler the form as submitted (FormDataExtended).
  await handler.call(dialog, {}, {}, { object: fields });
  return cardOf(f.cards("attack").at(-1)!).result.attack.feat.shifts.cover as number;
}

const setCover = (a: typeof f.rampage, cover: string) => asGm(() => a.update({ "system.cover": cover } as never));

describe("an open FEAT dialog follows the GM's cover", () => {
  it("the GM clears the cover: the dialog redraws at no cover, and Roll uses none", async () => {
    await setCover(f.rampage, "medium");
    const dialog = await open([f.rampage]);
    expect((await shown(dialog)).form.cover).toBe(-2);
    const renders = dialog.renders;
    await setCover(f.rampage, "none");
    expect(dialog.renders).toBeGreaterThan(renders);
    const view = await shown(dialog);
    expect([view.coverFloor, view.form.cover, dialog.formState.targetCover]).toEqual([0, 0, [0]]);
    expect(await roll(dialog, view.form.cover)).toBe(0);
  });

  it("the GM raises it: the redraw shows the heavy floor; a harder cover the attacker chose stays when the GM sets less", async () => {
    const dialog = await open([f.rampage]);
    const renders = dialog.renders;
    await setCover(f.rampage, "heavy");
    expect(dialog.renders).toBeGreaterThan(renders);
    let view = await shown(dialog);
    expect([view.coverFloor, view.form.cover, view.targets[0]!.gmCoverKey]).toEqual([-3, -3, "FRACAS.Faserip.Dialog.GMCover"]);

    // Alice picked Medium while the GM had Light: the GM's None keeps her Medium.
    await setCover(f.rampage, "light");
    expect((await shown(dialog)).form.cover).toBe(-1);
    dialog.formState = { ...dialog.formState, cover: -2, targetCover: [-2] };
    await setCover(f.rampage, "none");
    view = await shown(dialog);
    expect(view.form.cover).toBe(-2);
  });

  it("a Roll before any redraw (a form drawn at the old floor) still follows the GM's change", async () => {
    await setCover(f.rampage, "medium");
    const dialog = await open([f.rampage], false);
    await setCover(f.rampage, "none");
    expect(await roll(dialog, -2)).toBe(0);
  });

  it("several targets: each target's cover follows its own GM cover", async () => {
    await setCover(f.rampage, "heavy");
    const dialog = await open([f.rampage, f.thug]);
    expect(dialog.formState.targetCover).toEqual([-3, 0]);
    await setCover(f.thug, "light");
    await setCover(f.rampage, "none");
    const view = await shown(dialog);
    expect(view.targets.map((t) => [t.name, t.cover, t.coverFloor])).toEqual([
      ["Rampage", 0, 0],
      ["Thug", -1, -1],
    ]);
  });

  it("its hero's changes redraw it (a status); someone else's do not; closed, nothing does", async () => {
    const dialog = await open([f.rampage]);
    let renders = dialog.renders;
    await setCover(f.bruiser, "heavy");
    expect(dialog.renders).toBe(renders);
    await asGm(() => f.captain.toggleStatusEffect("fracas-prone", { active: true }));
    expect(dialog.renders).toBeGreaterThan(renders);
    await dialog.close();
    renders = dialog.renders;
    await setCover(f.rampage, "light");
    expect(dialog.renders).toBe(renders);
  });

  it("a dodge the target records meanwhile redraws it (its shift shows before the Roll)", async () => {
    const dialog = await open([f.rampage]);
    const renders = dialog.renders;
    const { recordDodge } = await import("../../../../src/rulesets/faserip/cards/dodge-memory.js");
    const rampage = f.combat.combatants.find((c) => c.actorId === f.rampage.id)!;
    const round = (f.combat as unknown as { round: number }).round;
    await asGm(() => recordDodge(rampage as never, round, "yellow"));
    expect(dialog.renders).toBeGreaterThan(renders);
  });

  it("the fight's next round redraws it (the round's dodges)", async () => {
    const dialog = await open([f.rampage]);
    const renders = dialog.renders;
    await f.nextRound([3, 9]);
    expect(dialog.renders).toBeGreaterThan(renders);
  });
});

describe("followCoverFloors (pure)", () => {
  const form = { ability: "fighting" as const, action: "slugfest" as const, weaponId: "", dodge: 0, cover: -2, multipleTargets: 0, other: 0, karma: 0, targetCover: [-2] };
  it("a choice equal to the old floor follows it down and up; a harder one is kept, raised if need be; no change, no move", () => {
    expect(followCoverFloors(form, [0], [-2])).toMatchObject({ cover: 0, targetCover: [0] });
    expect(followCoverFloors(form, [-3], [-2])).toMatchObject({ cover: -3, targetCover: [-3] });
    expect(followCoverFloors(form, [0], [-1])).toMatchObject({ cover: -2, targetCover: [-2] });
    expect(followCoverFloors(form, [-3], [-1])).toMatchObject({ cover: -3, targetCover: [-3] });
    expect(followCoverFloors({ ...form, cover: -3, targetCover: [-3] }, [-2], [-2])).toMatchObject({ cover: -3, targetCover: [-3] });
  });
});
