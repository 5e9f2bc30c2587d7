/**
 * The session 3 UX review's FASERIP findings (/work/notes/ux-review-s3.md), through the real
 * templates and flows in the typed fake:
 * #3 Karma on an attack with several targets is spent once per target: the dialog says so, shows
 *    the total, and refuses (before anything is spent, in the roll too) a total over the pool;
 * #4 the 0-Health prompt's chips are short, one line says what the colours mean, no mid-word breaks;
 * #12 the Endurance Karma prompt says what the roll is for; its title has no double punctuation;
 * #14 no roll buttons on a sheet the viewer cannot roll from;
 * #18 wording (round start, stand up, a true minus sign in column shifts);
 * #19 read-only sheets: choices as text, no empty Notes/Description heading.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, form, startFight } from "./fake-round.js";
import { captainAbilities, heroSystem } from "./fixture-samples.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { itemSheetView } from "../../../../src/rulesets/faserip/sheets/item-sheet-view.js";
import { secondaryCardView } from "../../../../src/rulesets/faserip/sheets/secondary-card-view.js";
import { type FeatForm } from "../../../../src/rulesets/faserip/sheets/feat-form.js";
import { enduranceKarmaView } from "../../../../src/rulesets/faserip/sheets/endurance-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
  f.world.login("gm");
  // The fake has no TextEditor: the hero sheet enriches its notes on every render.
  (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
});

const T = "systems/fracas/templates/faserip/";
const render = (path: string, data: object) => f.world.templates.renderTemplate(`${T}${path}`, data);
/** HTML with Handlebars' escapes of "=" and "'" read back. */
const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'");
const text = (key: string, data?: Record<string, string | number>) => (data ? f.world.i18n.format(key, data) : f.world.localize(key));
async function setPool(a: FakeActor, value: number): Promise<void> {
  await a.update({ "system.karma.==pool": ledger.createPool(value), "system.karma.value": value } as never);
}
const poolOf = (a: FakeActor) => ledger.requirePool((a.system as unknown as { karma: { pool: unknown } }).karma.pool).value;
const submitTag = (html: string) => /<button type="submit"[^>]*>/.exec(html)?.[0] ?? "";

const twoTargets = [
  { name: "Rampage", dodgeColor: null, dodgeShift: null },
  { name: "Thug", dodgeColor: null, dodgeShift: null },
];
const dialog = (karma: number, targets: { name: string; dodgeColor: "yellow" | null; dodgeShift: number | null }[] = twoTargets, f2: Partial<FeatForm> = {}) =>
  featDialogView({ actorName: "Captain", abilities: captainAbilities, karmaPool: 55, weapons: [], targets, form: form({ karma, multipleTargets: -1, ...f2 }) });

