/**
 * Bond's findings of ux-review-s5b, through the real setup, view, templates and lang file:
 * - #2: several tokens targeted: the dialog names none as "the" target and reads no one's Speed,
 *   cover or distance (the first in the user's target set, an order the player never sees); it lists
 *   the targeted names instead (D54);
 * - #3: a refused attack keeps its real odds, muted, with "If it were allowed: …" (as Radio's); a
 *   rule error in the Ease Factor hides them;
 * - #5: the attack card's "Roll scar (GM)" is marked `data-fracas-gm-only` (disabled on players' copies);
 * - #8.3: the fight-end stun line's wording (asserted in cover-follows.test.ts);
 * - and the range of a measured distance is read at each render, as the target's Speed is.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { attackView, defaultChoices, readChoices, type AttackChoices, type AttackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { attackCardView } from "../../../../src/rulesets/bond/cards/views.js";
import { resolveAttack } from "../../../../src/rulesets/bond/rules/index.js";
import { bondModules, bruteWorld } from "./helpers.js";
import { setup } from "../fixture-data.js";

let world: FakeWorld;
let brute: FakeActor; // Alice's brute, unarmed
let thug: FakeActor; // the GM's quick thug, Speed 2
let other: FakeActor;

const unescape = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&#x3D;", "=");
const renderDialog = async (view: AttackView) => unescape(await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view }));
const plain: AttackChoices = { range: "medium", cover: "none", targetSpeed: 1, kick: false, specificBlow: "", gmModifier: 0 };

beforeEach(async () => {
  ({ world, brute, thug } = await bruteWorld({ quickThug: true }));
  other = world.createActor({ name: "Second Thug", type: "bondCharacter", system: { npc: true, cover: "heavy", characteristics: { str: 10, dex: 9, wil: 8, per: 8, int: 7 } } });
});

/** Alice's unarmed setup and view aiming at `targets`. */
async function viewAt(targets: FakeActor[], choices: Partial<AttackChoices> = {}) {
  const m = await bondModules();
  world.login("alice");
  for (const t of targets) world.target("alice", t);
  const s = m.buildSetup(brute as never, null);
  world.users.get("alice")!.targets.clear();
  return { setup: s, view: attackView(s, { ...defaultChoices(s), ...choices }) };
}

describe("#2: several targeted, the dialog names no one target", () => {
  it("lists every targeted name; no 'Target: <first>', no first target's Speed read as the modifier", async () => {
    const { setup: s, view } = await viewAt([thug, other]);
    expect(s.targetNames).toEqual(["Thug", "Second Thug"]);
    expect(view.targetName).toBeNull();
    expect(view.noTarget).toBeNull();
    expect(view.targetsLine).toEqual({ key: "FRACAS.Bond.Dialog.TargetsSeveral", names: "Thug, Second Thug", more: 0 });
    // The thug's Speed 2 is not the modifier: the Speed is chosen, as with no target.
    expect(view.targetSpeedLocked).toBe(false);
    expect(view.targetSpeedRead).toBeNull();
    const html = await renderDialog(view);
    expect(html).toContain('<span class="bond-warning">Targeted: Thug, Second Thug</span>');
    expect(html).not.toContain("Target: Thug");
    expect(html).not.toContain("Thug's Speed");
    expect(html).toContain('<select id="bond-a-tspeed" name="targetSpeed">');
    // Refused as several targets, not as "needs a target".
    expect(html).toContain('<option value="knockout">Knockout</option>');
    expect(html).toContain("An attack is at one target, with its own cover, range and Speed: keep one targeted, and roll again for the next.");
  });

  it("one target left: its name and Speed come back", async () => {
    const { view } = await viewAt([thug]);
    expect(view.targetsLine).toBeNull();
    expect(view.targetName).toBe("Thug");
    expect(view.targetSpeedRead).toEqual({ speed: 2, name: "Thug" });
  });

  it("the setup itself reads no one's cover with several targeted (the second's heavy cover, or the first's)", async () => {
    world.login("gm");
    await thug.update({ "system.cover": "heavy" } as never);
    const { setup: s } = await viewAt([thug, other]);
    expect(s).toMatchObject({ targetName: null, targetUuid: null, targetSpeed: null, targetCover: "none", distance: null, targetCount: 2 });
  });

  it("Fire Combat: no GM cover floor and no locked range from a hidden first target", async () => {
    const s = setup({ targetCount: 3, targetNames: ["Oddjob", "Jaws", "May Day"], targetCover: "heavy", distance: 7.5 });
    const view = attackView(s, defaultChoices(s));
    expect(view.coverSetByGm).toBeNull();
    expect(view.coverOptions.map((o) => o.value)).toEqual(["none", "light", "medium", "heavy"]);
    expect(view.rangeLocked).toBe(false);
    const html = await renderDialog(view);
    expect(html).toContain("Targeted: Oddjob, Jaws, May Day");
    expect(html).not.toContain("Target: Oddjob");
    expect(html).not.toContain('<output id="bond-a-range">');
  });

  it("past four names, the rest are counted", async () => {
    const s = setup({ targetCount: 6, targetNames: ["A", "B", "C", "D"] });
    const view = attackView(s, defaultChoices(s));
    expect(view.targetsLine).toEqual({ key: "FRACAS.Bond.Dialog.TargetsSeveralMore", names: "A, B, C, D", more: 2 });
    expect(await renderDialog(view)).toContain("Targeted: A, B, C, D and 2 more");
  });
});

