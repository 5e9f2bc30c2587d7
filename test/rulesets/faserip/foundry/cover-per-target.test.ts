/**
 * Cover per target (session 3 gap 2). The seed's cover belongs to the defender ("Hiding behind a
 * wall … shifts the attacker's column LEFT"), so an attack on several targets takes each target's
 * own cover: the FEAT dialog offers one cover choice per target, its odds use it, and each target's
 * attack card is resolved with it. One target (or none) keeps the single Cover field.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, form, startFight } from "./fake-round.js";
import { coverFor } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { formFromFields } from "../../../../src/rulesets/faserip/sheets/feat-form.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
const T = "systems/fracas/templates/faserip/";

async function openDialog(targets: typeof f.rampage[]) {
  f.world.login("alice");
  for (const t of targets) f.world.target("alice", t);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
  const context = async () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
  return { dialog, context };
}

describe("the FEAT dialog: cover per target", () => {
  it("two targets: a cover field for each, none shared; each card rolls with its own target's cover", async () => {
    const { dialog, context } = await openDialog([f.rampage, f.thug]);
    expect(dialog.formState.targetCover).toEqual([0, 0]);
    // The GM's players: Rampage is behind heavy cover (−3), the Thug in the open.
    const fields: Record<string, string> = { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", multipleTargets: "-1", other: "0", karma: "0", "cover-0": "-3", "cover-1": "0" };
    dialog.formState = formFromFields((k) => fields[k] ?? null, dialog.formState, dialog.targets.length, "cover-0");
    expect(dialog.formState).toMatchObject({ cover: 0, targetCover: [-3, 0] });

    const ctx = await context();
    expect(ctx.view.coverPerTarget).toBe(true);
    expect(ctx.view.targets.map((x) => [x.name, x.cover, x.shift, x.columnLabel])).toEqual([
      ["Rampage", -3, -4, "FRACAS.Faserip.Rank.poor"], // Remarkable −3 (cover) −1 (two targets) → Poor
      ["Thug", 0, -1, "FRACAS.Faserip.Rank.excellent"],
    ]);
    const html = await f.world.templates.renderTemplate(`${T}feat-dialog.hbs`, ctx);
    expect(html).toContain('name="cover-0"');
    expect(html).toContain('name="cover-1"');
    expect(html).not.toContain('name="cover"');
    expect(html).toContain(f.world.i18n.format("FRACAS.Faserip.Dialog.CoverFor", { name: "Rampage" }));

    f.world.dice.queue(50, 50);
    const cards = await f.flows.performFeat({ actor: f.captain as never, form: dialog.formState, targets: dialog.targets, weapon: null });
    const feats = cards.map((m) => cardOf(m).result.attack.feat as { shifts: { cover: number }; totalShift: number; column: string });
    expect(feats.map((x) => [x.shifts.cover, x.totalShift, `FRACAS.Faserip.Rank.${x.column}`])).toEqual(ctx.view.targets.map((x) => [x.cover, x.shift, x.columnLabel]));
    expect(cards.map((m) => cardOf(m).result.targetName)).toEqual(["Rampage", "Thug"]);
  });

  it("one target: the single Cover field counts, as before", async () => {
    const { dialog, context } = await openDialog([f.rampage]);
    const fields: Record<string, string> = { action: "slugfest", ability: "fighting", cover: "-2", multipleTargets: "0", other: "0", dodge: "0", karma: "0" };
    dialog.formState = formFromFields((k) => fields[k] ?? null, dialog.formState, dialog.targets.length, "cover");
    const ctx = await context();
    expect(ctx.view.coverPerTarget).toBe(false);
    expect(ctx.view.targets.map((x) => x.cover)).toEqual([-2]);
    const html = await f.world.templates.renderTemplate(`${T}feat-dialog.hbs`, ctx);
    expect(html).toContain('name="cover"');
    expect(html).not.toContain('name="cover-0"');
    f.world.dice.queue(50);
    const [card] = await f.flows.performFeat({ actor: f.captain as never, form: dialog.formState, targets: dialog.targets, weapon: null });
    expect(cardOf(card).result.attack.feat.shifts.cover).toBe(-2);
  });

  it("switching to a dodge and back keeps each target's cover; a dodge reads the shared field", () => {
    const start = form({ targetCover: [-3, -1] });
    const dodge = formFromFields((k) => ({ action: "dodging", cover: "0" })[k] ?? null, start, 2, "action");
    expect(dodge.targetCover).toEqual([-3, -1]);
    expect(coverFor(dodge, 0, 2)).toBe(0);
    const back = formFromFields((k) => ({ action: "slugfest" })[k] ?? null, dodge, 2, "action");
    expect(back.targetCover).toEqual([-3, -1]);
    expect([coverFor(back, 0, 2), coverFor(back, 1, 2)]).toEqual([-3, -1]);
    // A left shift only: a positive cover typed by hand is clamped to 0 in the view's per-target form.
    const v = featDialogView({ actorName: "C", abilities: { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 }, karmaPool: 0, weapons: [], targets: [{ name: "A", dodgeColor: null, dodgeShift: null }, { name: "B", dodgeColor: null, dodgeShift: null }], form: form({ targetCover: [2, -2] }) });
    expect(v.targets.map((x) => x.cover)).toEqual([0, -2]);
  });
});
