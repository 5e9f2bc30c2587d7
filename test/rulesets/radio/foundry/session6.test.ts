/**
 * Session 6 (notes/helper-brief-s5.md, "Session 6") for radio:
 * - a change of an NPC's initiative group in the tracker panel takes effect at the next round's
 *   initiative (seed, Cheat Sheet Step 1: "At the start of a round roll 1d6 initiative … for each
 *   NPC group"): the round under way keeps its order, its groups' shared declarations and its
 *   declare steps; before, the change reached the round at the next declaration (the plan rebuilt
 *   with the NPC in its new group, placed last), although the panel said "from the next round";
 * - the panel says exactly that, per NPC ("from round N: Group A"), and its rules hint is a
 *   keyboard-reachable disclosure button (Foundry's tooltips open on the pointer only).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { radioRenderer, text } from "./render.js";
import { combatantIdOf, createFalzetti, createJake, createSal, radioWorld, startRadioCombat } from "./fight.js";

describe("a mid-round change of initiative group counts from the next round", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let combat: FakeCombat;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let sal: FakeActor;
  let vito: FakeActor;
  const fc = () => combat as unknown as FracasCombat;
  const idOf = (a: FakeActor) => combatantIdOf(combat, a);
  const declare = async (user: string, a: FakeActor, action: string) => {
    world.login(user);
    expect(await adapter.queries.requestDeclare(combat.id, idOf(a), action)).toEqual({ ok: true });
    world.login("gm");
  };
  const declared = (a: FakeActor) => fc().combatantState(idOf(a)).declaration;
  /** Who acts in phase 1, in order. */
  const phase1 = () => fc().fracas.plan.steps.filter((s) => s.kind === "act" && s.phase === 1).map((s) => combat.combatants.get(s.combatantId)!.name);
  const declareSteps = () => fc().fracas.plan.steps.filter((s) => s.kind === "declare").map((s) => combat.combatants.get(s.combatantId)!.name);
  const changeGroup = async (a: FakeActor) => {
    const { changeGroup: change } = await import("../../../../src/rulesets/radio/group-change.js");
    await change(combat as never, { dataset: { combatantId: idOf(a) } } as unknown as HTMLElement);
  };
  const panel = async () => {
    const { groupsPanelContext } = await import("../../../../src/rulesets/radio/combat-groups.js");
    return groupsPanelContext(combat as never) as { rows: { name: string; label: string; group: string; next: { label: string; group: string; round: number } | null }[] };
  };

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world);
    falzetti = createFalzetti(world, 20, 20);
    sal = createSal(world, falzetti);
    vito = world.createActor({ name: "Vito", type: "radioOpponent", system: { kind: "minion" } });
    // Round 1: Jake 2, the GM's group (Falzetti, Sal, Vito) 5.
    combat = await startRadioCombat(world, [jake, falzetti, sal, vito], [2, 5, 1, 1]);
  });

  it("split off during the declarations: the round keeps Vito in the GM's group (order, shared action, one declare step); round 2 rolls group A apart", async () => {
    expect(declareSteps()).toEqual(["Falzetti", "Jake"]);
    await changeGroup(vito);
    // The panel says what will happen, and when.
    const row = (await panel()).rows.find((r) => r.name === "Vito")!;
    expect(row).toMatchObject({ label: "FRACAS.Radio.Groups.GM", next: { label: "FRACAS.Radio.Groups.NextNamed", group: "A", round: 2 } });
    // The GM's group declares as one this round: Vito takes Falzetti's action with Sal.
    await declare("gm", falzetti, "standard");
    expect([falzetti, sal, vito].map(declared)).toEqual(["standard", "standard", "standard"]);
    await declare("alice", jake, "standard");
    // The order rolled for round 1 stands: the GM's group (5) before Jake (2), Vito with his group.
    expect(phase1()).toEqual(["Falzetti", "Sal", "Vito", "Jake"]);
    expect(declareSteps()).toEqual(["Falzetti", "Jake"]);
    expect(combat.combatants.get(idOf(vito))!.initiative).toBe(5);

    // Round 2: Jake 4, the GM's group 3, group A (Vito) 6.
    world.dice.queue(4, 3, 6, 1);
    await fc().nextRound();
    const init = (a: FakeActor) => combat.combatants.get(idOf(a))!.initiative;
    expect([init(jake), init(falzetti), init(sal), init(vito)]).toEqual([4, 3, 3, 6]);
    expect(declareSteps()).toEqual(["Vito", "Jake", "Falzetti"]);
    expect((await panel()).rows.find((r) => r.name === "Vito")).toMatchObject({ label: "FRACAS.Radio.Groups.Named", group: "A", next: null });
    // Group A now declares alone.
    await declare("gm", falzetti, "frenzied");
    expect([falzetti, sal, vito].map(declared)).toEqual(["frenzied", "frenzied", ""]);
    expect(world.hooks.errors).toEqual([]);
  });

  it("split off after the group declared: a later declaration rebuilds the plan without moving Vito; cycling back before round 2 cancels the change", async () => {
    await declare("gm", falzetti, "standard");
    await changeGroup(vito);
    // Jake's declaration rebuilds the plan: Vito keeps his place in the GM's group, before Jake.
    await declare("alice", jake, "standard");
    expect(phase1()).toEqual(["Falzetti", "Sal", "Vito", "Jake"]);
    // A → B → C → D → the GM's group: back where he is, nothing pending.
    for (let i = 0; i < 4; i++) await changeGroup(vito);
    expect((await panel()).rows.find((r) => r.name === "Vito")).toMatchObject({ label: "FRACAS.Radio.Groups.GM", next: null });
    world.dice.queue(4, 3, 1, 1);
    await fc().nextRound();
    expect(combat.combatants.get(idOf(vito))!.initiative).toBe(3);
    expect(declareSteps()).toEqual(["Jake", "Falzetti"]);
  });

  it("before the fight starts there is no round to keep: the change counts at once", async () => {
    const other = world.createCombat();
    await other.createEmbeddedDocuments("Combatant", [falzetti, vito].map((a) => ({ actorId: a.id })));
    const { groupsPanelContext } = await import("../../../../src/rulesets/radio/combat-groups.js");
    const { changeGroup: change } = await import("../../../../src/rulesets/radio/group-change.js");
    await change(other as never, { dataset: { combatantId: combatantIdOf(other, vito) } } as unknown as HTMLElement);
    const rows = (groupsPanelContext(other as never) as { rows: { name: string; group: string; next: unknown }[] }).rows;
    expect(rows.find((r) => r.name === "Vito")).toMatchObject({ group: "A", next: null });
  });
});

