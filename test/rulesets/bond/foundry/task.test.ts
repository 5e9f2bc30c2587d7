/**
 * The task roll (audit: RULES.md §1 "Success" and "Wound penalties apply to every task"): any skill
 * or characteristic at the EF the GM calls, the roller's wound penalty counted, the exact odds
 * before rolling and a card after — so the GM no longer multiplies PC × EF or remembers the wound
 * penalty for a Strength, Perception or Driving roll in a fight. Pure view, the real dialog flow in
 * the fake, and the real templates.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import { characterView } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { readTaskChoices, taskOptions, taskView, TASK_DEFAULT_EASE, type TaskSetup } from "../../../../src/rulesets/bond/sheets/task-view.js";
import { UNWOUNDED } from "../../../../src/rulesets/bond/rules/index.js";
import { bondChars, derived, skills } from "../fixture-data.js";
import { cardOf, pcChars, pool } from "./helpers.js";

let world: FakeWorld;

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
const buttons = (html: string, action: string) => [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]).filter((b) => b.includes(`data-action="${action}"`));

const driving = { name: "Driving", type: "bondSkill", system: { role: "general", characteristic1: "dex", characteristic2: "per", level: 5 } };
const mw = { ...UNWOUNDED, level: "MW" as const };

const setupOf = (over: Partial<TaskSetup> = {}): TaskSetup => ({ actorName: "James Bond", options: taskOptions(bondChars, skills), woundLevel: "none", downReason: null, ...over });

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
});

describe("the task view (pure)", () => {
  it("offers the skills, then the five characteristics (Primary Chance = the characteristic)", () => {
    const options = taskOptions(bondChars, skills);
    expect(options.map((o) => [o.key, o.primaryChance])).toEqual([
      ["skill:s1", 21], // (DEX 14 + PER 13) / 2 = 13, + 8
      ["skill:s2", 19],
      ["skill:s3", 18],
      ["char:str", 12],
      ["char:dex", 14],
      ["char:wil", 13],
      ["char:per", 13],
      ["char:int", 12],
    ]);
  });

  it("counts the roller's wound penalty: Driving 18 at a called EF 5 with a Medium Wound is EF 3, SC 54", () => {
    const view = taskView(setupOf({ woundLevel: "MW" }), { key: "skill:s3", ease: TASK_DEFAULT_EASE });
    expect(view.easeItems).toEqual([
      { label: "FRACAS.Bond.Task.Ease", value: "+5" },
      { label: "FRACAS.Bond.Task.Wound", value: "\u22122" },
    ]);
    expect(view).toMatchObject({ primaryChance: 18, easeTotal: 3, successChance: 54, successPercent: "54%", canRoll: true, error: null });
  });

  it("clamps the EF to ½ and says so; reads the form in halves within −20…20, keeping a valid choice", () => {
    const view = taskView(setupOf({ woundLevel: "HW" }), { key: "char:str", ease: 2 });
    expect(view).toMatchObject({ easeTotal: 0.5, easeUnclamped: -1, easeClamped: true, easeTotalText: "½", easeUnclampedText: "\u22121", successChance: 6 });
    const s = setupOf();
    expect(readTaskChoices(s, { task: "char:wil", ease: "2.5" }, { key: "skill:s1", ease: 5 })).toEqual({ key: "char:wil", ease: 2.5, easeAdjusted: null });
    // Not used as typed: reported (D58), no longer rounded or clamped in silence.
    expect(readTaskChoices(s, { task: "char:wil", ease: "2.4" }, { key: "skill:s1", ease: 5 })).toEqual({ key: "char:wil", ease: 5, easeAdjusted: { typed: "2.4", used: 5, reason: "half" } });
    expect(readTaskChoices(s, { task: "skill:nope", ease: "99" }, { key: "skill:s1", ease: 5 })).toEqual({ key: "skill:s1", ease: 20, easeAdjusted: { typed: "99", used: 20, reason: "range" } });
    expect(readTaskChoices(s, { ease: "" }, { key: "skill:s1", ease: 4 })).toEqual({ key: "skill:s1", ease: 4, easeAdjusted: null });
  });

  it("a character who cannot act may not roll: the dialog keeps Roll, disabled, with the reason", async () => {
    const view = taskView(setupOf({ downReason: "FRACAS.Bond.Down.woundRoll" }), { key: "char:str", ease: 5 });
    expect(view).toMatchObject({ canRoll: false, error: "FRACAS.Bond.Task.CannotAct" });
    const html = await render("dialogs/task", { view });
    const reason = "Cannot act now: Wound recovery roll due.";
    expect(html).toContain(`<p id="bond-t-refused" class="bond-error" role="alert">${reason}</p>`);
    const [roll] = buttons(html, "roll");
    expect(roll).toMatch(/ disabled /);
    expect(roll).toContain(`data-tooltip="${reason}"`);
  });

  it("the dialog lists skills by name and characteristics localized, and headlines the chance", async () => {
    const html = await render("dialogs/task", { view: taskView(setupOf({ woundLevel: "MW" }), { key: "skill:s3", ease: 5 }) });
    expect(html).toContain('<option value="skill:s3" selected>Driving</option>');
    expect(html).toContain('<option value="char:wil" >Willpower</option>');
    expect(html).toContain("<th scope=\"row\">Wound penalty</th><td>\u22122</td>");
    expect(html).toContain("Primary Chance 18 × EF 3 = Success Chance 54");
    expect(html).toContain("<strong>Chance of success: 54%</strong>");
  });
});

describe("the task roll through the real dialog code", () => {
  let bond: FakeActor;

  beforeEach(() => {
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [driving] });
  });

  it("Alice rolls Bond's Driving at the GM's EF 5: one d100 against SC 54, a task card with the QR and nothing to apply", async () => {
    const { buildTaskSetup, rollTask } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    const setup = buildTaskSetup(bond as never);
    expect(setup).toMatchObject({ actorName: "James Bond", woundLevel: "MW", downReason: null });
    world.dice.queue(20);
    const posted = (await rollTask(bond as never, setup, { key: setup.options[0]!.key, ease: 5 })) as unknown as FakeChatMessage;
    expect(world.dice.remaining).toEqual([]);
    const card = cardOf(posted);
    expect(card).toMatchObject({ kind: "task", result: { actorName: "James Bond", taskLabel: "Driving", primaryChance: 18, easeUnclamped: 3, roll: 20 }, applications: [] });
    expect(posted.content).toContain("<strong>James Bond</strong> — Driving");
    expect(posted.content).toContain("Rolled 20 vs SC 54 (PC 18 × EF 3)");
    expect(posted.content).toContain("QR3 Good");
  });

  it("a Strength roll reads the characteristic's name from the lang file", async () => {
    const { buildTaskSetup, rollTask } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("alice");
    world.dice.queue(99);
    const posted = (await rollTask(bond as never, buildTaskSetup(bond as never), { key: "char:str", ease: 5 })) as unknown as FakeChatMessage;
    expect(posted.content).toContain("<strong>James Bond</strong> — Strength");
    expect(posted.content).toContain("Failure");
  });

  it("a character who cannot act is refused with the reason; no die is rolled", async () => {
    const { buildTaskSetup, rollTask } = await import("../../../../src/rulesets/bond/sheets/task-dialog.js");
    world.login("gm");
    await bond.update({ "system.wound": { ...mw, woundRollPending: true } });
    world.login("alice");
    world.dice.queue(20);
    const posted = await rollTask(bond as never, buildTaskSetup(bond as never), { key: "char:str", ease: 5 });
    expect(posted).toBeUndefined();
    expect(world.dice.remaining).toEqual([20]);
    expect(world.notified("warn").at(-1)).toBe("James Bond cannot act: Wound recovery roll due.");
  });
});

describe("the sheet's Task roll button", () => {
  const view = (editable: boolean, downReason: string | null) =>
    characterView({ name: "James Bond", img: "i.svg", editable, isGM: false, npc: false, characteristics: bondChars, fame: 0, notes: "", scars: [], derived: derived(), skills, weapons: [], downReason });

  it("is there for whoever may edit the character; disabled with the reason when it cannot act; absent when read-only", async () => {
    const live = buttons(await render("sheets/character", { view: view(true, null) }), "task");
    expect(live).toHaveLength(1);
    expect(live[0]).not.toMatch(/disabled/);
    const down = buttons(await render("sheets/character", { view: view(true, "FRACAS.Bond.Down.stunned") }), "task");
    expect(down[0]).toMatch(/ disabled /);
    expect(down[0]).toContain('data-tooltip="Stunned"');
    expect(buttons(await render("sheets/character", { view: view(false, null) }), "task")).toEqual([]);
  });
});
