/**
 * The radio findings of the session 3 wave 2 review (notes/review-session3-wave2.md), through the
 * real adapter in the typed Foundry fake:
 * - #3 one leader's fall gets one set of flee checks, whichever card offers them (the damage card
 *   that would have felled it, or the GM's "Leader down" after a dead mark): keyed by the fall
 *   (`fallId` on the leader), claimed once per follower on the leader through the GM;
 * - #9 a fall outside a fight is noted without a card, so an unrelated edit once a fight has
 *   started does not prompt for it;
 * - #6 (radio) everything the kernel and the token ledger will check is tried on the attacker as
 *   it is now before the step is claimed (a stale token count no longer spends the step), and
 *   again after the claim, before the dice (a refusal then says why and that the GM may roll);
 * - #10 (radio) lists of names are joined by Intl.ListFormat in the user's language.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { cleanFallId, fleeKey } from "../../../../src/rulesets/radio/data/leader-fall.js";
import { damageEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { attackCardView, damageCardView, leaderDownView, nameList } from "../../../../src/rulesets/radio/cards/views.js";
import { opponentSystem } from "./samples.js";
import { advanceToAct, attackWithFirstWeapon, createFalzetti, createGoons, createJake, createSal, declareAll, pressRollDamage, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { kind: string; result: Record<string, any>; targets: { uuid: string; name: string }[]; applications: { id: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor; // alice's hero with a revolver
let falzetti: FakeActor; // the boss, 3 wounds left
let goons: FakeActor; // three henchmen led by Falzetti
let sal: FakeActor; // a minion led by Falzetti

const kinds = () => adapter.rulesets.descriptor("radio")!.cards!;
const cards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
const settled = async () => (await radioModules()).leaderFallSettled();

/** A started radio combat of these actors (initiative dice 5, 3, 2, 1). */
async function startCombat(actors: FakeActor[]): Promise<FakeCombat> {
  const combat = await startRadioCombat(world, actors, [5, 3, 2, 1]);
  await settled();
  return combat;
}

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world, { system: { tokens: pool(0) } });
  falzetti = createFalzetti(world, 3, 8);
  goons = createGoons(world, 3, falzetti);
  sal = createSal(world, falzetti);
});

