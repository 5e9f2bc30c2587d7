/**
 * Radio combatants who are down (audit X1/R2), through the real adapter in the typed Foundry fake:
 * - the GM's advance passes over the act step of an NPC knocked unconscious mid-round; at the next
 *   round start its group declares in one step (session 5), not in one per NPC;
 * - it stops on a dying hero's act step while the final heroic action is owed, even with the
 *   defeated mark on the token, and passes over it once the action is taken;
 * - the sheet's Attack refuses (warning, no dialog) for a combatant who cannot act, but the dying
 *   hero's attack (the final action) opens.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { createFalzetti, createJake, createSal, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
type Step = { phase: number; combatantId: string; kind: string };

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let sal: FakeActor;
let combat: FakeCombat;
let fc: FracasCombat;

const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
const steps = () => fc.fracas.plan.steps as Step[];
const stepNow = () => steps()[fc.fracas.step]!;
const at = (s: Step) => `${s.phase}:${s.kind}:${s.combatantId}`;
const cardsOf = (kind: string) => world.messages.filter((m) => (m.system as unknown as { kind: string }).kind === kind) as unknown as FakeChatMessage[];

/** The GM's advance, recording every step it lands on, until it reaches `until` (or the round ends). */
async function advanceUntil(until: (s: Step) => boolean): Promise<string[]> {
  world.login("gm");
  const visited: string[] = [];
  const round = combat.round;
  for (let i = 0; i < 30 && combat.round === round; i++) {
    await fc.advance();
    visited.push(at(stepNow()));
    if (until(stepNow())) break;
  }
  await (await radioModules()).promptsSettled();
  return visited;
}

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world, { system: { wounds: { value: 3, max: 5 } } });
  falzetti = createFalzetti(world, 6, 6);
  sal = createSal(world, null, { system: { tier: "standard", wounds: { value: 3, max: 3 } } });
  combat = await startRadioCombat(world, [jake, falzetti, sal], [2, 5, 1, 1]); // Jake 2, the GM's group (Falzetti and Sal) 5: Falzetti, Sal, Jake
  fc = combat as unknown as FracasCombat;
  await declareAll(world, adapter, combat, [
    ["alice", jake],
    ["gm", falzetti],
    ["gm", sal],
  ]);
});

