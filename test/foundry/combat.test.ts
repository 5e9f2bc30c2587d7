import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeCombatant, type FakeWorld } from "./fake/index.js";
import type { FracasCombat } from "../../src/foundry/documents/combat.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let combat: FakeCombat;
let fc: FracasCombat;
let hero: FakeActor; // alice, speed 7
let villain: FakeActor; // GM, speed 3
let bobsGuy: FakeActor; // bob, speed 5
const cid = (a: FakeActor): string => combat.combatants.find((c) => c.actorId === a.id)!.id;
// Declarations and memory live on the Combat (GM-written), not on the owner-writable Combatant.
const decl = (a: FakeActor): string => fc.combatantState(cid(a)).declaration;
const sys = () => combat.system as unknown as { phase: string; step: number; ruleset: string; plan: { round: number; steps: { combatantId: string; kind: string }[] } };

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

describe("the round plan (speedPlan through FracasCombat)", () => {
  it("startCombat builds the plan: declare slowest first, act fastest first, phase declare", () => {
    expect(combat).toBeInstanceOf(adapter.combat.FracasCombat);
    expect(combat.round).toBe(1);
    expect(sys().ruleset).toBe("fracastest");
    expect(sys().phase).toBe("declare");
    expect(sys().step).toBe(0);
    expect(sys().plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual([
      `declare:${cid(villain)}`, `declare:${cid(bobsGuy)}`, `declare:${cid(hero)}`,
      `act:${cid(hero)}`, `act:${cid(bobsGuy)}`, `act:${cid(villain)}`,
    ]);
    expect(combat.combatants.get(cid(hero))!.initiative).toBe(7);
    expect(combat.turns.map((c: FakeCombatant) => c.name)).toEqual(["Hero", "Bob's guy", "Villain"]);
    // As core's: the Combat Theme announces the encounter, once.
    expect((combat as unknown as { sounds: string[] }).sounds).toEqual(["startEncounter"]);
  });

  it("a player declares for their own combatant through the GM query", async () => {
    world.login("alice");
    const r = await adapter.queries.requestDeclare(combat.id, cid(hero), "attack");
    expect(r).toEqual({ ok: true });
    expect(decl(hero)).toBe("attack");
    expect(world.queryLog.map((q) => [q.name, q.from, q.to])).toEqual([["fracas.declare", "alice", "gm"]]);
  });

  it("a declaration is one combat write; the plan is written with it only when the ruleset's plan follows declarations", async () => {
    const writes: Record<string, unknown>[] = [];
    world.observe("updateCombat", ((_c: unknown, changed: Record<string, unknown>) => void writes.push(changed)) as never);
    world.login("alice");
    await adapter.queries.requestDeclare(combat.id, cid(hero), "attack");
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0])).toContain('"declaration":"attack"');
    expect(JSON.stringify(writes[0])).not.toContain('"plan"');
    // A ruleset whose plan follows declarations (Radio's act phases): one write with both.
    const mapping = adapter.rulesets.descriptor("fracastest")!.combat!;
    const plan = mapping.plan;
    mapping.plan = (input) => {
      const p = plan(input);
      return { ...p, steps: p.steps.filter((st) => st.kind !== "act" || input.combatants.find((c) => c.id === st.combatantId)?.declaration !== "dodge") };
    };
    writes.length = 0;
    await adapter.queries.requestDeclare(combat.id, cid(hero), "dodge");
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0])).toContain('"declaration":"dodge"');
    expect(sys().plan.steps.some((st) => st.kind === "act" && st.combatantId === cid(hero))).toBe(false);
  });

  it("refuses: another's combatant, a choice not offered, and declaring outside the declare phase", async () => {
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(villain), "attack")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotYours" });
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "fly")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" });
    expect(await adapter.queries.requestDeclare("nope", cid(hero), "attack")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotFound" });
    expect([decl(hero), decl(villain)]).toEqual(["", ""]);
    world.login("gm");
    for (let i = 0; i < 3; i++) await fc.advance();
    expect(sys().phase).toBe("act");
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "attack")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotDeclaring" });
    expect(decl(hero)).toBe("");
  });

  it("only the GM advances; advance walks the steps, moves the turn, and past the end starts round 2 afresh", async () => {
    world.login("alice");
    await expect(fc.advance()).rejects.toThrow(/lacks permission to update Combat/);
    expect(sys().step).toBe(0);
    await adapter.queries.requestDeclare(combat.id, cid(hero), "dodge");
    world.login("gm");
    const steps = sys().plan.steps;
    for (let i = 1; i < steps.length; i++) {
      await fc.advance();
      expect(sys().step).toBe(i);
      expect(sys().phase).toBe(steps[i]!.kind);
      expect(combat.combatant?.id).toBe(steps[i]!.combatantId);
    }
    await fc.advance();
    expect(combat.round).toBe(2);
    expect(sys().plan.round).toBe(2);
    expect(sys().step).toBe(0);
    expect(sys().phase).toBe("declare");
    expect(decl(hero)).toBe("");
    expect(world.hooks.calls).toContain("combatRound");
  });

  it("a hidden combatant is not in a player's plan view (steps, banner, declarations), as Foundry's tracker hides it; the GM sees it", async () => {
    world.login("gm");
    await fc.combatants.get(cid(villain))!.update({ hidden: true });
    world.login("alice");
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.steps.map((s) => s.name)).not.toContain("Villain");
    expect(v.steps).toHaveLength(4);
    expect(v.current).toBeNull(); // the Villain declares first: players are not told whose step it is
    expect(v.declarations.map((d) => d.name)).toEqual(["Hero", "Bob's guy"]);
    world.login("gm");
    const g = adapter.tracker.trackerPlanView(fc);
    expect(g.steps.map((s) => s.name)).toContain("Villain");
    expect(g.current?.name).toBe("Villain");
  });

  it("the tracker plan view shows whose step it is and who may declare", async () => {
    world.login("alice");
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.round).toBe(1);
    expect(v.phase).toBe("declare");
    expect(v.current).toEqual({ name: "Villain", kindLabel: "FRACAS.Tracker.Kind.declare" });
    expect(v.numberHeading).toBeNull(); // a mapping without a numberColumn (as Bond's) shows no number column
    expect(v.steps.every((s) => s.number === null)).toBe(true);
    expect(v.steps.filter((s) => s.current).map((s) => s.name)).toEqual(["Villain"]);
    expect(v.declarations.map((d) => [d.name, d.canDeclare])).toEqual([["Hero", true], ["Villain", false], ["Bob's guy", false]]);
    expect(v.canAdvance).toBe(false);
    world.login("gm");
    await fc.advance();
    await fc.advance();
    await fc.advance();
    const g = adapter.tracker.trackerPlanView(fc);
    expect(g.current).toEqual({ name: "Hero", kindLabel: "FRACAS.Tracker.Kind.act" });
    expect(g.steps.filter((s) => s.done)).toHaveLength(3);
    expect(g.canAdvance).toBe(true);
    expect(g.declarations.every((d) => !d.canDeclare)).toBe(true);
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/tracker/plan.hbs", { fracas: g });
    expect(html).toContain("Now: Hero");
    expect(html).toMatch(/<span>Step<\/span><span>Who<\/span>/);
    expect(html).not.toContain("fracas-plan-step-phase");
  });
});

