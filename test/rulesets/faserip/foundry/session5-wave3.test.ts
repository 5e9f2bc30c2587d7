/**
 * Session 5, wave 3: the UX review's FASERIP items (ux-review-s5.md #2 panel, #5 Slam? areas,
 * #6 Snatching, #7 cover, #9 StunnedNext) and the core helpers adopted (registerOnce,
 * backgroundWork). Each asserts the new wording or markup, so it fails on the old.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { clickAttackFollowUp, slamOnRampage, startFight } from "./fake-round.js";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { resolveAttack } from "../../../../src/rulesets/faserip/rules/index.js";
import { attackCardView } from "../../../../src/rulesets/faserip/sheets/attack-card-view.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { coverChoiceList } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { sidesPanelView } from "../../../../src/rulesets/faserip/sheets/sides-panel-view.js";
import { lockGmOnlyControls } from "../../../../src/foundry/chat/gm-only-controls.js";
import { captainAbilities } from "./fixture-samples.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const T = "systems/fracas/templates/faserip/";
const render = (path: string, data: object) => f.world.templates.renderTemplate(`${T}${path}`, data);
const contentOf = (m: unknown) => (m as { content: string }).content;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** A control as the render hook sees it. */
const control = () => ({ disabled: false });

describe("#5: a White Slam?'s areas: one row, the GM's, not live for players", () => {
  async function whiteSlam(): Promise<FakeChatMessage> {
    const slam = await slamOnRampage(f);
    f.world.dice.queue(10); // White: knocked back 2 areas
    f.world.dialogAnswers.push(0);
    await clickAttackFollowUp(f, "gm", slam, "secondary");
    return f.cards("secondary").at(-1)!;
  }

  it("label (GM, 1–100), field and Set (GM) in one row marked GM-only; no ±1 buttons, no separate note", async () => {
    const html = contentOf(await whiteSlam());
    expect(html).toMatch(/<div class="faserip-card-areas-set" data-fracas-gm-only>\s*<label>Areas \(GM, 1–100\)\s*<input type="number" name="areas"[^>]*value="2"[^>]*>\s*<\/label>\s*<button[^>]*data-fracas-follow-up="setAreas">Set \(GM\)<\/button>/);
    expect(html).not.toContain('data-fracas-follow-up="knockbackAreas"');
    expect(html).not.toContain("instead (GM)");
    expect(html).not.toContain("The GM decides how far");
  });

  it("a player's copy has the field and Set disabled (core gm-only-controls, run on every card's render); the GM's stays live", async () => {
    const input = control();
    const button = control();
    const html = { querySelectorAll: (sel: string) => (sel.includes("[data-fracas-gm-only]") ? [input, button] : []) };
    expect(lockGmOnlyControls(html, true)).toBe(0);
    expect([input.disabled, button.disabled]).toEqual([false, false]);
    expect(lockGmOnlyControls(html, false)).toBe(2);
    expect([input.disabled, button.disabled]).toEqual([true, true]);
  });
});

describe("#6: Snatching's Grab says who may take, what, and how to give it back", () => {
  const grab = resolveAttack({ action: "snatching", abilityRank: 20, roll: 80, attacker: { strength: 20 }, defender: { endurance: 20, armor: 10 } });
  const base = { action: "snatching", attack: grab, actorName: "Captain Resolute", targetName: "Rampage" };
  const card = (result: object) => render("cards/attack.hbs", { result, source: null, targets: [], view: attackCardView(result as never), hasTarget: true });

  it("the note names the snatcher and says weapons; each Take names the item and, on hover, who may press it", async () => {
    const html = await card({ ...base, objects: [{ id: "club000000000000", name: "Club" }] });
    expect(html).toContain(esc("Captain Resolute may take one of Rampage's weapons in view:"));
    expect(html).toMatch(/data-tooltip="For Captain Resolute&#x27;s player or the GM">Take the Club<\/button>/);
    expect(html).not.toContain("Grab:");
  });

  it("nothing listed: the GM decides what the snatcher takes; taken: how to give it back", async () => {
    expect(await card({ ...base, objects: [] })).toContain(esc("Rampage carried no weapon in view when this was rolled: the GM decides what Captain Resolute takes."));
    expect(await card({ ...base, objects: [], snatched: { name: "Club" } })).toContain(esc("Captain Resolute took the Club. To give it back: drag it to Rampage's sheet, then delete it from Captain Resolute's."));
  });
});

