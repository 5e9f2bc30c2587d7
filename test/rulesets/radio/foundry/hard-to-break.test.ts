/**
 * Session 8 audit, "hard to break": a GM does unexpected things in the middle of a radio fight and a
 * player clicks twice. Each test drives one scenario through the real adapter in the typed fake and
 * checks what a GM expects: a clear message through lang (never a raw exception, NaN or
 * "undefined"), nothing lost and nothing written twice. Numbers in the names are the brief's scenarios.
 */
import { describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { attackerOf } from "../../../../src/rulesets/radio/data/state.js";
import { attackView, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { heroView, henchmenView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { advanceToAct, attackWithFirstWeapon, combatantIdOf, createFalzetti, createGoons, createJake, createSal, declareAll, pressRollDamage, radioModules, radioWorld, startRadioCombat } from "./fight.js";
import { radioRenderer, text } from "./render.js";
import { attackSetupSample, meta, weapons } from "./samples.js";

type Card = { kind: string; applications: { id: string; targetUuid: string }[]; result: Record<string, any>; targets: { uuid: string; name: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const lastCard = (world: FakeWorld) => world.messages.contents.at(-1) as unknown as FakeChatMessage;
const cardsOf = (world: FakeWorld, kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
/** Nothing a GM should ever read on a card or sheet. */
const BROKEN = /NaN|undefined|\[object Object\]/;
/** The turn as the attack dialog reads it (imported after loadAdapter: the module reads Foundry's globals). */
const turnOf = async (actor: FakeActor) => (await import("../../../../src/rulesets/radio/cards/turn.js")).turnOf(actor as never, false);

/** Jake hits Falzetti (9+9) and rolls `d6` damage: the damage card, not applied. */
async function damageOnFalzetti(world: FakeWorld, adapter: Adapter, jake: FakeActor, falzetti: FakeActor, d6 = 2, state: Record<string, unknown> = {}): Promise<{ attack: FakeChatMessage; damage: FakeChatMessage }> {
  const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti, { state });
  world.dice.queue(d6);
  await pressRollDamage(adapter, attack);
  return { attack, damage: lastCard(world) };
}

describe("hard to break 1: the target deleted, the combatant removed", () => {
  it("hard to break: the target's actor is deleted between the dialog opening and its Roll — refused with its name (core's words), no dice, no card", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const setup = m.attackSetup(jake as never);
    world.login("gm");
    await falzetti.delete();
    world.login("alice");
    const before = world.messages.size;
    world.dice.queue(9, 9);
    expect(await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id })).toBeUndefined();
    expect(world.messages.size).toBe(before);
    expect(world.notified("warn")).toEqual(["Falzetti was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again."]);
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: in a fight, the refusal does not use up the player's step (the attack at someone else still comes)", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const sal = createSal(world, falzetti);
    const combat = await startRadioCombat(world, [jake, falzetti, sal], [5, 2, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, jake, 1);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", sal);
    const setup = m.attackSetup(jake as never);
    world.login("gm");
    await sal.delete();
    world.login("alice");
    const rolled = world.dice.used.length;
    expect(await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id })).toBeUndefined();
    expect(world.dice.used.length).toBe(rolled);
    world.users.get("alice")!.targets.clear();
    const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    expect(cardOf(attack).targets).toEqual([{ uuid: falzetti.uuid, name: "Falzetti" }]);
  });

  it("hard to break: the target deleted between the damage card and its Apply — refused through lang, nothing written", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const { damage } = await damageOnFalzetti(world, adapter, jake, falzetti);
    world.login("gm");
    await falzetti.delete();
    const outcome = (await adapter.queries.requestApply(damage.id, falzetti.uuid, true)) as { ok: boolean; reason?: string };
    expect(outcome.ok).toBe(false);
    expect(world.i18n.has(outcome.reason!)).toBe(true);
    expect(cardOf(damage).applications).toEqual([]);
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: a henchmen group removed from the tracker mid-round — the hero after it 'acts next', the GM's advance reaches him", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 4, falzetti);
    // The GM's group 5, the goons 4, Jake 2: phase 1 is Falzetti, the goons, Jake.
    const combat = await startRadioCombat(world, [jake, falzetti, goons], [2, 5, 4, 1]);
    await declareAll(world, adapter, combat, [["gm", falzetti], ["gm", goons], ["alice", jake]]);
    await advanceToAct(world, combat, falzetti, 1);
    await combat.deleteEmbeddedDocuments("Combatant", [combatantIdOf(combat, goons)]);
    world.login("alice");
    expect(await turnOf(jake)).toMatchObject({ reason: "FRACAS.Radio.Turn.Next", refused: true });
    world.login("gm");
    await (combat as unknown as FracasCombat).advance();
    world.login("alice");
    expect(await turnOf(jake)).toMatchObject({ phase: 1, reason: null });
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: the henchmen's actor deleted mid-round (their combatant stays) — down in the tracker as core says, Jake 'acts next', the next round starts past them", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 4, falzetti);
    const combat = await startRadioCombat(world, [jake, falzetti, goons], [2, 5, 4, 1]);
    const fc = combat as unknown as FracasCombat;
    await declareAll(world, adapter, combat, [["gm", falzetti], ["gm", goons], ["alice", jake]]);
    await advanceToAct(world, combat, falzetti, 1);
    const goonsId = combatantIdOf(combat, goons);
    await goons.delete();
    expect(combat.combatants.has(goonsId)).toBe(true);
    const info = fc.combatantInfos().find((c) => c.id === goonsId)!;
    expect(fc.downReason(info)).toBe("FRACAS.Tracker.Down.noActor");
    // Radio's turn reason agrees with core's advance: the actorless group's step is passed over.
    world.login("alice");
    expect(await turnOf(jake)).toMatchObject({ reason: "FRACAS.Radio.Turn.Next", refused: true });
    world.login("gm");
    await fc.advance();
    world.login("alice");
    expect(await turnOf(jake)).toMatchObject({ phase: 1, reason: null });
    // The next round starts, its steps are planned, and nothing throws.
    world.login("gm");
    world.dice.queue(2, 5, 4, 1, 3, 3, 3, 3);
    await fc.nextRound();
    expect(fc.fracas.plan.steps[fc.fracas.step]?.combatantId).not.toBe(goonsId);
    expect(world.hooks.errors).toEqual([]);
    expect(world.notified("error")).toEqual([]);
  });
});

