/**
 * Session 7, through the real views and templates rendered with Handlebars in the fake:
 * - D16: knockout unconsciousness has no duration in the seed, so the sheet, the failed roll's card,
 *   the round-start note and the knockout prompt say plainly that waking is the GM's call;
 * - the audit "can a GM check Fracas against the book?": every number on the attack, task and First
 *   Aid cards carries its derivation — the Quality Rating bands at this Success Chance, the wound
 *   table's row and column (DC × QR), the base DC before its shifts, the knockout EF as 2 × QR, and the
 *   First Aid EF's items (the healer's wound penalty was applied but not shown).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import { attackCardView, firstAidCardView, promptFor, qualityBands, recoveryCardView, recoveryPromptView, type RecoveryPromptResult } from "../../../../src/rulesets/bond/cards/views.js";
import { firstAidCheck, resolveRecoveryCard, type FirstAidCardResult, type RecoveryCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { taskCardView, taskCheck, type TaskCardResult } from "../../../../src/rulesets/bond/cards/task.js";
import { applyFirstAid, qualityResultsTable, resolveAttack, UNWOUNDED } from "../../../../src/rulesets/bond/rules/index.js";
import { bondDownReason } from "../../../../src/rulesets/bond/down.js";
import { bondPcView, derived } from "../fixture-data.js";
import { overrideGrid } from "../../../../src/engine/tables.js";

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const source = { name: "James Bond", img: "x.svg", uuid: "Actor.bond" };

beforeEach(async () => {
  installFoundry();
  await loadAdapter();
});

describe("D16: waking from a knockout is the GM's call (the rules set no duration)", () => {
  const GM_CALL = "The rules set no duration: waking is the GM's call";

  it("the sheet of a knocked-out character says so beside Wake up", async () => {
    const wound = { ...UNWOUNDED, level: "LW" as const, knockedOut: true };
    const html = text(await render("sheets/character", { view: bondPcView({ derived: derived(wound), downReason: bondDownReason({ wound, statuses: [], defeated: false }) }) }));
    expect(html).toContain(`Knocked out. ${GM_CALL} (then “Wake up”).`);
    expect(html).toContain("Wake up");
  });

  it("the failed Willpower roll's card, and the round-start note", async () => {
    const result: RecoveryCardResult = { which: "knockout", primaryChance: 13, roll: 77, durationRoll: 0, woundPenaltyApplies: false, attackQualityRating: 2, actorName: "Felix Leiter", characteristic: "wil" };
    const change = resolveRecoveryCard(result, { ...UNWOUNDED });
    expect(change.state.knockedOut).toBe(true);
    // Cards say it in half the words; the sheet keeps the "no duration" note (ux-review-s7 #17.3).
    expect(text(await render("cards/recovery", { result, source, targets: [], card: recoveryCardView(result, change.check, change.state) }))).toContain("Knocked out until the GM wakes them.");

    const state = { ...UNWOUNDED, level: "LW" as const, knockedOut: true };
    const { rolls, status } = promptFor(state);
    const prompt: RecoveryPromptResult = { actorUuid: "Actor.felix", actorName: "Felix", round: 3, level: state.level, rolls, stunCharacteristic: null, status, hours: 0 };
    expect(text(await render("cards/recovery-prompt", { result: prompt, source, targets: [], card: recoveryPromptView(prompt) }))).toContain(
      "Felix is knocked out until the GM wakes them (“Wake up” on the character sheet).",
    );
  });
});

describe("audit: the attack card shows where each number comes from", () => {
  const card = (input: Parameters<typeof resolveAttack>[0], options = {}) => {
    const result = { ...resolveAttack(input), attackId: "a1", hoursRoll: 2, attackerName: "James Bond", weaponName: "Unarmed" };
    return { result, view: attackCardView(result, [{ uuid: "Actor.jaws", name: "Jaws", isPC: false }], options) };
  };

  it("the Quality Rating bands at this Success Chance, under the Ease Factor's items", async () => {
    // PC 20 × EF 6 (5, close +1) = SC 120; bands ⌊SC × 10/25/50/100 %⌋.
    const { view } = card({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "close" });
    expect(view.successChance).toBe(120);
    // QR4's ceiling, 120, is capped at 99: a 100 always fails (ux-review-s7 #15).
    expect(view.qualityBands).toEqual({ qr1: 12, qr2: 30, qr3: 60, qr4: 99 });
    const html = await render("cards/attack", { card: view, source });
    expect(html).toMatch(/<details class="bond-card-ease">[\s\S]*Quality Rating by roll: QR1 ≤ 12 · QR2 ≤ 30 · QR3 ≤ 60 · QR4 ≤ 99; 100 always fails\.[\s\S]*<\/details>/);
  });

  it("the bands follow the GM's Quality Results table when one is in force", () => {
    const halved = overrideGrid(qualityResultsTable, [[5], [15], [30], [100]]);
    const bands = qualityBands(120, halved);
    expect(bands).toEqual({ qr1: 6, qr2: 18, qr3: 36, qr4: 99 });
    const { view } = card({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "close" }, { qualityTable: halved });
    expect(view.qualityBands).toEqual(bands);
  });

  it("the wound line names the table's row and column; the shifts start from the base DC", async () => {
    const { result, view } = card({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "close" });
    const html = text(await render("cards/attack", { card: view, source }));
    expect(result.qualityRating).toBe(1);
    expect(html).toContain("Damage Class: DC E, close range +1 = F Killed (wound table: DC F, QR1)");
    expect(html).toContain("Damage Class: DC E, close range +1 = F");
    // No shift: no base line (the DC is the base).
    const plain = card({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "medium" });
    expect(plain.view.damageShifts).toEqual([]);
  });

  it("a landed knockout: the target's EF as 2 × QR, less the target's wound penalty", async () => {
    const { result, view } = card({ attackKind: "hth", primaryChance: 30, roll: 3, damageClass: "B", targetSpeed: 1, specificBlow: "knockout" });
    expect(result.qualityRating).toBe(2);
    expect(result.knockoutEase).toBe(4);
    expect(text(await render("cards/attack", { card: view, source }))).toContain(
      "Knockout: the target rolls Willpower at EF 4 (2 × QR2), less their wound penalty, or falls unconscious.",
    );
  });
});

describe("audit: the recovery card says where its EF comes from", () => {
  const card = async (result: RecoveryCardResult, before: Parameters<typeof resolveRecoveryCard>[1]) => {
    const state = { ...UNWOUNDED, ...before };
    const change = resolveRecoveryCard(result, state);
    return text(await render("cards/recovery", { result, source, targets: [], card: recoveryCardView(result, change.check, change.state, state) }));
  };
  const base = { primaryChance: 13, roll: 77, durationRoll: 3, woundPenaltyApplies: false, attackQualityRating: 2, actorName: "Felix Leiter", characteristic: "wil" } as const;

  it("a knockout: 2 × the blow's QR, less the wound penalty (always)", async () => {
    expect(await card({ ...base, which: "knockout" }, { level: "LW" })).toContain("Rolled 77 vs SC 39 (PC 13 × EF 3) EF 2 × QR2 = 4, −1 Light Wound = 3.");
    expect(await card({ ...base, which: "knockout" }, {})).toContain("EF 2 × QR2 = 4.");
  });

  it("a Stun or wound roll: the printed EF and the wound's penalty (a Stun's always, a wound roll's under the GM option), at least ½; no line at the printed EF", async () => {
    expect(await card({ ...base, which: "wound", woundPenaltyApplies: true }, { level: "HW", woundRollPending: true })).toContain("EF 3 for a Heavy Wound, −3 Heavy Wound, at least ½ = ½.");
    expect(await card({ ...base, which: "wound" }, { level: "HW", woundRollPending: true })).not.toMatch(/for a Heavy Wound/);
    expect(await card({ ...base, which: "stun", woundPenaltyApplies: true }, { level: "LW", stunRollPending: true })).toContain("EF 8 for a Stun roll, −1 Light Wound = 7.");
    // RB2: the Stun roll takes the wound's penalty whatever the option.
    expect(await card({ ...base, which: "stun" }, { level: "LW", stunRollPending: true })).toContain("EF 8 for a Stun roll, −1 Light Wound = 7.");
    expect(await card({ ...base, which: "stun" }, { level: "ST", stunRollPending: true })).not.toMatch(/for a Stun roll/);
  });
});

describe("audit: task and First Aid cards", () => {
  it("the task card shows the Quality Rating bands", async () => {
    const result: TaskCardResult = {
      actorName: "James Bond",
      taskLabel: "Driving",
      localize: false,
      primaryChance: 18,
      easeItems: [
        { labelKey: "FRACAS.Bond.Task.Ease", value: 5 },
        { labelKey: "FRACAS.Bond.Task.Wound", value: -2 },
      ],
      easeUnclamped: 3,
      roll: 20,
    };
    const html = text(await render("cards/task", { result, source, targets: [], card: taskCardView(result, taskCheck(result)) }));
    // SC 54: ⌊5.4⌋, ⌊13.5⌋, ⌊27⌋, 54.
    expect(html).toContain("Quality Rating by roll: QR1 ≤ 5 · QR2 ≤ 13 · QR3 ≤ 27 · QR4 ≤ 54; 100 always fails.");
  });

  it("the First Aid card lists its Ease Factor's items: the GM's EF and the healer's wound penalty", async () => {
    const result: FirstAidCardResult = {
      healerName: "Felix Leiter",
      healerUuid: "Actor.felix",
      patientName: "James Bond",
      skillName: "First Aid",
      primaryChance: 17,
      easeItems: [
        { labelKey: "FRACAS.Bond.FirstAid.EaseBase", value: 5 },
        { labelKey: "FRACAS.Bond.FirstAid.HealerWound", value: -1 },
      ],
      easeUnclamped: 4,
      roll: 30,
    };
    const check = firstAidCheck(result);
    const after = applyFirstAid({ ...UNWOUNDED, level: "MW" }, check.success).state;
    const html = await render("cards/first-aid", { result, source, targets: [], card: firstAidCardView(result, check, after) });
    expect(html).toContain('<details class="bond-card-ease">');
    expect(text(html)).toContain("Rolled 30 vs SC 68 (PC 17 × EF 4) Ease Factor (GM) +5 Healer's wound −1");
  });
});
