/**
 * A radio round through the real adapter in the typed Foundry fake: 1d6 initiative per PC and per
 * NPC group, declarations → four-phase plan, the hero's attack (exact chance, tokens earned), the
 * damage follow-up halved by a defensive boss, Apply (unconscious leader), the leader-falls flee
 * checks for his henchmen and minion, Apply to the henchmen pool, and Undo.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { createFalzetti, createGoons, createJake, createSal, radioModules, radioWorld, REVOLVER, startRadioCombat } from "./fight.js";

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let sal: FakeActor;
let goons: FakeActor;

type Card = { kind: string; applications: Application[]; result: Record<string, unknown>; targets: { uuid: string; name: string }[] };
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  // His revolver uses his Revolver weapon skill (+4); his wounds are the hero's default 5 of 5.
  jake = createJake(world, {
    system: { weaponSkills: [{ name: "Revolver", skill: "ranged", bonus: 4 }] },
    items: [{ ...REVOLVER, system: { ...REVOLVER.system, weaponSkill: "Revolver" } }],
  });
  falzetti = createFalzetti(world, 3, 8);
  goons = createGoons(world, 4, falzetti);
  sal = createSal(world, falzetti);
});

describe("radio data models", () => {
  it("builds the three actor types with bounded defaults and derived values", () => {
    expect(sys(jake).tokens).toEqual({ value: 0, max: null, base: 0, entries: [] });
    expect(sys(jake).tokenCount).toBe(0);
    expect(sys(jake).condition).toBe("active");
    expect(sys(goons).pool).toBe(4);
    expect(sys(sal).tier).toBe("standard");
  });
});

describe("a radio round", () => {
  let combat: FakeCombat;
  let fc: FracasCombat;
  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const steps = () => (combat.system as unknown as { plan: { steps: { phase: number; combatantId: string }[] } }).plan.steps.map((s) => `${s.phase}:${s.combatantId}`);

  beforeEach(async () => {
    combat = await startRadioCombat(world, [jake, falzetti, goons], [5, 3, 3, 1]); // Jake 5, the GM's group 3, the goons 3 (GM groups tied: input order)
    fc = combat as unknown as FracasCombat;
  });

  it("rolls initiative per PC and NPC group, plans the four phases from the declarations, attacks, damages, flees and undoes", async () => {
    expect(combat.combatants.get(cid(jake))!.initiative).toBe(5);
    expect(combat.combatants.get(cid(falzetti))!.initiative).toBe(3);
    const [j, f, g] = [cid(jake), cid(falzetti), cid(goons)];
    const declare = [`0:${j}`, `0:${f}`, `0:${g}`];
    expect(steps()).toEqual(declare); // nobody has declared yet: declare steps only

    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(jake), "targeted")).toEqual({ ok: true });
    world.login("gm");
    expect(await adapter.queries.requestDeclare(combat.id, cid(falzetti), "defensive")).toEqual({ ok: true });
    expect(await adapter.queries.requestDeclare(combat.id, cid(goons), "frenzied")).toEqual({ ok: true });
    expect(steps()).toEqual([...declare, `1:${g}`, `2:${j}`, `2:${g}`, `3:${g}`, `4:${j}`, `4:${g}`]);

    // Past the declarations and the goons' phase 1: Jake's phase-2 step. He aims at the defensive Falzetti.
    for (let i = 0; i < 4; i++) await fc.advance();
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const setup = m.attackSetup(jake as never);
    expect(setup.declared).toBe("targeted");
    expect(setup.phase).toBe(2);
    expect(setup.targets[0]).toMatchObject({ uuid: falzetti.uuid, defensive: true });
    const state = { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, description: "Jake fires through the crates at the boss's chest" };
    // Revolver +4, targeted +2, defensive target −4: 2d10 + 2 > 11 → 2d10 ≥ 10: 64 of 100.
    expect(m.attackView(setup, state).chance).toBe(64);
    world.dice.queue(9, 8);
    const attack = (await m.rollAttack(jake as never, setup, state)) as unknown as FakeChatMessage;
    expect(cardOf(attack).result).toMatchObject({ attack: { hit: true, total: 19, tokensEarned: 2, phase: 2 } });
    expect(sys(jake).tokens.value).toBe(2);

    // Damage follow-up: a 6 doubles the revolver's 3, the defensive halving leaves 3.
    world.dice.queue(6);
    const kinds = adapter.rulesets.descriptor("radio")!.cards!;
    await kinds.attack!.followUps!.damage!({ message: attack as never, result: cardOf(attack).result as never, button: {} as never });
    const damage = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(cardOf(damage).kind).toBe("damage");
    expect(cardOf(damage).result).toMatchObject({ damage: { damage: 3 }, leaders: ["Falzetti"] });
    expect(cardOf(damage).targets).toEqual([{ uuid: falzetti.uuid, name: "Falzetti" }]);

    // The GM applies it: Falzetti at 0 is unconscious.
    world.login("gm");
    const applied = await adapter.queries.requestApply(damage.id, falzetti.uuid, true);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.Unconscious" } });
    expect(sys(falzetti).wounds.value).toBe(0);
    expect(sys(falzetti).state).toBe("unconscious");
    expect(falzetti.statuses.has("fracas-unconscious")).toBe(true);

    // The leader fell: his goons roll one d6 each, Sal one.
    world.dice.queue(6, 2, 6, 1, 4);
    await kinds.damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as never, button: {} as never });
    const flee = world.messages.contents.slice(-2) as unknown as FakeChatMessage[];
    expect(flee.map((x) => cardOf(x).kind)).toEqual(["flee", "flee"]);
    expect(flee.map((x) => cardOf(x).result.rolls)).toEqual([[6, 2, 6, 1], [4]]);
    // A second click on the same damage card rolls nothing more (one flee check per fall).
    const count = world.messages.contents.length;
    await kinds.damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as never, button: {} as never });
    expect(world.messages.contents.length).toBe(count);
    expect(await adapter.queries.requestApply(flee[0]!.id, goons.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { fled: 2, count: 2 } } });
    expect(sys(goons).count).toBe(2);
    expect(await adapter.queries.requestApply(flee[1]!.id, sal.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.Stays" } });
    expect(sys(sal).fled).toBe(false);

    // Undo the damage: Falzetti is back on his feet, the status gone.
    const app = cardOf(damage).applications[0]!;
    expect(await adapter.queries.requestUndo(damage.id, app.id, true)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(sys(falzetti).wounds.value).toBe(3);
    expect(sys(falzetti).state).toBe("active");
    expect(falzetti.statuses.has("fracas-unconscious")).toBe(false);

    // Round 2: initiative is rolled again, declarations cleared.
    world.dice.queue(1, 6, 2, 2);
    await fc.nextRound();
    expect(combat.combatants.get(cid(jake))!.initiative).toBe(1);
    expect(steps()).toEqual([`0:${f}`, `0:${g}`, `0:${j}`]);
  });
});
