/**
 * The session-3 UX review's Bond findings (notes/ux-review-s3.md), through the real views and the
 * real templates rendered with Handlebars in the fake:
 * #2 the weapon and skill tables keep numbers whole (break-word; names give way, numbers never break);
 * #6 the "cannot act" reasons carry no colon of their own, and a wound's roll has one name, with its EF;
 * #7 the knockout prompt gives one round number ("last round" when it was) and names the target once in its hint;
 * #11 the recovery prompt's title says what the card is; the penalty option's EF shows where it comes from;
 *     the recovery card names the characteristic and says "Wound level now";
 * #18 the "in hand" tag explains itself; #19 read-only sheets leave out an empty Description / Notes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import type { CharacterViewInput } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { skillView, weaponView } from "../../../../src/rulesets/bond/sheets/item-views.js";
import { hasContent } from "../../../../src/rulesets/bond/sheets/html-field.js";
import { bondDownReason } from "../../../../src/rulesets/bond/down.js";
import { knockoutPromptView, promptFor, recoveryCardView, recoveryPromptView, type RecoveryPromptResult } from "../../../../src/rulesets/bond/cards/views.js";
import { resolveRecoveryCard, type RecoveryCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { resolveAttack, UNWOUNDED, type WoundState } from "../../../../src/rulesets/bond/rules/index.js";
import { bondPcView, derived, knife, ppk } from "../fixture-data.js";

let world: FakeWorld;

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
/** The visible text, tags dropped and spaces collapsed. */
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

function sheet(over: Partial<CharacterViewInput> = {}, wound: Partial<WoundState> = {}) {
  const state = { ...UNWOUNDED, ...wound };
  return bondPcView({
    derived: derived(state),
    downReason: bondDownReason({ wound: state, statuses: [], defeated: false }),
    weapons: [
      { id: "w1", name: "Walther PPK", weapon: ppk },
      { id: "w2", name: "Throwing knife", weapon: knife, inHand: true },
      { id: "w3", name: "Heavy spear gun (underwater, long barrel)", weapon: { ...ppk, damageClass: "G", shotsPerRound: 1, performance: -1 }, dropped: true },
    ],
    ...over,
  });
}

describe("#2 the sheet's tables keep numbers whole", () => {
  it("every weapon row's PC, DC, PR and Shots cells, and every skill row's numbers, are marked as numbers in a list table", async () => {
    const html = await render("sheets/character", { view: sheet() });
    const tables = [...html.matchAll(/<table class="([^"]*)">([\s\S]*?)<\/table>/g)];
    expect(tables.map((t) => t[1])).toEqual(["bond-table bond-list", "bond-table bond-list"]);
    const rows = (table: string) => [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => r[1]!).filter((r) => r.includes("<td"));
    const weaponRows = rows(tables[0]![2]!);
    expect(weaponRows).toHaveLength(4); // unarmed and the three weapons
    for (const r of weaponRows) {
      const cells = [...r.matchAll(/<td( class="[^"]*")?(?: data-tooltip="[^"]*")?>/g)].map((m) => m[1] ?? "");
      // Name and kind wrap; PC, DC, PR, Shots do not; the actions cell keeps its own class.
      expect(cells).toEqual(["", "", ' class="bond-num"', ' class="bond-num"', ' class="bond-num"', ' class="bond-num"', ' class="bond-row-actions"']);
    }
    for (const r of rows(tables[1]![2]!)) expect(r.match(/<td class="bond-num">/g)).toHaveLength(3);
  });

  it("the stylesheet: break-word on every table cell (never anywhere), anywhere only on a list's name column, nowrap only on numbers, headers and tags", () => {
    const scss = readFileSync(join(process.cwd(), "styles/_bond.scss"), "utf8");
    const block = (selector: string) => {
      const start = scss.indexOf(`  ${selector} {`);
      expect(start, selector).toBeGreaterThanOrEqual(0);
      return scss.slice(start, scss.indexOf("\n  }\n", start)).replace(/\/\/.*$/gm, ""); // declarations only
    };
    const table = block(".bond-table");
    expect(table).toContain("overflow-wrap: break-word");
    expect(table).not.toContain("anywhere");
    const list = block(".bond-list");
    expect(list).toContain("td:first-child { overflow-wrap: anywhere; }");
    expect(list).toContain("th, .bond-num, .bond-tag { white-space: nowrap; }");
    expect(list).not.toMatch(/td:first-child[^}]*nowrap/);
  });
});

