// Session 4 UX review (notes/ux-review-s4.md), radio's findings: #3 no live Attack for a player whose
// turn is used, #6 the described-action claim, #7 the final action, #11 "View" for a viewer, #12
// the Apply row's summaries without the name, #14 the spell refusals, #15 the armour line by the
// aim, #19 "Gone from the fight", #21 read-only values as text, #22.6 the group's one escape roll.
// The real templates, rendered with real Handlebars over the real fixtures.
import { describe, expect, it } from "vitest";
import { radioRenderer, text } from "./render.js";
import { heroView, opponentView, henchmenView } from "../../../../src/rulesets/radio/sheets/views.js";
import { damageEffect, escapeEffect, fleeEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { heroSystem, henchmenSystem, leaderInput, meta, opponentSystem } from "./samples.js";
import en from "../../../../lang/en.json" with { type: "json" };
import stepUsedPlayer from "../../../fixtures/templates/radio/hero-sheet/step-used-player.js";
import stepAction from "../../../fixtures/templates/radio/hero-sheet/step-action.js";
import dyingOwner from "../../../fixtures/templates/radio/hero-sheet/dying-owner.js";
import observer from "../../../fixtures/templates/radio/hero-sheet/observer.js";
import heroDying from "../../../fixtures/templates/radio/hero-sheet/dying.js";
import henchmenPlayer from "../../../fixtures/templates/radio/henchmen-sheet/player-view.js";
import henchmenFled from "../../../fixtures/templates/radio/henchmen-sheet/fled.js";
import henchmenEscape from "../../../fixtures/templates/radio/henchmen-sheet/escape-offered.js";
import heroEscape from "../../../fixtures/templates/radio/hero-sheet/escape-offered.js";
import missingLeaderReadOnly from "../../../fixtures/templates/radio/opponent-sheet/missing-leader-read-only.js";
import spellNeedsSpell from "../../../fixtures/templates/radio/attack-odds/spell-needs-spell.js";
import headShot from "../../../fixtures/templates/radio/attack-dialog/head-shot-armoured.js";
import { attackSetupSample, weapons } from "./samples.js";
import { attackView, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";

const { render } = radioRenderer();
const step = { phase: 2, tokens: 2, used: true };
/** en.json's words for a key and its data (the lang file, as a reader's client formats it). */
const words = (key: string, data: Record<string, unknown> = {}) => {
  const raw = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en) as string;
  return raw.replace(/\{(\w+)\}/g, (_, k: string) => String(data[k]));
};

describe("#3 a player whose turn's action is taken has no live Attack", () => {
  it("the view: disabled with the turn's phase for a player; the GM keeps it live (may roll anyway)", () => {
    expect(heroView(meta({ step }), heroSystem(), []).attack).toEqual({ shown: true, disabled: true, reason: "FRACAS.Radio.Turn.ActedReason", phase: 2 });
    expect(opponentView(meta({ step }), opponentSystem(), [], leaderInput()).attack).toMatchObject({ disabled: true, reason: "FRACAS.Radio.Turn.ActedReason" });
    expect(heroView(meta({ step, isGM: true }), heroSystem(), []).attack).toMatchObject({ disabled: false });
    expect(heroView(meta({ step: { ...step, used: false } }), heroSystem(), []).attack).toMatchObject({ disabled: false });
    // A combatant who is down keeps the down reason.
    expect(heroView(meta({ step }), heroSystem({ wounds: { value: 0, max: 5 }, state: "unconscious" }), []).attack).toMatchObject({ reason: "FRACAS.Radio.Down.unconscious" });
  });

  it("the fixture: the button disabled with its tooltip and the visible reason", () => {
    const html = render("hero-sheet", stepUsedPlayer());
    expect(html).toMatch(/<button type="button" class="radio-attack-button" data-action="attack" disabled data-tooltip="No attack now: Turn used \(phase 2\)\.">/);
    expect(html).toContain('<span class="radio-cannot-act">Cannot act: Turn used (phase 2)</span>');
  });
});

describe("#6 the described-action claim reads as an action", () => {
  it("Claim the tokens…, a short hint in the player's voice, and Turn used once taken", () => {
    const live = text(render("hero-sheet", stepAction()));
    expect(live).toContain("Claim the tokens for a described action (+2)");
    expect(live).toContain("Phase 1, your turn. Not attacking? Describe what you do instead (reload, use a gadget, rescue someone) and claim its tokens. This uses your turn.");
    expect(text(render("hero-sheet", stepUsedPlayer()))).toContain("Turn used (phase 2).");
    expect(words("FRACAS.Radio.StepAction.EarnOne", { n: 1 })).toBe("Claim the token for a described action (+1)");
  });
});

describe("#7 the final action: one attack button, an End button, the State agrees", () => {
  it("the owner: no header Attack beside Final attack; End the final action; the select reads final action due", () => {
    const html = render("hero-sheet", dyingOwner());
    expect(html).not.toContain('class="radio-attack-button"');
    expect(html).toContain('<button type="button" data-action="finalAttack">Final attack</button>');
    expect(html).toContain('<button type="button" data-action="finalDone">End the final action (it was not an attack)</button>');
    expect(html).toContain('<option value="dead" selected>Lethal blow: final action due</option>');
    expect(html).not.toMatch(/<option[^>]*>Dead<\/option>/);
  });

  it("the reader: no greyed Dead under Dying! (the Now line only)", () => {
    const reader = text(render("hero-sheet", heroDying()));
    expect(reader).toContain("Now: Lethal blow: final action due");
    expect(reader).not.toMatch(/\bDead\b/);
  });
});

describe("#11 a viewer's item button says View", () => {
  it("a reader: View {name} with an eye; the editor: Edit {name} with a pen", () => {
    const reader = render("henchmen-sheet", henchmenPlayer());
    expect(reader).toContain('aria-label="View Leather sap" data-tooltip="View Leather sap"><i class="fa-solid fa-eye" inert></i>');
    expect(reader).not.toContain("Edit Leather sap");
    const editor = render("henchmen-sheet", { context: { view: henchmenView(meta(), henchmenSystem(), [{ id: "sap", name: "Leather sap", img: "", type: "radioWeapon", system: { category: "club" } }], leaderInput()) } });
    expect(editor).toContain('aria-label="Edit Leather sap" data-tooltip="Edit Leather sap"><i class="fa-solid fa-pen" inert></i>');
  });
});

describe("#12 the Apply row's summaries leave the name to the row", () => {
  const hero = { type: "radioHero", name: "Jake", system: heroSystem() as JsonObject };
  const formatted = (e: ReturnType<typeof damageEffect>) => {
    if ("refused" in e) throw new Error(e.refused);
    // As the reader's client words a row (a counted one through the kind's summaryText: session 5).
    return radioSummaryText(e.summary!, (k, d) => words(k, d)) ?? words(e.summary!.key, e.summary!.data as Record<string, unknown>);
  };

  it("damage, flee and escape rows: no name in the words", () => {
    const hit = (damage: number, target = hero) => damageEffect({ result: { damage: { damage, piercing: false, critical: false } } as unknown as JsonObject, target });
    expect(formatted(hit(2))).toBe("takes 2 (3 left)");
    expect(formatted(hit(7))).toBe("is dying: one final heroic action");
    expect(formatted(hit(9, { type: "radioOpponent", name: "Falzetti", system: opponentSystem() as JsonObject }))).toBe("is dead");
    const goons = { type: "radioHenchmen", name: "Goons", system: henchmenSystem({ count: 5, woundsEach: 1, carried: 0 }) as JsonObject };
    expect(formatted(hit(2, goons))).toBe("2 down, 3 left: 2 damage, 1 wound each");
    expect(formatted(fleeEffect({ result: { rolls: [6, 6, 6, 6, 2] }, target: goons }))).toBe("4 flee, 1 stays");
    const sal = { type: "radioOpponent", name: "Sal", system: opponentSystem({ kind: "minion" }) as JsonObject };
    expect(formatted(fleeEffect({ result: { rolls: [6] }, target: sal }))).toBe("flees");
    expect(formatted(escapeEffect({ result: { outcome: "escapes" }, target: hero }))).toBe("escapes");
  });

  it("the named keys stay for rows of cards posted before (their stored key is worded on each render)", () => {
    for (const key of ["Henchmen", "HenchmenGoneOne", "HenchmenGoneOther", "FinalAction", "Dead", "Unconscious", "Wounded", "Flees", "Stays", "Escaped", "HenchmenFleeOneOther"]) {
      expect(words(`FRACAS.Radio.Summary.${key}`, { name: "Goons", removed: 1, count: 2, wounds: 1, damage: 1, fled: 1 })).toMatch(/^Goons\b/);
    }
  });
});

describe("#14 the spell refusals say what to do", () => {
  it("the spell action with a gun: choose a spell, where; a spell under another action: choose a weapon", () => {
    expect(text(render("attack-odds", spellNeedsSpell()))).toContain("You declared the spell action: the whole round goes to magic. Choose a spell under “Weapon, gadget or spell”.");
    const fireball = { id: "fire", name: "Fireball", category: "area" as const, skill: "ranged", weaponSkill: "", skilled: false, piercing: false, spell: true };
    const standard = attackSetupSample({ declared: "standard", phase: 1, weapons: [fireball, ...weapons] });
    const view = attackView(standard, { ...initialState(standard), weaponId: "fire" });
    expect(text(render("attack-odds", { context: { view } }))).toContain("A spell needs the spell action (prepared in phases 1 and 3, released in 2 and 4). Choose a weapon or gadget instead.");
  });
});

describe("#15 the armour line sits by the aim it blocks", () => {
  it("after the Aim at row, worded plainly; the head and heart options say blocked", () => {
    const html = render("attack-dialog", headShot());
    const aim = html.indexOf('name="called"');
    const line = html.indexOf('class="radio-hint radio-target-armour"');
    expect(aim).toBeGreaterThan(0);
    expect(line).toBeGreaterThan(html.indexOf('name="limb"'));
    expect(html).toContain("Falzetti wears a helmet or armour (from their sheet): a head or heart shot cannot hit.");
    expect(html).toContain('<option value="head" selected>The head (−6) — blocked by armour</option>');
    expect(html).toContain('<option value="heart" >The heart (−6) — blocked by armour</option>');
    expect(html).toContain('<option value="limb" >A limb (or the weapon in it)</option>');
  });

  it("no armour: no suffix", () => {
    const setup = attackSetupSample({ declared: "targeted", phase: 2 });
    expect(attackView(setup, initialState(setup)).calledShots.some((o) => o.blocked)).toBe(false);
  });
});

describe("#19 henchmen gone from the fight", () => {
  it("the banner says fled or escaped; the GM's box has its hint", () => {
    const html = text(render("henchmen-sheet", henchmenFled()));
    expect(html).toContain("Gone from the fight (fled or escaped).");
    expect(html).toContain("Fled or escaped");
    expect(html).toContain("Untick if they come back.");
    expect(text(render("henchmen-sheet", henchmenEscape()))).not.toContain("Untick if they come back.");
  });
});

describe("#21 read-only sheets show values as text", () => {
  const inputs = (html: string) => html.match(/<(input|select|textarea)\b[^>]*>/g) ?? [];

  it("henchmen, a reader: no disabled input or select, values as text, no empty Notes", () => {
    const html = render("henchmen-sheet", henchmenPlayer());
    expect(inputs(html)).toEqual([]);
    expect(html).toContain('<p class="radio-field"><span>Henchmen</span> <strong class="radio-value">5</strong></p>');
    expect(html).toContain('<p class="radio-field"><span>Tier</span> <strong class="radio-value">Novice (−2)</strong></p>');
    expect(text(html)).not.toContain("Notes");
  });

  it("a hero read-only: values, weapon skills as text, set flags as tags, notes; no Weapon skills heading when there are none", () => {
    const html = render("hero-sheet", observer());
    // No control at all: the notes too are text now (session 5), not a disabled box.
    expect(inputs(html)).toEqual([]);
    expect(html).toContain('<div class="radio-notes-text">Owes Falzetti 40 dollars.');
    expect(html).toContain('<strong class="radio-value">Revolver</strong>');
    expect(html).toContain('<span class="radio-badge">Helmet or armour</span>');
    expect(html).toContain('<span class="radio-badge">Weapon lost</span>');
    expect(html).toContain('<p class="radio-field"><span>Wounds left</span> <strong class="radio-value">5</strong></p>');
    expect(text(render("hero-sheet", heroDying()))).not.toContain("Weapon skills");
    expect(inputs(render("hero-sheet", heroDying()))).toEqual([]);
  });

  it("an opponent read-only: kind and tier as text", () => {
    const html = render("opponent-sheet", missingLeaderReadOnly());
    expect(inputs(html)).toEqual([]);
    expect(html).toMatch(/<span>Kind<\/span> <strong class="radio-value">(Boss|Minion)<\/strong>/);
  });
});

describe("#22.6 a group's escape is one roll", () => {
  it("the henchmen line says one roll for the whole group; a hero's keeps its own line", () => {
    expect(text(render("henchmen-sheet", henchmenEscape()))).toContain("One consequence roll for the whole group: anything but a 6 escapes (83%).");
    expect(text(render("hero-sheet", heroEscape()))).toContain("Consequence roll: anything but a 6 escapes (83%).");
  });
});
