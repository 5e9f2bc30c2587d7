/**
 * Session 4, wave 2 (notes/helper-brief-s4.md) for radio:
 * - an NPC group declares as one (seed Cheat Sheet Step 2: "Players and NPC groups choose one of
 *   five combat actions"): the action declared for one member of a GM group is set, on the active
 *   GM's client, for every other member still standing; a split group, a henchmen group and the
 *   heroes declare alone;
 * - an open attack dialog's armour line follows the target's sheet (updateActor), not only the
 *   combat's updates and a change of target;
 * - the GM's audit: a henchmen group that spent a round defensive may try to escape, as one, like
 *   any participant (it was offered nothing, and an escape could only be recorded by emptying the
 *   pool or the defeated mark).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";
import { declaresWith } from "../../../../src/rulesets/radio/group-declaration.js";
import { henchmenView } from "../../../../src/rulesets/radio/sheets/views.js";
import { henchmenSystem, leaderInput, meta } from "./samples.js";
import { radioRenderer } from "./render.js";
import { combatantIdOf, createFalzetti, createGoons, createJake, createSal, radioModules, radioWorld } from "./fight.js";

const info = (id: string, over: Partial<CombatantInfo> = {}): CombatantInfo => ({
  id, name: id, actorType: "radioOpponent", isPC: false, system: {}, declaration: "", initiative: null, defeated: false, statuses: [], memory: {}, ...over,
});

describe("an NPC group declares as one (Cheat Sheet Step 2)", () => {
  it("pure: a member's action goes with its group's other members; heroes, henchmen, other groups and a spell are left alone", () => {
    const cast = [
      info("jake", { actorType: "radioHero", isPC: true }),
      info("falzetti", { declaration: "targeted" }),
      info("sal", { declaration: "standard" }),
      info("lou"),
      info("vito", { memory: { group: "A" } }),
      info("goons", { actorType: "radioHenchmen" }),
    ];
    const of = (id: string, value = "targeted") => declaresWith(cast.find((c) => c.id === id)!, value, cast);
    // The GM's group: Falzetti, Sal and Lou (the core leaves out whoever is down).
    expect(of("falzetti")).toEqual(["sal", "lou"]);
    expect(of("sal", "frenzied")).toEqual(["falzetti", "lou"]);
    // A hero, a henchmen group and a group of one carry nothing; nor does a spell (the caster's own).
    expect([of("jake"), of("goons"), of("vito"), of("falzetti", "spell")]).toEqual([[], [], [], []]);
  });

  it("the GM's groups panel says so (fixture tracker-panel/split)", async () => {
    const split = (await import("../../../fixtures/templates/radio/tracker-panel/split.js")).default;
    expect(radioRenderer().render("tracker-panel", split())).toContain("declares one action, set for every member still standing.");
  });

  describe("through the fake: Falzetti leads Sal and Lou (GM's group), Vito split off, the Goons, Jake", () => {
    let world: FakeWorld;
    let adapter: Adapter;
    let combat: FakeCombat;
    let jake: FakeActor;
    let falzetti: FakeActor;
    let sal: FakeActor;
    let lou: FakeActor;
    let vito: FakeActor;
    let goons: FakeActor;
    const fc = () => combat as unknown as FracasCombat;
    const declared = (a: FakeActor) => fc().combatantState(combatantIdOf(combat, a)).declaration;
    const declare = async (user: string, a: FakeActor, action: string) => {
      world.login(user);
      expect(await adapter.queries.requestDeclare(combat.id, combatantIdOf(combat, a), action)).toEqual({ ok: true });
      world.login("gm");
    };
    const actsIn = (a: FakeActor) => fc().fracas.plan.steps.filter((s) => s.kind === "act" && s.combatantId === combatantIdOf(combat, a)).map((s) => s.phase);

    beforeEach(async () => {
      ({ world, adapter } = await radioWorld());
      jake = createJake(world);
      falzetti = createFalzetti(world, 20, 20);
      sal = createSal(world, falzetti);
      lou = world.createActor({ name: "Lou", type: "radioOpponent", system: { kind: "minion", leader: falzetti.uuid, wounds: { value: 0, max: 3 } } });
      vito = world.createActor({ name: "Vito", type: "radioOpponent", system: { kind: "minion" } });
      goons = createGoons(world, 4, falzetti);
      world.login("gm");
      combat = world.createCombat();
      await combat.createEmbeddedDocuments("Combatant", [jake, falzetti, sal, lou, vito, goons].map((a) => ({ actorId: a.id })));
      const { changeGroup } = await import("../../../../src/rulesets/radio/group-change.js");
      await changeGroup(combat as never, { dataset: { combatantId: combatantIdOf(combat, vito) } } as unknown as HTMLElement);
      // One d6 each: Jake 6, the GM's group 4, group A 3, the Goons 2.
      world.dice.queue(6, 4, 3, 2);
      await fc().startCombat();
      expect(fc().fracas.phase).toBe("declare");
    });

    it("the GM declares Falzetti targeted: Sal takes it too, Lou (unconscious) is left alone, Vito, the Goons and Jake are not touched", async () => {
      await declare("gm", falzetti, "targeted");
      expect([falzetti, sal, lou, vito, goons, jake].map(declared)).toEqual(["targeted", "targeted", "", "", "", ""]);
      // The plan follows: Sal acts in phases 2 and 4 like his boss.
      expect(actsIn(sal)).toEqual([2, 4]);
      expect(actsIn(lou)).toEqual([]);
      // A change for any member is the group's: Sal frenzied, Falzetti with him.
      await declare("gm", sal, "frenzied");
      expect([falzetti, sal].map(declared)).toEqual(["frenzied", "frenzied"]);
      expect(actsIn(falzetti)).toEqual([1, 2, 3, 4]);
      // Groups of one declare alone.
      await declare("gm", vito, "defensive");
      await declare("gm", goons, "standard");
      await declare("alice", jake, "standard");
      expect([falzetti, sal, lou, vito, goons, jake].map(declared)).toEqual(["frenzied", "frenzied", "", "defensive", "standard", "standard"]);
      expect(world.hooks.errors).toEqual([]);
    });

    it("two members declared at once: both land in one order, and the group keeps the later one whole", async () => {
      const ids = [falzetti, sal].map((a) => combatantIdOf(combat, a));
      await Promise.all([adapter.queries.requestDeclare(combat.id, ids[0]!, "targeted"), adapter.queries.requestDeclare(combat.id, ids[1]!, "frenzied")]);
      expect([falzetti, sal].map(declared)).toEqual(["frenzied", "frenzied"]);
      // A spell is the caster's own: the boss casts, the minion keeps his action.
      await declare("gm", falzetti, "spell");
      expect([falzetti, sal].map(declared)).toEqual(["spell", "frenzied"]);
    });
  });
});

/** Alice's attack dialog for Jake, open and drawn, at Falzetti (targeted). */
async function jakesDialogAtFalzetti() {
  const { world } = await radioWorld();
  const jake = createJake(world);
  const falzetti = createFalzetti(world, 6, 6);
  const m = await radioModules();
  world.login("alice");
  world.target("alice", falzetti);
  const dialog = new m.RadioAttackDialog(jake as never);
  await dialog.render({ force: true });
  return { world, jake, falzetti, m, dialog };
}