describe("#3 flee checks are keyed by the fall, not by the card", () => {
  /** The GM shoots Falzetti with Jake's revolver and rolls the damage (3: enough to fell him); the damage card, not applied. */
  async function damageCard(): Promise<FakeChatMessage> {
    const attack = await attackWithFirstWeapon(world, "gm", jake, falzetti);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    return cards("damage").at(-1)!;
  }
  /** The damage card's "Roll flee checks" pressed by `user` (it asks the GM). */
  const damageFlee = async (user: string, damage: FakeChatMessage) => {
    world.login(user);
    await kinds().damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    world.login("gm");
  };
  const fleeRolled = () => world.localize("FRACAS.Radio.Refused.FleeRolled");

  beforeEach(async () => {
    await startCombat([jake, falzetti, goons]);
  });

  it("the GM marks the leader dead instead of applying the damage card: the leader-down checks, then the damage card's button rolls nothing (nor after its Apply)", async () => {
    const damage = await damageCard();
    expect(cardOf(damage).result).toMatchObject({ leaders: ["Falzetti"], fallId: damage.id });
    await falzetti.toggleStatusEffect("fracas-dead", { active: true });
    await settled();
    const [prompt] = cards("leaderDown");
    const fall = sys(falzetti).fallId as string;
    expect(sys(falzetti).fallNoted).toBe(true);
    expect(fall).toMatch(/^[A-Za-z0-9]{16}$/);

    world.dice.queue(6, 2, 1, 4);
    expect(await adapter.queries.requestFollowUp(prompt!.id, "flee", {})).toMatchObject({ ok: true });
    expect(cards("flee").map((c) => [cardOf(c).result.followerName, cardOf(c).result.fallId])).toEqual([
      ["Goons", fall],
      ["Sal", fall],
    ]);

    // A player clicks the damage card's button: the same fall, nothing rolled, and they are told why.
    const used = world.dice.used.length;
    await damageFlee("alice", damage);
    expect(cards("flee")).toHaveLength(2);
    expect(world.dice.used.length).toBe(used);
    expect(world.notified("warn")).toContain(fleeRolled());
    expect(world.queryLog.filter((q) => q.name === "fracas.followUp").map((q) => [q.from, q.to])).toContainEqual(["alice", "gm"]);

    // The GM applies the damage card after all: the leader was already down, his fall keeps its id.
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    await settled();
    expect(sys(falzetti)).toMatchObject({ fallNoted: true, fallId: fall });
    expect(await adapter.queries.requestFollowUp(damage.id, "flee", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.FleeRolled" });
    expect(cards("flee")).toHaveLength(2);
    expect(cards("leaderDown")).toHaveLength(1);
  });

  it("the other order: the damage card's button rolls first (on the GM's client), the leader-down card's then rolls nothing; a new fall gets a new set", async () => {
    const damage = await damageCard();
    await falzetti.toggleStatusEffect("fracas-dead", { active: true });
    await settled();
    const [prompt] = cards("leaderDown");
    world.dice.queue(1, 2, 3, 5);
    await damageFlee("alice", damage);
    expect(cards("flee").map((c) => cardOf(c).result.rolls)).toEqual([[1, 2, 3], [5]]);
    expect(await adapter.queries.requestFollowUp(prompt!.id, "flee", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.FleeRolled" });
    expect(cards("flee")).toHaveLength(2);

    // He stands again (the mark removed): the fall is cleared. The damage card then fells him: a
    // new fall, named by the card, whose checks are rolled once more, once.
    await falzetti.toggleStatusEffect("fracas-dead", { active: false });
    await settled();
    expect(sys(falzetti)).toMatchObject({ fallNoted: false, fallId: "" });
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    await settled();
    expect(sys(falzetti)).toMatchObject({ state: "unconscious", fallNoted: true, fallId: damage.id });
    world.dice.queue(6, 6, 6, 6);
    await damageFlee("alice", damage);
    expect(cards("flee").slice(2).map((c) => [cardOf(c).result.rolls, cardOf(c).result.fallId])).toEqual([
      [[6, 6, 6], damage.id],
      [[6], damage.id],
    ]);
    await damageFlee("alice", damage);
    expect(cards("flee")).toHaveLength(4);
    expect(cards("leaderDown")).toHaveLength(1);
  });

  it("a damage card posted before fall ids: its Apply notes the fall with no id, and the checks give it one (rolled once)", async () => {
    const damage = await damageCard();
    await damage.update({ "system.result.-=fallId": null });
    expect(cardOf(damage).result.fallId).toBeUndefined();
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    await settled();
    expect(sys(falzetti)).toMatchObject({ fallNoted: true, fallId: "" });
    world.dice.queue(1, 1, 1, 1);
    await damageFlee("alice", damage);
    expect(cards("flee")).toHaveLength(2);
    expect(sys(falzetti).fallId).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(cardOf(cards("flee")[0]!).result.fallId).toBe(sys(falzetti).fallId);
    await damageFlee("gm", damage);
    expect(cards("flee")).toHaveLength(2);
    expect(cards("leaderDown")).toHaveLength(0);
  });

  it("pure: a damage card names the fall only of a leader not already down; ids are clean; a claim key fits the core's claims", () => {
    const damage = { damage: 3, weapon: "projectile", piercing: true, knockout: false, lethal: false, breakdown: { steps: [] } };
    const apply = (system: object, fallId: unknown) => damageEffect({ result: { damage, fallId } as never, target: { type: "radioOpponent", name: "Falzetti", uuid: "Actor.f", system: opponentSystem({ wounds: { value: 3, max: 6 }, ...system }) as JsonObject } as never });
    expect(apply({}, "card1")).toMatchObject({ update: { "system.fallNoted": true, "system.fallId": "card1" } });
    const down = apply({ fallNoted: true, fallId: "earlier" }, "card1");
    expect("update" in down && down.update).toMatchObject({ "system.fallNoted": true });
    expect("update" in down && "system.fallId" in down.update).toBe(false);
    expect(apply({}, "../../x")).toMatchObject({ update: { "system.fallId": "" } });
    expect(apply({}, undefined)).toMatchObject({ update: { "system.fallId": "" } });
    expect(cleanFallId("a".repeat(41))).toBe("");
    const key = fleeKey("a".repeat(40), "Scene.aaaaaaaaaaaaaaaa.Token.bbbbbbbbbbbbbbbb.Actor.cccccccccccccccc");
    expect(key).toMatch(/^[A-Za-z0-9._:-]{1,120}$/);
  });
});

describe("#9 a fall outside a fight", () => {
  it("is noted without a card; once a fight starts, an unrelated edit of the fallen leader posts no stale 'Leader down'", async () => {
    world.login("gm");
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(0);
    expect(sys(falzetti)).toMatchObject({ fallNoted: true });
    expect(sys(falzetti).fallId).not.toBe("");

    await startCombat([jake, falzetti, goons]);
    await falzetti.update({ "system.notes": "<p>Still out cold from last session.</p>" });
    await falzetti.toggleStatusEffect("fracas-unconscious", { active: true });
    await settled();
    expect(cards("leaderDown")).toHaveLength(0);

    // Healed and felled again in the fight: that fall is prompted.
    await falzetti.toggleStatusEffect("fracas-unconscious", { active: false });
    await falzetti.update({ "system.wounds.value": 2, "system.state": "active" });
    await settled();
    expect(sys(falzetti)).toMatchObject({ fallNoted: false, fallId: "" });
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(1);
  });
});

describe("#6 a refused attack does not spend the step", () => {
  let combat: FakeCombat;
  const attacks = () => cards("attack");
  let unhook: (() => void) | null = null;

  beforeEach(async () => {
    await falzetti.update({ "system.wounds.value": 20, "system.wounds.max": 20 });
    combat = await startCombat([jake, falzetti]); // Jake 5, the GM's group 3: Jake acts first in each phase
    await declareAll(world, adapter, combat, [
      ["alice", jake],
      ["gm", falzetti],
    ]);
    await advanceToAct(world, combat, jake, 1);
    await jake.update({ "system.tokens": pool(5) });
  });
  afterEach(() => {
    unhook?.();
    unhook = null;
  });

  /** Alice's dialog setup, read now (as when the dialog opens), aimed at Falzetti. */
  async function aliceSetup() {
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    return m.attackSetup(jake as never);
  }

  it("tokens spent while the dialog was open: the cash-in is refused before the claim and the dice; the step is still Jake's", async () => {
    const m = await radioModules();
    const setup = await aliceSetup();
    expect(m.attackView(setup, { ...m.initialState(setup), cashIn: true })).toMatchObject({ canCashIn: true, error: null });
    // Jake's tokens go elsewhere meanwhile (the sheet, another card).
    await jake.update({ "system.tokens": pool(0) });
    world.login("alice");
    const used = world.dice.used.length;
    world.dice.queue(9, 9);
    const state = { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, cashIn: true };
    await expect(m.rollAttack(jake as never, setup, state)).rejects.toMatchObject({ code: "notEnoughTokens" });
    expect(world.dice.used).toHaveLength(used);
    expect(world.queryLog.filter((q) => q.name === "fracas.claim")).toHaveLength(0);
    expect(attacks()).toHaveLength(0);

    // An open dialog's next render reads the attacker afresh: no cash-in offered any more.
    await jake.update({ "system.tokens": pool(5) });
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    expect(dialog.setup.attacker.system.tokenCount).toBe(5);
    world.login("gm");
    await jake.update({ "system.tokens": pool(0) });
    world.login("alice");
    const view = (await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof m.attackView> }> })._prepareContext({})).view;
    expect(view).toMatchObject({ tokens: 0, canCashIn: false });

    // Without the cash-in, the same step still allows the attack.
    const card = (await m.rollAttack(jake as never, setup, { ...state, cashIn: false })) as unknown as FakeChatMessage;
    expect(cardOf(card).result.attack).toMatchObject({ hit: true, phase: 1, tokensCharged: 0 });
  });

  it("tokens spent in the instant of the claim: read again after it, nothing rolled, the player told why, and the step given back", async () => {
    const m = await radioModules();
    const setup = await aliceSetup();
    // The claim's write on the GM's client is when another spend lands.
    const hooks = Hooks as unknown as { on(hook: string, fn: (...args: unknown[]) => void): number; off(hook: string, id: number): void };
    const id = hooks.on("updateActor", (actor, changed) => {
      if (actor !== jake || !(changed as { flags?: { fracas?: { claims?: unknown } } }).flags?.fracas?.claims) return;
      void jake.update({ "system.tokens": pool(0) });
    });
    unhook = () => hooks.off("updateActor", id);
    world.login("alice");
    const used = world.dice.used.length;
    world.dice.queue(9, 9);
    const card = await m.rollAttack(jake as never, setup, { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, cashIn: true });
    expect(card).toBeUndefined();
    expect(world.dice.used).toHaveLength(used);
    // The claim, then its release (core releaseClaim), both on the GM's client.
    expect(world.queryLog.filter((q) => q.name === "fracas.claim").map((q) => [q.from, q.to])).toEqual([["alice", "gm"], ["alice", "gm"]]);
    expect(attacks()).toHaveLength(0);
    expect(sys(jake).tokens.value).toBe(0);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Error.notEnoughTokens"));
    expect((jake.getFlag("fracas", "claims") as string[] | undefined) ?? []).toEqual([]);
  });

  it("the GM rolling in a step the player already claimed holds no claim, so nothing of the player's is ever given back", async () => {
    const turns = await import("../../../../src/rulesets/radio/cards/turn.js");
    world.login("alice");
    const turn = turns.turnOf(jake as never, false);
    expect(turn.key).toBeTruthy();
    expect(await turns.claimTurn(jake as never, turn)).toBe("claimed");
    expect(await turns.claimTurn(jake as never, turn)).toBe("refused");
    world.login("gm");
    expect(await turns.claimTurn(jake as never, turns.turnOf(jake as never, false))).toBe("unclaimed");
    expect(jake.getFlag("fracas", "claims")).toEqual([turn.key]);
  });
});

describe("#10 lists of names in the user's language", () => {
  afterEach(() => {
    (game.i18n as unknown as { lang: string }).lang = "en";
  });

  it("followers, leaders and targets are joined by Intl.ListFormat with game.i18n.lang", () => {
    expect(nameList(["Goons", "Sal", "Vito"])).toBe("Goons, Sal, and Vito");
    expect(leaderDownView({ leaderUuid: "Actor.f", leaderName: "Falzetti", followers: ["Goons", "Sal"] }).followers).toBe("Goons and Sal");
    (game.i18n as unknown as { lang: string }).lang = "fr";
    expect(leaderDownView({ leaderUuid: "Actor.f", leaderName: "Falzetti", followers: ["Goons", "Sal", "Vito"] }).followers).toBe("Goons, Sal et Vito");
    const attack = { dice: [1, 1], modifiers: [], total: 2, chance: 0.5, hit: false, autoFail: false, action: "standard", phase: null, weapon: "hand", called: "none", limb: null, knockout: false, tokensEarned: 0, tokensCharged: 0 };
    expect(attackCardView({ attack: attack as never, attackerName: "Jake", weaponName: "Fists", description: "", targets: [{ uuid: "a", name: "Sal" }, { uuid: "b", name: "Vito" }] }).targetNames).toBe("Sal et Vito");
    const damage = { damage: 1, weapon: "hand", piercing: false, knockout: false, lethal: false, limb: null, breakdown: { steps: [] } };
    expect(damageCardView({ damage: damage as never, attack: attack as never, attackerName: "Jake", weaponName: "Fists", critRoll: 1, leaders: ["Falzetti", "Malefice"] }).leaders).toBe("Falzetti et Malefice");
  });
});