describe("the groups panel's wording (template render)", () => {
  const rows = [
    { id: "b", name: "Falzetti", group: "", label: "FRACAS.Radio.Groups.GM", next: null },
    { id: "v", name: "Vito", group: "", label: "FRACAS.Radio.Groups.GM", next: { label: "FRACAS.Radio.Groups.NextNamed", group: "A", round: 3 } },
    { id: "s", name: "Sal", group: "B", label: "FRACAS.Radio.Groups.Named", next: { label: "FRACAS.Radio.Groups.NextGM", group: "", round: 3 } },
  ];

  it("each pending change names its group and round; the hint says a change waits for the next round's roll", () => {
    const html = radioRenderer().render("tracker-panel", { context: { rows, isGM: true, hintShown: false } });
    const words = text(html);
    // Wording of UX review s6 #7 (the group first, so a narrow row does not orphan its letter).
    expect(words).toContain("Vito GM's group Group A from round 3");
    expect(words).toContain("Sal Group B GM's group from round 3");
    expect(words).toMatch(/Falzetti GM's group Change group/);
    expect(words).toContain("A change of group waits for the next round's roll.");
    expect(words).not.toContain("a change of group counts from the next round)");
  });

  it("the hint is a keyboard-reachable disclosure: a button (tooltip on hover), collapsed until pressed, then shown as text", async () => {
    const { render } = radioRenderer();
    const closed = render("tracker-panel", { context: { rows, isGM: true, hintShown: false } });
    const toggle = /<button[^>]*class="radio-groups-toggle"[^>]*>/.exec(closed)?.[0] ?? "";
    expect(toggle).toContain('data-panel-action="toggleGroupsHint"');
    expect(toggle).toContain('aria-expanded="false"');
    expect(toggle).toMatch(/data-tooltip="Each group rolls one d6/);
    // Every element with a tooltip in the panel is one keyboard focus reaches (a button).
    expect([...closed.matchAll(/<(\w+)[^>]*data-tooltip=/g)].map((m) => m[1])).toEqual(["button"]);
    expect(closed).toMatch(/class="fracas-visually-hidden"[^>]*>[^<]*Each group rolls one d6/);
    const open = render("tracker-panel", { context: { rows, isGM: true, hintShown: true, hintId: "radio-groups-hint-t" } });
    expect(/<button[^>]*class="radio-groups-toggle"[^>]*>/.exec(open)?.[0]).toContain('aria-expanded="true"');
    expect(open).toMatch(/<p id="radio-groups-hint-t" class="radio-groups-hint"[^>]*>[^<]*Each group rolls one d6/);
    expect(open).not.toContain("fracas-visually-hidden");
    // Shown as text, the hint is no longer also the button's tooltip (UX review s6 #2).
    expect(open).not.toContain("data-tooltip");
    // The fixtures cover both states.
    const shown = (await import("../../../fixtures/templates/radio/tracker-panel/hint-shown.js")).default();
    expect(render("tracker-panel", shown)).toContain('aria-expanded="true"');
    const pending = (await import("../../../fixtures/templates/radio/tracker-panel/pending-change.js")).default();
    expect(text(render("tracker-panel", pending))).toContain("Group A from round 3");
  });
  // The hint's state per user, with two GMs: review-s6.test.ts.
});

describe("audit: numbers the rules bound by another field are kept within it, and the typist told", () => {
  type Sheet = { submitForm(f: Record<string, unknown>): Promise<void> };
  const sys = (a: FakeActor) => a.system as unknown as { wounds: { value: number; max: number }; carried: number; woundsEach: number; count: number };

  it("a hero's wounds typed above the maximum are set to it, with a warning naming the hero and the maximum", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    world.login("alice");
    const { RadioHeroSheet } = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const sheet = new RadioHeroSheet({ document: jake } as never) as unknown as Sheet;
    await sheet.submitForm({ "system.wounds.value": 7 });
    expect(sys(jake).wounds).toEqual({ value: 5, max: 5 });
    expect(world.notifications.at(-1)).toEqual({ type: "warn", message: "Jake: wounds cannot be above the maximum (5), so they were set to 5." });
    // Within the maximum: kept, no warning.
    const told = world.notifications.length;
    await sheet.submitForm({ "system.wounds.value": 3 });
    expect(sys(jake).wounds).toEqual({ value: 3, max: 5 });
    expect(world.notifications.length).toBe(told);
  });

  it("the GM lowers a boss's maximum below his wounds: the wounds follow it down; damage (lower wounds) is never touched", async () => {
    const { world } = await radioWorld();
    const falzetti = createFalzetti(world, 6, 6);
    world.login("gm");
    const { RadioOpponentSheet } = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const sheet = new RadioOpponentSheet({ document: falzetti } as never) as unknown as Sheet;
    await sheet.submitForm({ "system.wounds.max": 4 });
    expect(sys(falzetti).wounds).toEqual({ value: 4, max: 4 });
    expect(world.notifications.at(-1)?.message).toBe("Falzetti: wounds cannot be above the maximum (4), so they were set to 4.");
    const told = world.notifications.length;
    await falzetti.update({ "system.wounds.value": -1 });
    expect(sys(falzetti).wounds.value).toBe(-1);
    expect(world.notifications.length).toBe(told);
  });

  it("a henchmen group's carried damage of a whole henchman or more is set below it", async () => {
    const { world } = await radioWorld();
    const falzetti = createFalzetti(world, 6, 6);
    const goons = world.createActor({ name: "Goons", type: "radioHenchmen", system: { count: 4, woundsEach: 2, leader: falzetti.uuid } });
    world.login("gm");
    const { RadioHenchmenSheet } = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const sheet = new RadioHenchmenSheet({ document: goons } as never) as unknown as Sheet;
    await sheet.submitForm({ "system.carried": 3 });
    expect(sys(goons).carried).toBe(1);
    expect(world.notifications.at(-1)?.message).toBe("Goons: the damage carried must be less than one henchman's wounds (2), so it was set to 1.");
    // Lowering the wounds each henchman takes brings the carried damage below it too.
    await sheet.submitForm({ "system.woundsEach": 1 });
    expect([sys(goons).woundsEach, sys(goons).carried]).toEqual([1, 0]);
  });
});
