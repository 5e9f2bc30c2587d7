// UX review fixes for radio (notes/ux-review.md #5, #6, #8, #9, #10, #16): the pure views, and the
// real templates rendered with real Handlebars over the real fixtures' contexts, read as text.
import { describe, expect, it } from "vitest";
import { radioRenderer, text } from "./render.js";
import { heroView, henchmenView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { fleeCardView } from "../../../../src/rulesets/radio/cards/views.js";
import { henchmenSystem, heroSystem, meta, opponentSystem } from "./samples.js";
import heroDying from "../../../fixtures/templates/radio/hero-sheet/dying.js";
import heroDead from "../../../fixtures/templates/radio/hero-sheet/dead.js";
import heroFull from "../../../fixtures/templates/radio/hero-sheet/full.js";
import minionOut from "../../../fixtures/templates/radio/opponent-sheet/knocked-out-minion.js";
import henchmenDefeated from "../../../fixtures/templates/radio/henchmen-sheet/defeated.js";
import henchmenGroup from "../../../fixtures/templates/radio/henchmen-sheet/group.js";
import attackHit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import attackUndone from "../../../fixtures/templates/radio/cards/attack/tokens-undone.js";
import damageHead from "../../../fixtures/templates/radio/cards/damage/head-shot.js";
import damageLimb from "../../../fixtures/templates/radio/cards/damage/limb.js";
import itemHtml from "../../../fixtures/templates/radio/item-sheet/html-description.js";
import itemReadOnly from "../../../fixtures/templates/radio/item-sheet/read-only.js";
import fleeGroup from "../../../fixtures/templates/radio/cards/flee/henchmen.js";
import fleeMinion from "../../../fixtures/templates/radio/cards/flee/minion.js";

const { render } = radioRenderer();

describe("#5 a hero owed the final heroic action is not shown as plain Dead", () => {
  it("the state line says the final action is due while it is owed, Dead once taken", () => {
    expect(heroView(meta(), heroSystem({ wounds: { value: -1, max: 5 }, state: "dead", finalAction: true }), []).wounds.stateLabel).toBe("FRACAS.Radio.State.finalActionDue");
    expect(heroView(meta(), heroSystem({ wounds: { value: -1, max: 5 }, state: "dead", finalAction: false }), []).wounds.stateLabel).toBe("FRACAS.Radio.State.dead");
    const dying = text(render("hero-sheet", heroDying()));
    expect(dying).toContain("Now: Lethal blow: final action due");
    expect(dying).not.toContain("Now: Dead");
    expect(text(render("hero-sheet", heroDead()))).toContain("Now: Dead");
  });
});

describe("#6 the attack card names the attacker", () => {
  it("starts the line with the attacker's name", () => {
    expect(text(render("cards/attack", attackHit()))).toMatch(/Attack Jake — Standard/);
  });
});

describe("#8 the header Attack button for a combatant who cannot act", () => {
  it("the views give the same reason the click refuses with", () => {
    expect(heroView(meta(), heroSystem(), []).attack).toMatchObject({ shown: true, disabled: false, reason: "" });
    expect(heroView(meta(), heroSystem({ wounds: { value: -2, max: 5 }, state: "dead" }), []).attack).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.dead" });
    expect(heroView(meta(), heroSystem({ escaped: true }), []).attack).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.escaped" });
    expect(opponentView(meta(), opponentSystem({ wounds: { value: 0, max: 4 }, state: "unconscious" }), []).attack).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.unconscious" });
    expect(opponentView(meta({ defeated: true }), opponentSystem(), []).attack).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Tracker.Down.defeated" });
    expect(henchmenView(meta(), henchmenSystem({ count: 0, carried: 0 }), []).attack).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.noneLeft" });
    expect(henchmenView(meta(), henchmenSystem(), []).attack.disabled).toBe(false);
  });

  it("keeps the final-action exception: a dying hero owed it may attack, even marked defeated", () => {
    const system = heroSystem({ wounds: { value: -1, max: 5 }, state: "dead", finalAction: true });
    expect(heroView(meta({ defeated: true }), system, []).attack).toMatchObject({ shown: true, disabled: false, reason: "" });
    expect(render("hero-sheet", heroDying())).not.toMatch(/class="radio-attack-button"[^>]*disabled/);
  });

  it("renders the button disabled with a tooltip and a short visible reason", () => {
    for (const [template, fixture, reason] of [
      ["hero-sheet", heroDead(), "Dead"],
      ["opponent-sheet", minionOut(), "Fled"],
      ["henchmen-sheet", henchmenDefeated(), "Defeated"],
    ] as const) {
      const html = render(template, fixture);
      expect(html).toMatch(new RegExp(`class="radio-attack-button" data-action="attack" disabled data-tooltip="No attack now: ${reason}\\."`));
      expect(text(html)).toContain(`Cannot act: ${reason}`);
    }
    for (const [template, fixture] of [
      ["hero-sheet", heroFull()],
      ["henchmen-sheet", henchmenGroup()],
    ] as const) {
      const html = render(template, fixture);
      expect(html).toContain('class="radio-attack-button" data-action="attack">');
      expect(html).not.toContain("Cannot act");
    }
  });
});

describe("#9 a lethal head or heart shot headlines the kill, not the damage", () => {
  it("headline Lethal, the damage total on the detail line", () => {
    const html = render("cards/damage", damageHead());
    expect(html).toMatch(/<p class="radio-damage-total radio-lethal">Lethal — head or heart shot<\/p>/);
    expect(html).toMatch(/<p class="radio-card-line">Revolver \(Projectile\) · d6: 2 · 1 damage<\/p>/);
    expect(html).not.toContain("Head or heart: lethal.");
  });

  it("a shot that is not lethal keeps the damage headline", () => {
    const fixture = damageLimb();
    expect(render("cards/damage", fixture)).toContain(`<p class="radio-damage-total">${(fixture.context.view as { damage: number }).damage} damage</p>`);
  });
});

describe("#10 the item description is an HTML field, not a raw-text box", () => {
  it("editable: a prose-mirror holding the stored HTML, labelled, with the HTML rendered inside", () => {
    const html = render("item-sheet", itemHtml());
    expect(html).not.toContain("<textarea");
    expect(html).toContain('<prose-mirror name="system.description" value="&lt;p&gt;A snub-nosed');
    expect(html).toContain('aria-label="Description"><p>A snub-nosed <strong>.38</strong>, six rounds.</p>');
    expect(html).toContain("<h4>Description</h4>");
  });

  it("read-only: the enriched HTML, no editor", () => {
    const html = render("item-sheet", itemReadOnly());
    expect(html).not.toContain("<prose-mirror");
    expect(html).not.toContain("<textarea");
    expect(html).toContain('<div class="radio-description-text"><p>Knocks out everyone in the room for a round.</p></div>');
  });
});

describe("#16 radio card wording", () => {
  it("undone tokens: the earned line is struck through (session 3: a class, and the note shown; see ux-session3.test.ts)", () => {
    const html = render("cards/attack", attackUndone());
    expect(html).toContain('<p class="radio-card-line radio-struck">Earned 2 action tokens.</p>');
    expect(render("cards/attack", attackHit())).not.toContain("radio-struck");
  });

  it("the flee card says who flees and who stays, in the Apply summary's words", () => {
    const group = text(render("cards/flee", fleeGroup()));
    expect(group).toContain("Falzetti fell: flee checks for Falzetti's goons");
    expect(group).toContain("Falzetti's goons: 2 flee, 3 stay");
    expect(text(render("cards/flee", fleeMinion()))).toContain("Lieutenant Sal flees");
    expect(fleeCardView({ leaderName: "F", followerName: "Sal", rolls: [3] }).outcomeLabel).toBe("FRACAS.Radio.Summary.Stays");
  });
});