describe("hard to break 2: twice, and Undo after a hand edit", () => {
  it("hard to break: Apply pressed on two clients at once lands once; the second is told it was applied", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const { damage } = await damageOnFalzetti(world, adapter, jake, falzetti);
    world.login("gm");
    const outcomes = await Promise.all([adapter.queries.requestApply(damage.id, falzetti.uuid, true), adapter.queries.requestApply(damage.id, falzetti.uuid, true)]);
    expect(outcomes.map((o) => (o as { ok: boolean }).ok).sort()).toEqual([false, true]);
    expect(outcomes).toContainEqual({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyApplied" });
    expect(sys(falzetti).wounds.value).toBe(3);
    expect(cardOf(damage).applications).toHaveLength(1);
  });

  it("hard to break: Undo after the GM healed the boss by hand is refused (changed since), twice alike; the hand edit stays", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const { damage } = await damageOnFalzetti(world, adapter, jake, falzetti);
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    await falzetti.update({ "system.wounds.value": 5 });
    const app = cardOf(damage).applications[0]!;
    for (let i = 0; i < 2; i++) expect(await adapter.queries.requestUndo(damage.id, app.id, true)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.ChangedSince" });
    expect(sys(falzetti).wounds.value).toBe(5);
  });

  it("hard to break: a henchmen pool's Apply, then the GM takes a henchman off by hand: Undo is refused, the count typed stays", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 5, falzetti);
    const attack = await attackWithFirstWeapon(world, "alice", jake, goons);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = lastCard(world);
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, goons.uuid, true)).toMatchObject({ ok: true });
    expect(sys(goons).count).toBe(2);
    await goons.update({ "system.count": 1 });
    expect(await adapter.queries.requestUndo(damage.id, cardOf(damage).applications[0]!.id, true)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.ChangedSince" });
    expect(sys(goons).count).toBe(1);
  });

  it("hard to break: 'Undo tokens' twice takes the attack's tokens back once, the second says so", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti, { state: { description: "I dive behind the bar and fire twice" } });
    expect(sys(jake).tokens.value).toBe(2);
    world.login("gm");
    const [first, second] = [await adapter.queries.requestFollowUp(attack.id, "undoTokens", {}), await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})];
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.TokensUndone" });
    expect(sys(jake).tokens.value).toBe(0);
  });

  it("hard to break: 'Roll damage' clicked twice at once rolls one damage card", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    world.dice.queue(2, 3);
    await Promise.all([pressRollDamage(adapter, attack), pressRollDamage(adapter, attack)]);
    expect(cardsOf(world, "damage")).toHaveLength(1);
  });
});

