/**
 * Session 3's Bond wording and markup (UX review #12, #15, #17 and the lead's decisions), on the
 * real templates rendered with Handlebars and the real lang file:
 * - recovery buttons named alike with their real numbers: "Stun roll (Strength, EF 8)" /
 *   "Wound recovery (Willpower, EF 7)", on the sheet and on the round-start prompt;
 * - a clamped Ease Factor says "clamped from −1 to ½";
 * - the card's Damage Class shifts say what moved ("Kick: Damage Class +1");
 * - plurals from two keys (…One / …Other) chosen by the count, never "(s)";
 * - plain First Aid wording; "(GM)" on GM-only buttons; data-tooltip on icon-only buttons;
 * - header names: an input with the full name as title when editable, a wrapping heading when not.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import { attackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { characterView } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { firstAidView } from "../../../../src/rulesets/bond/sheets/first-aid-view.js";
import { skillView, weaponView } from "../../../../src/rulesets/bond/sheets/item-views.js";
import { attackCardView, drawCardView, promptFor, recoveryCardView, recoveryPromptView, type DrawCardResult, type RecoveryPromptResult } from "../../../../src/rulesets/bond/cards/views.js";
import { attackEffect, recoveryEffect, resolveRecoveryCard, type RecoveryCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { easeText, signed } from "../../../../src/rulesets/bond/format.js";
import { UNWOUNDED, resolveAttack, type WoundState } from "../../../../src/rulesets/bond/rules/index.js";
import { bondChars, derived, healer, ppk, setup, skills } from "../fixture-data.js";

let world: FakeWorld;

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
/** The opening tags of the buttons with this data-action (or data-fracas-follow-up), in document order. */
const buttons = (html: string, attr: string) => [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((b) => b.includes(attr));
/** The text of the buttons whose opening tag contains `attr`. */
const buttonTexts = (html: string, attr: string) =>
  [...html.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)].filter((m) => m[1]!.includes(attr)).map((m) => m[2]!.trim());

const sheet = (wound: Partial<WoundState>, over: Partial<Parameters<typeof characterView>[0]> = {}) =>
  characterView({
    name: "James Bond",
    img: "icons/svg/mystery-man.svg",
    editable: true,
    isGM: false,
    npc: false,
    characteristics: bondChars,
    fame: 60,
    notes: "",
    scars: [{ location: "face", visible: true, fame: 20 }],
    derived: derived(wound),
    skills,
    weapons: [{ id: "w1", name: "Walther PPK", weapon: ppk }],
    ...over,
  });

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

describe("format", () => {
  it("writes a true minus and Ease Factors in halves", () => {
    expect([signed(2), signed(0), signed(-3)]).toEqual(["+2", "0", "\u22123"]);
    expect([easeText(5), easeText(0.5), easeText(2.5), easeText(-1), easeText(-1.5), easeText(0)]).toEqual(["5", "½", "2½", "\u22121", "\u22121½", "0"]);
  });
});