describe("#6 cannot-act reasons and the wound's roll", () => {
  it("no Down reason has a colon, so 'Cannot act now: {reason}.' has one", () => {
    for (const k of ["killed", "incapacitated", "knockedOut", "unconscious", "stunRoll", "stunned", "woundRoll"]) {
      expect(world.localize(`FRACAS.Bond.Down.${k}`), k).not.toContain(":");
    }
    expect(world.localize("FRACAS.Bond.Task.CannotAct").replace("{reason}", world.localize("FRACAS.Bond.Down.woundRoll"))).toBe("Cannot act now: Wound recovery roll due.");
  });

  it("the state line names the roll as its button does, with the same EF (also under the penalty option)", async () => {
    const plain = text(await render("sheets/character", { view: sheet({}, { level: "LW", woundRollPending: true }) }));
    expect(plain).toContain("Wound recovery roll due (Willpower, EF 7): no action until it succeeds.");
    expect(plain).toContain("Wound recovery (Willpower, EF 7)");
    expect(plain).toContain("Cannot attack now: Wound recovery roll due.");
    // Under the option the roll is at 5 − 2 = 3: the line reads the EF the button rolls, not a fixed one.
    const option = text(await render("sheets/character", { view: sheet({ woundPenaltyApplies: true }, { level: "MW", woundRollPending: true }) }));
    expect(option).toContain("Wound recovery roll due (Willpower, EF 3): no action until it succeeds.");
    expect(option).toContain("Wound recovery (Willpower, EF 3)");
  });

  it("'no action' everywhere: the prompt's wound hint no longer says 'No activity'", () => {
    expect(world.localize("FRACAS.Bond.Prompt.Hint.wound")).toContain("No action until it succeeds");
    expect(readFileSync(join(process.cwd(), "lang/src/bond.json"), "utf8")).not.toMatch(/no activity/i);
  });
});

describe("#7 the knockout prompt", () => {
  const attack = (combatRound: number) => ({
    ...resolveAttack({ attackKind: "hth", primaryChance: 30, roll: 2, damageClass: "C", targetSpeed: 1, specificBlow: "knockout", attackerIsNpc: true }),
    attackId: "a1",
    hoursRoll: 3,
    attackerName: "Oddjob",
    weaponName: "Unarmed",
    combatId: "c1",
    combatRound,
  });
  const card = (combatRound: number, round: number) => {
    const result = { attack: attack(combatRound), targetUuid: "Actor.felix", targetName: "Felix Leiter", round, ease: 3, qualityRating: 2, woundLevel: "LW" as const };
    return render("cards/knockout-prompt", { result, source: { name: "Felix Leiter", img: "x.svg", uuid: "Actor.felix" }, targets: [], card: knockoutPromptView(result) });
  };

  it("one round number: 'last round (round 2)' when the blow was last round, 'in round 1' when earlier; no (Round 3) tag", async () => {
    const last = text(await card(2, 3));
    expect(last).toContain("Felix Leiter — was hit by Oddjob's knockout blow last round (round 2) and has not resisted yet");
    expect(last).not.toContain("Round 3");
    const earlier = text(await card(1, 3));
    expect(earlier).toContain("was hit by Oddjob's knockout blow in round 1 and has not resisted yet");
    expect(earlier).not.toContain("last round");
  });

  it("the hint names the target once and asks for Hero Points before rolling", async () => {
    const html = await card(2, 3);
    const hint = text(html.match(/<p class="bond-card-note">([\s\S]*?)<\/p>/)![1]!);
    expect(hint).toBe("Willpower roll at EF 3. On a failure, Felix Leiter is knocked out until the GM wakes them. Spend any Hero Points against the blow before rolling.");
    expect(hint.split("Felix Leiter")).toHaveLength(2);
  });
});