describe("an open attack dialog follows the GM's options and tables (core following dialogs, kind 'setting')", () => {
  it("the GM turns on the spell bonus while Alice's dialog is open: it redraws; a closed one does not", async () => {
    const { world, dialog } = await jakesDialogAtFalzetti();
    const renders = () => (dialog as unknown as { renders: number }).renders;
    const before = renders();
    world.login("gm");
    await world.settings.set("fracas", "radio.spellBonus", true);
    expect(renders()).toBe(before + 1);
    await dialog.close();
    await world.settings.set("fracas", "radio.spellBonus", false);
    expect(renders()).toBe(before + 1);
  });
});

describe("an open attack dialog's armour line follows the target's sheet", () => {
  it("the GM ticks Falzetti's Armoured while Alice's dialog is open on him: it redraws with the armour line; other updates do not redraw it", async () => {
    const { world, jake, falzetti, m, dialog } = await jakesDialogAtFalzetti();
    const renders = () => (dialog as unknown as { renders: number }).renders;
    const view = async () => (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof m.attackView> }> })._prepareContext({})).view;
    try {
      expect((await view()).targetArmour).toBeNull();
      const before = renders();
      world.login("gm");
      // Not what the dialog shows of him: no redraw.
      await falzetti.update({ "system.notes": "<p>Smokes cigars.</p>" });
      await jake.update({ "system.notes": "<p>Reloads.</p>" });
      expect(renders()).toBe(before);
      await falzetti.update({ "system.armoured": true });
      expect(renders()).toBe(before + 1);
      world.login("alice");
      expect((await view()).targetArmour).toEqual({ name: "Falzetti" });
      expect(world.hooks.errors).toEqual([]);
    } finally {
      await dialog.close();
    }
  });
});

