/**
 * A whole Bond round through the real adapter in the typed Foundry fake: Speed order with kept D6
 * tie-breaks, declarations with attacks per round, an NPC's attack card, the PC's Hero Point,
 * Apply (wound table, accumulation, statuses), Undo, and a recovery roll.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { clickAttackFollowUp } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, Speed 3
let hood: FakeActor; // GM's NPC, Speed 1
let hood2: FakeActor; // GM's NPC, Speed 1 (ties with hood)
let thug: FakeActor; // GM's NPC, Speed 0

const pc = { str: 12, dex: 14, wil: 13, per: 13, int: 12 };
const npc = { str: 10, dex: 9, wil: 8, per: 8, int: 7 };
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

type Card = { applications: Application[]; result: Record<string, unknown>; targets: { uuid: string }[] };
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const wound = (a: FakeActor) => (a.system as unknown as { wound: { level: string; woundRollPending: boolean } }).wound;

async function bondModules() {
  const dialog = await import("../../../../src/rulesets/bond/sheets/attack-dialog.js");
  const setup = await import("../../../../src/rulesets/bond/sheets/attack-setup.js");
  const view = await import("../../../../src/rulesets/bond/sheets/attack-view.js");
  const recovery = await import("../../../../src/rulesets/bond/cards/recovery.js");
  return { ...dialog, ...setup, ...view, ...recovery };
}

/** The GM's hood fires the Beretta at Bond: d100 then the D6 kept for hours unconscious. */
async function hoodFires(d100: number, d6: number): Promise<FakeChatMessage> {
  const m = await bondModules();
  world.login("gm");
  world.dice.queue(d100, d6);
  const beretta = hood.items.contents[0] ?? null;
  const s = m.buildSetup(hood as never, beretta as never);
  const posted = await m.rollAttack(hood as never, s, m.defaultChoices(s), [{ uuid: bond.uuid, name: bond.name }]);
  return posted as unknown as FakeChatMessage;
}

const followUp = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pc, heroPoints: pool(3) }, ownership: { alice: 3 } });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npc }, items: [{ name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } }] });
  hood2 = world.createActor({ name: "Second hood", type: "bondCharacter", system: { npc: true, characteristics: npc } });
  thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npc, dex: 6, per: 6 } } });
});

describe("bond data", () => {
  it("derives Speed from DEX + PER, the wound penalty and the points pool", () => {
    const s = bond.system as unknown as { speed: number; woundPenalty: number; heroPointsValue: number; hthDamageClass: string };
    expect(s.speed).toBe(3);
    expect((hood.system as unknown as { speed: number }).speed).toBe(1);
    expect((thug.system as unknown as { speed: number }).speed).toBe(0);
    expect(s.woundPenalty).toBe(0);
    expect(s.heroPointsValue).toBe(3);
    expect(s.hthDamageClass).toBe("B");
  });
});

describe("a bond combat round", () => {
  let combat: FakeCombat;
  let fc: FracasCombat;
  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const steps = () => (combat.system as unknown as { plan: { steps: { kind: string; combatantId: string }[] } }).plan.steps.map((s) => `${s.kind}:${s.combatantId}`);

  beforeEach(async () => {
    world.login("gm");
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: hood2.id }, { actorId: thug.id }]);
    world.dice.queue(5, 2, 6, 6); // the two Speed 1 hoods tie: one D6 each, lowest wins (Fracas rolls D6s in fours)
    await fc.startCombat();
  });

  it("declares in ascending Speed and acts in descending Speed, the D6 tie-break kept for the battle", async () => {
    const memory = (a: FakeActor) => (combat as unknown as FracasCombat).combatantState(cid(a)).memory as unknown as { tieRolls: number[] };
    const rolls = [memory(hood).tieRolls, memory(hood2).tieRolls].map((r) => r[0]).sort();
    expect(rolls).toEqual([2, 5]);
    const faster = memory(hood).tieRolls[0] === 2 ? hood : hood2;
    const slower = faster === hood ? hood2 : hood;
    const declare = [thug, slower, faster, bond].map((a) => `declare:${cid(a)}`);
    const act = [bond, faster, slower, thug].map((a) => `act:${cid(a)}`);
    expect(steps()).toEqual([...declare, ...act]);
    expect(combat.combatants.get(cid(bond))!.initiative).toBe(3);

    // Round 2 needs no dice (an unscripted die would throw): the kept rolls decide again.
    await fc.nextRound();
    expect(combat.round).toBe(2);
    expect(steps()).toEqual([...declare, ...act]);
  });

  it("offers declarations with the attacks Speed allows; Speed 0 attacks only on even rounds", async () => {
    const mapping = adapter.rulesets.descriptor("bond")!.combat!;
    const info = (a: FakeActor) => fc.combatantInfos().find((c) => c.id === cid(a))!;
    expect(mapping.declarations(info(bond)).map((o) => o.label)).toEqual([
      "FRACAS.Bond.Declare.fire.n3", "FRACAS.Bond.Declare.hth.n3", "FRACAS.Bond.Declare.kick.n3", "FRACAS.Bond.Declare.specificBlow.n3",
      "FRACAS.Bond.Declare.move", "FRACAS.Bond.Declare.other",
    ]);
    expect(mapping.declarations(info(thug)).map((o) => o.value)).toEqual(["move", "other"]);
    // Declarations go in turn (D61): the GM moves on to Bond's declare step, the last (fastest).
    while (fc.fracas.plan.steps[fc.fracas.step]?.combatantId !== cid(bond)) await fc.advance();
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, cid(bond), "fire")).toEqual({ ok: true });
    world.login("gm");
    await fc.nextRound();
    expect(mapping.declarations(info(thug)).map((o) => o.label)).toContain("FRACAS.Bond.Declare.fire.n1");
  });

  it("counts attacks against the round's allowance", async () => {
    const m = await bondModules();
    await hoodFires(90, 1);
    const s = m.buildSetup(hood as never, (hood.items.contents[0] ?? null) as never);
    expect(m.attacksLeft(s)).toEqual({ allowed: 1, made: 1, remaining: 0 });
    expect(m.attackView(s, m.defaultChoices(s)).canRoll).toBe(false);
  });
});