describe("hard to break 3: one actor twice in a fight", () => {
  it("hard to break: two unlinked tokens of one henchmen group — the damage lands on the token hit, the other and the base actor keep their count", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 4, falzetti);
    const front = world.createUnlinkedToken(goons, "tokA");
    const back = world.createUnlinkedToken(goons, "tokB");
    world.login("gm");
    await back.update({ name: "Goons at the back" });
    const attack = await attackWithFirstWeapon(world, "alice", jake, back);
    expect(cardOf(attack).targets).toEqual([{ uuid: back.uuid, name: "Goons at the back" }]);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = lastCard(world);
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, back.uuid, true)).toMatchObject({ ok: true });
    expect([sys(back).count, sys(front).count, sys(goons).count]).toEqual([1, 4, 4]);
  });
});

describe("hard to break 4: the sheet edited while the attack dialog is open", () => {
  async function openDialog() {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    const renders = () => (dialog as unknown as { renders: number }).renders;
    const view = async () => (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof attackView> }> })._prepareContext({})).view;
    return { world, jake, falzetti, m, dialog, renders, view };
  }

  it("hard to break: the GM raises Jake's Ranged skill while Alice's dialog is open — it redraws with it, and the card adds what it showed", async () => {
    const { world, jake, falzetti, m, dialog, renders, view } = await openDialog();
    try {
      const before = renders();
      expect((await view()).modifiers).toContainEqual(expect.objectContaining({ value: "+2" }));
      world.login("gm");
      await jake.update({ "system.skills.ranged": 4 });
      expect(renders()).toBe(before + 1);
      world.login("alice");
      const shown = await view();
      expect(shown.modifiers).toContainEqual(expect.objectContaining({ value: "+4" }));
      world.dice.queue(4, 4);
      const card = (await m.rollAttack(jake as never, dialog.setup, dialog.attackState)) as unknown as FakeChatMessage;
      expect(cardOf(card).result.attack.total).toBe(12);
      expect(cardOf(card).targets[0]!.uuid).toBe(falzetti.uuid);
    } finally {
      await dialog.close();
    }
  });

  it("hard to break: an edit the dialog does not show (the notes) does not redraw it; what was typed is kept through a redraw", async () => {
    const { world, jake, dialog, renders } = await openDialog();
    try {
      const before = renders();
      world.login("gm");
      await jake.update({ "system.notes": "<p>Reloads.</p>" });
      expect(renders()).toBe(before);
      world.login("alice");
      world.typeInto(dialog as never, { description: "I vault the bar and fire", terrain: true, weaponId: dialog.attackState.weaponId, targetUuid: dialog.attackState.targetUuid });
      world.login("gm");
      await jake.update({ "system.skills.ranged": 3 });
      expect(renders()).toBe(before + 1);
      expect(dialog.attackState).toMatchObject({ description: "I vault the bar and fire", terrain: true });
    } finally {
      await dialog.close();
    }
  });
});