describe("UX s3 #3: Karma on an attack with several targets", () => {
  it("the field reads \"Karma per target\" and a line gives the total", async () => {
    const v = dialog(10);
    expect(v.karmaLabel).toBe("FRACAS.Faserip.Dialog.KarmaPerTarget");
    expect(v.karmaTotal).toMatchObject({ karma: 10, targets: 2, total: 20 });
    expect(v.karmaShort).toBeNull();
    expect(v.canRoll).toBe(true);
    const html = unescape(await render("feat-dialog.hbs", { view: v, coverChoices: [] }));
    expect(html).toContain(">Karma per target (pool 55)</label>");
    expect(html).toContain("10 × 2 targets = 20 Karma spent");
    expect(html).toContain('aria-describedby="faserip-feat-karma-total"');
    expect(submitTag(html)).not.toContain("disabled");
  });

  it("Karma × targets over the pool: Roll disabled with the reason; the odds still show", async () => {
    const v = dialog(30);
    expect(v.form.karma).toBe(30);
    expect(v.karmaShort).toMatchObject({ key: "FRACAS.Faserip.Dialog.KarmaShort", karma: 30, targets: 2, total: 60, pool: 55, most: 27 }); // UX review s4 #22.3: what fits
    expect(v.canRoll).toBe(false);
    expect(v.perTarget).toBe(true);
    const html = unescape(await render("feat-dialog.hbs", { view: v, coverChoices: [] }));
    expect(html).toContain('<p class="faserip-feat-error" role="alert">Not enough Karma: 30 × 2 targets = 60, pool 55: at most 27 per target.</p>');
    // No "60 Karma spent" line beside the refusal: nothing will be spent.
    expect(v.karmaTotal).toBeNull();
    expect(html).not.toContain("Karma spent");
    expect(submitTag(html)).toContain("disabled");
    // Exactly the pool is fine.
    expect(dialog(27).canRoll).toBe(true);
    expect(dialog(28).canRoll).toBe(false);
  });

  it("one target, no Karma, or not an attack: the plain field, no total, no refusal", async () => {
    const one = dialog(30, [twoTargets[0]!]);
    expect([one.karmaLabel, one.karmaTotal, one.karmaShort, one.canRoll]).toEqual(["FRACAS.Faserip.Dialog.Karma", null, null, true]);
    expect(await render("feat-dialog.hbs", { view: one, coverChoices: [] })).toContain(">Karma to spend (pool 55)</label>");
    expect(dialog(0).karmaTotal).toBeNull();
    const dodge = dialog(40, twoTargets, { action: "dodging", ability: "agility" });
    expect([dodge.karmaLabel, dodge.karmaShort, dodge.canRoll]).toEqual(["FRACAS.Faserip.Dialog.Karma", null, true]);
  });

  it("the roll refuses Karma × targets over the pool before anything is spent or rolled", async () => {
    await setPool(f.captain, 55);
    const posted = await f.feat("alice", f.captain, { action: "slugfest", karma: 30, multipleTargets: -1 }, [f.rampage, f.thug]);
    expect(posted).toEqual([]);
    expect(f.cards("attack")).toHaveLength(0);
    expect(poolOf(f.captain)).toBe(55);
    expect(f.world.notified("warn")).toContain("Not enough Karma: 30 × 2 targets = 60, pool 55: at most 27 per target.");

    // 20 × 2 = 40 fits: both cards roll, each with its 20 Karma, and 40 is spent.
    f.world.dice.queue(50, 50);
    const cards = await f.feat("alice", f.captain, { action: "slugfest", karma: 20, multipleTargets: -1 }, [f.rampage, f.thug]);
    expect(cards).toHaveLength(2);
    expect(cards.map((m: FakeChatMessage) => cardOf(m).result.attack.feat.karmaSpent)).toEqual([20, 20]);
    expect(poolOf(f.captain)).toBe(15);
  });
});