describe("combatants who are down (Foundry's defeated mark or the ruleset's isDown)", () => {
  it("keep their steps in the plan, marked, but advance and back pass over them", async () => {
    // Plan: declare villain, bob, hero; act hero, bob, villain. Bob goes unconscious mid-round.
    await bobsGuy.toggleStatusEffect("fracas-unconscious", { active: true });
    await fc.advance();
    expect(combat.combatant?.id).toBe(cid(hero));
    expect(sys().step).toBe(2);
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.steps.filter((s) => s.down).map((s) => [s.name, s.down])).toEqual([
      ["Bob's guy", "FRACAS.Status.unconscious"],
      ["Bob's guy", "FRACAS.Status.unconscious"],
    ]);
    expect(v.declarations.find((d) => d.name === "Bob's guy")).toMatchObject({ canDeclare: false, down: "FRACAS.Status.unconscious" });
    await fc.advance();
    expect(sys().step).toBe(3);
    await fc.advance();
    expect(sys().step).toBe(5);
    expect(combat.combatant?.id).toBe(cid(villain));
    await fc.goBack();
    expect(sys().step).toBe(3);
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/tracker/plan.hbs", { fracas: adapter.tracker.trackerPlanView(fc) });
    expect(html).toMatch(/class="fracas-plan-step kind-act\s+down"/);
    expect(html).toContain("Unconscious");
  });

  it("a rebuilt plan does not leave the step on someone down; Back from past the end, and only when someone earlier can act", async () => {
    await fc.advance(); // step 1: Bob's guy declares
    expect(sys().step).toBe(1);
    await bobsGuy.toggleStatusEffect("fracas-unconscious", { active: true });
    world.login("alice");
    expect((await adapter.queries.requestDeclare(combat.id, cid(hero), "attack")).ok).toBe(true); // the GM rebuilds the plan
    world.login("gm");
    expect(sys().step).toBe(2);
    expect(combat.combatant?.id).toBe(cid(hero));
    expect(adapter.tracker.trackerPlanView(fc).canGoBack).toBe(true); // the villain's step 0 can act
    await villain.toggleStatusEffect("fracas-unconscious", { active: true });
    expect(adapter.tracker.trackerPlanView(fc).canGoBack).toBe(false);
    await villain.toggleStatusEffect("fracas-unconscious", { active: false });
    await combat.update({ "system.step": 99 } as never);
    await fc.goBack();
    expect(sys().step).toBe(5); // the villain's act step, the last in the plan
  });

  it("without the ruleset's isDown, Foundry's defeated mark decides: passed over from the round's start, no declaring", async () => {
    delete adapter.rulesets.descriptor("fracastest")!.combat!.isDown;
    await combat.combatants.get(cid(villain))!.update({ defeated: true });
    await fc.nextRound();
    expect(sys().step).toBe(1);
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
    expect(adapter.tracker.trackerPlanView(fc).steps[0]).toMatchObject({ name: "Villain", down: "FRACAS.Tracker.Down.defeated" });
    expect(await adapter.queries.requestDeclare(combat.id, cid(villain), "attack")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.Down" });
    expect(await adapter.queries.requestDeclare(combat.id, cid(villain), "")).toEqual({ ok: true });
    // Past the last acting step a new round begins, even if the last steps belong to the defeated.
    for (let i = 0; i < 3; i++) await fc.advance();
    expect(sys().step).toBe(4);
    await fc.advance();
    expect(combat.round).toBe(3);
  });
});