describe("attack card → Hero Point → apply → accumulate → undo", () => {
  it("the PC lowers the NPC's QR with a Hero Point before the wound is applied", async () => {
    // Hood: unskilled Fire Combat PC ⌊(9+8)/2⌋ = 8, EF 5 → SC 40; roll 5 is QR2; DC E → Heavy Wound.
    const m = await hoodFires(5, 3);
    const result = cardOf(m).result;
    expect(result).toMatchObject({ successChance: 40, qualityRating: 2, damageClass: "E", woundLevel: "HW", attackerIsNpc: true, hoursRoll: 3 });
    expect(m.content).toContain("Spend a Hero Point");

    world.login("alice");
    await followUp("heroPoint", m, bond);
    const sys = bond.system as unknown as { heroPoints: { value: number; entries: { reason: string }[] }; attackResponses: Record<string, { heroPoints: number }> };
    expect(sys.heroPoints.value).toBe(2);
    expect(sys.heroPoints.entries.at(-1)!.reason).toBe(`attack:${String(result.attackId)}`);
    expect(sys.attackResponses[String(result.attackId)]!.heroPoints).toBe(1);

    world.login("gm");
    const applied = await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.MW" } });
    expect(wound(bond)).toMatchObject({ level: "MW", woundRollPending: true });
    expect(bond.statuses.has("fracas-stunned")).toBe(true);
    expect((bond.system as unknown as { woundPenalty: number }).woundPenalty).toBe(-2);

    // A spend after Apply is refused (undo first), and the pool is untouched.
    world.login("alice");
    await followUp("heroPoint", m, bond);
    expect(sys.heroPoints.value).toBe(2);
    expect(world.notifications.at(-1)?.message).toContain("already been applied");

    // A second hit (roll 30: QR4, Light Wound) accumulates: MW + LW → HW; Undo restores MW exactly.
    const second = await hoodFires(30, 1);
    expect(cardOf(second).result).toMatchObject({ qualityRating: 4, woundLevel: "LW" });
    world.login("gm");
    const before = bond.toObject();
    // The row says the accumulation table made it (session 7 audit), in the book's codes.
    expect(await adapter.queries.requestApply(second.id, bond.uuid, true)).toMatchObject({
      ok: true,
      summary: { key: "FRACAS.Bond.Summary.Accumulated.HW", data: { before: "MW", wound: "LW" } },
    });
    expect(world.i18n.format("FRACAS.Bond.Summary.Accumulated.HW", { before: "MW", wound: "LW" })).toBe("now Heavy Wound (MW + LW, by the wound accumulation table)");
    expect(wound(bond).level).toBe("HW");
    const app = cardOf(second).applications.at(-1)!;
    expect(await adapter.queries.requestUndo(second.id, app.id, true)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(bond.toObject()).toEqual(before);

    // Undo the first too: unhurt again, status gone.
    const first = cardOf(m).applications.at(-1)!;
    await adapter.queries.requestUndo(m.id, first.id, true);
    expect(wound(bond).level).toBe("none");
    expect(bond.statuses.has("fracas-stunned")).toBe(false);
  });

  it("a Light Wound on a Heavy-Wounded agent incapacitates by accumulation; Apply says for how many hours (the attack's D6)", async () => {
    await bond.update({ "system.wound.level": "HW" } as never);
    const m = await hoodFires(30, 4);
    expect(cardOf(m).result).toMatchObject({ woundLevel: "LW", hoursRoll: 4 });
    world.login("gm");
    const r = await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(r).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.NowUnconsciousOther", data: { name: "James Bond", hours: 4 } } });
    expect(wound(bond)).toMatchObject({ level: "IN", unconsciousHours: 4 });
    expect(world.i18n.format("FRACAS.Bond.Summary.NowUnconsciousOther", { name: "James Bond", hours: "4" })).toContain("unconscious for 4 hours");
  });

  it("only the target's owner (or the GM) may spend for it", async () => {
    const m = await hoodFires(5, 3);
    world.addUser({ id: "bob", name: "Bob", isGM: false });
    world.login("bob");
    await followUp("heroPoint", m, bond);
    expect((bond.system as unknown as { heroPoints: { value: number } }).heroPoints.value).toBe(3);
    expect(world.notifications.at(-1)?.message).toContain("owner or the GM");
  });

  it("the wounded PC's Willpower recovery roll posts a card and applies itself", async () => {
    const m = await hoodFires(5, 3);
    world.login("gm");
    await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
    const mods = await bondModules();
    world.login("alice");
    world.dice.queue(20, 4); // WIL 13 × EF 3 = SC 39: 20 passes
    await mods.postRecovery(bond as never, "wound");
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: false });
    expect(bond.statuses.has("fracas-stunned")).toBe(false);
    const card = [...world.messages].at(-1) as unknown as FakeChatMessage;
    expect(cardOf(card).result).toMatchObject({ which: "wound", roll: 20 });
    expect(card.content).toContain("Back in action");
    // Only the d100 is shown: the d6 counts only when a Stun roll fails.
    expect((card as unknown as { rolls: unknown[] }).rolls.length).toBe(1);
  });
});