describe("the GM's advance and combatants who are down", () => {
  it("passes over the act step of an NPC knocked unconscious mid-round; next round its group declares in one step (its leader's)", async () => {
    expect(steps().filter((s) => s.phase === 1).map((s) => s.combatantId)).toEqual([cid(falzetti), cid(sal), cid(jake)]);
    await advanceUntil((s) => s.kind === "act" && s.combatantId === cid(falzetti));
    expect(at(stepNow())).toBe(`1:act:${cid(falzetti)}`);
    // Falzetti's stray shot lays Sal out (the GM applies it by hand here).
    await sal.update({ "system.wounds.value": 0, "system.state": "unconscious" });
    expect(fc.downReason(fc.combatantInfos().find((c) => c.id === cid(sal))!)).toBe("FRACAS.Radio.Down.unconscious");
    world.dice.queue(2, 5, 1, 1); // round 2: the same order
    const visited = await advanceUntil(() => false);
    expect(visited).toEqual([`1:act:${cid(jake)}`, `3:act:${cid(falzetti)}`, `3:act:${cid(jake)}`, `0:declare:${cid(falzetti)}`]);
    // Sal declares with Falzetti's group, whose one declare step is Falzetti's (session 5): the
    // round has no declare step of Sal's to stop at, down or not.
    expect(steps().filter((s) => s.kind === "declare").map((s) => s.combatantId)).not.toContain(cid(sal));
    expect(combat.round).toBe(2);
    await fc.advance();
    expect(at(stepNow())).toBe(`0:declare:${cid(jake)}`);
    // And he cannot declare.
    expect(await adapter.queries.requestDeclare(combat.id, cid(sal), "standard")).toMatchObject({ ok: false });
  });

  it("stops on a dying hero's act step while the final heroic action is owed (defeated mark or not), then passes over it", async () => {
    await advanceUntil((s) => s.kind === "act" && s.combatantId === cid(sal));
    // Sal's lethal blow: Jake is dying, owed the final heroic action; the GM has also marked him defeated.
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
    await jake.toggleStatusEffect("fracas-dying", { active: true });
    await jake.toggleStatusEffect("fracas-dead", { active: true });
    expect(combat.combatants.get(cid(jake))!.isDefeated).toBe(true);
    await fc.advance();
    expect(at(stepNow())).toBe(`1:act:${cid(jake)}`);
    await (await radioModules()).promptsSettled();
    const [prompt] = cardsOf("final");
    expect(prompt).toBeDefined();
    // The action is taken ("Final action taken"): Jake is dead, his phase-3 step is passed over.
    expect(await adapter.queries.requestFollowUp(prompt!.id, "finalDone", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    world.dice.queue(2, 5, 1, 1);
    const visited = await advanceUntil(() => false);
    expect(visited).toEqual([`3:act:${cid(falzetti)}`, `3:act:${cid(sal)}`, `0:declare:${cid(falzetti)}`]);
  });
});

describe("the sheet's Attack for a combatant who cannot act", () => {
  async function clickAttack(user: string, actor: FakeActor, action = "attack") {
    const m = await radioModules();
    world.login(user);
    const Sheet = actor.type === "radioHero" ? m.RadioHeroSheet : m.RadioOpponentSheet;
    const sheet = new Sheet({ document: actor } as never);
    const actions = (Sheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    await actions[action]!.call(sheet, {}, { dataset: {} });
  }

  it("refuses an unconscious NPC with a warning and opens no dialog; a standing one opens", async () => {
    const m = await radioModules();
    const render = vi.spyOn(m.RadioAttackDialog.prototype, "render");
    await sal.update({ "system.wounds.value": 0, "system.state": "unconscious" });
    await clickAttack("gm", sal);
    expect(render).not.toHaveBeenCalled();
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Refused.CannotAct", { name: "Sal", reason: world.localize("FRACAS.Radio.Down.unconscious") }));
    await clickAttack("gm", falzetti);
    expect(render).toHaveBeenCalledTimes(1);
    render.mockRestore();
  });

  it("refuses a combatant the GM marked defeated", async () => {
    const m = await radioModules();
    const render = vi.spyOn(m.RadioAttackDialog.prototype, "render");
    await combat.combatants.get(cid(falzetti))!.update({ defeated: true });
    await clickAttack("gm", falzetti);
    expect(render).not.toHaveBeenCalled();
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Refused.CannotAct", { name: "Falzetti", reason: world.localize("FRACAS.Tracker.Down.defeated") }));
    render.mockRestore();
  });

  it("lets a dying hero owed the final action attack (sheet's Attack and Final attack); refuses once dead", async () => {
    const m = await radioModules();
    const render = vi.spyOn(m.RadioAttackDialog.prototype, "render");
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
    await jake.toggleStatusEffect("fracas-dead", { active: true });
    await clickAttack("alice", jake);
    await clickAttack("alice", jake, "finalAttack");
    expect(render).toHaveBeenCalledTimes(2);
    await jake.update({ "system.finalAction": false });
    await clickAttack("alice", jake);
    await clickAttack("alice", jake, "finalAttack");
    expect(render).toHaveBeenCalledTimes(2);
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Refused.CannotAct", { name: "Jake", reason: world.localize("FRACAS.Radio.Down.dead") }));
    render.mockRestore();
  });

  it("the sheet renders Attack disabled with the click's reason (UX #8), live for the dying hero owed the final action", async () => {
    const m = await radioModules();
    const attackOf = async (actor: FakeActor) => {
      const Sheet = actor.type === "radioHero" ? m.RadioHeroSheet : m.RadioOpponentSheet;
      const sheet = new Sheet({ document: actor } as never) as unknown as { _prepareContext(o: unknown): Promise<{ view: { attack: { disabled: boolean; reason: string } } }> };
      return (await sheet._prepareContext({})).view.attack;
    };
    world.login("gm");
    expect(await attackOf(falzetti)).toMatchObject({ shown: true, disabled: false, reason: "" });
    await combat.combatants.get(cid(falzetti))!.update({ defeated: true });
    expect(await attackOf(falzetti)).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Tracker.Down.defeated" });
    await sal.update({ "system.wounds.value": 0, "system.state": "unconscious" });
    expect(await attackOf(sal)).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.unconscious" });
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
    await jake.toggleStatusEffect("fracas-dead", { active: true });
    expect(await attackOf(jake)).toMatchObject({ shown: true, disabled: false, reason: "" });
    await jake.update({ "system.finalAction": false });
    expect(await attackOf(jake)).toMatchObject({ shown: true, disabled: true, reason: "FRACAS.Radio.Down.dead" });
  });

  it("an attack dialog left open refuses to roll once its attacker is down", async () => {
    const m = await radioModules();
    const dialog = new m.RadioAttackDialog(sal as never);
    await sal.update({ "system.wounds.value": 0, "system.state": "unconscious" });
    const submit = (m.RadioAttackDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
    world.login("gm");
    await submit.call(dialog, {}, {}, { object: { weaponId: "", action: "standard", description: "" } });
    expect(cardsOf("attack")).toHaveLength(0);
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Refused.CannotAct", { name: "Sal", reason: world.localize("FRACAS.Radio.Down.unconscious") }));
  });
});