describe("audit: a henchmen group escapes as one after a defensive round", () => {
  type Card = { kind: string; result: Record<string, unknown> };
  let world: FakeWorld;
  let adapter: Adapter;
  let combat: FakeCombat;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let goons: FakeActor;
  const fc = () => combat as unknown as FracasCombat;
  const cards = (kind: string) => world.messages.filter((m) => (m.system as unknown as Card).kind === kind);
  const sys = (a: FakeActor) => a.system as unknown as Record<string, unknown>;
  const infoOf = (a: FakeActor) => fc().combatantInfos().find((c) => c.id === combatantIdOf(combat, a))!;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world);
    falzetti = createFalzetti(world, 6, 6);
    goons = createGoons(world, 4, falzetti);
    world.login("gm");
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [jake, falzetti, goons].map((a) => ({ actorId: a.id })));
    world.dice.queue(5, 3, 2, 1); // Jake 5, the GM's group 3, the goons 2
    await fc().startCombat();
    for (const [user, actor, action] of [["alice", jake, "standard"], ["gm", falzetti, "standard"], ["gm", goons, "defensive"]] as const) {
      world.login(user);
      expect(await adapter.queries.requestDeclare(combat.id, combatantIdOf(combat, actor), action)).toEqual({ ok: true });
    }
    world.login("gm");
    world.dice.queue(5, 3, 2, 1);
    await fc().nextRound();
  });

  it("the round after, the GM is offered the goons' escape; a 3 escapes: the group is gone (down, no one standing), its henchmen kept", async () => {
    const offers = cards("escapeOffer");
    expect(offers.map((o) => (o.system as unknown as Card).result)).toEqual([expect.objectContaining({ actorUuid: goons.uuid, actorName: "Goons", round: 1 })]);
    expect(offers[0]!._source.whisper).toEqual(["gm"]);
    world.dice.queue(3);
    const escapeOffer = adapter.rulesets.descriptor("radio")!.cards!.escapeOffer!.followUps!.escape!;
    await escapeOffer({ message: offers[0] as never, result: (offers[0]!.system as unknown as Card).result as JsonObject, button: {} as never });
    const [escape] = cards("escape");
    expect((escape!.system as unknown as Card).result).toMatchObject({ roll: 3, outcome: "escapes" });
    expect(await adapter.queries.requestApply(escape!.id, goons.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.Escaped" } });
    expect(sys(goons)).toMatchObject({ fled: true, count: 4 });
    expect(fc().downReason(infoOf(goons))).toBe("FRACAS.Radio.Down.fled");
    // Falzetti falls: the goons have gone, so nobody is prompted to flee, and the GM's side has no one left.
    const m = await radioModules();
    await falzetti.update({ "system.wounds.value": 0 });
    await m.leaderFallSettled();
    await m.combatEndSettled();
    expect(cards("leaderDown")).toHaveLength(0);
    expect(sys(falzetti).fallNoted).toBe(true);
    expect(cards("combatEnd")).toHaveLength(1);
  });

  it("the GM's sheet of the group: Try to escape (no token: henchmen earn none); once fled, the banner and Attack refused", () => {
    const view = henchmenView(meta({ isGM: true, inCombat: true, declared: "standard", defensiveLastRound: true }), henchmenSystem(), [], leaderInput());
    expect(view.defence).toMatchObject({ show: true, canEscape: true, canEarn: false });
    const fled = henchmenView(meta({ isGM: true, inCombat: true, defensiveLastRound: true }), henchmenSystem({ fled: true }), [], leaderInput());
    expect(fled).toMatchObject({ fled: true, defence: { show: false }, attack: { disabled: true, reason: "FRACAS.Radio.Down.fled" } });
    const { render } = radioRenderer();
    return Promise.all([import("../../../fixtures/templates/radio/henchmen-sheet/escape-offered.js"), import("../../../fixtures/templates/radio/henchmen-sheet/fled.js")]).then(([offered, gone]) => {
      const offeredHtml = render("henchmen-sheet", offered.default());
      expect(offeredHtml).toContain('data-action="escape"');
      expect(offeredHtml).not.toContain('data-action="earnDefence"');
      const goneHtml = render("henchmen-sheet", gone.default());
      expect(goneHtml).toContain('<p class="radio-banner">Gone from the fight (fled or escaped).</p>');
      expect(goneHtml).toMatch(/name="system\.fled" checked/);
    });
  });
});
