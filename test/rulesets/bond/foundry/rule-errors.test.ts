/**
 * Session 6, item 1 (closing-s5 "Found, not fixed"): a kernel rule error Bond shows — in the
 * attack dialog, on a sheet, in a card's refusal — is worded with its own data, never with its
 * string's raw "{name}" placeholders (rule-error.ts).
 *
 * From the attack dialog's form no rule error with placeholders is reachable today: every choice is
 * read back into range (readChoices) and every setup value comes from a bounded data model. So the
 * dialog is driven with a weapon whose Performance is forced past its bound in memory (as a damaged
 * or foreign document could hold it), and the wording is also tested directly on real kernel errors.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { declarationOrder, easeFactor, resolveAttack, resolveRecovery, resolveShakeOff } from "../../../../src/rulesets/bond/rules/index.js";
import { isRuleError, type FracasRuleError } from "../../../../src/engine/errors.js";
import { attack, bondModules, bruteWorld, cardOf } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor;
let thug: FakeActor;
let hood: FakeActor;
let adapter: Adapter;

const TEMPLATE = "systems/fracas/templates/bond/dialogs/attack.hbs";

beforeEach(async () => {
  ({ world, adapter, brute, thug, hood } = await bruteWorld({ hood: true }));
});

/** The kernel error `fn` throws. */
function thrown(fn: () => unknown): FracasRuleError {
  try {
    fn();
  } catch (e) {
    if (isRuleError(e)) return e;
    throw e;
  }
  throw new Error("expected a rule error");
}

const ruleError = () => import("../../../../src/rulesets/bond/rule-error.js");

describe("the attack dialog words a rule error with its data", () => {
  it("a Performance past its bound: the dialog's line and Roll's warning name the field and the numbers", async () => {
    const m = await bondModules();
    const beretta = hood.items.contents[0]!;
    // Forced past the data model's −10…10 in memory: no form can type it.
    (beretta.system as unknown as { performance: number }).performance = 12;
    world.login("gm");
    world.target("gm", brute);
    const dialog = (await m.openAttackDialog(hood as never, beretta as never))!;
    const context = (await (dialog as unknown as { _prepareContext(): Promise<Record<string, unknown>> })._prepareContext()) as { view: { error: string; ruleError: unknown; canRoll: boolean }; ruleErrorText: string };
    expect(context.view.error).toBe("FRACAS.Error.badNumber");
    expect(context.view.canRoll).toBe(false);
    const sentence = "Performance must be a whole number from -10 to 10 (got 12).";
    expect(context.ruleErrorText).toBe(sentence);
    const html = await foundry.applications.handlebars.renderTemplate(TEMPLATE, context);
    expect(html).toContain(`<p class="bond-error" role="alert">${sentence}</p>`);
    expect(html).not.toMatch(/\{(name|min|max|value)\}/);

    // Roll says the same, and throws no die.
    const roll = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> } } }).DEFAULT_OPTIONS.actions.roll;
    const before = world.messages.size;
    await roll.call(dialog);
    expect(world.notifications.at(-1)?.message).toBe(sentence);
    expect(world.messages.size).toBe(before);
  });

  it("a refusal that is not a rule error still reads from its key (no ruleErrorText)", async () => {
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    world.target("alice", hood);
    const dialog = (await m.openAttackDialog(brute as never, null))!;
    const context = (await (dialog as unknown as { _prepareContext(): Promise<Record<string, unknown>> })._prepareContext()) as { view: { error: string }; ruleErrorText: string | null };
    expect(context.view.error).toBe("FRACAS.Bond.Dialog.OneTargetOnly");
    expect(context.ruleErrorText).toBeNull();
    const html = await foundry.applications.handlebars.renderTemplate(TEMPLATE, context);
    expect(html).toContain("An attack is at one target");
  });
});

