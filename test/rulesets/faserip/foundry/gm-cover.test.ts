/**
 * Session 5 audit: cover is the GM's call (RULES.md §4: "Cover shifts left (GM chooses, P 1–3)").
 * Before, the attacking player picked the defender's cover in the FEAT dialog, so the GM had to say
 * it each time and trust the pick. Now the GM sets it on the defender's sheet: the dialog starts
 * there and offers no less, and the roll never takes less.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight, sys } from "./fake-round.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { gmCoverShift } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
const T = "systems/fracas/templates/faserip/";
const coverOf = (a: typeof f.rampage) => (a.system as unknown as { cover: string }).cover;

async function openDialog(targets: (typeof f.rampage)[]) {
  f.world.login("alice");
  for (const t of targets) f.world.target("alice", t);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
  const context = async () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
  return { dialog, context };
}

const sheetInput = (actor: typeof f.rampage, isGM: boolean) => ({ name: actor.name, img: "", system: actor.system, karma: { value: 0, start: 0, history: [] }, items: [], editable: true, isGM, notesHTML: "" });

describe("the GM sets a character's cover", () => {
  it("only the GM's write of cover counts; a player's (on their own hero) is dropped, the rest of the update kept", async () => {
    expect(coverOf(f.captain)).toBe("none");
    f.world.login("alice");
    await f.captain.update({ "system.cover": "heavy", "system.armor": 10 } as never);
    expect(coverOf(f.captain)).toBe("none");
    expect((f.captain.system as unknown as { armor: number }).armor).toBe(10);
    f.world.login("gm");
    await f.captain.update({ "system.cover": "light" } as never);
    expect(coverOf(f.captain)).toBe("light");
  });

  it("the sheet: a Cover (GM) select for the GM; its shift as text for others, only when there is cover", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.cover": "medium" } as never);
    const gmView = heroSheetView(sheetInput(f.rampage, true));
    expect(gmView.cover).toMatchObject({ level: "medium", editable: true, shown: true, text: "\u22122" });
    const gmHtml = await f.world.templates.renderTemplate(`${T}hero-sheet.hbs`, { view: gmView, notesRaw: "" });
    expect(gmHtml).toContain('name="system.cover"');
    expect(gmHtml).toMatch(/<option value="medium" selected>/);
    expect(f.world.localize("FRACAS.Faserip.Sheet.CoverGM")).toMatch(/\(GM\)$/);

    const playerHtml = await f.world.templates.renderTemplate(`${T}hero-sheet.hbs`, { view: heroSheetView(sheetInput(f.rampage, false)), notesRaw: "" });
    expect(playerHtml).not.toContain('name="system.cover"');
    expect(playerHtml).toContain(`${f.world.localize("FRACAS.Faserip.Cover.medium")} (\u22122)`);
    expect(heroSheetView(sheetInput(f.thug, false)).cover.shown).toBe(false); // no cover: no line for players
  });

  it("the dialog starts at the GM's cover, offers no less, and says so; the roll takes it even from an older form", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.cover": "medium" } as never);
    const { dialog, context } = await openDialog([f.rampage]);
    expect(dialog.formState.cover).toBe(-2);
    const ctx = await context();
    expect(ctx.view.coverFloor).toBe(-2);
    expect(ctx.view.targets.map((x) => [x.cover, x.gmCoverKey, x.coverFloorText])).toEqual([[-2, "FRACAS.Faserip.Dialog.GMCover", "\u22122"]]);
    const html = await f.world.templates.renderTemplate(`${T}feat-dialog.hbs`, ctx);
    expect(html).toMatch(/<option value="0"\s+disabled>/);
    expect(html).toMatch(/<option value="-1"\s+disabled>/);
    expect(html).toMatch(/<option value="-2" selected>/);
    expect(html).toMatch(/<option value="-3"\s*>/);
    // UX s5 #7: the note names the level and sits under the select, which points to it.
    expect(html).toContain(`<p class="faserip-feat-note faserip-feat-grid-wide" id="faserip-feat-cover-gm">${f.world.i18n.format("FRACAS.Faserip.Dialog.GMCover", { name: "Rampage", cover: "Medium cover", shift: "\u22122" })}</p>`);
    expect(html).toContain("The GM put Rampage behind Medium cover: at least \u22122 CS, so less cover is not offered.");
    expect(html).toContain('<select id="faserip-feat-cover" name="cover" aria-describedby="faserip-feat-cover-gm">');
    expect(html.match(/The GM put Rampage/g)).toHaveLength(1); // said once, under the select

    // A form that says no cover (an older dialog, a macro) still rolls with the GM's.
    f.world.dice.queue(50);
    const [card] = await f.flows.performFeat({ actor: f.captain as never, form: { ...dialog.formState, cover: 0, targetCover: [0] }, targets: dialog.targets, weapon: null });
    expect(cardOf(card).result.attack.feat.shifts.cover).toBe(-2);
    // More cover than the GM's stays the attacker's choice.
    f.world.dice.queue(50);
    const [more] = await f.flows.performFeat({ actor: f.captain as never, form: { ...dialog.formState, cover: -3 }, targets: dialog.targets, weapon: null });
    expect(cardOf(more).result.attack.feat.shifts.cover).toBe(-3);
    expect(sys(f.rampage).health.value).toBe(100); // not applied: cards only
  });

  it("several targets: each starts at its own GM cover; no cover is a plain 0", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.cover": "heavy" } as never);
    const { dialog, context } = await openDialog([f.rampage, f.thug]);
    expect(dialog.formState.targetCover).toEqual([-3, 0]);
    expect(Object.is(gmCoverShift(f.thug.system), 0)).toBe(true);
    const ctx = await context();
    expect(ctx.view.targets.map((x) => [x.name, x.cover, x.coverFloor])).toEqual([
      ["Rampage", -3, -3],
      ["Thug", 0, 0],
    ]);
  });
});