describe("recovery rolls are named alike, with their characteristic and EF", () => {
  it("the sheet: 'Stun roll (Strength, EF 7)' (8 − the Light Wound's 1, RB2) and 'Wound recovery (Willpower, EF 7)'", async () => {
    const html = await render("sheets/character", { view: sheet({ level: "LW", stunRollPending: true, stunCharacteristic: "strength", woundRollPending: true }) });
    expect(buttonTexts(html, 'data-action="recover"')).toEqual(["Stun roll (Strength, EF 7)", "Wound recovery (Willpower, EF 7)"]);
    expect(html).not.toContain("Roll Stun recovery");
  });

  it("the EF shown is the one rolled: under the GM's wound-penalty option a Heavy Wound's roll is EF 3 − 3 = ½", async () => {
    const html = await render("sheets/character", { view: sheet({ level: "HW", stunRollPending: true, stunCharacteristic: "willpower", woundRollPending: true }, { woundPenaltyApplies: true }) });
    expect(buttonTexts(html, 'data-action="recover"')).toEqual(["Stun roll (Willpower, EF 5)", "Wound recovery (Willpower, EF ½)"]);
  });

  it("the sheet's 'Stun roll due' line names the same EF as its button: 8 − 3 = 5 for a Heavy Wound, with or without the option (RB2)", async () => {
    const state = { level: "HW" as const, stunRollPending: true, stunCharacteristic: "willpower" as const, woundRollPending: true };
    expect(await render("sheets/character", { view: sheet(state) })).toContain("<li>Stun roll due (Willpower, EF 5): no action until it is made.</li>");
    const html = await render("sheets/character", { view: sheet(state, { woundPenaltyApplies: true }) });
    expect(html).toContain("<li>Stun roll due (Willpower, EF 5): no action until it is made.</li>");
    expect(html).not.toContain("EF 8");
    // A lone Stun, unwounded: EF 8 as printed.
    expect(await render("sheets/character", { view: sheet({ level: "ST", stunRollPending: true, stunCharacteristic: "willpower" }) })).toContain("<li>Stun roll due (Willpower, EF 8): no action until it is made.</li>");
  });

  it("the round-start prompt's buttons read as the sheet's", async () => {
    const state = { ...UNWOUNDED, level: "MW" as const, stunRollPending: true, stunCharacteristic: "willpower" as const, woundRollPending: true };
    const { rolls, status } = promptFor(state);
    const result: RecoveryPromptResult = { actorUuid: "Actor.b", actorName: "James Bond", round: 2, level: state.level, rolls, stunCharacteristic: state.stunCharacteristic, status, hours: 0 };
    const html = await render("cards/recovery-prompt", { card: recoveryPromptView(result), source: null });
    expect(buttonTexts(html, 'data-fracas-follow-up="recover"')).toEqual(["Stun roll (Willpower, EF 6)", "Wound recovery (Willpower, EF 5)"]);
  });
});

