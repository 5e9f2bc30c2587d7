/**
 * Session 7, wave 3 (notes/ux-review-s7.md and notes/review-s7-changes.md) for radio:
 * - UX #7: the dialog's test line is in the shared shape, "{What}: {label} {value} ± {label} {value}
 *   = {result}": label before value, a typographic minus (U+2212), the result last; in the core
 *   `.fracas-derivation` style. Review D5: the card's column prints the same minus.
 * - UX #17.6: a modifier of 0 ("+0 Action") is left out of the card and the test line.
 * - UX #8: the henchmen Apply row names the damage from before apart from what is left over, and
 *   shows the sum the wounds each divide.
 * - UX #9: the tokens and limb hints are short, inline, name only the row that applied, cite no
 *   "Step N"; the tokens one is a derivation (`.fracas-derivation`).
 * - Review D2: one weapon-skill lookup (namedWeaponSkill) for the bonus added and the source named.
 */
import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { damageEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import { modifierRows } from "../../../../src/rulesets/radio/cards/views.js";
import { attackerOf, BARE_HANDS, namedWeaponSkill, skillFrom } from "../../../../src/rulesets/radio/data/state.js";
import { heroView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { radioRenderer, text } from "./render.js";
import { heroSystem, henchmenSystem, meta, opponentSystem, tokens } from "./samples.js";
import { localize } from "../../zodiac/foundry/en-localize.js";
import chance from "../../../fixtures/templates/radio/attack-odds/chance.js";
import minusModifiers from "../../../fixtures/templates/radio/attack-odds/minus-modifiers.js";
import noModifiers from "../../../fixtures/templates/radio/attack-odds/no-modifiers.js";
import attackHit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import npcTier from "../../../fixtures/templates/radio/cards/attack/npc-tier.js";
import tokensTable from "../../../fixtures/templates/radio/cards/attack/tokens-table.js";
import finalTokens from "../../../fixtures/templates/radio/cards/attack/final-tokens.js";
import henchmenApplied from "../../../fixtures/templates/radio/cards/damage/henchmen-applied.js";
import henchmenFresh from "../../../fixtures/templates/radio/cards/damage/henchmen-fresh.js";
import limbWeaponLost from "../../../fixtures/templates/radio/cards/damage/limb-weapon-lost.js";
import limbDisabled from "../../../fixtures/templates/radio/cards/damage/limb.js";

const { render } = radioRenderer();
const MINUS = "\u2212";

describe("#7: the dialog's test line in the shared shape", () => {
  it("label before value, the result last (the review's string, the 0 Action left out)", () => {
    const html = render("attack-odds", chance());
    expect(text(html)).toContain("2d10 + Skill (Revolver) 4: hits on a total over 11");
    expect(html).toContain('<p class="fracas-derivation radio-test-line">2d10 + Skill (Revolver) 4: hits on a total over 11</p>');
  });

  it("a modifier that takes off is joined with a typographic minus", () => {
    expect(text(render("attack-odds", minusModifiers()))).toContain(`2d10 + Skill (Revolver) 4 ${MINUS} Action 2 ${MINUS} Defensive target 4: hits on a total over 11`);
  });

  it("with every modifier 0, the dice and the threshold alone", () => {
    expect(text(render("attack-odds", noModifiers()))).toContain("Chance to hit: 45% 2d10: hits on a total over 11");
  });

  it("the sheets print it too: a cashed-in token entry, a novice's combat skill (review D5)", () => {
    expect(heroView(meta(), heroSystem({ tokens: tokens(3, 2, -5) }), []).tokens.history[0]!.delta).toBe(`${MINUS}5`);
    expect(opponentView(meta(), opponentSystem({ tier: "novice" }), []).combatSkill).toBe(`${MINUS}2`);
    expect(opponentView(meta(), opponentSystem({ tier: "expert" }), []).combatSkill).toBe("+5");
  });

  it("the card's column prints the same minus, never an ASCII '-4' (review D5)", () => {
    const card = text(render("cards/attack", npcTier()));
    expect(card).toContain(`Defensive target ${MINUS}4`);
    expect(card).not.toMatch(/-\d/);
  });
});

describe("#17.6: a 0 modifier is left out", () => {
  it("no '+0 Action' on the card or in the rows", () => {
    expect(text(render("cards/attack", attackHit()))).not.toContain("Action +0");
    const rows = modifierRows([{ source: "skill", value: 4 }, { source: "action", value: 0 }, { source: "terrain", value: 1 }], null);
    expect(rows.map((r) => r.label)).toEqual(["FRACAS.Radio.Modifier.skill", "FRACAS.Radio.Modifier.terrain"]);
  });
});

describe("#8: the henchmen Apply row shows the sum it divides; 'carried' means one thing", () => {
  const goons = (count: number, woundsEach: number, carried: number) => ({ type: "radioHenchmen", name: "Goons", system: henchmenSystem({ count, woundsEach, carried }) as JsonObject });
  const row = (damage: Record<string, unknown>, target: ReturnType<typeof goons>) => {
    const e = damageEffect({ result: { damage: { piercing: false, critical: false, ...damage } } as unknown as JsonObject, target });
    if ("refused" in e) throw new Error(e.refused);
    return radioSummaryText(e.summary!, localize);
  };

  it("the review's string, on the card (fixture damage/henchmen-applied)", () => {
    expect(text(render("cards/damage", henchmenApplied()))).toContain("2 down, 3 left: 4 damage + 1 from before = 5, 2 wounds each; 1 left for the next hit");
  });

  it("nothing from before: no '= total' that only repeats the damage (fixture damage/henchmen-fresh)", () => {
    const card = text(render("cards/damage", henchmenFresh()));
    expect(card).toContain("Falzetti's goons 2 down, 3 left: 4 damage, 2 wounds each");
    expect(card).not.toContain("= 4");
    expect(row({ damage: 5 }, goons(5, 2, 0))).toBe("2 down, 3 left: 5 damage, 2 wounds each; 1 left for the next hit");
  });

  it("a head or heart shot with damage from before sums what was dealt", () => {
    // 1 rolled, raised so the henchman hit falls: 2 dealt + 1 from before = 3, one henchman's wounds.
    expect(row({ damage: 1, lethal: true }, goons(5, 3, 1))).toBe("1 down, 4 left: 2 damage (head or heart shot, rolled 1) + 1 from before = 3, 3 wounds each");
  });
});

describe("#9: the tokens and limb hints are inline and name the row that applied", () => {
  it("tokens: the action's row, inline after the count, as a derivation; no 'Step 4'", () => {
    const html = render("cards/attack", attackHit());
    expect(html).toContain('Earned 2 action tokens. <span class="fracas-derivation radio-tokens-why">(a described standard action)</span></p>');
    expect(text(render("cards/attack", tokensTable()))).toContain("Earned 3 action tokens. (a described standard action, by this world's tokens table)");
    expect(text(render("cards/attack", finalTokens()))).toContain("(a described standard action)");
    expect(html).not.toContain("Step");
  });

  it("limb: one inline hint after the outcome, as the escape card's; no 'Step 6'", () => {
    for (const [fixture, outcome] of [[limbWeaponLost, "the weapon in it is lost"], [limbDisabled, "the limb is disabled"]] as const) {
      const html = render("cards/damage", fixture());
      expect(html).toContain(`<strong>${outcome}</strong> <span class="radio-hint">(a 6: an arm drops its weapon, a leg keeps working; anything else disables the limb)</span></p>`);
      expect(html).not.toContain("Step");
    }
  });
});

describe("review D2: one weapon-skill lookup for the bonus and the name", () => {
  const system = { skills: { ranged: 3 }, weaponSkills: [{ name: "Tommy gun", bonus: 5 }, { name: "Revolver", bonus: 4 }] };
  const tommy = { ...BARE_HANDS, category: "projectile" as const, skill: "ranged", weaponSkill: "TOMMY GUN" };

  it("the skill named is the one whose bonus was added", () => {
    expect(namedWeaponSkill(system, tommy)).toEqual({ name: "Tommy gun", bonus: 5 });
    expect(attackerOf("radioHero", system, tommy)).toMatchObject({ skill: 5 });
    expect(skillFrom("radioHero", system, tommy)).toEqual({ name: "Tommy gun" });
  });

  it("no weapon skill named, or none matching: the weapon's skill, for both", () => {
    for (const weaponSkill of ["", "Shotgun"]) {
      const weapon = { ...tommy, weaponSkill };
      expect(namedWeaponSkill(system, weapon)).toBeUndefined();
      expect(attackerOf("radioHero", system, weapon)).toMatchObject({ skill: 3 });
      expect(skillFrom("radioHero", system, weapon)).toEqual({ key: "FRACAS.Radio.Skill.ranged" });
    }
  });
});