describe("core controls a Fracas round does not use", () => {
  it("a combatant removed from the tracker mid-round: its steps leave the plan view and Next passes over them", async () => {
    // Plan: declare villain, bob, hero; act hero, bob, villain. The GM deletes Bob's guy at step 0.
    await combat.deleteEmbeddedDocuments("Combatant", [cid(bobsGuy)]);
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.steps.map((s) => [s.index, s.name])).toEqual([[0, "Villain"], [2, "Hero"], [3, "Hero"], [5, "Villain"]]);
    await fc.advance();
    expect(sys().step).toBe(2);
    expect(combat.combatant?.id).toBe(cid(hero));
    await fc.advance();
    await fc.advance();
    expect(sys().step).toBe(5);
    expect(combat.combatant?.id).toBe(cid(villain));
    await fc.goBack();
    expect(sys().step).toBe(3);
  });

  it("a round start replaces the plan wholesale: the updateCombat hook's changed names system.==plan, as V13's diff does", async () => {
    const seen: Record<string, unknown>[] = [];
    world.hooks.on("updateCombat", (_c: unknown, changed: Record<string, unknown>) => void seen.push(changed));
    await fc.nextRound();
    const planWrite = seen.find((c) => (c.system as Record<string, unknown> | undefined)?.["==plan"] !== undefined);
    expect(planWrite).toBeDefined();
    expect((planWrite!.system as Record<string, unknown>).plan).toBeUndefined();
  });

  it("a player's write of turn or round (the server allows it; a macro or module could) is put back by the active GM's client", async () => {
    world.everyClient = true;
    await fc.advance();
    const before = { round: combat.round, turn: combat.turn };
    world.login("alice");
    await combat.update({ turn: 0, round: 5 } as never);
    await new Promise((r) => setTimeout(r, 10));
    expect({ round: combat.round, turn: combat.turn }).toEqual(before);
    // The GM's own moves are left alone.
    world.login("gm");
    await combat.update({ turn: 0 } as never);
    await new Promise((r) => setTimeout(r, 10));
    expect(combat.turn).toBe(0);
  });

  it("Previous Round is refused with a notice: the round, its plan and its step stay, and the next round comes once", async () => {
    let starts = 0;
    adapter.rulesets.descriptor("fracastest")!.onRoundStart = async () => void (starts += 1);
    await fc.nextRound();
    await fc.advance();
    const before = { round: combat.round, plan: JSON.stringify(sys().plan), step: sys().step };
    expect(starts).toBe(1);
    await combat.previousRound();
    expect({ round: combat.round, plan: JSON.stringify(sys().plan), step: sys().step }).toEqual(before);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Tracker.Refused.NoPreviousRound")]);
    await fc.nextRound();
    expect(combat.round).toBe(3);
    expect(starts).toBe(2);
  });

  it("core's initiative roll (a combatant's d20, Roll All, Roll NPCs) says Fracas rolls it at the round start, writes nothing and does not throw", async () => {
    world.login("alice");
    const before = combat.combatants.map((c) => c.initiative);
    await expect(combat.rollInitiative([cid(hero)])).resolves.toBe(combat);
    expect(combat.combatants.map((c) => c.initiative)).toEqual(before);
    expect(world.notified("info")).toEqual([world.localize("FRACAS.Tracker.Refused.InitiativeAtRoundStart")]);
  });

  it("the tracker offers no d20 initiative button in a Fracas combat (core shows it to an owner whose combatant has none)", async () => {
    world.login("alice");
    const tracker = new adapter.tracker.FracasCombatTracker() as unknown as { _prepareTurnContext: (c: unknown, cb: unknown, i: number) => Promise<{ isOwner: boolean; name: string }> };
    const heroC = combat.combatants.get(cid(hero))!;
    await heroC.update({ initiative: null });
    expect(await tracker._prepareTurnContext(combat, heroC, 0)).toMatchObject({ name: "Hero", isOwner: false });
  });
});

