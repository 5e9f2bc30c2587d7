// The GM review of session 10 (/work/notes/review-s10-gm.md), core tracker findings: G3 one
// ruleset per fight, G4 core controls that did nothing or broke the plan, G10 plan rows that act
// like the core list's rows, G11 a keybinding for Next step.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeCombatant, type FakeWorld } from "./fake/index.js";
import type { FracasCombat } from "../../src/foundry/documents/combat.js";
import { speedPlan } from "../../src/engine/order.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let combat: FakeCombat;
let fc: FracasCombat;
let hero: FakeActor; // alice, speed 7
let villain: FakeActor; // GM, speed 3
let bobsGuy: FakeActor; // bob, speed 5
const cid = (a: FakeActor): string => combat.combatants.find((c) => c.actorId === a.id)!.id;
const sys = () => combat.system as unknown as { step: number; plan: { round: number; steps: { combatantId: string; kind: string }[] } };
const planCombatant = () => sys().plan.steps[sys().step]!.combatantId;
/** Lets the hooks' microtasks and their combat writes run. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setTimeout(r, 0));
};

type Entry = { name: string; condition?: boolean | ((li: unknown) => boolean) };
type TrackerUnderTest = {
  viewed: unknown;
  element: unknown;
  _getEntryContextOptions(): Entry[];
  _getCombatContextOptions(): Entry[];
  _preparePartContext(id: string, c: object, o: object): Promise<Record<string, unknown>>;
  _prepareTurnContext(combat: unknown, combatant: unknown, i: number): Promise<Record<string, unknown>>;
  _onRender(c: unknown, o: unknown): Promise<void>;
  _onCombatantHoverIn(event: unknown): void;
  _onCombatantHoverOut(event: unknown): void;
  _attachFrameListeners(): void;
};
const newTracker = (): TrackerUnderTest => {
  const t = new (adapter.tracker.FracasCombatTracker as unknown as new () => TrackerUnderTest)();
  t.viewed = combat;
  // Enough of a rendered element for _onRender (the plan part's selects, the current step).
  t.element = { querySelector: () => null, querySelectorAll: () => [] };
  return t;
};
const shown = (entries: Entry[], name: string, li: unknown = { dataset: {} }) => {
  const e = entries.find((x) => x.name === name)!;
  return typeof e.condition === "function" ? e.condition(li) : e.condition !== false;
};

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { speed: 7 }, ownership: { alice: 3 } });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { speed: 3 } });
  bobsGuy = world.createActor({ name: "Bob's guy", type: TEST_TYPE, system: { speed: 5 }, ownership: { bob: 3 } });
  combat = world.createCombat();
  fc = combat as unknown as FracasCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: hero.id }, { actorId: villain.id }, { actorId: bobsGuy.id }]);
  await fc.startCombat();
});

describe("G3: one fight runs one ruleset", () => {
  const bondAgent = () => world.createActor({ name: "James Bond", type: "bondCharacter" });
  const thug = () => world.createActor({ name: "Street Thug", type: "faseripHero", system: { side: "villains" } });

  it("a combatant of another ruleset is refused on the client that adds it, with a warning naming both rulesets; the fight's own ruleset joins", async () => {
    const encounter = world.createCombat();
    await encounter.createEmbeddedDocuments("Combatant", [{ actorId: bondAgent().id }]);
    const refused = await encounter.createEmbeddedDocuments("Combatant", [{ actorId: thug().id }]);
    expect(refused).toEqual([]);
    expect(encounter.combatants.map((c: FakeCombatant) => c.name)).toEqual(["James Bond"]);
    expect(world.notified("warn")).toEqual([
      "Street Thug was not added: this fight runs James Bond 007, and Street Thug is from Marvel Super Heroes (FASERIP). One fight runs one ruleset: start another encounter for Street Thug.",
    ]);
    // Another Bond character joins.
    await encounter.createEmbeddedDocuments("Combatant", [{ actorId: world.createActor({ name: "Oddjob", type: "bondCharacter" }).id }]);
    expect(encounter.combatants.map((c: FakeCombatant) => c.name)).toEqual(["James Bond", "Oddjob"]);
  });

  it("added together to an empty encounter: the first decides for the rest of the batch", async () => {
    const encounter = world.createCombat();
    await encounter.createEmbeddedDocuments("Combatant", [{ actorId: thug().id }, { actorId: bondAgent().id }, { actorId: thug().id }]);
    expect(encounter.combatants.map((c: FakeCombatant) => c.name)).toEqual(["Street Thug", "Street Thug"]);
    expect(world.notified("warn")).toEqual([expect.stringContaining("James Bond was not added: this fight runs Marvel Super Heroes (FASERIP)")]);
  });

  it("a begun fight keeps the ruleset it stored: another ruleset's actor is refused, named by its id when it has no name", async () => {
    const added = await combat.createEmbeddedDocuments("Combatant", [{ actorId: bondAgent().id }]);
    expect(added).toEqual([]);
    expect(world.notified("warn")).toEqual(["James Bond was not added: this fight runs fracastest, and James Bond is from James Bond 007. One fight runs one ruleset: start another encounter for James Bond."]);
    expect(combat.combatants.size).toBe(3);
  });

  it("a combatant with no actor (a placeholder) is accepted and is down in the plan; the plan banner names the ruleset", async () => {
    const [placeholder] = (await combat.createEmbeddedDocuments("Combatant", [{ name: "Collapsing ceiling" }])) as unknown as FakeCombatant[];
    expect(placeholder).toBeDefined();
    expect(world.notified("warn")).toEqual([]);
    const info = fc.combatantInfos().find((c) => c.id === placeholder!.id)!;
    expect(fc.downReason(info)).toBe("FRACAS.Tracker.Down.noActor");
    expect(adapter.tracker.trackerPlanView(fc).rulesetLabel).toBe("FRACAS.Ruleset.fracastest");
  });

  it("the plan banner shows the ruleset's name", async () => {
    const view = adapter.planView.planView({
      plan: speedPlan([{ id: "a", speed: 3 }], undefined, { round: 2 }),
      phase: "act",
      step: 1,
      round: 2,
      ruleset: "bond",
      isGM: true,
      combatants: [{ id: "a", name: "James Bond", img: "icons/svg/mystery-man.svg", declaration: "", canDeclare: true, down: null, options: [] }],
    });
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/tracker/plan.hbs", { fracas: view });
    expect(html).toMatch(/<span class="fracas-plan-ruleset">James Bond 007<\/span>/);
  });
});

describe("G4: core tracker controls while Fracas drives the combat", () => {
  it("the combatant menu has no Clear or Reroll Initiative and the encounter menu no Reset Initiative; a combat Fracas does not drive keeps them", async () => {
    const tracker = newTracker();
    const entries = tracker._getEntryContextOptions();
    const menu = tracker._getCombatContextOptions();
    const li = { dataset: { combatantId: cid(hero) } };
    expect(shown(entries, "COMBAT.CombatantClear", li)).toBe(false);
    expect(shown(entries, "COMBAT.CombatantReroll", li)).toBe(false);
    expect(shown(menu, "COMBAT.InitiativeReset")).toBe(false);
    // The others stay, and V13's own conditions still decide them.
    expect(shown(entries, "COMBAT.CombatantRemove", li)).toBe(true);
    expect(shown(menu, "COMBAT.Delete")).toBe(true);
    // V13 builds the menus once, at the first render: the same tracker viewing a combat with no ruleset offers them again.
    adapter.rulesets.descriptor("fracastest")!.combat = undefined;
    expect(shown(entries, "COMBAT.CombatantClear", li)).toBe(true);
    expect(shown(entries, "COMBAT.CombatantReroll", li)).toBe(true);
    expect(shown(menu, "COMBAT.InitiativeReset")).toBe(true);
  });

  it("Roll All, Roll NPCs and Previous Round are taken out of the rendered tracker (core-controls.ts), and only while Fracas drives", async () => {
    const removed: string[] = [];
    const tracker = newTracker();
    const button = (action: string) => ({
      ownerDocument: { createElement: () => ({ className: "" }) },
      remove: () => void removed.push(action),
      replaceWith: (spacer: { className: string }) => void removed.push(`${action}→${spacer.className}`),
    });
    tracker.element = {
      querySelector: () => null,
      querySelectorAll: (sel: string) => {
        const action = /data-action="(\w+)"/.exec(sel)?.[1];
        return action && ["rollAll", "rollNPC", "previousRound", "nextRound", "previousTurn"].includes(action) ? [button(action)] : [];
      },
    };
    await tracker._onRender({}, { parts: [] });
    expect(removed).toEqual(["rollAll→spacer", "rollNPC→spacer", "previousRound"]);
    removed.length = 0;
    adapter.rulesets.descriptor("fracastest")!.combat = undefined;
    await tracker._onRender({}, { parts: [] });
    expect(removed).toEqual([]);
  });

  it("the initiative is shown as text, not an input the GM can type into (V13's tracker.hbs with hasDecimals), only while Fracas drives", async () => {
    const tracker = newTracker();
    const ctx = await tracker._preparePartContext("tracker", {}, {});
    expect(ctx.hasDecimals).toBe(true);
    // Whole numbers, as the round start wrote them.
    expect((ctx.turns as { name: string; initiative: string }[]).map((t) => [t.name, t.initiative])).toEqual([["Hero", "7"], ["Bob's guy", "5"], ["Villain", "3"]]);
    adapter.rulesets.descriptor("fracastest")!.combat = undefined;
    expect((await tracker._preparePartContext("tracker", {}, {})).hasDecimals).toBe(false);
  });

  it("a ruleset that writes no initiative (Zodiac) shows none: no number and no d20 button", async () => {
    for (const c of combat.combatants) await c.update({ initiative: null });
    world.login("alice");
    const turn = await newTracker()._prepareTurnContext(combat, combat.combatants.get(cid(hero)), 0);
    expect([turn.initiative, turn.isOwner]).toEqual([null, false]);
  });

  it("an initiative changed by a macro puts the turn back on the plan's step (V13 keeps the index), on the active GM's client", async () => {
    await fc.advance(); // Bob's guy declares
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
    await combat.combatants.get(cid(villain))!.update({ initiative: 99 });
    // V13 re-sorted: the villain is first, and the turn's index now points at the Hero.
    await settle();
    expect(combat.combatant?.id).toBe(planCombatant());
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
    expect(combat.combatants.get(cid(villain))!.initiative).toBe(99); // the number stays: it is display only
  });

  it("a player's own initiative write is followed too, and only the active GM writes the turn back", async () => {
    await fc.advance();
    const writers: string[] = [];
    world.observe("updateCombat", ((_c: unknown, _d: unknown, _o: unknown, userId: string) => void writers.push(userId)) as never);
    world.login("alice");
    await combat.combatants.get(cid(hero))!.update({ initiative: 1 });
    world.login("gm");
    await settle();
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
    expect(writers).toEqual(["gm"]);
  });

  it("the round start's own initiative write is not followed: the new round is written once, by Next Round, with its world time", async () => {
    const writes: { changed: Record<string, unknown>; options: Record<string, unknown> }[] = [];
    world.observe("updateCombat", ((_c: unknown, changed: Record<string, unknown>, options: Record<string, unknown>) => void writes.push({ changed, options })) as never);
    // Speeds change so the round start re-sorts the turns, and the ruleset's round-start work takes a
    // while (Bond's stun countdowns write actors), as with a server: a follow would get in before Next
    // Round's own write and move the round without its world time and turn events.
    await villain.update({ "system.speed": 9 });
    adapter.rulesets.descriptor("fracastest")!.onRoundStart = () => new Promise<void>((r) => setTimeout(r, 0));
    await fc.nextRound();
    await settle();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.changed).toMatchObject({ round: 2 });
    expect(writes[1]!.options).toMatchObject({ direction: 1, worldTime: { delta: expect.any(Number) } });
    expect(combat.combatant?.id).toBe(planCombatant());
  });
});

describe("G10: plan rows act like the core list's rows", () => {
  /** A plan row as the DOM gives it: `closest` finds the row itself. */
  const row = (id: string) => {
    const el = { dataset: { combatantId: id }, closest: (sel: string) => (sel.includes("fracas-plan-step") ? el : null) };
    return el;
  };
  const tokenOf = (c: FakeCombatant) => {
    const token = { visible: true, center: { x: 1, y: 2 }, hovered: 0, unhovered: 0, controlled: 0, _canHover: () => true, _onHoverIn: () => void token.hovered++, _onHoverOut: () => void token.unhovered++, control: () => (token.controlled++, true) };
    Object.defineProperty(c, "token", { value: { id: "t", actorLink: true, object: token }, configurable: true });
    return token;
  };

  it("each row carries its combatant's id, V13's activateCombatant action, a tab stop and the portrait", async () => {
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.steps[0]).toMatchObject({ combatantId: cid(villain), img: "icons/svg/mystery-man.svg" });
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/tracker/plan.hbs", { fracas: v });
    const rows = [...html.matchAll(/<li class="fracas-plan-step[^"]*"[^>]*>/g)].map((m) => m[0]);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r).toMatch(/data-combatant-id="\w+" data-action="activateCombatant" tabindex="0"/);
    expect(rows[0]).toContain(`data-combatant-id="${cid(villain)}"`);
    expect(html).toContain('<img class="fracas-plan-step-img" src="icons/svg/mystery-man.svg" alt=""');
  });

  it("hovering a plan row highlights its token (V13's hover matches only core rows); leaving it ends the highlight", async () => {
    const g = globalThis as { canvas?: unknown };
    g.canvas = { ready: true };
    try {
      const token = tokenOf(combat.combatants.get(cid(villain))!);
      const tracker = newTracker();
      tracker._onCombatantHoverIn({ target: row(cid(villain)) });
      expect(token.hovered).toBe(1);
      tracker._onCombatantHoverOut({});
      expect(token.unhovered).toBe(1);
      // Not a plan row: core's own handler decides (nothing there for an element outside any row).
      tracker._onCombatantHoverIn({ target: { closest: () => null } });
      expect(token.hovered).toBe(1);
    } finally {
      delete g.canvas;
    }
  });

  it("Enter on a focused plan row selects its token and pans to it, as a click does", async () => {
    const panned: unknown[] = [];
    const g = globalThis as { canvas?: unknown };
    g.canvas = { ready: true, animatePan: (to: unknown) => void panned.push(to) };
    try {
      const token = tokenOf(combat.combatants.get(cid(hero))!);
      const tracker = newTracker();
      let onKey: ((e: unknown) => void) | null = null;
      tracker.element = { addEventListener: (type: string, fn: (e: unknown) => void) => type === "keydown" && (onKey = fn) };
      tracker._attachFrameListeners();
      const target = row(cid(hero));
      let prevented = 0;
      onKey!({ type: "keydown", key: "Tab", target, preventDefault: () => void prevented++ });
      expect(token.controlled).toBe(0);
      onKey!({ type: "keydown", key: "Enter", target, preventDefault: () => void prevented++ });
      expect([token.controlled, prevented]).toEqual([1, 1]);
      expect(panned).toEqual([{ x: 1, y: 2 }]);
    } finally {
      delete g.canvas;
    }
  });
});