describe("#11 the recovery prompt and card", () => {
  const prompt = (wound: Partial<WoundState>, woundPenaltyApplies = false) => {
    const state = { ...UNWOUNDED, ...wound };
    const { rolls, status } = promptFor(state);
    const result: RecoveryPromptResult = { actorUuid: "Actor.a", actorName: "Felix", round: 3, level: state.level, rolls, stunCharacteristic: state.stunCharacteristic === "strength" ? "strength" : state.stunCharacteristic === "willpower" ? "willpower" : null, status, hours: state.unconsciousHours, woundPenaltyApplies };
    const view = recoveryPromptView(result);
    return { view, html: render("cards/recovery-prompt", { result, source: { name: "Felix", img: "x.svg", uuid: "Actor.a" }, targets: [], card: view }) };
  };
  const title = (html: string) => html.match(/<h3 class="fracas-card-title">([^<]*)<\/h3>/)![1];

  it("titled by what it is: 'Recovery due' with a roll, 'Unconscious' for an unconscious or knocked-out character, 'Killed' for the dead", async () => {
    expect(title(await prompt({ level: "LW", woundRollPending: true }).html)).toBe("Recovery due");
    expect(title(await prompt({ level: "IN", unconsciousHours: 4 }).html)).toBe("Unconscious");
    expect(title(await prompt({ level: "LW", knockedOut: true }).html)).toBe("Unconscious");
    expect(title(await prompt({ level: "KL" }).html)).toBe("Killed");
  });

  it("the sheet's buttons are quoted by name", async () => {
    expect(text(await prompt({ level: "IN", unconsciousHours: 4 }).html)).toContain("Use “Let hours pass” or “Wake up” on the character sheet.");
    expect(text(await prompt({ level: "LW", knockedOut: true }).html)).toContain("is knocked out until the GM wakes them (“Wake up” on the character sheet).");
  });

  it("under the penalty option the EF shows where it comes from: clamped, not clamped, and no breakdown without a penalty", async () => {
    // Session 8: the breakdown is its own derivation line, result last (the recovery card's words).
    const hw = prompt({ level: "HW", woundRollPending: true }, true);
    expect(hw.view.rolls[0]).toMatchObject({ hint: "FRACAS.Bond.Prompt.Hint.wound", ef: 0.5, printed: 3, penalty: -3, clamped: true });
    expect(text(await hw.html)).toContain("Wound recovery due: Willpower at EF ½. No action until it succeeds; try again each round. EF 3 for a Heavy Wound, −3 Heavy Wound, at least ½ = ½.");
    const mw = prompt({ level: "MW", woundRollPending: true }, true);
    expect(mw.view.rolls[0]).toMatchObject({ hint: "FRACAS.Bond.Prompt.Hint.wound", ef: 3, clamped: false });
    expect(text(await mw.html)).toContain("Wound recovery due: Willpower at EF 3. No action until it succeeds; try again each round. EF 5 for a Medium Wound, −2 Medium Wound = 3.");
    // A Stun roll under a Light Wound loses 1 too: 8 − 1 = 7.
    const stun = prompt({ level: "LW", stunRollPending: true, stunCharacteristic: "strength" }, true);
    expect(text(await stun.html)).toContain("Stun roll due: Strength at EF 7. No action until it is made; a failure means no action for 1D6 rounds. EF 8 for a Stun roll, −1 Light Wound = 7.");
    // Without the option: the plain hint, no derivation line.
    const off = prompt({ level: "HW", woundRollPending: true });
    expect(off.view.rolls[0]).toMatchObject({ hint: "FRACAS.Bond.Prompt.Hint.wound", ef: 3, penalty: 0, easeFrom: null });
    expect(text(await off.html)).toContain("Wound recovery due: Willpower at EF 3. No action");
    expect(await off.html).not.toContain("fracas-derivation");
  });

  it("the recovery card names the characteristic in its who line and says 'Wound level now'", async () => {
    const card = async (characteristic: "str" | "wil" | undefined) => {
      const result: RecoveryCardResult = { which: "stun", primaryChance: 9, roll: 88, durationRoll: 4, woundPenaltyApplies: false, attackQualityRating: 1, actorName: "Felix", ...(characteristic ? { characteristic } : {}) };
      const change = resolveRecoveryCard(result, { ...UNWOUNDED, level: "ST", stunRollPending: true, stunCharacteristic: characteristic === "str" ? "strength" : "willpower" });
      return text(await render("cards/recovery", { result, source: null, targets: [], card: recoveryCardView(result, change.check, change.state) }));
    };
    const str = await card("str");
    expect(str).toContain("Felix — Stun roll (Strength)");
    expect(str).toContain("Wound level now: Stun");
    expect(await card("wil")).toContain("Felix — Stun roll (Willpower)");
    expect(await card(undefined)).toContain("Felix — Stun roll (Willpower)"); // older cards stored none
  });
});

describe("#18 the in-hand tag and the dropped weapon's hint", () => {
  it("'in hand' carries a tooltip saying what it means", async () => {
    const html = await render("sheets/character", { view: sheet() });
    expect(html).toContain(`<span class="bond-tag" data-tooltip="The weapon a Disarm knocks away (last used or picked up)">in hand</span>`);
  });
});

