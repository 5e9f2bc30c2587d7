/**
 * The radio round prompts and token undo through the real adapter in the typed Foundry fake:
 * - the attack card is not applicable (no Apply; the core refuses one);
 * - tokens earned and cashed in at roll time are recorded on the card and taken back by the
 *   "Undo tokens" GM follow-up (a player's click goes to the GM);
 * - a dying hero's final heroic action is whispered to their owners and the GM when their next
 *   action phase comes (the updateCombat step hook), the "Final attack" opens the attack dialog
 *   flagged final and rolling it completes the action through the GM; "Final action taken" too;
 * - after a round of defensive action each defensive combatant's owners are offered the escape
 *   check at round start (onRoundStart), every round they were defensive.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { advanceToAct, attackWithFirstWeapon, createFalzetti, createGoons, createJake, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { ruleset: string; kind: string; result: Record<string, any>; targets: { uuid: string; name: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let goons: FakeActor;

const kinds = () => adapter.rulesets.descriptor("radio")!.cards!;
const radioCards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
const followUp = (kind: string, name: string, message: FakeChatMessage) =>
  kinds()[kind]!.followUps![name]!({ message: message as never, result: cardOf(message).result as JsonObject, button: {} as never });

beforeEach(async () => {
  ({ world, adapter } = await radioWorld(["alice", "bob"]));
  jake = createJake(world, { system: { wounds: { value: 1, max: 5 }, tokens: pool(3) } });
  falzetti = createFalzetti(world, 6, 6, { system: { tokens: pool(0) } });
  goons = createGoons(world, 4, falzetti, { items: [{ name: "Cosh", type: "radioWeapon", system: { category: "club", skill: "melee" } }] });
});

describe("the attack card", () => {
  it("has no Apply: the kind is not applicable and the core refuses a request naming a target", async () => {
    const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    expect(kinds().attack!.applicable).toBe(false);
    // The card still records whom it was aimed at (its damage card targets them).
    expect(cardOf(attack).targets).toEqual([{ uuid: falzetti.uuid, name: "Falzetti" }]);
    world.login("gm");
    expect(await adapter.queries.requestApply(attack.id, falzetti.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.UnknownCard" });
    expect(sys(falzetti).wounds.value).toBe(6);
  });
});

describe("tokens earned and cashed in at roll time can be taken back", () => {
  async function describedAttack(over: Record<string, unknown>, dice: [number, number]) {
    return attackWithFirstWeapon(world, "alice", jake, falzetti, { state: { description: "Jake rolls under the table and fires at Falzetti", ...over }, dice });
  }

  it("records the ledger entries on the card; the owner's Undo tokens goes to the GM, who reverses them and closes the button", async () => {
    await jake.update({ "system.tokens": pool(5) });
    const attack = await describedAttack({ cashIn: true }, [9, 8]);
    expect(cardOf(attack).result.attack).toMatchObject({ hit: true, tokensEarned: 2, tokensCharged: 5 });
    expect(sys(jake).tokens.value).toBe(2);
    const record = cardOf(attack).result.tokens;
    expect(record).toMatchObject({ actorUuid: jake.uuid, undone: false });
    expect(record.entries).toEqual(sys(jake).tokens.entries.map((e: { id: string }) => e.id));
    expect(attack.content).toContain('data-fracas-follow-up="undoTokens"');

    // Bob owns nothing here: refused. Alice (Jake's owner) asks; the GM runs it.
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(world.queryLog.filter((q) => q.name === "fracas.followUp").map((q) => [q.from, q.to])).toEqual([
      ["bob", "gm"],
      ["alice", "gm"],
    ]);
    expect(sys(jake).tokens.value).toBe(5);
    expect(sys(jake).tokens.entries.filter((e: { undone?: boolean }) => e.undone).map((e: { id: string }) => e.id)).toEqual(record.entries);
    expect(cardOf(attack).result.tokens.undone).toBe(true);
    expect(attack.content).not.toContain("undoTokens");
    expect(attack.content).toContain(world.localize("FRACAS.Radio.Card.TokensUndone"));
    // The damage follow-up is untouched by the re-render.
    expect(attack.content).toContain('data-fracas-follow-up="damage"');

    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.TokensUndone" });
    expect(sys(jake).tokens.value).toBe(5);
  });

  it("the entries carry the card's ref (<card id>:tokens): written before the card, under the id it is posted with", async () => {
    const attack = await describedAttack({}, [9, 8]);
    const record = cardOf(attack).result.tokens;
    expect(record.entries).toHaveLength(1);
    expect(sys(jake).tokens.entries.map((e: { id: string; ref?: string }) => [e.id, e.ref])).toEqual([[record.entries[0], `${attack.id}:tokens`]]);
  });

  it("a card whose stored record was edited to name another hero's entries is refused, and nothing changes", async () => {
    const m = await radioModules();
    // Bob's hero Mona earns tokens on her own attack card.
    const mona = world.createActor({ name: "Mona", type: "radioHero", system: { skills: { melee: 1, ranged: 2, brawl: 0 }, wounds: { value: 5, max: 5 }, tokens: pool(0) }, items: [{ name: "Derringer", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } }], ownership: { bob: 3 } });
    world.login("bob");
    world.target("bob", falzetti);
    const monaSetup = m.attackSetup(mona as never);
    world.dice.queue(9, 9);
    const monaCard = (await m.rollAttack(mona as never, monaSetup, { ...m.initialState(monaSetup), weaponId: monaSetup.weapons[0]!.id, description: "Mona fires from behind the piano" })) as unknown as FakeChatMessage;
    const monaRecord = cardOf(monaCard).result.tokens;
    expect(sys(mona).tokens.value).toBe(2);

    // Alice's own card, edited by its author (Foundry lets her) to name Mona's entries.
    const attack = await describedAttack({}, [9, 8]);
    const jakeBefore = structuredClone(sys(jake).tokens);
    const monaBefore = structuredClone(sys(mona).tokens);
    await attack.update({ "system.result.tokens": { actorUuid: mona.uuid, entries: monaRecord.entries, undone: false } });
    expect(cardOf(attack).result.tokens.actorUuid).toBe(mona.uuid);
    // Alice does not own Mona: refused before the GM is asked to write anything.
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    // The GM's click is refused too: Mona's entries carry her card's ref, not this one's.
    world.login("gm");
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.TokensNotThisCard" });
    expect(sys(mona).tokens).toEqual(monaBefore);
    expect(sys(jake).tokens).toEqual(jakeBefore);
    expect(cardOf(attack).result.tokens.undone).toBe(false);

    // Naming an entry of Jake's own pool that no card wrote (the GM's +1, no ref) is refused as well.
    await jake.update({ "system.tokens": (await import("../../../../src/engine/ledger.js")).change(sys(jake).tokens, { id: "gmplus", delta: 1, reason: "GM", by: "gm", at: 1 }) });
    const jakeGm = structuredClone(sys(jake).tokens);
    await attack.update({ "system.result.tokens": { actorUuid: jake.uuid, entries: ["gmplus"], undone: false } });
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.TokensNotThisCard" });
    expect(sys(jake).tokens).toEqual(jakeGm);

    // Mona's own card still undoes her tokens (its entries are its own).
    expect(await adapter.queries.requestFollowUp(monaCard.id, "undoTokens", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(sys(mona).tokens.value).toBe(0);
  });

  it("refuses, writing nothing, once the earned tokens have been spent", async () => {
    await jake.update({ "system.tokens": pool(0) });
    const attack = await describedAttack({}, [1, 1]);
    expect(cardOf(attack).result.attack).toMatchObject({ hit: false, tokensEarned: 2, tokensCharged: 0 });
    expect(cardOf(attack).result.tokens.entries).toHaveLength(1);
    // The two tokens go on something else (the GM's −1 twice on the sheet).
    world.login("gm");
    const ledger = await import("../../../../src/engine/ledger.js");
    let p = sys(jake).tokens;
    for (const id of ["s1", "s2"]) p = ledger.change(p, { id, delta: -1, reason: "GM", by: "gm", at: 1 });
    await jake.update({ "system.tokens": p });
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.TokensSpent" });
    expect(sys(jake).tokens.value).toBe(0);
    expect(cardOf(attack).result.tokens.undone).toBe(false);
  });

  it("an attack that wrote no tokens has no Undo tokens", async () => {
    const attack = await describedAttack({ description: "" }, [9, 9]);
    expect(cardOf(attack).result.tokens).toBeUndefined();
    expect(attack.content).not.toContain("undoTokens");
    world.login("gm");
    expect(await adapter.queries.requestFollowUp(attack.id, "undoTokens", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.NoTokens" });
  });
});

describe("in combat", () => {
  let combat: FakeCombat;
  let fc: FracasCombat;
  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const stepNow = () => (combat.system as unknown as { step: number; plan: { steps: { phase: number; combatantId: string; kind: string }[] } }).plan.steps[(combat.system as unknown as { step: number }).step]!;
  async function advanceTo(actor: FakeActor, phase: number) {
    await advanceToAct(world, combat, actor, phase);
    const m = await radioModules();
    await m.promptsSettled();
  }

  beforeEach(async () => {
    combat = await startRadioCombat(world, [jake, falzetti, goons], [2, 5, 6, 1]); // Jake 2, the GM's Falzetti 5, the goons 6 (round starts roll d6s in fours)
    fc = combat as unknown as FracasCombat;
  });

  async function declare(decl: [FakeActor, string][]) {
    await declareAll(world, adapter, combat, decl.map(([a, v]) => [a === jake ? "alice" : "gm", a, v] as const));
  }

  /** The goons cosh Jake (1 wound left) for 2: a lethal blow, applied by the GM. */
  async function lethalBlow() {
    const attack = await attackWithFirstWeapon(world, "gm", goons, jake);
    world.dice.queue(3);
    await followUp("attack", "damage", attack);
    const damage = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(await adapter.queries.requestApply(damage.id, jake.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.FinalAction" } });
    expect(sys(jake)).toMatchObject({ state: "dead", finalAction: true });
    expect(jake.statuses.has("fracas-dying")).toBe(true);
  }

  describe("a dying hero's final heroic action", () => {
    it("is whispered to the hero's owners and the GM at their next action phase, once; the final attack completes it through the GM", async () => {
      await declare([
        [jake, "standard"],
        [falzetti, "frenzied"],
        [goons, "frenzied"],
      ]);
      await advanceTo(goons, 1);
      await lethalBlow();
      // Falzetti's phase-1 step is not Jake's: no prompt yet.
      await advanceTo(falzetti, 1);
      expect(radioCards("final")).toHaveLength(0);
      await advanceTo(jake, 1);
      const [prompt] = radioCards("final");
      expect(prompt).toBeDefined();
      expect(prompt!._source.whisper).toEqual(["gm", "alice"]);
      expect(cardOf(prompt!).result).toMatchObject({ actorUuid: jake.uuid, combatId: combat.id, round: 1, phase: 1, done: false });
      expect(kinds().final!.applicable).toBe(false);
      expect(prompt!.content).toContain(world.i18n.format("FRACAS.Radio.Card.FinalDue", { name: "Jake", phase: "1" }));
      expect(prompt!.content).toContain('data-fracas-follow-up="finalAttack"');
      expect(prompt!.content).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="finalDone"');

      // Bob cannot take Jake's action.
      const m = await radioModules();
      const render = vi.spyOn(m.RadioAttackDialog.prototype, "render");
      world.login("bob");
      await followUp("final", "finalAttack", prompt!);
      expect(render).not.toHaveBeenCalled();
      expect(world.notified("warn")).toContain(world.localize("FRACAS.Radio.Refused.NotYourCharacter"));

      // Alice's "Final attack" opens the attack dialog flagged final; she rolls it at Falzetti.
      world.login("alice");
      world.target("alice", falzetti);
      await followUp("final", "finalAttack", prompt!);
      expect(render).toHaveBeenCalledTimes(1);
      const dialog = render.mock.instances[0] as unknown as InstanceType<typeof m.RadioAttackDialog>;
      expect(dialog.final).toEqual({ cardId: prompt!.id });
      expect(dialog.setup).toMatchObject({ final: true, declared: "standard", phase: 1 });
      expect(m.attackView(dialog.setup, dialog.attackState).final).toBe(true);
      world.dice.queue(8, 7);
      const submit = (m.RadioAttackDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
      await submit.call(dialog, {}, {}, { object: { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, action: "standard", description: "" } });
      const attack = radioCards("attack").at(-1)!;
      expect(cardOf(attack).result).toMatchObject({ final: true, attackerName: "Jake", attack: { hit: true, phase: 1 } });
      expect(attack.content).toContain(world.localize("FRACAS.Radio.Card.FinalAttack"));

      // Rolling it completed the action: Alice could not write the GM's prompt, so the GM did.
      expect(world.queryLog.filter((q) => q.name === "fracas.followUp").map((q) => [q.from, q.to, q.result])).toEqual([["alice", "gm", { ok: true, summary: { key: "FRACAS.Chat.Done" } }]]);
      expect(sys(jake)).toMatchObject({ state: "dead", finalAction: false });
      expect(jake.statuses.has("fracas-dying")).toBe(false);
      expect(jake.statuses.has("fracas-dead")).toBe(true);
      expect(cardOf(prompt!).result.done).toBe(true);
      expect(prompt!.content).toContain(world.i18n.format("FRACAS.Radio.Card.FinalTaken", { name: "Jake" }));
      expect(prompt!.content).not.toContain("finalAttack");

      // Jake is dead now (Foundry's defeated mark): the GM's advance passes over his phase-3
      // step to the end of the round, and no new prompt comes.
      world.login("gm");
      const visited: string[] = [];
      for (let i = 0; i < 30 && fc.actingStep(fc.fracas.step + 1, 1) !== null; i++) {
        await fc.advance();
        visited.push(stepNow().combatantId);
      }
      expect(visited.length).toBeGreaterThan(0);
      expect(visited).not.toContain(cid(jake));
      expect(fc.fracas.plan.steps.some((s) => s.combatantId === cid(jake) && s.phase === 3 && s.kind === "act")).toBe(true);
      const m2 = await radioModules();
      await m2.promptsSettled();
      expect(radioCards("final")).toHaveLength(1);
    });

    it("stays one open prompt while the action is owed; 'Final action taken' completes it (by the GM for a player), once", async () => {
      await declare([
        [jake, "standard"],
        [falzetti, "frenzied"],
        [goons, "frenzied"],
      ]);
      await advanceTo(goons, 1);
      await lethalBlow();
      await advanceTo(jake, 1);
      await advanceTo(jake, 3);
      const prompts = radioCards("final");
      expect(prompts).toHaveLength(1);

      world.login("bob");
      expect(await adapter.queries.requestFollowUp(prompts[0]!.id, "finalDone", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
      world.setActiveGM(null);
      world.login("alice");
      expect(await adapter.queries.requestFollowUp(prompts[0]!.id, "finalDone", {})).toEqual({ ok: false, reason: "FRACAS.Chat.NoGM" });
      expect(sys(jake).finalAction).toBe(true);
      world.setActiveGM("gm");
      expect(await adapter.queries.requestFollowUp(prompts[0]!.id, "finalDone", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
      expect(sys(jake)).toMatchObject({ state: "dead", finalAction: false });
      expect(jake.statuses.has("fracas-dead")).toBe(true);
      expect(await adapter.queries.requestFollowUp(prompts[0]!.id, "finalDone", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.FinalDone" });
    });

    it("a dying hero with no act step this round is prompted when the round's action phases begin", async () => {
      await declare([
        [falzetti, "frenzied"],
        [goons, "frenzied"],
      ]);
      world.login("gm");
      await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
      await advanceTo(goons, 1);
      const [prompt] = radioCards("final");
      expect(cardOf(prompt!).result).toMatchObject({ actorUuid: jake.uuid, phase: 1 });
    });

    it("only the active GM's client posts the prompt, once, whoever moves the tracker", async () => {
      world.addUser({ id: "gm2", name: "Assistant GM", isGM: true });
      world.setActiveGM("gm2");
      await declare([
        [jake, "standard"],
        [falzetti, "frenzied"],
        [goons, "frenzied"],
      ]);
      await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
      await advanceTo(jake, 1); // advanced on "gm", not the active GM: every client sees updateCombat
      await new Promise((r) => setTimeout(r, 20));
      expect(radioCards("final").map((m) => m.author?.id)).toEqual(["gm2"]);
    });
  });

  describe("escape after a round of defensive action", () => {
    it("offers each defensive combatant's owners the escape check at round start, every round they were defensive", async () => {
      await declare([
        [jake, "defensive"],
        [falzetti, "defensive"],
        [goons, "frenzied"],
      ]);
      // Nobody is offered anything during the defensive round itself.
      expect(radioCards("escapeOffer")).toHaveLength(0);
      world.dice.queue(3, 4, 1, 1);
      await fc.nextRound();
      const offers = radioCards("escapeOffer");
      expect(offers.map((o) => [cardOf(o).result.actorName, o._source.whisper])).toEqual([
        ["Jake", ["gm", "alice"]],
        ["Falzetti", ["gm"]],
      ]);
      expect(cardOf(offers[0]!).result).toMatchObject({ actorUuid: jake.uuid, combatId: combat.id, round: 1 });
      expect(kinds().escapeOffer!.applicable).toBe(false);
      expect(offers[0]!.content).toContain('data-fracas-follow-up="escape"');

      // Bob may not roll Jake's escape; Alice does: 4, not a 6, Jake escapes; she applies it herself.
      world.login("bob");
      await followUp("escapeOffer", "escape", offers[0]!);
      expect(radioCards("escape")).toHaveLength(0);
      world.login("alice");
      world.dice.queue(4);
      await followUp("escapeOffer", "escape", offers[0]!);
      const [escape] = radioCards("escape");
      expect(cardOf(escape!).result).toEqual({ roll: 4, outcome: "escapes", offerId: offers[0]!.id, actorUuid: jake.uuid, combatId: combat.id, round: 1 });
      expect(cardOf(escape!).targets).toEqual([{ uuid: jake.uuid, name: "Jake" }]);
      expect(await adapter.queries.requestApply(escape!.id, jake.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Radio.Summary.Row.Escaped" } });
      expect(sys(jake).escaped).toBe(true);
      // One roll per offer.
      await followUp("escapeOffer", "escape", offers[0]!);
      expect(radioCards("escape")).toHaveLength(1);
      expect(world.notified("warn")).toContain(world.localize("FRACAS.Radio.Refused.EscapeRolled"));

      // The GM rolls Falzetti's: a 6 keeps him in the fight another round.
      world.login("gm");
      world.dice.queue(6);
      await followUp("escapeOffer", "escape", offers[1]!);
      const stays = radioCards("escape").at(-1)!;
      expect(cardOf(stays).result).toMatchObject({ roll: 6, outcome: "stays" });
      expect(await adapter.queries.requestApply(stays.id, falzetti.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.EscapeFailed" });

      // Round 2: Falzetti defensive again, the goons not; Jake has escaped. Round 3 offers Falzetti's only.
      await declare([
        [falzetti, "defensive"],
        [goons, "standard"],
      ]);
      world.dice.queue(5, 2, 1, 1);
      await fc.nextRound();
      const round3 = radioCards("escapeOffer").slice(2);
      expect(round3.map((o) => [cardOf(o).result.actorName, cardOf(o).result.round])).toEqual([["Falzetti", 2]]);

      // Round 3 spent otherwise: round 4 offers nothing.
      await declare([[falzetti, "standard"]]);
      world.dice.queue(4, 4, 3, 1);
      await fc.nextRound();
      expect(radioCards("escapeOffer")).toHaveLength(3);
    });

    it("the sheet offers the escape too while the offer stands (last round defensive)", async () => {
      await declare([[jake, "defensive"]]);
      world.dice.queue(3, 4, 1, 1);
      await fc.nextRound();
      const m = await radioModules();
      const rounds = await import("../../../../src/rulesets/radio/cards/defence-round.js");
      const at = rounds.escapeRound(jake as never);
      expect(at).toEqual({ combatId: combat.id, round: 1 });
      expect(rounds.escapeRound(falzetti as never)).toBeNull();
      const views = await import("../../../../src/rulesets/radio/sheets/views.js");
      const meta = { name: "Jake", img: "", editable: true, isGM: false, inCombat: false, declared: "", defensiveLastRound: at !== null };
      expect(views.heroView(meta, sys(jake), []).defence.canEscape).toBe(true);
      expect(views.heroView({ ...meta, defensiveLastRound: false }, sys(jake), []).defence.canEscape).toBe(false);
      // The sheet's escape answers the open offer (one roll per defensive round, whichever button rolls it).
      const [offer] = radioCards("escapeOffer");
      expect(rounds.offerFor(jake.uuid, at!)?.id).toBe(offer!.id);
      world.login("alice");
      world.dice.queue(2);
      await m.rollEscape(jake as never, "defensive", offer!.id, at!);
      expect(rounds.escapeRefusal(jake.uuid, at!)).toBe("FRACAS.Radio.Refused.EscapeRolled");
      // Not after a defensive round: the kernel refuses before any die is rolled (none is queued).
      await expect(m.rollEscape(jake as never, "standard")).rejects.toMatchObject({ code: "escapeNeedsDefensive" });
      await followUp("escapeOffer", "escape", offer!);
      expect(radioCards("escape")).toHaveLength(1);
    });
  });
});