describe("UX s3 #4: the 0-Health prompt's chips", () => {
  it("short chip labels, and one line for what the colours mean", async () => {
    const v = enduranceKarmaView({ kind: "zeroHealth", name: "Thug", enduranceRank: "good", karmaPool: 12 });
    const html = await render("endurance-karma.hbs", { view: v });
    const chips = [...html.matchAll(/<span class="faserip-odds-effect">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(chips).toEqual(["Begins dying", "Holds on", "Holds on", "Holds on"]);
    expect(html).toContain("White: begins dying. Any other colour: stays unconscious, not dying.");
    // Slam and Stun prompts have no such line.
    expect(await render("endurance-karma.hbs", { view: enduranceKarmaView({ kind: "slam", name: "R", enduranceRank: "good", karmaPool: 1 }) })).not.toContain("Any other colour");
  });

  it("the card keeps the whole outcome", async () => {
    const holds = secondaryCardView({ kind: "zeroHealth", name: "Thug", roll: 60, color: "green", startsDying: false, enduranceRank: "good" });
    const dies = secondaryCardView({ kind: "zeroHealth", name: "Thug", roll: 5, color: "white", startsDying: true, enduranceRank: "good" });
    expect([text(holds.outcomeLabel), text(dies.outcomeLabel)]).toEqual(["Holds on: unconscious, not dying", "Failed: begins dying"]);
  });

  it("chips break between words, never mid-word", () => {
    const scss = readFileSync(join(process.cwd(), "styles/_faserip.scss"), "utf8");
    const bar = /\.faserip-odds-bar \{ display: flex[^}]*\}/.exec(scss)?.[0] ?? "";
    expect(bar).toContain("overflow-wrap: break-word");
    expect(bar).not.toContain("anywhere");
  });
});

describe("UX s3 #12: the Endurance Karma prompt says what the roll is for", () => {
  type Asked = { content: string; window?: { title?: string } };
  it("a Slam: \"Rampage resists a Slam: Endurance FEAT on …\", titled without \"?:\"", async () => {
    await setPool(f.rampage, 16);
    f.world.dice.queue(70); // Fighting Remarkable: Yellow → Slam (Strength 20 ≥ Endurance 20)
    const [card] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage]);
    expect(cardOf(card).result.attack.secondary).toMatchObject({ kind: "slam", applies: true });
    f.world.dice.queue(50);
    f.world.dialogAnswers.push(0);
    f.world.login("gm");
    await f.adapter.rulesets.descriptor("faserip")!.cards!["attack"]!.followUps!["secondary"]!({ message: card as never, result: cardOf(card).result, button: {} as never });
    const prompt = (DialogV2.asked as unknown as Asked[]).at(-1)!;
    const rank = text(`FRACAS.Faserip.Rank.${cardOf(f.cards("secondary")[0]).result.enduranceRank}`);
    expect(unescape(prompt.content)).toContain(`<strong>Rampage resists a Slam: Endurance FEAT on ${rank}</strong>`);
    expect(prompt.window?.title).toBe("Karma before the Slam check");
    expect(prompt.window?.title).not.toContain("?:");
  });

  it("a Stun and 0 Health say so; an empty pool says \"No Karma left\" by the disabled field", async () => {
    const stun = await render("endurance-karma.hbs", { view: enduranceKarmaView({ kind: "stun", name: "Doc", enduranceRank: "remarkable", karmaPool: 0 }) });
    expect(stun).toContain("Doc resists a Stun: Endurance FEAT on Remarkable");
    expect(stun).toMatch(/<input [^>]*disabled aria-describedby="faserip-endurance-no-karma"/);
    expect(stun).toContain('id="faserip-endurance-no-karma">No Karma left</p>');
    const zero = await render("endurance-karma.hbs", { view: enduranceKarmaView({ kind: "zeroHealth", name: "Thug", enduranceRank: "good", karmaPool: 3 }) });
    expect(zero).toContain("Thug is at 0 Health: Endurance FEAT on Good");
    expect(zero).not.toContain("No Karma left");
  });
});

describe("UX s3 #14: no roll buttons for a viewer who cannot roll", () => {
  const pistol = { id: "w1", name: "Pistol", img: "", type: "faseripWeapon", system: { damage: 6, range: 3, edge: "blunt", thrown: false } };
  const sheet = (editable: boolean) =>
    render("hero-sheet.hbs", { view: heroSheetView({ name: "Rampage", img: "", system: heroSystem(), karma: { value: 1, start: 1, history: [] }, items: [pistol], editable, isGM: false, notesHTML: "" }), notesRaw: "" });

  it("read-only: no ability or weapon roll buttons; editable: all of them", async () => {
    const ro = await sheet(false);
    expect(ro).not.toContain('data-action="rollAbility"');
    expect(ro).not.toContain('data-action="rollWeapon"');
    const own = await sheet(true);
    expect(own.match(/data-action="rollAbility"/g)).toHaveLength(7);
    expect(own).toContain('data-action="rollWeapon"');
  });

  it("a click from an older render by a non-owner opens no dialog and says why", async () => {
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const opened: unknown[] = [];
    const spy = vi.spyOn(FaseripFeatDialog.prototype, "render").mockImplementation(async function (this: unknown) {
      opened.push(this);
      return this;
    } as never);
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, (this: unknown, e: unknown, t: unknown) => unknown> }).actions;
    const rampageSheet = new FaseripHeroSheet({ document: f.rampage } as never);
    f.world.login("bob");
    await actions["rollAbility"]!.call(rampageSheet, {}, { dataset: { ability: "fighting" } });
    expect(opened).toHaveLength(0);
    expect(f.world.notified("warn")).toContain("Only the GM or Rampage's owner can roll for Rampage.");
    // Bob's own hero still opens.
    const bruiserSheet = new FaseripHeroSheet({ document: f.bruiser } as never);
    await actions["rollAbility"]!.call(bruiserSheet, {}, { dataset: { ability: "fighting" } });
    expect(opened).toHaveLength(1);
    spy.mockRestore();
  });
});

