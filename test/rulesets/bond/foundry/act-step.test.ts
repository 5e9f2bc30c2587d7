/**
 * RB3 (rules review, session 11): a Bond attack belongs to the attacker's action step. Seed 000:
 * declarations in ascending Speed, then actions in descending Speed. A player is refused an attack
 * (or a pick-up, which uses one) outside their action step; the GM is told and may roll; a player
 * character who won a draw this round fires first, once, with a firearm.
 *
 * Bond (alice's PC, Speed 3, a PPK) and Hood (the GM's NPC, Speed 1, a Beretta): the round is
 * Hood declares, Bond declares, Bond acts, Hood acts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { BondAttackDialog } from "../../../../src/rulesets/bond/sheets/attack-dialog.js";
import type { AttackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { bondAttackTurn, type BondTurnInput } from "../../../../src/rulesets/bond/sheets/attack-turn.js";
import { attack, beretta, bondModules, buttonArgs, cardOf, characterSheet, npcChars, pcChars, pool, standInEnrichHTML, toActionStep } from "./helpers.js";

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2, drawModifier: 1 } };
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();

describe("bondAttackTurn (pure)", () => {
  // Hood (h) and Bond (b): declare h, declare b, act b, act h.
  const steps = [
    { combatantId: "h", kind: "declare" },
    { combatantId: "b", kind: "declare" },
    { combatantId: "b", kind: "act" },
    { combatantId: "h", kind: "act" },
  ];
  const base: BondTurnInput = { combatantId: "b", steps, step: 0, isGM: false, attackKind: "fire", drawWon: false };

  it("the attacker's own action step: free; every other step refused for a player, with why", () => {
    expect(bondAttackTurn({ ...base, step: 2 })).toEqual({ reason: null, data: {}, refused: false, byDraw: false });
    expect(bondAttackTurn({ ...base, step: 0 })).toMatchObject({ reason: "FRACAS.Bond.Turn.Declaring", refused: true });
    expect(bondAttackTurn({ ...base, step: 1 })).toMatchObject({ reason: "FRACAS.Bond.Turn.Declaring", refused: true });
    expect(bondAttackTurn({ ...base, step: 3, currentName: "Hood" })).toEqual({ reason: "FRACAS.Bond.Turn.Acted", data: { current: "Hood" }, refused: true, byDraw: false });
    // Hood's view at Bond's step: Hood acts next.
    expect(bondAttackTurn({ ...base, combatantId: "h", step: 2, currentName: "Bond" })).toEqual({ reason: "FRACAS.Bond.Turn.Next", data: { current: "Bond" }, refused: true, byDraw: false });
    // Someone down in between is passed over by the GM's advance; someone up is not.
    const three = [...steps.slice(0, 2), { combatantId: "b", kind: "act" }, { combatantId: "x", kind: "act" }, { combatantId: "h", kind: "act" }];
    expect(bondAttackTurn({ ...base, combatantId: "h", steps: three, step: 2 }).reason).toBe("FRACAS.Bond.Turn.Later");
    expect(bondAttackTurn({ ...base, combatantId: "h", steps: three, step: 2, isDown: (id) => id === "x" }).reason).toBe("FRACAS.Bond.Turn.Next");
    // Not in the plan at all (joined after the round began).
    expect(bondAttackTurn({ ...base, combatantId: "z", step: 2 }).reason).toBe("FRACAS.Bond.Turn.NoStep");
  });

  it("the GM is told, never refused", () => {
    expect(bondAttackTurn({ ...base, step: 0, isGM: true })).toMatchObject({ reason: "FRACAS.Bond.Turn.Declaring", refused: false });
  });

  it("a draw won and not yet fired: a firearm shoots now, out of step; Hand-to-Hand does not", () => {
    expect(bondAttackTurn({ ...base, step: 3, drawWon: true })).toEqual({ reason: null, data: {}, refused: false, byDraw: true });
    expect(bondAttackTurn({ ...base, step: 0, drawWon: true }).byDraw).toBe(true);
    expect(bondAttackTurn({ ...base, step: 3, drawWon: true, attackKind: "hth" })).toMatchObject({ reason: "FRACAS.Bond.Turn.Acted", refused: true, byDraw: false });
    // In the own step the draw changes nothing (no "by the draw" line).
    expect(bondAttackTurn({ ...base, step: 2, drawWon: true }).byDraw).toBe(false);
  });
});

describe("a Bond attack in the attacker's action step (the real dialog, tracker and draw)", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let bond: FakeActor;
  let hood: FakeActor;
  let combat: FakeCombat;
  const fc = () => combat as unknown as FracasCombat;
  const attacksMade = () => (bond.system as unknown as { roundAttacks: { count: number; round: number } }).roundAttacks;
  const attackCards = () => [...world.messages].filter((m) => cardOf(m).kind === "attack");

  beforeEach(async () => {
    world = installFoundry();
    adapter = await loadAdapter();
    standInEnrichHTML();
    world.addUser({ id: "alice", name: "Alice", isGM: false });
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
    hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
    world.login("gm");
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    await fc().startCombat(); // Speeds 3 and 1: no tie, no dice
  });

  type Dialog = BondAttackDialog & { renders: number };
  async function open(user: string, actor: FakeActor, weapon: boolean): Promise<Dialog> {
    const m = await bondModules();
    world.login(user);
    world.users.get(user)!.targets.clear();
    world.target(user, actor === bond ? hood : bond);
    return (await m.openAttackDialog(actor as never, weapon ? (actor.items.contents[0] as never) : null)) as Dialog;
  }
  async function shown(dialog: Dialog, user: string): Promise<{ view: AttackView; html: string }> {
    world.login(user);
    const context = await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: AttackView }> })._prepareContext({});
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", context);
    return { view: context.view, html: text(html) };
  }
  async function roll(dialog: Dialog, user: string): Promise<void> {
    const m = await bondModules();
    world.login(user);
    const action = (m.BondAttackDialog as unknown as { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> } } }).DEFAULT_OPTIONS.actions.roll;
    await action.call(dialog);
  }

  it("during declarations a player's Roll is refused, says why, rolls and counts nothing; in their action step it rolls", async () => {
    const dialog = await open("alice", bond, true);
    const during = await shown(dialog, "alice");
    expect(during.view).toMatchObject({ canRoll: false, refused: true, turn: { reason: "FRACAS.Bond.Turn.Declaring", refused: true } });
    expect(during.html).toContain("Actions are still being declared: James Bond acts when the tracker reaches James Bond's action.");
    expect(during.html).not.toContain("As GM");
    await roll(dialog, "alice");
    expect(attackCards()).toHaveLength(0);
    expect(world.notified("warn").at(-1)).toBe("Actions are still being declared: James Bond acts when the tracker reaches James Bond's action.");
    expect(attacksMade().count).toBe(0);

    // The GM moves the tracker to Bond's action: the open dialog redraws by itself, and Roll is live.
    const renders = dialog.renders;
    await toActionStep(world, combat, bond);
    expect(dialog.renders).toBeGreaterThan(renders);
    const now = await shown(dialog, "alice");
    expect(now.view).toMatchObject({ canRoll: true, turn: null, byDraw: false });
    expect(now.html).not.toContain("tracker reaches");
    world.dice.queue(99, 1);
    await roll(dialog, "alice");
    expect(attackCards()).toHaveLength(1);
    expect(attacksMade().count).toBe(1);
  });

  it("after the player's step, at the NPC's: refused, naming who acts now; the GM's own attack is only pointed out", async () => {
    await toActionStep(world, combat, hood);
    const alice = await shown(await open("alice", bond, true), "alice");
    expect(alice.view.canRoll).toBe(false);
    expect(alice.html).toContain("Hood acts now. James Bond has had this round's action");

    // The GM rolls Bond out of turn (a GM may): told, Roll live.
    const gm = await shown(await open("gm", bond, true), "gm");
    expect(gm.view).toMatchObject({ canRoll: true, turn: { reason: "FRACAS.Bond.Turn.Acted", refused: false } });
    expect(gm.html).toContain("As GM you can roll now anyway.");
  });

  it("a won draw: the PC fires first at Hood's step with the firearm, once; a punch, or a second shot, is refused", async () => {
    await toActionStep(world, combat, hood); // Bond's step passed without a shot: he has not fired
    const shot = await attack(world, "gm", hood, [bond], 5, 3);
    world.login("alice");
    world.dice.queue(1, 6); // Hood 1 + 1 + 0 = 2; Bond 3 + 6 + 1 = 10: Bond first
    const args = buttonArgs(shot.content, "draw")[0]!;
    expect(await adapter.queries.requestFollowUp(shot.id, "draw", args as never)).toMatchObject({ ok: true });

    const fists = await shown(await open("alice", bond, false), "alice");
    expect(fists.view).toMatchObject({ canRoll: false, byDraw: false });
    // The Attack on the PPK switches the open dialog (one per character) to it.
    const dialog = await open("alice", bond, true);
    const gun = await shown(dialog, "alice");
    expect(gun.view).toMatchObject({ canRoll: true, turn: null, byDraw: true });
    expect(gun.html).toContain("James Bond won the draw: this shot comes first, before James Bond's own action.");
    world.dice.queue(99, 1);
    await roll(dialog, "alice");
    expect(attackCards()).toHaveLength(2);

    // The draw's one shot is fired: the PPK's second shot waits (and this round's action is over).
    const after = await shown(await open("alice", bond, true), "alice");
    expect(after.view).toMatchObject({ canRoll: false, byDraw: false, turn: { reason: "FRACAS.Bond.Turn.Acted" } });
  });

  it("a draw is called only on a real shot: a copy of Hood's card posted by Alice (a console forgery) buys no draw (audit s14)", async () => {
    await toActionStep(world, combat, hood);
    const shot = await attack(world, "gm", hood, [bond], 5, 3);
    const forged = await world.as("alice", () =>
      (globalThis as unknown as { ChatMessage: { create(d: object): Promise<{ id: string }> } }).ChatMessage.create({ type: "card", content: shot.content, system: JSON.parse(JSON.stringify(shot.system)) }),
    );
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(forged.id, "draw", buttonArgs(shot.content, "draw")[0]! as never)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    const gun = await shown(await open("alice", bond, true), "alice");
    expect(gun.view).toMatchObject({ canRoll: false, byDraw: false });
  });

  it("a draw won in an earlier round gives no shot now", async () => {
    await toActionStep(world, combat, hood);
    const shot = await attack(world, "gm", hood, [bond], 5, 3);
    world.login("alice");
    world.dice.queue(1, 6);
    expect(await adapter.queries.requestFollowUp(shot.id, "draw", buttonArgs(shot.content, "draw")[0]! as never)).toMatchObject({ ok: true });
    world.login("gm");
    await fc().nextRound();
    await toActionStep(world, combat, hood);
    const later = await shown(await open("alice", bond, true), "alice");
    expect(later.view).toMatchObject({ canRoll: false, byDraw: false });
  });

  it("a pick-up out of step is refused with the same reason; nothing is picked up", async () => {
    const gun = bond.items.contents[0]!;
    world.login("gm");
    await bond.update({ [`system.dropped.${gun.id}`]: true } as never);
    expect((bond.system as unknown as { droppedWeapons: string[] }).droppedWeapons).toEqual([gun.id]);
    const sheet = await characterSheet(world, bond, "alice");
    await sheet.click("pickUp", { itemId: gun.id });
    expect((bond.system as unknown as { droppedWeapons: string[] }).droppedWeapons).toEqual([gun.id]);
    expect(world.notified("warn").at(-1)).toBe("Actions are still being declared: James Bond acts when the tracker reaches James Bond's action.");
    await toActionStep(world, combat, bond);
    await (await characterSheet(world, bond, "alice")).click("pickUp", { itemId: gun.id });
    expect((bond.system as unknown as { droppedWeapons: string[] }).droppedWeapons).toEqual([]);
  });
});