describe("combatant memory through the GM (CombatMapping.memoryPatch decides)", () => {
  const memory = (a: FakeActor) => fc.combatantState(cid(a)).memory;

  it("an owner's accepted patch is merged by the GM", async () => {
    world.login("alice");
    expect(await adapter.queries.requestCombatantMemory(combat.id, cid(hero), { mark: "aim" })).toEqual({ ok: true });
    expect(memory(hero)).toMatchObject({ mark: "aim" });
    expect(world.queryLog.map((q) => q.name)).toEqual(["fracas.memory"]);
  });

  it("refuses another's combatant, a patch the ruleset rejects, and a patch outside its phase", async () => {
    world.login("alice");
    expect(await adapter.queries.requestCombatantMemory(combat.id, cid(villain), { mark: "aim" })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotYours" });
    expect(await adapter.queries.requestCombatantMemory(combat.id, cid(hero), { mark: "AIM!", hp: 99 })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" });
    world.login("gm");
    for (let i = 0; i < 3; i++) await fc.advance(); // into the action part
    world.login("alice");
    expect(await adapter.queries.requestCombatantMemory(combat.id, cid(hero), { mark: "aim" })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotDeclaring" });
    expect(memory(hero)).not.toHaveProperty("mark");
  });
});

describe("a round start pressed by a GM who is not the active GM runs on the active GM's client", () => {
  it("Next Round by a second GM: the active GM's client rolls and writes it (one lock with its memory patches)", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.setActiveGM("gm");
    const writers: string[] = [];
    world.observe("updateCombat", ((_c: unknown, _d: unknown, _o: unknown, userId: string) => void writers.push(userId)) as never);
    world.login("gm2");
    await fc.nextRound();
    expect(combat.round).toBe(2);
    expect(world.queryLog.map((q) => q.name)).toContain("fracas.round");
    expect(writers.length).toBeGreaterThan(0);
    expect(new Set(writers)).toEqual(new Set(["gm"]));
  });

  it("the active GM runs its own; a player's request is refused; a second Begin Combat starts nothing more", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.setActiveGM("gm");
    world.login("gm");
    await fc.nextRound();
    expect(world.queryLog.map((q) => q.name)).not.toContain("fracas.round");
    const { executeRoundStart } = await import("../../src/foundry/documents/round-start.js");
    expect(await executeRoundStart({ combatId: combat.id, action: "next", userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(combat.round).toBe(2);
    expect(await executeRoundStart({ combatId: combat.id, action: "start", userId: "gm2" })).toEqual({ ok: true });
    expect(combat.round).toBe(2);
  });
});

describe("a player writing their combatant's system directly (V13 lets owners do that)", () => {
  it("changes nothing: declarations and memory live on the Combat, which only the GM writes", async () => {
    world.login("alice");
    await combat.combatants.get(cid(hero))!.update({ system: { declaration: "attack", memory: { mark: "forged", tieRolls: [6] } } });
    await expect(combat.update({ [`system.combatants.${cid(hero)}.declaration`]: "attack" })).rejects.toThrow(/lacks permission to update Combat/);
    world.login("gm");
    const info = fc.combatantInfos().find((c) => c.id === cid(hero))!;
    expect(info.declaration).toBe("");
    expect(info.memory).not.toHaveProperty("mark");
    expect((combat.combatants.get(cid(hero)) as unknown as { declaration: string }).declaration).toBe("");
    // A declaration made through the GM is read back by the combatant too.
    world.login("alice");
    await adapter.queries.requestDeclare(combat.id, cid(hero), "attack");
    expect((combat.combatants.get(cid(hero)) as unknown as { declaration: string }).declaration).toBe("attack");
  });

  it("a combatant not yet in the Combat's record (added mid-round) reads as undeclared with no memory", async () => {
    const late = world.createActor({ name: "Latecomer", type: TEST_TYPE, system: { speed: 4 } });
    const [c] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: late.id }])) as unknown as FakeCombatant[];
    expect(fc.combatantState(c!.id)).toEqual({ declaration: "", memory: {} });
  });
});