describe("#3: a refused attack shows its real odds, muted, 'If it were allowed'", () => {
  it("several targeted: the real Success Chance and odds, muted, and the headline says 'If it were allowed'", async () => {
    const s = setup({ targetCount: 2, targetNames: ["Oddjob", "Jaws"], distance: null });
    const view = attackView(s, plain);
    const allowed = attackView({ ...s, targetCount: 1 }, plain);
    expect(view.canRoll).toBe(false);
    expect(view.refused).toBe(true);
    expect(view.oddsKnown).toBe(true);
    expect(view.successChance).toBe(allowed.successChance);
    expect(view.successChance).toBeGreaterThan(0);
    expect(view.odds).toEqual(allowed.odds);
    const html = await renderDialog(view);
    expect(html).toContain(`<p class="bond-sc bond-odds-refused">Primary Chance 21 × EF ${allowed.easeTotalText} = Success Chance ${allowed.successChance}</p>`);
    expect(html).toContain('<table class="bond-table bond-odds bond-odds-refused">');
    expect(html).toContain(`<p class="bond-chance-headline refused">If it were allowed: ${allowed.successPercent} chance of success</p>`);
    expect(html).not.toContain("Chance of success: 0%");
    expect(html).not.toContain("Success Chance 0");
  });

  it("a Knockout with no target: the same", async () => {
    const s = setup({ attackKind: "hth", primaryChance: 19, baseDamageClass: "B", shotsPerRound: 0, distance: null, targetName: null, targetSpeed: null });
    const view = attackView(s, { ...plain, specificBlow: "knockout" });
    expect(view.error).toBe("FRACAS.Bond.Dialog.KnockoutNeedsTarget");
    expect(view.successChance).toBeGreaterThan(0);
    expect(await renderDialog(view)).toContain(`If it were allowed: ${view.successPercent} chance of success`);
  });

  it("a rollable attack keeps the plain headline, not muted", async () => {
    const view = attackView(setup({ attacksMade: 0 }), plain);
    expect(view.refused).toBe(false);
    const html = await renderDialog(view);
    expect(html).toContain(`<strong>Chance of success: ${view.successPercent}</strong>`);
    expect(html).not.toContain("bond-odds-refused");
    expect(html).not.toContain("If it were allowed");
  });

  it("a rule error in the Ease Factor: no numbers at all (none is meaningful)", async () => {
    const view = attackView(setup({ attacksMade: 0 }), { ...plain, gmModifier: 99 });
    expect(view.error).toBe("FRACAS.Error.badNumber");
    expect(view.oddsKnown).toBe(false);
    const html = await renderDialog(view);
    expect(html).not.toContain("bond-sc");
    expect(html).not.toContain("bond-odds");
    expect(html).not.toContain("bond-chance-headline");
  });
});

describe("the range of a measured distance is read anew (the user may aim at someone else)", () => {
  it("a choice made at one distance follows the new one, in the view and in the choices read from the form", () => {
    const near = setup({ distance: 7.5 });
    const choices = defaultChoices(near);
    expect(choices.range).toBe("close");
    const far = setup({ distance: 50 });
    expect(attackView(far, choices).rangeLabel).toBe("FRACAS.Bond.Range.long");
    expect(readChoices(far, {}, choices).range).toBe("long");
    // Nothing measured (no target, or several): the choice stands.
    expect(readChoices(setup({ distance: null }), { range: "pointBlank" }, choices).range).toBe("pointBlank");
  });
});

describe("#5: the GM's scar roll is marked GM-only on the card", () => {
  it("'Roll scar (GM)' sits in a data-fracas-gm-only wrapper; the target's own buttons do not", async () => {
    const result = { ...resolveAttack({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", attackerIsNpc: true }), attackId: "a1", hoursRoll: 3, attackerName: "Hood", weaponName: "Beretta" };
    const html = unescape(await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/cards/attack.hbs", { card: attackCardView(result, [{ uuid: "Actor.bond", name: "James Bond", isPC: true }]), source: null }));
    expect(html).toMatch(/<span class="bond-gm-only" data-fracas-gm-only><button type="button" data-fracas-action="followUp" data-fracas-follow-up="scar" data-target-uuid="Actor.bond">Roll scar \(GM\)<\/button><\/span>/);
    expect(html).toContain('data-fracas-follow-up="heroPoint"');
    expect(html.match(/data-fracas-gm-only/g)).toHaveLength(1);
    expect(html).not.toMatch(/data-fracas-gm-only><button[^>]*data-fracas-follow-up="heroPoint"/);
  });
});
