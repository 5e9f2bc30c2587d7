/**
 * Session 7 audit, "can a GM check Fracas against the book?": the attack card and the attack dialog
 * name where the skill modifier came from (seed Step 5: "A skill bonus must be added to the result
 * for the skill being employed"; an NPC's tier) and the total a hit must beat ("If the result is
 * > 11 a hit has been scored"). Before, the card said "Skill +2" and "Total 16 · Hit!", and the
 * dialog showed only a percentage: the modifiers it applied were not shown at all.
 */
import { describe, expect, it } from "vitest";
import { radioRenderer, text } from "./render.js";
import hit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import npcTier from "../../../fixtures/templates/radio/cards/attack/npc-tier.js";
import miss from "../../../fixtures/templates/radio/cards/attack/miss.js";
import chance from "../../../fixtures/templates/radio/attack-odds/chance.js";
import refused from "../../../fixtures/templates/radio/attack-odds/refused.js";
import { skillFrom, BARE_HANDS } from "../../../../src/rulesets/radio/data/state.js";
import { attackWithFirstWeapon, createFalzetti, createJake, radioWorld } from "./fight.js";

const { render } = radioRenderer();

describe("the attack card shows each modifier's source and the hit threshold", () => {
  it("a hero's skill names the weapon skill used (the sample's Revolver +4); the total says a hit is over 11", () => {
    const card = text(render("cards/attack", hit()));
    expect(card).toContain("7 + 6 Skill (Revolver) +4 Terrain +1 Total 18 (a hit is over 11) Hit!");
  });

  it("an NPC's skill names its tier and the sheet's extra modifier", () => {
    const card = text(render("cards/attack", npcTier()));
    expect(card).toContain("Skill (Skilled tier, extra +1) +3");
    expect(card).toContain("Action +2");
    expect(card).toContain("Defensive target \u22124");
    expect(card).toMatch(/Total 12 \(a hit is over 11\)/);
  });

  it("a card posted before session 7 (no source stored) still says Skill, with the threshold", () => {
    const card = text(render("cards/attack", miss()));
    expect(card).toMatch(/Skill [+-]\d/);
    expect(card).toContain("(a hit is over 11)");
  });

  it("a hero's named weapon skill is the one named", () => {
    const system = { weaponSkills: [{ name: "Tommy gun", skill: "ranged", bonus: 4 }] };
    expect(skillFrom("radioHero", system, { ...BARE_HANDS, category: "projectile", skill: "ranged", weaponSkill: "tommy gun" })).toEqual({ name: "Tommy gun" });
    expect(skillFrom("radioHero", system, BARE_HANDS)).toEqual({ key: "FRACAS.Radio.Skill.brawl" });
    expect(skillFrom("radioHenchmen", { tier: "novice" }, BARE_HANDS)).toEqual({ key: "FRACAS.Radio.SkillFrom.novice" });
  });
});

describe("the attack dialog shows the test its chance is of", () => {
  it("the dice, each modifier it will add (the skill's source) and the threshold, beside the chance", () => {
    const odds = text(render("attack-odds", chance()));
    expect(odds).toContain("Chance to hit: 79% 2d10 + Skill (Revolver) 4: hits on a total over 11");
  });

  it("no test line when the choice is refused with no odds", () => {
    expect(text(render("attack-odds", refused()))).not.toContain("hits on a total over 11");
  });
});

describe("the rolled card stores the skill's source", () => {
  it("Jake's revolver attack: Skill (Ranged)", async () => {
    const { world } = await radioWorld(["alice"]);
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const card = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    expect((card.system as unknown as { result: { skillFrom?: unknown } }).result.skillFrom).toEqual({ key: "FRACAS.Radio.Skill.ranged" });
    expect(text(String(card.content))).toContain("Skill (Ranged) +2");
  });
});