describe("onRoundStart", () => {
  it("runs on the GM's client after each round's plan is built", async () => {
    const seen: { round: number; steps: number }[] = [];
    const d = adapter.rulesets.descriptor("fracastest")!;
    d.onRoundStart = async (c, round) => {
      seen.push({ round, steps: (c as unknown as FracasCombat).fracas.plan.steps.length });
    };
    await fc.nextRound();
    expect(seen).toEqual([{ round: 2, steps: 6 }]);
  });

  it("the round's first step is chosen after it: a combatant it brings round (a stun ending) is not passed over", async () => {
    await villain.toggleStatusEffect("fracas-unconscious", { active: true });
    const d = adapter.rulesets.descriptor("fracastest")!;
    d.onRoundStart = async () => {
      await villain.toggleStatusEffect("fracas-unconscious", { active: false });
    };
    await fc.nextRound();
    expect(sys().step).toBe(0);
    expect(combat.combatant?.id).toBe(cid(villain));
    // And the other way: one it puts down is passed over from the start.
    d.onRoundStart = async () => {
      await villain.toggleStatusEffect("fracas-unconscious", { active: true });
    };
    const writes: Record<string, unknown>[] = [];
    world.observe("updateCombat", ((_c: unknown, changed: Record<string, unknown>) => void writes.push(changed)) as never);
    await fc.nextRound();
    expect(sys().step).toBe(1);
    expect(combat.combatant?.id).toBe(cid(bobsGuy));
    // The step passed over is written with the round and turn, not in a write of its own (each combat
    // write redraws the tracker on every client): the round's plan, then the round.
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatchObject({ round: 3, system: { step: 1 } });
  });
});

describe("the tracker keeps the current step in view, and the GM's scrolling otherwise", () => {
  it("scrolls the current step into view when the step moves on, not on a redraw for anything else", async () => {
    const Tracker = adapter.tracker.FracasCombatTracker as unknown as new () => { viewed: unknown; element: unknown; _onRender(c: unknown, o: unknown): Promise<void> };
    const tracker = new Tracker();
    tracker.viewed = combat;
    let scrolled = 0;
    const current = { scrollIntoView: () => void scrolled++ };
    tracker.element = { querySelector: (sel: string) => (sel.includes("aria-current") ? current : null), querySelectorAll: () => [] };
    await tracker._onRender({}, {});
    expect(scrolled).toBe(1);
    await tracker._onRender({}, {}); // a declaration or a panel button redraws it: the GM's scroll stays
    expect(scrolled).toBe(1);
    await fc.advance();
    await tracker._onRender({}, {});
    expect(scrolled).toBe(2);
  });
});

describe("what a ruleset reads of a combatant", () => {
  it("carries V13's hidden mark, so a panel can leave a hidden combatant out for players", async () => {
    await combat.combatants.get(cid(villain))!.update({ hidden: true });
    const hidden = Object.fromEntries(fc.combatantInfos().map((c) => [c.name, c.hidden]));
    expect(hidden).toEqual({ Hero: false, Villain: true, "Bob's guy": false });
  });
});