describe("#7: the GM's cover is explained where it is met", () => {
  const dialog = (targets: { name: string; coverFloor: number; coverLevel?: "light" | "medium" | "heavy" }[]) =>
    render("feat-dialog.hbs", {
      view: featDialogView({
        actorName: "Captain",
        abilities: captainAbilities,
        karmaPool: 0,
        weapons: [],
        targets: targets.map((t) => ({ dodgeColor: null, dodgeShift: null, ...t })),
        form: { ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: targets.length === 1 ? targets[0]!.coverFloor : 0, multipleTargets: 0, other: 0, karma: 0, targetCover: targets.map((t) => t.coverFloor) },
      }),
      coverChoices: coverChoiceList(),
    });

  it("several targets: each select points to its own GM note, which names the level", async () => {
    const html = await dialog([
      { name: "Rampage", coverFloor: -3, coverLevel: "heavy" },
      { name: "Thug", coverFloor: 0 },
    ]);
    expect(html).toContain('<select id="faserip-feat-cover-0" name="cover-0" aria-describedby="faserip-feat-cover-0-gm">');
    expect(html).toContain('<p class="faserip-feat-note" id="faserip-feat-cover-0-gm">The GM put Rampage behind Heavy cover: at least \u22123 CS, so less cover is not offered.</p>');
    expect(html).toMatch(/<select id="faserip-feat-cover-1" name="cover-1">/);
    expect(html).not.toContain("faserip-feat-cover-gm");
  });

  it("the sheet's cover, the GM's select and a viewer's text, carry the hint (set by the GM, ends with the fight)", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.cover": "heavy" } as never);
    const input = (isGM: boolean) => ({ name: "Rampage", img: "", system: f.rampage.system, karma: { value: 0, start: 0, history: [] }, items: [], editable: isGM, isGM, notesHTML: "" });
    const hint = esc(f.world.localize("FRACAS.Faserip.Sheet.CoverHint"));
    expect(hint).toContain("Cleared when the fight ends.");
    expect(await render("hero-sheet.hbs", { view: heroSheetView(input(true)), notesRaw: "" })).toContain(`<select id="faserip-cover" name="system.cover" data-tooltip="${hint}">`);
    expect(await render("hero-sheet.hbs", { view: heroSheetView(input(false)), notesRaw: "" })).toContain(`<strong class="faserip-readonly-value" data-tooltip="${hint}">`);
  });
});

describe("#9: a stun received after acting reads plainly on its Apply row", () => {
  it("StunnedNextOne/Other", async () => {
    expect(f.world.i18n.format("FRACAS.Faserip.Summary.StunnedNextOne", { rounds: 1 })).toBe("Stunned for the next round (already acted this round)");
    expect(f.world.i18n.format("FRACAS.Faserip.Summary.StunnedNextOther", { rounds: 3 })).toBe("Stunned for the next 3 rounds (already acted this round)");
  });
});

describe("#2: the side-initiative rule is the panel heading's tooltip, not a footnote", () => {
  it("the heading carries the mode; no visible note; screen readers keep it", async () => {
    const html = await render("tracker-panel.hbs", sidesPanelView({ combatMemory: {}, combatants: [] }));
    const mode = esc(f.world.localize("FRACAS.Settings.faserip.initiative.Choices.seed"));
    expect(html).toContain(`<h3 class="faserip-panel-title" data-tooltip="${mode}">Side initiative <i class="fa-solid fa-circle-info" inert></i></h3>`);
    expect(html).toContain(`<p class="fracas-visually-hidden">${mode}</p>`);
    expect(html).not.toContain(`<p class="faserip-panel-note">${mode}</p>`);
  });
});

describe("core helpers adopted", () => {
  it("the hooks are registered under core registerOnce's mark 'faserip'; a second registration adds nothing", async () => {
    const hooks = (globalThis as unknown as { Hooks: Record<symbol, unknown> }).Hooks;
    expect(hooks[Symbol.for("fracas.hooks.faserip")]).toBe(true);
    expect(hooks[Symbol.for("fracas.faserip.hooks")]).toBeUndefined();
    const counts = ["createActiveEffect", "deleteActiveEffect", "renderChatMessageHTML"].map((h) => f.world.hooks.count(h));
    const { registerFaseripHooks } = await import("../../../../src/rulesets/faserip/hooks.js");
    expect(registerFaseripHooks()).toBe(false);
    expect(["createActiveEffect", "deleteActiveEffect", "renderChatMessageHTML"].map((h) => f.world.hooks.count(h))).toEqual(counts);
  });

  it("statusSyncSettled waits for the flag write; a failed write is logged with its label, not lost", async () => {
    const sync = await import("../../../../src/rulesets/faserip/status-sync.js");
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      f.world.login("gm");
      await f.captain.update({ "system.status.prone": true } as never);
      await f.captain.toggleStatusEffect("fracas-prone", { active: true });
      await sync.statusSyncSettled();
      vi.spyOn(f.captain, "update").mockRejectedValueOnce(new Error("refused"));
      await f.captain.toggleStatusEffect("fracas-prone", { active: false });
      await sync.statusSyncSettled();
    } finally {
      spy.mockRestore();
    }
    expect(errors.some((e) => String(e[0]).includes("Fracas | faserip: the status flags following an icon failed"))).toBe(true);
  });
});

it("the round start's cards still apply at once through core applyCardNow (FASERIP's own copy is gone)", async () => {
  const { existsSync } = await import("node:fs");
  expect(existsSync("src/rulesets/faserip/cards/apply-at-once.ts")).toBe(false);
});