describe("#19 read-only sheets leave out an empty Description / Notes", () => {
  it("hasContent: an editor's empty paragraph is empty; text or an image is not", () => {
    expect(hasContent("")).toBe(false);
    expect(hasContent("<p></p>")).toBe(false);
    expect(hasContent("<p>&nbsp; </p>")).toBe(false);
    expect(hasContent("<p>Licence to kill.</p>")).toBe(true);
    expect(hasContent('<p><img src="x.png"></p>')).toBe(true);
  });

  it("skill and weapon sheets: shown when editable or filled, left out when read-only and empty", async () => {
    const skill = { role: "general", characteristic1: "int", characteristic2: "dex", level: 5 };
    const heading = "<h3 id=\"bond-s-desc-title\">";
    expect(await render("sheets/skill", { view: skillView("First Aid", "x.svg", false, skill, "<p></p>") })).not.toContain(heading);
    expect(await render("sheets/skill", { view: skillView("First Aid", "x.svg", true, skill, "") })).toContain(heading);
    expect(await render("sheets/skill", { view: skillView("First Aid", "x.svg", false, skill, "<p>Field course.</p>") })).toContain(heading);
    expect(weaponView("PPK", "x.svg", false, ppk, "").showDescription).toBe(false);
    expect(weaponView("PPK", "x.svg", false, ppk, "<p>7.65 mm</p>").showDescription).toBe(true);
  });

  it("the character sheet's Notes: left out when read-only and empty", async () => {
    const heading = '<h3 id="bond-notes-title">';
    expect(await render("sheets/character", { view: sheet({ editable: false }) })).not.toContain(heading);
    expect(await render("sheets/character", { view: sheet({ editable: true }) })).toContain(heading);
    expect(await render("sheets/character", { view: sheet({ editable: false, notes: "<p>SPECTRE</p>" }) })).toContain(heading);
  });
});

describe("#19 read-only item sheets show choices as text; long names keep their width", () => {
  const scss = () => readFileSync(join(process.cwd(), "styles/_bond.scss"), "utf8").replace(/\/\/.*$/gm, "");
  const skill = { role: "firstAid", characteristic1: "int", characteristic2: "dex", level: 5 };

  it("skill sheet: selects when editable; the chosen Use and characteristics as plain text when read-only, no disabled select", async () => {
    const editable = await render("sheets/skill", { view: skillView("First Aid", "x.svg", true, skill, "") });
    expect(editable.match(/<select /g)).toHaveLength(3);
    const readOnly = await render("sheets/skill", { view: skillView("First Aid", "x.svg", false, skill, "") });
    expect(readOnly).not.toContain("<select");
    expect(text(readOnly)).toContain("Use First Aid Characteristic Intelligence Second characteristic (averaged) Dexterity");
    expect(readOnly).toContain('<span class="bond-field-value">Intelligence</span>');
    // No second characteristic: "— none —", as the select would show.
    expect(text(await render("sheets/skill", { view: skillView("Strength", "x.svg", false, { ...skill, characteristic2: "" }, "") }))).toContain("Second characteristic (averaged) — none —");
  });

  it("weapon sheet: Kind, melee weapon and Damage Class as plain text when read-only", async () => {
    const gun = await render("sheets/weapon", { view: weaponView("PPK", "x.svg", false, ppk, "") });
    expect(gun).not.toContain("<select");
    expect(text(gun)).toContain("Kind Fire Combat Damage Class D");
    const blade = text(await render("sheets/weapon", { view: weaponView("Knife", "x.svg", false, knife, "") }));
    expect(blade).toContain("Kind Hand-to-Hand");
    expect(blade).toContain(`${world.localize("FRACAS.Bond.MeleeWeaponLabel")} ${world.localize("FRACAS.Bond.MeleeWeapon.knife")}`);
    // Editable: the Kind and melee weapon selects (a knife's Damage Class is the wielder's: no select, see audit-s4).
    expect((await render("sheets/weapon", { view: weaponView("Knife", "x.svg", true, knife, "") })).match(/<select /g)).toHaveLength(2);
  });

  it("item sheets: the name beside the portrait never wraps below it (header nowrap, name flex 1 with min-width 0)", () => {
    const css = scss();
    expect(css).toContain(".bond-item .bond-sheet-header { flex-wrap: nowrap; }");
    expect(css).toContain(".bond-item .bond-name { flex: 1 1 auto; min-width: 0; }");
  });

  it("character sheet: the derived numbers take their own row, so the name input has the row beside the portrait", async () => {
    expect(scss()).toMatch(/\.bond-derived \{\s*flex: 1 1 100%;/);
    // The name input sits alone in the identity column, the derived list after it, outside it.
    const html = await render("sheets/character", { view: sheet() });
    const identity = html.slice(html.indexOf('<div class="bond-identity">'), html.indexOf('<dl class="bond-derived">'));
    expect(identity).toContain('<input id="bond-name" class="bond-name"');
    expect(identity).not.toContain("bond-derived");
  });
});