describe("G11: a GM keybinding for Next step", () => {
  it("is registered at init, restricted to GMs, with no default key and a localised name and hint", () => {
    const action = world.keybindings.actions.get("fracas.nextStep")!;
    expect(action).toMatchObject({ restricted: true, editable: [], uneditable: [] });
    expect(world.i18n.has(action.name)).toBe(true);
    expect(world.i18n.has(action.hint!)).toBe(true);
    expect(world.keybindings.get("fracas", "nextStep")).toEqual([]);
  });

  it("moves the plan on one step for the GM; a player's press does nothing", async () => {
    world.login("alice");
    expect(world.keybindings.press("fracas", "nextStep")).toBe(false);
    await settle();
    expect(sys().step).toBe(0);
    world.login("gm");
    expect(world.keybindings.press("fracas", "nextStep")).toBe(true);
    await vi.waitFor(() => expect(sys().step).toBe(1));
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
  });

  it("pressed again before the first step is written, it moves on once (on the last step: one new round, not two)", async () => {
    for (let i = 0; i < 5; i++) await fc.advance();
    let starts = 0;
    world.observe("combatRound", (() => void starts++) as never);
    world.keybindings.press("fracas", "nextStep");
    world.keybindings.press("fracas", "nextStep");
    await settle();
    expect(combat.round).toBe(2);
    expect(starts).toBe(1);
    expect(sys().step).toBe(0);
  });

  it("the tracker's Next step clicked twice before the first is written moves on once too (FracasCombat#advance)", async () => {
    for (let i = 0; i < 5; i++) await fc.advance();
    let starts = 0;
    world.observe("combatRound", (() => void starts++) as never);
    await Promise.all([combat.nextTurn(), combat.nextTurn()]);
    await settle();
    expect(combat.round).toBe(2);
    expect(starts).toBe(1);
    expect(sys().step).toBe(0);
  });

  it("with no begun combat, says so", async () => {
    await combat.delete();
    world.keybindings.press("fracas", "nextStep");
    await settle();
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Api.NoCombat")]);
  });
});
