/**
 * Session 8, listed item (closing-s7 "Found, not fixed"; ux-review-s7 #4, #7): the round-start
 * prompts' EF derivations in the shared shape, result last, with a true minus, each on its own
 * `.fracas-derivation` line under the hint, worded with the recovery card's own keys. Rendered
 * through the real views, templates and lang file.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import { knockoutPromptView, promptFor, recoveryCardView, recoveryPromptView, type KnockoutPromptResult, type RecoveryPromptResult } from "../../../../src/rulesets/bond/cards/views.js";
import { resolveRecoveryCard, type RecoveryCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { resolveAttack, UNWOUNDED, type WoundState } from "../../../../src/rulesets/bond/rules/index.js";

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
const derivations = (html: string) => [...html.matchAll(/<p class="bond-card-note fracas-derivation">([^<]*)<\/p>/g)].map((m) => m[1]!);
const source = { name: "Felix", img: "x.svg", uuid: "Actor.felix" };

beforeEach(async () => {
  installFoundry();
  await loadAdapter();
});

const recoveryPrompt = (wound: Partial<WoundState>, woundPenaltyApplies: boolean) => {
  const state = { ...UNWOUNDED, ...wound };
  const { rolls, status } = promptFor(state);
  const result: RecoveryPromptResult = { actorUuid: "Actor.felix", actorName: "Felix", round: 3, level: state.level, rolls, stunCharacteristic: state.stunCharacteristic === "strength" ? "strength" : null, status, hours: 0, woundPenaltyApplies };
  return render("cards/recovery-prompt", { result, source, targets: [], card: recoveryPromptView(result) });
};

const knockoutPrompt = (extra: Partial<KnockoutPromptResult>, ease: number) => {
  const attack = { ...resolveAttack({ attackKind: "hth", primaryChance: 30, roll: 2, damageClass: "C", targetSpeed: 1, specificBlow: "knockout", attackerIsNpc: true }), attackId: "a1", hoursRoll: 3, attackerName: "Oddjob", weaponName: "Unarmed", combatId: "c1", combatRound: 2 };
  const result: KnockoutPromptResult = { attack, targetUuid: "Actor.felix", targetName: "Felix", round: 3, ease, ...extra };
  return render("cards/knockout-prompt", { result, source, targets: [], card: knockoutPromptView(result) });
};

describe("session 8: the recovery prompts' EF derivations, result last", () => {
  it("recovery prompt under the penalty option: one derivation line per roll, label before value, true minus, the EF last", async () => {
    const html = await recoveryPrompt({ level: "LW", stunRollPending: true, stunCharacteristic: "strength", woundRollPending: true }, true);
    expect(derivations(html)).toEqual(["EF 8 for a Stun roll, \u22121 Light Wound = 7.", "EF 7 for a Light Wound, \u22121 Light Wound = 6."]);
    // The hint itself no longer carries a result-first parenthesis.
    expect(html).toContain('<p class="bond-card-note">Stun roll due: Strength at EF 7. No action until it is made; a failure means no action for 1D6 rounds.</p>');
    expect(html).not.toMatch(/EF \d+ \(EF/);
  });

  it("recovery prompt raised to ½: 'at least ½' before the result", async () => {
    expect(derivations(await recoveryPrompt({ level: "HW", woundRollPending: true }, true))).toEqual(["EF 3 for a Heavy Wound, \u22123 Heavy Wound, at least ½ = ½."]);
  });

  it("recovery prompt at the printed EF (the option off, a lone Stun): no derivation line", async () => {
    const html = await recoveryPrompt({ level: "ST", stunRollPending: true, stunCharacteristic: "strength" }, false);
    expect(derivations(html)).toEqual([]);
    expect(html).toContain("Stun roll due: Strength at EF 8.");
  });

  it("RB2: a wounded character's Stun roll is prompted with the wound's penalty, the option off", async () => {
    const html = await recoveryPrompt({ level: "LW", stunRollPending: true, stunCharacteristic: "strength", woundRollPending: true }, false);
    expect(html).toContain("Stun roll due: Strength at EF 7.");
  });

  it("knockout prompt: 'EF 2 × QR2 = 4, −1 Light Wound = 3.'; unwounded 'EF 2 × QR2 = 4.'; raised to ½; an older card without parts has none", async () => {
    const lw = await knockoutPrompt({ qualityRating: 2, woundLevel: "LW" }, 3);
    expect(derivations(lw)).toEqual(["EF 2 × QR2 = 4, \u22121 Light Wound = 3."]);
    expect(lw).toContain('<p class="bond-card-note">Willpower roll at EF 3. On a failure, Felix is knocked out until the GM wakes them.');
    expect(derivations(await knockoutPrompt({ qualityRating: 2, woundLevel: "none" }, 4))).toEqual(["EF 2 × QR2 = 4."]);
    expect(derivations(await knockoutPrompt({ qualityRating: 1, woundLevel: "HW" }, 0.5))).toEqual(["EF 2 × QR1 = 2, \u22123 Heavy Wound, at least ½ = ½."]);
    expect(derivations(await knockoutPrompt({}, 3))).toEqual([]);
  });

  it("the recovery card says the same words as the prompt that asked for its roll", async () => {
    const before: WoundState = { ...UNWOUNDED, level: "LW", stunRollPending: true, stunCharacteristic: "strength" };
    const result: RecoveryCardResult = { which: "stun", primaryChance: 18, roll: 50, durationRoll: 2, woundPenaltyApplies: true, attackQualityRating: 1, actorName: "Felix", characteristic: "str" };
    const change = resolveRecoveryCard(result, before);
    const card = await render("cards/recovery", { result, source, targets: [], card: recoveryCardView(result, change.check, change.state, before) });
    expect(derivations(card)).toEqual(["EF 8 for a Stun roll, \u22121 Light Wound = 7."]);
    const promptHtml = await recoveryPrompt({ level: "LW", stunRollPending: true, stunCharacteristic: "strength" }, true);
    expect(derivations(promptHtml)).toEqual(derivations(card));
  });
});