describe("UX s3 #18: wording", () => {
  it("round start and stand-up notes", () => {
    expect(text("FRACAS.Faserip.Card.RoundStartNoKarma")).toBe("Rolled automatically at the start of the round, so no Karma could be spent.");
    expect(text("FRACAS.Faserip.Card.StandUpNote")).toBe("Start of round: a prone character who can act stands up. Undo leaves them prone.");
  });

  it("column shifts use a true minus sign, as the dodge select does", async () => {
    const v = dialog(0, [{ name: "Rampage", dodgeColor: "yellow", dodgeShift: -4 }, twoTargets[1]!]);
    const html = await render("feat-dialog.hbs", { view: v, coverChoices: [] });
    expect(html).toContain("dodged Yellow (\u22124\u00a0CS)");
    expect(html).toContain("no dodge recorded (0\u00a0CS)");
    expect(html).toMatch(/→ column [^<]* \(\u22125\u00a0CS\)/);
    // ux-review-s7 #4/#10: the odds' column line is a derivation (core's muted style), "CS" kept on its number.
    expect(html).toContain('<p class="faserip-odds-column fracas-derivation">');
    expect(html).not.toMatch(/\(-\d+ CS\)/);
  });
});

describe("UX s3 #19: read-only sheets", () => {
  it("the hero's side is text, not a disabled select; empty notes show no heading, notes do", async () => {
    const view = (notesHTML: string) => heroSheetView({ name: "Rampage", img: "", system: heroSystem(undefined, { side: "villains" }), karma: { value: 1, start: 1, history: [] }, items: [], editable: false, isGM: false, notesHTML });
    const empty = await render("hero-sheet.hbs", { view: view(""), notesRaw: "" });
    expect(empty).not.toContain('name="system.side"');
    expect(empty).toContain('<strong class="faserip-readonly-value">Villains</strong>'.replace("Villains", text("FRACAS.Faserip.Side.villains")));
    expect(empty).not.toContain(`<h3>${text("FRACAS.Faserip.Sheet.Notes")}</h3>`);
    const withNotes = await render("hero-sheet.hbs", { view: view("<p>Escaped.</p>"), notesRaw: "" });
    expect(withNotes).toContain(`<h3>${text("FRACAS.Faserip.Sheet.Notes")}</h3>`);
    expect(withNotes).toContain("<p>Escaped.</p>");
  });

  it("an item's edge and ability are text; an empty description shows no heading", async () => {
    const item = (type: string, system: Record<string, unknown>, editable: boolean, descriptionHTML = "") =>
      render("item-sheet.hbs", { view: itemSheetView({ name: "X", img: "", type, system, editable, descriptionHTML }), descriptionRaw: "" });
    const knife = await item("faseripWeapon", { damage: 10, range: 0, edge: "edged", thrown: false }, false);
    expect(knife).not.toContain("<select");
    expect(knife).toContain(`<strong class="faserip-readonly-value">${text("FRACAS.Faserip.Edge.edged")}</strong>`);
    expect(knife).not.toContain(`<h3>${text("FRACAS.Faserip.Item.Description")}</h3>`);
    const talent = await item("faseripTalent", { ability: "agility", shift: 1 }, false, "<p>+1 CS.</p>");
    expect(talent).toContain(`<strong class="faserip-readonly-value">${text("FRACAS.Faserip.Ability.agility")}</strong>`);
    expect(talent).toContain(`<h3>${text("FRACAS.Faserip.Item.Description")}</h3>`);
    // Editable: the selects, and the Description editor even when empty.
    const own = await item("faseripWeapon", { damage: 10, range: 0, edge: "edged", thrown: false }, true);
    expect(own).toContain('name="system.edge"');
    expect(own).toContain(`<h3>${text("FRACAS.Faserip.Item.Description")}</h3>`);
  });
});