describe("a clamped Ease Factor says from what to what", () => {
  it("attack dialog: 'clamped from −1 to ½', and the Success Chance line uses ½", async () => {
    const view = attackView(setup({ attackKind: "hth", weaponName: "Unarmed", baseDamageClass: "B", shotsPerRound: 0, distance: null, targetSpeed: 3 }), {
      range: "medium",
      cover: "none",
      targetSpeed: 3,
      kick: false,
      specificBlow: "",
      gmModifier: -3,
    });
    expect(view).toMatchObject({ easeTotal: 0.5, easeUnclamped: -1, easeClamped: true });
    const html = await render("dialogs/attack", { view });
    expect(html).toContain("<strong>½</strong> <small>(clamped from \u22121 to ½)</small>");
    expect(html).toContain("× EF ½ = Success Chance");
    expect(html).not.toMatch(/\(sum /);
  });

  it("First Aid dialog: 'clamped from 0 to ½' for a GM's EF 3 and the healer's −3", async () => {
    const view = firstAidView(
      { patientName: "Tee Hee", patientWound: { ...UNWOUNDED, level: "IN", unconsciousHours: 3 }, healers: [healer({ wound: { ...UNWOUNDED, level: "HW" } })], defaultHealer: null, isGM: true },
      { healerUuid: "Actor.felix", ease: 3 },
    );
    const html = await render("dialogs/first-aid", { view });
    expect(html).toContain("(clamped from 0 to ½)");
  });
});

describe("the attack card's Damage Class shifts say what moved", () => {
  it("'Kick: Damage Class +1'; the attacker's own wound is named as the attacker's", async () => {
    const result = { ...resolveAttack({ attackKind: "hth", primaryChance: 30, roll: 2, damageClass: "C", kick: true, targetSpeed: 1, attackerWound: "LW" }), attackId: "a1", hoursRoll: 2, attackerName: "James Bond", weaponName: "Unarmed" };
    const html = await render("cards/attack", { card: attackCardView(result, []), source: null });
    // Led by the base DC since session 7, so the card's DC reads from where it started.
    // Since ux-review-s7 #6, one derivation line in the shared shape: "Damage Class: DC C, kick +1 = D".
    expect(html).toContain('<p class="bond-card-shifts fracas-derivation">Damage Class: DC C, kick +1 = D</p>');
    expect(html).toContain("<li>Attacker's wound \u22121</li>");
    const fire = { ...resolveAttack({ attackKind: "fire", primaryChance: 20, roll: 2, damageClass: "E", range: "close" }), attackId: "a2", hoursRoll: 2, attackerName: "Hood", weaponName: "Beretta" };
    expect(await render("cards/attack", { card: attackCardView(fire, []), source: null })).toContain("Damage Class: DC E, close range +1 = F");
  });
});

describe("plurals: two keys chosen by the count", () => {
  it("the lang file has no '(s)' left in Bond's strings", () => {
    const text = readFileSync("lang/src/bond.json", "utf8");
    expect(text).not.toContain("(s)");
  });

  it("the sheet: 'No action for 1 more round.' / '… 3 more rounds.'; 'Unconscious: 1 hour left.'", async () => {
    expect(await render("sheets/character", { view: sheet({ level: "ST", stunRounds: 1 }) })).toContain("<li>No action for 1 more round.</li>");
    expect(await render("sheets/character", { view: sheet({ level: "ST", stunRounds: 3 }) })).toContain("<li>No action for 3 more rounds.</li>");
    expect(await render("sheets/character", { view: sheet({ level: "IN", unconsciousHours: 1 }) })).toContain("<li>Unconscious: 1 hour left.</li>");
    expect(await render("sheets/character", { view: sheet({ level: "IN", unconsciousHours: 5 }) })).toContain("<li>Unconscious: 5 hours left.</li>");
  });

  it("the draw card: 'Tied once' / 'Tied 2 times'", async () => {
    const side = (rolls: number[]) => ({ name: "X", uuid: "Actor.x", weaponName: "PPK", speed: 1, drawModifier: 0, rolls, totals: rolls.map((r) => r + 1) });
    const draw = (n: number): DrawCardResult => ({ attackId: "a", attackMessageId: "m", attacker: side(Array(n + 1).fill(1)), target: side(Array(n + 1).fill(1)), first: "target" });
    expect(await render("cards/draw", { card: drawCardView(draw(1)), source: null })).toContain("Tied once: both sides re-rolled.");
    expect(await render("cards/draw", { card: drawCardView(draw(2)), source: null })).toContain("Tied 2 times: both sides re-rolled.");
  });

  it("a failed Stun roll's card and its Apply summary: 1 round / 4 rounds", async () => {
    const stunned = { ...UNWOUNDED, level: "ST" as const, stunRollPending: true, stunCharacteristic: "willpower" as const };
    const card = async (d6: number) => {
      const result: RecoveryCardResult = { which: "stun", primaryChance: 9, roll: 88, durationRoll: d6, woundPenaltyApplies: false, attackQualityRating: 1, actorName: "Felix" };
      const change = resolveRecoveryCard(result, stunned);
      const effect = recoveryEffect({ result: result as never, target: { type: "bondCharacter", system: { wound: stunned } as never, name: "Felix" } });
      return { html: await render("cards/recovery", { card: recoveryCardView(result, change.check, change.state), source: null }), summary: "summary" in effect ? effect.summary : null };
    };
    const one = await card(1);
    expect(one.html).toContain("Stunned: no action for 1 round.");
    expect(one.summary).toEqual({ key: "FRACAS.Bond.Summary.Recovery.stun.FailedOne", data: { name: "Felix", rounds: 1 } });
    expect(world.i18n.format(one.summary!.key, { name: "Felix", rounds: "1" })).toBe("no action for 1 round");
    const four = await card(4);
    expect(four.html).toContain("Stunned: no action for 4 rounds.");
    expect(four.summary!.key).toBe("FRACAS.Bond.Summary.Recovery.stun.FailedOther");
  });

  it("Apply that incapacitates for 1 hour says '1 hour'; the round-start note too", async () => {
    const result = { ...resolveAttack({ attackKind: "fire", primaryChance: 20, roll: 1, damageClass: "E" }), attackId: "a1", hoursRoll: 1, attackerName: "Hood", weaponName: "Beretta" };
    const effect = attackEffect({ result: result as never, target: { type: "bondCharacter", system: { wound: UNWOUNDED } as never, name: "Bond" } });
    expect("summary" in effect && effect.summary).toEqual({ key: "FRACAS.Bond.Summary.NowUnconsciousOne", data: { name: "Bond", hours: 1 } });
    expect(world.i18n.format("FRACAS.Bond.Summary.NowUnconsciousOne", { name: "Bond" })).toBe("now Incapacitated, unconscious for 1 hour (the attack's D6)");
    const prompt: RecoveryPromptResult = { actorUuid: "Actor.b", actorName: "Bond", round: 2, level: "IN", rolls: [], stunCharacteristic: null, status: "unconscious", hours: 1 };
    expect(await render("cards/recovery-prompt", { card: recoveryPromptView(prompt), source: null })).toContain("Bond is unconscious for 1 more hour, then wakes");
  });
});

describe("First Aid and GM-only wording", () => {
  it("no healer: plain words on how to add a First Aid skill", async () => {
    const view = firstAidView({ patientName: "James Bond", patientWound: { ...UNWOUNDED, level: "LW" }, healers: [], defaultHealer: null, isGM: false }, { healerUuid: "", ease: 5 });
    const html = await render("dialogs/first-aid", { view });
    expect(html).not.toContain("whose use is");
    expect(html).toContain("None of your characters has a First Aid skill. To add one: Add skill on the character sheet, then set its Use to First Aid.");
  });

  it("the attack card's scar roll, the GM's only, says '(GM)'", async () => {
    const result = { ...resolveAttack({ attackKind: "fire", primaryChance: 20, roll: 5, damageClass: "E" }), attackId: "a1", hoursRoll: 2, attackerName: "Hood", weaponName: "Beretta" };
    const html = await render("cards/attack", { card: attackCardView(result, [{ uuid: "Actor.b", name: "Bond", isPC: true }]), source: null });
    expect(buttonTexts(html, 'data-fracas-follow-up="scar"')).toEqual(["Roll scar (GM)"]);
  });
});

describe("icon-only buttons carry a tooltip equal to their aria-label", () => {
  it("points ±, edit, delete and remove-scar on the character sheet", async () => {
    const html = await render("sheets/character", { view: sheet({}) });
    const icons = buttons(html, "bond-icon-button");
    expect(icons.length).toBeGreaterThanOrEqual(5);
    for (const b of icons) {
      const label = /aria-label="([^"]*)"/.exec(b)?.[1];
      expect(label, b).toBeTruthy();
      expect(b).toContain(`data-tooltip="${label}"`);
    }
  });
});

describe("header names: input with a title when editable, a wrapping heading when not", () => {
  const long = "Dr. Kananga's Second Bodyguard, the one with the gold tooth";

  it("character sheet", async () => {
    const editable = await render("sheets/character", { view: sheet({}, { name: long }) });
    expect(editable).toContain(`<input id="bond-name" class="bond-name" type="text" name="name" value="${long}" title="${long}">`);
    const readOnly = await render("sheets/character", { view: sheet({}, { name: long, editable: false }) });
    expect(readOnly).toContain(`<h2 class="bond-name bond-name-heading">${long}</h2>`);
    expect(readOnly).not.toContain('name="name"');
  });

  it("weapon and skill sheets", async () => {
    const w = await render("sheets/weapon", { view: weaponView(long, "icons/svg/item-bag.svg", false, ppk, "") });
    expect(w).toContain(`<h2 class="bond-name bond-name-heading">${long}</h2>`);
    expect(w).not.toContain('name="name"');
    const s = await render("sheets/skill", { view: skillView(long, "icons/svg/book.svg", true, skills[0]!, "") });
    expect(s).toContain(`value="${long}" title="${long}">`);
  });
});