describe("hard to break 4b: the user targets others while the attack dialog is open", () => {
  it("hard to break: Alice targets Sal too, then only Sal — the dialog follows (Falzetti kept while aimed at, then Sal with his armour), what was typed stays, and the card names Sal", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const sal = createSal(world, falzetti, { system: { armoured: true } });
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    try {
      const renders = () => (dialog as unknown as { renders: number }).renders;
      const names = () => dialog.setup.targets.map((x) => x.name);
      world.typeInto(dialog as never, { weaponId: dialog.attackState.weaponId, targetUuid: falzetti.uuid, description: "I fire from the hip" });
      // The same targets again (a hook for another token's highlight): no redraw.
      let before = renders();
      dialog.follow({ kind: "targets" });
      expect(renders()).toBe(before);
      world.target("alice", sal);
      dialog.follow({ kind: "targets" });
      expect(renders()).toBe(before + 1);
      expect(names()).toEqual(["Falzetti", "Sal"]);
      expect(dialog.attackState).toMatchObject({ targetUuid: falzetti.uuid, description: "I fire from the hip", targetArmoured: false });
      world.users.get("alice")!.targets.clear();
      world.target("alice", sal);
      before = renders();
      dialog.follow({ kind: "targets" });
      expect(renders()).toBe(before + 1);
      expect(names()).toEqual(["Sal"]);
      expect(dialog.attackState).toMatchObject({ targetUuid: sal.uuid, description: "I fire from the hip", targetArmoured: true });
      world.dice.queue(9, 9);
      const card = (await m.rollAttack(jake as never, dialog.setup, dialog.attackState)) as unknown as FakeChatMessage;
      expect(cardOf(card).targets).toEqual([{ uuid: sal.uuid, name: "Sal" }]);
      expect(world.hooks.errors).toEqual([]);
    } finally {
      await dialog.close();
    }
  });
});