describe("ruleErrorText / ruleRefusal (core ruleErrorRefusal with Bond's words) on real kernel errors", () => {
  it("fills each placeholder, reading the kernel's own words in Bond's lang", async () => {
    const { ruleErrorText } = await ruleError();
    expect(ruleErrorText(thrown(() => easeFactor({ attackKind: "fire", performanceModifier: 12 })))).toBe("Performance must be a whole number from -10 to 10 (got 12).");
    expect(ruleErrorText(thrown(() => easeFactor({ attackKind: "hth", gmModifier: 30 })))).toBe("GM modifier must be a whole number from -20 to 20 (got 30).");
    expect(ruleErrorText(thrown(() => easeFactor({ attackKind: "fire", kick: true })))).toBe("Kick does not apply to this kind of attack.");
    expect(ruleErrorText(thrown(() => resolveRecovery({ level: "ST", stunRollPending: true }, { which: "stun", primaryChance: 10, roll: 99 })))).toBe(
      "A d6 roll is needed for the rounds without action.",
    );
    // A gunshot cannot be shaken off (the kernel's reason word, read as Bond's words).
    const shot = resolveAttack({ attackKind: "fire", primaryChance: 15, roll: 7, damageClass: "E", range: "medium" });
    const shake = thrown(() => resolveShakeOff(shot, { strength: 18, primaryChance: 30, roll: 5 }));
    expect(shake.code).toBe("shakeOffNotAllowed");
    expect(ruleErrorText(shake)).toBe("Shake Off is not allowed here (not Hand-to-Hand).");
    const tie = thrown(() => declarationOrder([{ id: "a", speed: 1 }, { id: "b", speed: 1 }]));
    expect(ruleErrorText(tie)).toBe("The declaration order: a, b are still tied; roll again for them.");
  });

  it("a string the data cannot fill falls back to the error's own sentence, never '{what}'", async () => {
    const { ruleErrorText, ruleRefusal } = await ruleError();
    // A real code with less data than its string names (a throw site that gave too little).
    const thin = { code: "badNumber", message: "performanceModifier must be a whole number from -10 to 10 (got 12)", data: { name: "performanceModifier" } };
    // Core's one fallback (ruleErrorRefusal): the English sentence itself, not a Bond wrapper around it.
    expect(ruleRefusal(thin)).toEqual({ key: "FRACAS.Error.Unworded", data: { message: thin.message } });
    expect(ruleErrorText(thin)).toBe(thin.message);
    // A code with no string at all: the same.
    expect(ruleErrorText({ code: "noSuchCode", message: "something odd", data: {} })).toBe("something odd");
  });

  it("a Hero Point refusal sent between clients is a key and the data that fills it", async () => {
    const { ruleRefusal } = await ruleError();
    const e = { code: "tooManyHeroPoints", message: "at most 1 Hero Points can lower this roll", data: { max: 1, points: 2 } };
    const r = ruleRefusal(e);
    expect(r).toEqual({ key: "FRACAS.Error.tooManyHeroPoints", data: { max: 1, points: 2 } });
    expect(game.i18n.format(r.key, { max: "1", points: "2" })).toBe("Hero Points that can still lower this roll: at most 1.");
  });

  it("the First Aid dialog's kernel refusals need no data (it shows their keys as they are)", () => {
    for (const code of ["notWounded", "firstAidUsed", "deadCannotHeal"]) expect(game.i18n.localize(`FRACAS.Error.${code}`)).not.toContain("{");
  });
});

describe("a card's Apply refused by the rules", () => {
  it("a damaged stored roll reads as damaged, not as a string with raw placeholders", async () => {
    const { attackEffect } = await import("../../../../src/rulesets/bond/cards/effects.js");
    world.login("gm");
    const m = await attack(world, "gm", hood, [brute], 5, 3);
    const result = { ...cardOf(m).result, woundLevel: "bogus" };
    const out = attackEffect({ result: result as never, target: { type: "bondCharacter", system: brute.system as never, name: brute.name } });
    // Damaged, and what in it: the kernel's own words, filled (never a raw "{name}").
    expect(out).toMatchObject({ refused: "FRACAS.Bond.Refused.BadCardWhy", data: { detail: expect.stringContaining('(got "bogus")') } });
    const data = (out as { data: Record<string, string> }).data;
    expect(game.i18n.format("FRACAS.Bond.Refused.BadCardWhy", data)).toMatch(/^This card's result is damaged: .+ must be one of .+\(got "bogus"\)\.$/);
    expect(data.detail).not.toContain("{");
  });

  it("a refusal on the target's state says the rule with its data, not 'damaged' (core carries the data to the clicker)", async () => {
    world.login("gm");
    // Hood (an NPC) hits Brute; Brute's record then says 4 Hero Points were spent on it, more than
    // it takes to turn this roll into a failure (a record a macro or an older client could leave).
    const m = await attack(world, "gm", hood, [brute], 5, 3);
    const result = cardOf(m).result as { attackId: string; rolledQualityRating: number; heroPointsSpent: number };
    expect(result.rolledQualityRating - result.heroPointsSpent).toBeGreaterThan(0);
    await brute.update({ [`system.attackResponses.${result.attackId}.heroPoints`]: 4 } as never);
    const out = await adapter.queries.requestApply(m.id, brute.uuid, true);
    expect(out).toMatchObject({ ok: false, reason: "FRACAS.Error.tooManyHeroPoints", data: { points: 4 } });
    const data = (out as unknown as { data: Record<string, string | number> }).data;
    expect(game.i18n.format("FRACAS.Error.tooManyHeroPoints", data as never)).toMatch(/^Hero Points that can still lower this roll: at most \d\.$/);
  });

  it("a refusal whose string needs no data keeps its own words", async () => {
    const { recoveryEffect } = await import("../../../../src/rulesets/bond/cards/effects.js");
    world.login("gm");
    const result = { which: "wound", primaryChance: 20, roll: 5, durationRoll: 1, woundPenaltyApplies: false, attackQualityRating: 1, actorName: "Brute" };
    const out = recoveryEffect({ result: result as never, target: { type: "bondCharacter", system: brute.system as never, name: brute.name } });
    expect(out).toMatchObject({ refused: "FRACAS.Error.noRollPending" });
    expect(game.i18n.localize((out as { refused: string }).refused)).toBe("No such recovery roll is due.");
  });
});
