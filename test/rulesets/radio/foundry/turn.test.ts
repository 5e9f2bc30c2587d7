/**
 * Attacks in the attacker's own act step, once per step (seed 001: "The result of each phase is
 * calculated (in initiative order) one phase at a time"; Cheat Sheet Steps 3–5):
 * - pure: data/turn.ts says whose step it is and why an attack is out of turn;
 * - through the fake: a player's attack outside their combatant's current act step, or a second one
 *   in it, is refused before any die (the step is claimed through the GM with claimRoll); the GM is
 *   told, never refused, and the GM's attack in a combatant's step uses it up; a dying hero's final
 *   heroic action is exempt; an open dialog follows the steps (Roll disabled with the reason).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import { attackTurn, stepKey, type TurnInput } from "../../../../src/rulesets/radio/data/turn.js";
import { attackView, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { createHandlebars } from "../../../browser/harness.js";
import { laterSteps, sampleSteps } from "./samples.js";
import { advanceToAct, createFalzetti, createJake, declareAll, radioModules, radioWorld, startRadioCombat, TOMMY_GUN } from "./fight.js";
import outOfTurn from "../../../fixtures/templates/radio/attack-odds/out-of-turn.js";
import gmOutOfTurn from "../../../fixtures/templates/radio/attack-odds/gm-out-of-turn.js";
import outOfTurnLater from "../../../fixtures/templates/radio/attack-odds/out-of-turn-later.js";

type FracasCombatLike = { nextRound(): Promise<unknown> };

const input = (over: Partial<TurnInput> = {}): TurnInput => ({ combatId: "c1", round: 2, combatantId: "jake", name: "Jake", steps: sampleSteps, step: 3, isGM: false, final: false, claimed: () => false, ...over });

describe("whose step it is (pure)", () => {
  it("in the attacker's own act step: the step's key to claim, no reason", () => {
    expect(attackTurn(input())).toEqual({ key: stepKey("c1", "jake", 2, 1), phase: 1, reason: null, data: { name: "Jake" }, refused: false });
    expect(stepKey("c1", "jake", 2, 1)).toBe("radio.attack.c1.jake.2.1");
  });

  it("a second attack in the same step: refused for a player, pointed out to the GM", () => {
    const claimed = (k: string) => k === stepKey("c1", "jake", 2, 1);
    expect(attackTurn(input({ claimed }))).toMatchObject({ reason: "FRACAS.Radio.Turn.Acted", data: { name: "Jake", phase: 1 }, refused: true });
    expect(attackTurn(input({ claimed, isGM: true }))).toMatchObject({ key: stepKey("c1", "jake", 2, 1), reason: "FRACAS.Radio.Turn.Acted", refused: false });
  });

  it("out of the attacker's step: why, and when they act", () => {
    expect(attackTurn(input({ step: 0 }))).toMatchObject({ key: null, reason: "FRACAS.Radio.Turn.Declaring", refused: true });
    // Falzetti's step with Jake's right after it: Jake is next (not "phases 1, 3" while in phase 1).
    expect(attackTurn(input({ step: 2 }))).toMatchObject({ key: null, reason: "FRACAS.Radio.Turn.Next", data: { name: "Jake" }, refused: true });
    expect(attackTurn(input({ step: 4 }))).toMatchObject({ reason: "FRACAS.Radio.Turn.Next", refused: true });
    // Someone else acts between: the phases left, as a list in words ("1 and 3"), and who acts now.
    const later = (over: Partial<TurnInput>) => attackTurn(input({ steps: laterSteps, ...over }));
    expect(later({ step: 0, currentName: "Falzetti" })).toMatchObject({ reason: "FRACAS.Radio.Turn.NotYourStepOther", data: { name: "Jake", phases: "1 and 3", current: "Falzetti" }, refused: true });
    expect(later({ step: 3 })).toMatchObject({ reason: "FRACAS.Radio.Turn.NotYourStepOne", data: { phases: "3" }, refused: true });
    expect(later({ step: 3 }).data.current).toBeUndefined(); // a combatant hidden from this user is not named
    expect(attackTurn(input({ step: 5, combatantId: "falzetti", name: "Falzetti" }))).toMatchObject({ reason: "FRACAS.Radio.Turn.StepsDone", refused: true });
    expect(attackTurn(input({ combatantId: "sal", name: "Sal" }))).toMatchObject({ reason: "FRACAS.Radio.Turn.NoStep", refused: true });
    expect(attackTurn(input({ step: 2, isGM: true }))).toMatchObject({ reason: "FRACAS.Radio.Turn.Next", refused: false });
  });

  it("a dying hero's final heroic action is exempt", () => {
    expect(attackTurn(input({ step: 2, final: true }))).toEqual({ key: null, phase: null, reason: null, data: {}, refused: false });
  });

  it("the dialog disables Roll for a refused player and only tells the GM (both fixtures render every key)", () => {
    const refused = outOfTurn().context.view;
    expect(refused).toMatchObject({ canRoll: false, error: null, turn: { reason: "FRACAS.Radio.Turn.Next", refused: true } });
    const told = gmOutOfTurn().context.view;
    expect(told).toMatchObject({ canRoll: true, turn: { reason: "FRACAS.Radio.Turn.Declaring", refused: false } });
    const env = createHandlebars();
    const html = (ctx: object) => env.renderTemplate("radio/attack-odds.hbs", ctx).replace(/\s+/g, " ");
    const player = html(outOfTurn().context);
    expect(player).toContain('<p class="radio-turn radio-error" role="alert">Falzetti acts now. Not Jake&#x27;s turn yet: Jake acts next. Attack when the tracker reaches Jake.</p>');
    expect(html(outOfTurnLater().context)).toContain('<p class="radio-turn radio-error" role="alert">Falzetti acts now. Not Jake&#x27;s turn yet: Jake acts later this round (phases 1 and 3). Attack when the tracker reaches Jake.</p>');
    expect(player).toMatch(/<button type="submit" class="radio-roll" disabled>/);
    const gm = html(gmOutOfTurn().context);
    expect(gm).toContain('<p class="radio-turn" role="status">Actions are still being declared. Falzetti attacks once the tracker reaches Falzetti&#x27;s turn. As GM you can roll now anyway.</p>');
    expect(gm).not.toMatch(/class="radio-roll" disabled/);
    expect([...env.i18n.missingKeys]).toEqual([]);
    expect([...env.i18n.missingFormatData]).toEqual([]);
  });
});

describe("through the fake: attacks come in the attacker's step", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let combat: FakeCombat;
  type Card = { kind: string; result: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
  const attacks = () => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "attack") as unknown as FakeChatMessage[];

  /** `user` attacks with `actor` at `target` (2d10 queued 9+9 when the roll happens); the card, or undefined when refused. */
  async function attack(user: string, actor: FakeActor, target: FakeActor, options: { final?: boolean } = {}) {
    const m = await radioModules();
    world.login(user);
    world.target(user, target);
    const setup = m.attackSetup(actor as never, options.final === true);
    const before = world.dice.used.length;
    world.dice.queue(9, 9);
    const card = (await m.rollAttack(actor as never, setup, { ...initialState(setup), weaponId: setup.weapons[0]?.id ?? "" }, options)) as unknown as FakeChatMessage | undefined;
    // A refused attack rolls no die: the queued pair is dropped unused.
    if (!card) {
      expect(world.dice.used.length).toBe(before);
      world.dice.clear();
    }
    return card;
  }

  const advanceTo = (actor: FakeActor, phase: number) => advanceToAct(world, combat, actor, phase);

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world);
    falzetti = createFalzetti(world, 20, 20, { items: [TOMMY_GUN] });
    combat = await startRadioCombat(world, [jake, falzetti], [2, 5, 1, 1]); // Jake 2, the GM's group 5: Falzetti acts before Jake in each phase
    await declareAll(world, adapter, combat, [
      ["alice", jake],
      ["gm", falzetti],
    ]);
  });

  it("a player is refused outside their act step and a second time in it, before any die; each of their steps allows one attack", async () => {
    // Still declaring.
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Turn.Declaring", { name: "Jake" }));
    // Falzetti's phase-1 step.
    await advanceTo(falzetti, 1);
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" })}`);
    expect(attacks()).toHaveLength(0);

    // Jake's phase-1 step: one attack, claimed through the GM.
    await advanceTo(jake, 1);
    const card = await attack("alice", jake, falzetti);
    expect(cardOf(card!).result.attack).toMatchObject({ hit: true, phase: 1 });
    expect(world.queryLog.filter((q) => q.name === "fracas.claim").map((q) => [q.from, q.to])).toEqual([["alice", "gm"]]);
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Turn.Acted", { name: "Jake", phase: 1 }));
    expect(attacks()).toHaveLength(1);

    // Phase 3: Falzetti's step refuses Jake again (one phase left), his own allows one more.
    await advanceTo(falzetti, 3);
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" })}`);
    await advanceTo(jake, 3);
    expect(cardOf((await attack("alice", jake, falzetti))!).result.attack).toMatchObject({ phase: 3 });
    expect(attacks()).toHaveLength(2);
  });

  it("with a hidden ambusher acting between: the player is told Jake's phases in words, and never the ambusher's name", async () => {
    const { createSal, combatantIdOf } = await import("./fight.js");
    world.login("gm");
    const sal = createSal(world, falzetti);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: sal.id, hidden: true }]);
    world.dice.queue(2, 5, 1, 1);
    await (combat as unknown as FracasCombatLike).nextRound(); // Jake 2, the GM's group 5: Falzetti, then Sal, then Jake
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti], ["gm", sal]]);
    expect(combat.combatants.get(combatantIdOf(combat, sal))!.hidden).toBe(true);
    await advanceTo(falzetti, 1);
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(`Falzetti acts now. ${world.i18n.format("FRACAS.Radio.Turn.NotYourStepOther", { name: "Jake", phases: "1 and 3" })}`);
    await advanceTo(sal, 1);
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn").at(-1)).toBe(world.i18n.format("FRACAS.Radio.Turn.Next", { name: "Jake" }));
    expect(world.notified("warn").join(" ")).not.toContain("Sal");
  });

  it("two attacks started at once in one step: the GM checks the claims, one rolls", async () => {
    await advanceTo(jake, 1);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const setup = m.attackSetup(jake as never);
    world.dice.queue(9, 9);
    const [first, second] = await Promise.all([m.rollAttack(jake as never, setup, { ...initialState(setup), weaponId: setup.weapons[0]!.id }), m.rollAttack(jake as never, setup, { ...initialState(setup), weaponId: setup.weapons[0]!.id })]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(attacks()).toHaveLength(1);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
  });

  it("the GM is never refused, and the GM's attack in a combatant's step uses that step up", async () => {
    // During the declarations, and twice in Falzetti's step.
    expect(await attack("gm", falzetti, jake)).toBeDefined();
    await advanceTo(falzetti, 1);
    expect(await attack("gm", falzetti, jake)).toBeDefined();
    const m = await radioModules();
    const again = m.attackSetup(falzetti as never);
    expect(again.turn).toMatchObject({ reason: "FRACAS.Radio.Turn.Acted", refused: false });
    expect(attackView(again, initialState(again))).toMatchObject({ canRoll: true, turn: { reason: "FRACAS.Radio.Turn.Acted", refused: false } });
    expect(await attack("gm", falzetti, jake)).toBeDefined();
    expect(attacks()).toHaveLength(3);
    expect(world.notified("warn")).toEqual([]);

    // The GM rolls Jake's phase-1 attack for him: Alice may not attack again in that step.
    await advanceTo(jake, 1);
    expect(await attack("gm", jake, falzetti)).toBeDefined();
    expect(await attack("alice", jake, falzetti)).toBeUndefined();
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Turn.Acted", { name: "Jake", phase: 1 }));
  });

  it("a dying hero's final heroic action is not refused out of their step", async () => {
    await advanceTo(falzetti, 1);
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true });
    const card = await attack("alice", jake, falzetti, { final: true });
    expect(cardOf(card!).result).toMatchObject({ final: true });
  });

  it("an open dialog follows the steps: Roll disabled with the reason, enabled when the tracker reaches the attacker", async () => {
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    const view = async () => ((await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof attackView> }> })._prepareContext({})).view);
    expect(await view()).toMatchObject({ canRoll: false, phase: null, turn: { reason: "FRACAS.Radio.Turn.Declaring", refused: true } });

    // The GM's advance to Jake's step re-renders the open dialog (the updateCombat hook).
    const renders = (dialog as unknown as { renders: number }).renders;
    await advanceTo(jake, 1);
    expect((dialog as unknown as { renders: number }).renders).toBeGreaterThan(renders);
    world.login("alice");
    expect(await view()).toMatchObject({ canRoll: true, phase: 1, turn: null });

    // Submitting rolls in Jake's step; after it, the same dialog says the step is used.
    const submit = (m.RadioAttackDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
    world.dice.queue(9, 9);
    await submit.call(dialog, {}, {}, { object: { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "" } });
    expect(attacks()).toHaveLength(1);
    expect(await view()).toMatchObject({ canRoll: false, turn: { reason: "FRACAS.Radio.Turn.Acted", refused: true } });
  });
});