describe("Hand-to-Hand follow-ups", () => {
  let jaws: FakeActor;
  beforeEach(() => {
    jaws = world.createActor({ name: "Jaws", type: "bondCharacter", system: { npc: true, characteristics: { str: 18, dex: 8, wil: 10, per: 8, int: 6 } } });
  });

  /** Alice's Bond punches Jaws (targeted on the map): PC ⌊(12+14)/2⌋ = 13, EF 5 − Jaws's Speed 1 = 4 → SC 52. */
  async function bondPunches(d100: number, d6: number, blow: "" | "knockout" = ""): Promise<FakeChatMessage> {
    const m = await bondModules();
    world.login("alice");
    world.target("alice", jaws);
    world.dice.queue(d100, d6);
    const s = m.buildSetup(bond as never, null);
    const choices = { ...m.defaultChoices(s), specificBlow: blow };
    return (await m.rollAttack(bond as never, s, choices)) as unknown as FakeChatMessage;
  }

  it("Shake Off: Jaws (STR 18) makes the EF 5 Strength roll and the Heavy Wound drops to a Light one", async () => {
    const m = await bondPunches(3, 1);
    expect(cardOf(m).result).toMatchObject({ successChance: 52, qualityRating: 1, damageClass: "B", woundLevel: "HW", shakeOffPossible: true });
    expect(cardOf(m).targets).toEqual([{ uuid: jaws.uuid, name: "Jaws" }]);
    world.login("alice");
    await followUp("shakeOff", m, jaws); // Alice does not own Jaws: refused, no dice used
    expect(world.notifications.at(-1)?.message).toContain("owner or the GM");
    world.login("gm");
    world.dice.queue(10); // STR 18 × EF 5 = SC 90
    await followUp("shakeOff", m, jaws);
    expect(await adapter.queries.requestApply(m.id, jaws.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.LW" } });
    expect(wound(jaws).level).toBe("LW");
  });

  it("Knockout: no wound; the target's Willpower roll at EF 2 × QR fails and knocks it out", async () => {
    // EF 5 − 1 (Speed) − 2 (Specific Blow) − 2 (knockout) = ½ → SC 6 (QR2 ≤ 1, QR3 ≤ 3); roll 1 is QR2 → Willpower at EF 4.
    const m = await bondPunches(1, 1, "knockout");
    expect(cardOf(m).result).toMatchObject({ successChance: 6, qualityRating: 2, woundLevel: "none", knockoutEase: 4 });
    world.login("gm");
    world.dice.queue(90, 3); // WIL 10 × EF 4 = SC 40: 90 fails
    await followUp("knockout", m, jaws);
    expect(jaws.system).toMatchObject({ wound: { level: "none", knockedOut: true } });
    expect(jaws.statuses.has("fracas-unconscious")).toBe(true);
  });
});