describe("a ruleset that declares in turn (declareInTurn: Bond's slowest first)", () => {
  beforeEach(() => {
    adapter.rulesets.descriptor("fracastest")!.combat!.declareInTurn = true;
  });
  const viewAs = (userId: string) => {
    world.login(userId);
    return adapter.tracker.trackerPlanView(fc);
  };

  it("a player declares only on their combatant's declare step; the GM for anyone at any time", async () => {
    // Declare order: Villain (3), Bob's guy (5), Hero (7). The plan stands on the Villain's step.
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "attack")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotYourTurn" });
    expect(decl(hero)).toBe("");
    world.login("gm");
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "dodge")).toEqual({ ok: true });
    await fc.advance();
    await fc.advance();
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "attack")).toEqual({ ok: true });
    expect(decl(hero)).toBe("attack");
  });

  it("players do not see a declaration whose step is still ahead, and their own slot says it waits its turn", async () => {
    world.login("gm");
    await adapter.queries.requestDeclare(combat.id, cid(hero), "attack"); // set by the GM ahead of the Hero's turn
    const bob = viewAs("bob").declarations.find((d) => d.id === cid(hero))!;
    expect([bob.declaration, bob.declarationLabel, bob.waitsTurn]).toEqual(["", "", true]);
    expect(viewAs("gm").declarations.find((d) => d.id === cid(hero))!.declaration).toBe("attack");
    const own = viewAs("alice").declarations.find((d) => d.id === cid(hero))!;
    expect([own.canDeclare, own.waitsTurn]).toEqual([false, true]);
    // On the Hero's step: heard by all, and Alice's select opens.
    world.login("gm");
    await fc.advance();
    await fc.advance();
    expect(viewAs("bob").declarations.find((d) => d.id === cid(hero))!.declaration).toBe("attack");
    const open = viewAs("alice").declarations.find((d) => d.id === cid(hero))!;
    expect([open.canDeclare, open.waitsTurn]).toEqual([true, false]);
  });

  it("a ruleset without it keeps free declarations", async () => {
    adapter.rulesets.descriptor("fracastest")!.combat!.declareInTurn = false;
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(hero), "attack")).toEqual({ ok: true });
    expect(viewAs("bob").declarations.find((d) => d.id === cid(hero))!.declaration).toBe("attack");
  });
});

describe("a refused declaration in the tracker", () => {
  it("puts the select back to the declaration stored, so it never shows a choice the plan does not have", async () => {
    const Tracker = adapter.tracker.FracasCombatTracker as unknown as new () => { viewed: unknown; element: unknown; _onRender(c: unknown, o: unknown): Promise<void> };
    const tracker = new Tracker();
    tracker.viewed = combat;
    let onChange: (() => void) | null = null;
    const select = { value: "", dataset: { fracasDeclare: cid(hero) }, addEventListener: (type: string, fn: () => void) => type === "change" && (onChange = fn) };
    tracker.element = { querySelector: () => null, querySelectorAll: (sel: string) => (sel.includes("data-fracas-declare") ? [select] : []) };
    world.login("alice");
    await tracker._onRender({}, {});
    world.setActiveGM(null);
    select.value = "attack";
    onChange!();
    await vi.waitFor(() => expect(select.value).toBe(""));
    expect(decl(hero)).toBe("");
    // Said once, as an error (no GM), not again as a warning.
    expect(world.notified("error")).toEqual([world.localize("FRACAS.Chat.NoGM")]);
    expect(world.notified("warn")).toEqual([]);
  });
});

describe("the tracker places a ruleset's panel as its descriptor says", () => {
  it("position 'after' reaches the template as fracasPanel.after; no position is before", async () => {
    const d = adapter.rulesets.descriptor("fracastest")!;
    const Tracker = adapter.tracker.FracasCombatTracker as unknown as new () => { viewed: unknown; _preparePartContext(id: string, c: object, o: object): Promise<{ fracasPanel: { after: boolean } | null }> };
    const tracker = new Tracker();
    tracker.viewed = combat;
    d.trackerPanel = { template: "systems/fracas/templates/test/hit.hbs", context: () => ({}) };
    expect((await tracker._preparePartContext("plan", {}, {})).fracasPanel?.after).toBe(false);
    d.trackerPanel.position = "after";
    expect((await tracker._preparePartContext("plan", {}, {})).fracasPanel?.after).toBe(true);
  });
});
