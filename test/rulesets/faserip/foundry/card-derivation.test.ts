/**
 * Session 7 audit, "can a GM check Fracas against the book?": a FEAT card said "Remarkable → Good
 * (−2 CS)" and "Damage 20 − Body Armor 10 = 10" without which ability was rolled (the dialog lets a
 * user roll another than the action's), which shifts made the −2 (a dodge recorded on the target
 * and the GM's cover are applied without the user typing them), or whether the 20 was Strength or
 * the weapon. Now the card names the ability, lists each shift by its source, and names the damage's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight } from "./fake-round.js";
import derivation from "../../../fixtures/templates/faserip/cards/attack/derivation.js";
import legacy from "../../../fixtures/templates/faserip/cards/attack/legacy-no-names.js";
import abilityKarma from "../../../fixtures/templates/faserip/cards/feat/ability-karma.js";
import dodgeTalent from "../../../fixtures/templates/faserip/cards/feat/dodge-talent.js";
import talentAndOther from "../../../fixtures/templates/faserip/cards/attack/talent-and-other.js";
import blockedMiss from "../../../fixtures/templates/faserip/cards/attack/blocked-miss.js";
import armorStopsLegacy from "../../../fixtures/templates/faserip/cards/attack/armor-stops-legacy.js";
import slamApplies from "../../../fixtures/templates/faserip/cards/attack/slam-applies.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

/** Handlebars escapes "=" in a localized string: read it back as the user sees it. */
const seen = (html: string) => html.replace(/&#x3D;/g, "=");
const contentOf = (m: unknown) => seen((m as FakeChatMessage & { content: string }).content);
const render = async (path: string, context: object) => seen(await f.world.templates.renderTemplate(`systems/fracas/templates/faserip/cards/${path}.hbs`, context));

describe("an attack card shows where its numbers came from", () => {
  it("rolled: the ability, each shift by source (the GM's cover on the target counts), damage from Strength", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.cover": "light" } as never);
    // Captain: Fighting Remarkable (30), Strength Excellent (20). Cover −1 (the GM's, on Rampage), Other −1 → Good; 60 → Green, a Hit.
    f.world.dice.queue(60);
    const [card] = await f.feat("alice", f.captain, { action: "slugfest", ability: "fighting", other: -1 }, [f.rampage]);
    const attack = cardOf(card).result.attack as { feat: { effect: string; shifts: { cover: number } } };
    expect(attack.feat.shifts.cover).toBe(-1);
    expect(attack.feat.effect).toBe("hit");
    const html = contentOf(card);
    expect(html).toContain("Fighting Remarkable \u2192 Good (\u22122\u00a0CS)");
    expect(html).toContain("Shifts: cover \u22121, other \u22121 = \u22122\u00a0CS");
    expect(html).toContain("Damage 20 (Strength) \u2212 Body Armor 10 = 10");
  });

  it("the derivation fixture: a weapon stronger than Strength, four shifts, a talent inside Other", async () => {
    const html = await render("attack", derivation().context);
    expect(html).toContain("Fighting Amazing \u2192 Excellent (\u22123\u00a0CS)");
    // ux-review-s7 #7/#10: the talent is named once, as a part (Other held only it), and the parts add up.
    expect(html).toContain("Shifts: dodge \u22122, cover \u22121, multiple targets \u22121, Axes +1 = \u22123\u00a0CS");
    expect(html).not.toContain("other +1");
    expect(html).not.toContain("Talents:");
    // ux-review-s7 #4: the Shifts line is a derivation (muted, smaller), in core's one style.
    expect(html).toMatch(/<p class="faserip-card-line fracas-derivation faserip-card-shifts">Shifts:/);
    // ux-review-s7 #17.5: the weapon's name is its tag above; the damage line says "weapon".
    expect(html).toContain("Damage 30 (weapon) \u2212 Body Armor 10 = 20");
    expect(html.split("Battle-axe of the Ninth Legion").length - 1).toBe(1);
  });

  it("a talent and a typed Other: the talent by name, Other only what was typed; armor equal to the blow stops it in words", async () => {
    const html = await render("attack", talentAndOther().context);
    expect(html).toContain("Fighting Remarkable \u2192 Incredible (+1\u00a0CS)");
    expect(html).toContain("Shifts: cover \u22121, Swords +1, other +1 = +1\u00a0CS");
    expect(html).toContain("Damage 20 (weapon) \u2212 Body Armor 20: none gets through");
    expect(html).not.toContain("= 0");
  });

  it("ux-review-s7 #16: Body Armor above the blow reads as stopping it, not as \"6 − 20 = 0\" (new and older cards)", async () => {
    const html = await render("attack", blockedMiss().context);
    expect(html).toContain("Damage 6 (Strength) \u2212 Body Armor 20: none gets through");
    expect(html).not.toContain("Body Armor 20 = 0");
    const legacyHtml = await render("attack", armorStopsLegacy().context);
    expect(legacyHtml).toContain("Damage 10 \u2212 Body Armor 30: none gets through");
  });

  it("ux-review-s7 #10: no shifts says so (not \"(0⏎CS)\"); a shift keeps \"CS\" on its number (no-break space)", async () => {
    const html = await render("attack", slamApplies().context);
    expect(html).toContain("Fighting Remarkable (no shifts)");
    expect(html).not.toMatch(/0 CS/);
    expect(html).not.toContain("faserip-card-shifts");
    expect(await render("attack", blockedMiss().context)).toContain("Good (no shifts)");
    expect(await render("attack", talentAndOther().context)).not.toMatch(/\d CS/);
  });

  it("an older card (no ability, no damage source stored) keeps its former lines; no shifts, no Shifts line", async () => {
    const html = await render("attack", legacy().context);
    expect(html).toContain("Remarkable (no shifts)");
    expect(html).not.toContain("Fighting Remarkable");
    expect(html).toContain("Damage 20 \u2212 Body Armor 10 = 10");
    expect(html).not.toContain("faserip-card-shifts");
  });
});

describe("a FEAT card names its ability and its shift", () => {
  it("rolled: a plain Reason FEAT (an ability no action has) with Other +1", async () => {
    f.world.login("alice");
    f.world.dice.queue(50);
    const posted = await f.flows.performFeat({ actor: f.captain as never, form: { ability: "reason", action: "feat", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 1, karma: 0 }, targets: [], weapon: null });
    const html = contentOf(posted[0]);
    // Captain's Reason is Good (10): +1 → Excellent.
    // One shift: named in the column line (ux-review-s7 #10), no Shifts line repeating it.
    expect(html).toContain("Reason Good \u2192 Excellent (other +1\u00a0CS)");
    expect(html).not.toContain("faserip-card-shifts");
  });

  it("the fixture", async () => {
    const html = await render("feat", abilityKarma().context);
    expect(html).toContain("Reason Typical \u2192 Good (other +1\u00a0CS)");
    expect(html).not.toContain("Shifts:");
  });

  it("a dodge with one talent: the talent is the column's one shift, named once (no Talents line, no Shifts line)", async () => {
    const html = await render("feat", dodgeTalent().context);
    expect(html).toContain("Remarkable \u2192 Incredible (Acrobatics +1\u00a0CS)");
    expect(html.split("Acrobatics").length - 1).toBe(1);
    expect(html).not.toContain("Shifts:");
  });
});