describe("hard to break 5: the fight ends under an open dialog or prompt", () => {
  it("hard to break: the combat is deleted while Jake's dialog is open out of turn — it follows, and the attack is then free (no fight, no turn)", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const combat = await startRadioCombat(world, [jake, falzetti], [2, 5, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    try {
      expect(dialog.setup.turn).toMatchObject({ refused: true });
      world.login("gm");
      await combat.delete();
      expect(dialog.setup.turn).toMatchObject({ refused: false, key: null });
      world.login("alice");
      world.dice.queue(9, 9);
      expect(await m.rollAttack(jake as never, dialog.setup, dialog.attackState)).toBeDefined();
      expect(world.hooks.errors).toEqual([]);
    } finally {
      await dialog.close();
    }
  });

  it("hard to break: an escape offer clicked after its combat was deleted says the combat is gone and rolls nothing", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const combat = await startRadioCombat(world, [jake, falzetti], [5, 2, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    world.dice.queue(5, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    await (await radioModules()).promptsSettled();
    const offer = cardsOf(world, "escapeOffer").at(-1)!;
    expect(offer).toBeDefined();
    await combat.delete();
    world.login("alice");
    const escapes = cardsOf(world, "escape").length;
    await adapter.rulesets.descriptor("radio")!.cards!.escapeOffer!.followUps!.escape!({ message: offer as never, result: cardOf(offer).result as JsonObject, button: {} as never });
    expect(cardsOf(world, "escape")).toHaveLength(escapes);
    expect(world.notified("warn")).toContain("That combat no longer exists.");
  });

  it("hard to break: a damage card from an ended fight, applied once the next fight started, hits the actor as it is now", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const first = await startRadioCombat(world, [jake, falzetti], [5, 2, 1, 1]);
    await declareAll(world, adapter, first, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, first, jake, 1);
    const { damage } = await damageOnFalzetti(world, adapter, jake, falzetti);
    world.login("gm");
    await first.delete();
    await falzetti.update({ "system.wounds.value": 4 });
    await startRadioCombat(world, [jake, falzetti], [5, 2, 1, 1]);
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.Wounded", data: { damage: 3, wounds: 1 } } });
    expect(world.hooks.errors).toEqual([]);
  });
});

describe("hard to break 6: a combatant added mid-round, the GM steps back", () => {
  async function phaseThree() {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const sal = createSal(world, falzetti);
    const combat = await startRadioCombat(world, [jake, falzetti], [5, 2, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, jake, 3);
    return { world, adapter, jake, falzetti, sal, combat, fc: combat as unknown as FracasCombat };
  }

  it("hard to break: Sal added in phase 3 gets no step and cannot declare this round (actions come at its start); the next round rolls and plans him", async () => {
    const { world, adapter, sal, combat, fc } = await phaseThree();
    const steps = JSON.stringify(fc.fracas.plan.steps);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: sal.id }]);
    expect(JSON.stringify(fc.fracas.plan.steps)).toBe(steps);
    expect(await adapter.queries.requestDeclare(combat.id, combatantIdOf(combat, sal), "standard")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotDeclaring" });
    expect(await turnOf(sal)).toMatchObject({ key: null, reason: "FRACAS.Radio.Turn.NoStep" });
    world.dice.queue(5, 2, 1, 1);
    await fc.nextRound();
    const salId = combatantIdOf(combat, sal);
    // Sal rolls with the GM's group (one d6 for it) and has a declare step of his group's.
    expect(combat.combatants.get(salId)!.initiative).toBe(2);
    expect(await adapter.queries.requestDeclare(combat.id, salId, "frenzied")).toEqual({ ok: true });
    expect(fc.fracas.plan.steps.filter((s) => s.combatantId === salId && s.kind === "act").map((s) => s.phase)).toEqual([1, 2, 3, 4]);
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: the GM steps back onto Jake's used step — a second attack or described action there is refused; the tokens are earned once", async () => {
    const { world, jake, falzetti, fc } = await phaseThree();
    await attackWithFirstWeapon(world, "alice", jake, falzetti, { state: { description: "I dive behind the bar and fire twice" } });
    expect(sys(jake).tokens.value).toBe(2);
    world.login("gm");
    await fc.advance();
    await fc.goBack();
    await advanceToAct(world, fc as never, jake, 3);
    expect(await attackWithFirstWeapon(world, "alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn").at(-1)).toBe("Jake has already acted this turn (phase 3): one action per turn.");
    const { earnStepAction } = await import("../../../../src/rulesets/radio/cards/step-action.js");
    expect(await earnStepAction(jake as never, async () => true)).toBe(false);
    expect(sys(jake).tokens.value).toBe(2);
  });

  it("hard to break: a henchman taken off the pool by hand after the flee checks were rolled — the flee card applies to those left", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 1, 6);
    const goons = createGoons(world, 3, falzetti);
    const combat = await startRadioCombat(world, [jake, falzetti, goons], [5, 2, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti], ["gm", goons]]);
    await advanceToAct(world, combat, jake, 1);
    const { damage } = await damageOnFalzetti(world, adapter, jake, falzetti, 2);
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    world.dice.queue(6, 1, 1);
    await adapter.rulesets.descriptor("radio")!.cards!.damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const flee = cardsOf(world, "flee").at(-1)!;
    await goons.update({ "system.count": 2 });
    expect(await adapter.queries.requestApply(flee.id, goons.uuid, true)).toMatchObject({ ok: true, summary: { data: { fled: 1, count: 1 } } });
    expect(sys(goons).count).toBe(1);
    expect(world.hooks.errors).toEqual([]);
  });
});

describe("hard to break 7: old data and the fields' bounds", () => {
  const { render } = radioRenderer();
  const bounds: Record<string, Record<string, unknown>> = {
    zero: { wounds: { value: 0, max: 0 }, count: 0, woundsEach: 1, carried: 0, skills: { melee: 0, ranged: 0, brawl: 0 }, skillBonus: 0 },
    max: { wounds: { value: 10_000, max: 10_000 }, count: 10_000, woundsEach: 1000, carried: 999, skills: { melee: 50, ranged: 50, brawl: 50 }, skillBonus: 50, tier: "expert" },
    min: { wounds: { value: -10_000, max: 0 }, skills: { melee: -50, ranged: -50, brawl: -50 }, skillBonus: -50, tier: "novice" },
  };
  for (const [name, over] of Object.entries(bounds)) {
    it(`hard to break: every sheet and the attack dialog at the bounds (${name}) render, with odds, without NaN or undefined`, () => {
      for (const isGM of [true, false]) {
        const m = meta({ isGM, editable: isGM });
        for (const [template, view] of [["hero-sheet", heroView(m, over, [])], ["opponent-sheet", opponentView(m, { kind: "boss", ...over }, [])], ["henchmen-sheet", henchmenView(m, over, [])]] as const) {
          expect(text(render(template, { context: { view } }))).not.toMatch(BROKEN);
        }
      }
      for (const type of ["radioHero", "radioOpponent", "radioHenchmen"]) {
        const system = { kind: "boss", ...over };
        const setup = attackSetupSample({ attacker: { name: "X", type, system }, targets: [{ uuid: "Actor.t", name: "T", type, system, defensive: false }] });
        const view = attackView(setup, { ...initialState(setup), weaponId: weapons[0]!.id });
        expect(view.error).toBeNull();
        expect(typeof view.chance).toBe("number");
        for (const template of ["attack-dialog", "attack-odds"]) expect(text(render(template, { context: { view } }))).not.toMatch(BROKEN);
      }
    });
  }

  it("hard to break: an expert NPC with the sheet's +50 extra attacks (the sum is capped at the kernel's +50: it always hits either way)", () => {
    expect(attackerOf("radioOpponent", { kind: "boss", tier: "expert", skillBonus: 50 }, weapons[0]!)).toMatchObject({ skill: 50 });
    expect(attackerOf("radioHenchmen", { tier: "novice", skillBonus: -50 }, weapons[0]!)).toMatchObject({ skill: -50 });
    expect(attackerOf("radioOpponent", { kind: "boss", tier: "expert", skillBonus: 3 }, weapons[0]!)).toMatchObject({ skill: 8 });
  });

  it("hard to break: actors made with no system data at all open their sheets and the attack dialog", async () => {
    const { world } = await radioWorld();
    const m = await radioModules();
    world.login("gm");
    const hero = world.createActor({ name: "Blank hero", type: "radioHero" });
    const boss = world.createActor({ name: "Blank boss", type: "radioOpponent" });
    const mob = world.createActor({ name: "Blank mob", type: "radioHenchmen" });
    for (const [actor, Sheet, template] of [[hero, m.RadioHeroSheet, "hero-sheet"], [boss, m.RadioOpponentSheet, "opponent-sheet"], [mob, m.RadioHenchmenSheet, "henchmen-sheet"]] as const) {
      const sheet = new Sheet({ document: actor } as never) as unknown as { _prepareContext(o: unknown): Promise<Record<string, unknown>> };
      const context = await sheet._prepareContext({});
      expect(text(render(template, { context }))).not.toMatch(BROKEN);
      world.target("gm", boss);
      const dialog = new m.RadioAttackDialog(actor as never);
      const view = (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof attackView> }> })._prepareContext({})).view;
      expect(text(render("attack-odds", { context: { view } }))).not.toMatch(BROKEN);
      await dialog.close();
    }
    expect(world.hooks.errors).toEqual([]);
  });
});
