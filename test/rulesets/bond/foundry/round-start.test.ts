/**
 * descriptor.onRoundStart for bond, through the real adapter in the typed fake: each new round
 * counts down failed Stuns (writing only the fighters something happens to), and whispers recovery prompts to each
 * character's owners and the GM — a Roll button every round until a Stun or wound roll is passed,
 * a one-time note for the unconscious (1D6 hours, then a Heavy Wound) and the killed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, bondModules, cardOf, npcChars, pcChars, pool, wound } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, Speed 3
let hood: FakeActor; // GM's NPC, Speed 1
let thug: FakeActor; // GM's NPC, Speed 0
let combat: FakeCombat;
let fc: FracasCombat;

const beretta = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };
const prompts = () => [...world.messages].filter((m) => cardOf(m).kind === "recoveryPrompt");
const promptsFor = (a: FakeActor) => prompts().filter((m) => (cardOf(m).result as { actorUuid: string }).actorUuid === a.uuid);
const whisper = (m: FakeChatMessage) => (m.toObject() as { whisper: string[] }).whisper;
const attacks = (a: FakeActor) => (a.system as unknown as { roundAttacks: { combat: string; round: number; count: number; fired: boolean } }).roundAttacks;
const combatantOf = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!;

function clickRoll(m: FakeChatMessage, which: string) {
  const kind = adapter.rulesets.descriptor("bond")!.cards!.recoveryPrompt!;
  return kind.followUps!.recover!({ message: m as never, result: cardOf(m).result as never, button: { dataset: { which } } as never });
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
  thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npcChars, dex: 6, per: 6 } } });
  world.login("gm");
  combat = world.createCombat();
  fc = combat as unknown as FracasCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: thug.id }]);
  await fc.startCombat(); // Speeds 3, 1, 0: no ties
});

describe("bond round start", () => {
  it("an unhurt battle posts no prompts, writes no fighter, and each round's attacks read zero (review-s7-perf #1)", async () => {
    const { buildSetup } = await bondModules();
    const { pickUpInputOf } = await import("../../../../src/rulesets/bond/sheets/pick-up.js");
    const { targetHasFired } = await import("../../../../src/rulesets/bond/cards/notes.js");
    // Six more unhurt fighters: N = 9.
    const mooks = Array.from({ length: 6 }, (_, i) => world.createActor({ name: `Mook ${i}`, type: "bondCharacter", system: { npc: true, characteristics: npcChars } }));
    await combat.createEmbeddedDocuments("Combatant", mooks.map((m) => ({ actorId: m.id })));
    expect(prompts()).toEqual([]);
    await attack(world, "gm", hood, [bond], 99, 1); // a miss, but Hood has fired
    expect(attacks(hood)).toEqual({ combat: combat.id, round: 1, count: 1, fired: true });
    const sys = (a: FakeActor) => a.system as never;
    expect(targetHasFired(sys(hood), combat.id, 1)).toBe(true);
    world.login("gm");
    const writes: string[] = [];
    world.observe("updateActor", ((a: FakeActor) => void writes.push(a.name)) as never);
    // Seven at Speed 1: their ties are rolled off once at the round start, then kept (no dice later).
    world.dice.queue(1, 2, 3, 4, 5, 6, 6, 1, 2, 1, 2, 3);
    await fc.nextRound();
    expect(world.dice.remaining).toEqual([]);
    await fc.nextRound();
    expect(writes).toEqual([]); // nothing to change: no fighter written, round after round
    expect(prompts()).toEqual([]);
    // Round 3: Hood's round-1 stamp is left as it was, and every reader counts it as zero.
    expect(attacks(hood)).toEqual({ combat: combat.id, round: 1, count: 1, fired: true });
    expect(buildSetup(hood as never, hood.items.contents[0] as never).attacksMade).toBe(0);
    expect(pickUpInputOf(hood as never).attacksMade).toBe(0);
    expect(targetHasFired(sys(hood), combat.id, 3)).toBe(false);
    // The attack dialog's increment starts again from zero, and a Hand-to-Hand attack has not fired.
    await attack(world, "gm", hood, [bond], 99, 1, { weapon: false });
    expect(attacks(hood)).toEqual({ combat: combat.id, round: 3, count: 1, fired: false });
  });

  it("a wound's Willpower roll is prompted, whispered to the owner and GM, every round until passed", async () => {
    const hit = await attack(world, "gm", hood, [bond], 5, 3); // QR2, DC E → Heavy Wound
    await adapter.queries.requestApply(hit.id, bond.uuid, true);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });

    await fc.nextRound();
    const [first] = promptsFor(bond);
    expect(promptsFor(bond)).toHaveLength(1);
    expect(whisper(first!).sort()).toEqual(["alice", "gm"]);
    expect(cardOf(first!).result).toMatchObject({ round: 2, level: "HW", rolls: ["wound"], status: null });
    expect(first!.content).toContain(">Wound recovery (Willpower, EF 3)</button>"); // named as on the sheet, with the real EF
    expect(first!.content).toContain("Willpower at EF 3");
    expect(first!.content).toContain('data-fracas-follow-up="recover" data-which="wound"');

    // Bob does not own Bond: refused, no dice rolled. Alice fails (WIL 13 × EF 3 = SC 39).
    world.login("bob");
    await clickRoll(first!, "wound");
    expect(world.notifications.at(-1)?.message).toContain("owner or the GM");
    world.login("alice");
    world.dice.queue(80, 2);
    await clickRoll(first!, "wound");
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
    const recovery = [...world.messages].at(-1)!;
    expect(cardOf(recovery)).toMatchObject({ kind: "recovery", result: { which: "wound", roll: 80, characteristic: "wil" } });
    expect(cardOf(recovery).applications).toHaveLength(1);
    // One try a round (DECISIONS D18): a second click this round is refused before any die is rolled.
    await clickRoll(first!, "wound");
    expect(world.notifications.at(-1)?.message).toContain("already tried the wound recovery roll this round");
    expect([...world.messages].at(-1)).toBe(recovery);

    // Still due: prompted again next round; this time it passes, and the round after brings none.
    world.login("gm");
    await fc.nextRound();
    const second = promptsFor(bond).at(-1)!;
    expect(promptsFor(bond)).toHaveLength(2);
    expect(cardOf(second).result).toMatchObject({ round: 3 });
    world.login("alice");
    world.dice.queue(20, 2);
    await clickRoll(second, "wound");
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: false });
    expect(bond.statuses.has("fracas-stunned")).toBe(false);
    world.login("gm");
    await fc.nextRound();
    expect(promptsFor(bond)).toHaveLength(2);
  });

  it("a failed Stun counts down a round at each round start; a pending Stun roll is prompted with its characteristic", async () => {
    await hood.update({ "system.wound": { level: "ST", stunRollPending: false, stunRounds: 2 } });
    await hood.toggleStatusEffect("fracas-stunned", { active: true });
    await thug.update({ "system.wound": { level: "LW", stunRollPending: true, stunCharacteristic: "strength", woundRollPending: true } });
    await fc.nextRound();
    expect(wound(hood)).toMatchObject({ level: "ST", stunRounds: 1 });
    expect(hood.statuses.has("fracas-stunned")).toBe(true);
    expect(promptsFor(hood)).toEqual([]); // a failed Stun has no roll left, only the countdown
    const p = promptsFor(thug).at(-1)!;
    expect(cardOf(p).result).toMatchObject({ rolls: ["stun", "wound"], stunCharacteristic: "strength" });
    expect(whisper(p)).toEqual(["gm"]);
    // A Light Wound: the Stun roll takes its −1 (RB2).
    expect(p.content).toContain("Strength at EF 7");
    expect(p.content).toContain("Willpower at EF 7");

    await fc.nextRound();
    expect(wound(hood)).toMatchObject({ level: "none", stunRounds: 0 });
    expect(hood.statuses.has("fracas-stunned")).toBe(false);

    // The GM makes the thug's Stun roll from the prompt (STR 10 × EF 8 = SC 80).
    world.dice.queue(30, 1);
    await clickRoll(promptsFor(thug).at(-1)!, "stun");
    expect(wound(thug)).toMatchObject({ level: "LW", stunRollPending: false, woundRollPending: true });
    expect([...world.messages].at(-1)!.content).not.toContain("Rounds without action"); // passed: its D6 counts for nothing
  });

  it("Incapacitated: told once — 1D6 hours unconscious, then a Heavy Wound, with the sheet's controls; Killed: once, and defeated", async () => {
    const hit = await attack(world, "gm", hood, [bond], 1, 4); // QR1, DC E → Incapacitated, 4 hours
    expect(cardOf(hit).result).toMatchObject({ woundLevel: "IN" });
    await adapter.queries.requestApply(hit.id, bond.uuid, true);
    expect(wound(bond)).toMatchObject({ level: "IN", unconsciousHours: 4 });
    await thug.update({ "system.wound": { level: "KL" } });

    await fc.nextRound();
    const p = promptsFor(bond).at(-1)!;
    expect(cardOf(p).result).toMatchObject({ status: "unconscious", hours: 4, rolls: [] });
    expect(p.content).toContain("unconscious for 4 more hours, then wakes with a Heavy Wound");
    expect(p.content).toContain("Let hours pass");
    expect(p.content).toContain("Wake up");
    expect(p.content).not.toContain("data-fracas-follow-up");
    const dead = promptsFor(thug).at(-1)!;
    expect(dead.content).toContain("Thug is killed: removed from play.");
    expect(combatantOf(thug).defeated).toBe(true);

    await fc.nextRound();
    expect(promptsFor(bond)).toHaveLength(1);
    expect(promptsFor(thug)).toHaveLength(1);
  });
});

describe("a failed Stun's 1D6 rounds count alike from the sheet and from the prompt (D39)", () => {
  /** The thug's punch: PC ⌊(10 + 6)/2⌋ = 8 × EF (5 − Bond's Speed 3) = SC 16; 12 is QR4 → DC B at QR4 = Stun (Strength). */
  async function stunBond(): Promise<void> {
    const hit = await attack(world, "gm", thug, [bond], 12, 1, { weapon: false });
    expect(cardOf(hit).result).toMatchObject({ woundLevel: "ST", combatRound: 1 });
    world.login("gm");
    await adapter.queries.requestApply(hit.id, bond.uuid, true);
    expect(wound(bond)).toMatchObject({ level: "ST", stunRollPending: true });
    expect((bond.system as unknown as { stunLanded: unknown }).stunLanded).toEqual({ combat: combat.id, round: 1 });
  }

  /** The rounds after the Stun's (round 1) that Bond cannot act in: each round start, until he can. */
  async function roundsWithoutAction(): Promise<number[]> {
    const lost: number[] = [];
    world.login("gm");
    for (let i = 0; i < 8; i++) {
      const w = wound(bond);
      if (combat.round > 1 && !w.stunRollPending && w.stunRounds === 0) break;
      if (combat.round > 1) lost.push(combat.round);
      await fc.nextRound();
    }
    return lost;
  }

  it("rolled at once from the sheet in the Stun's round: a D6 of 2 costs rounds 2 and 3, and the card says so", async () => {
    const { postRecovery } = await import("../../../../src/rulesets/bond/cards/recovery.js");
    await stunBond();
    world.login("alice");
    world.dice.queue(99, 2); // STR 12 × EF 8 = SC 96: 99 fails
    await postRecovery(bond as never, "stun");
    const card = [...world.messages].at(-1)!;
    expect(cardOf(card).result).toMatchObject({ which: "stun", stunLandedThisRound: true, characteristic: "str" });
    expect(card.content).toContain("Stun roll (Strength)"); // the who line names the characteristic rolled
    expect(card.content).toContain("Stunned: no action for the rest of this round and 2 more rounds.");
    expect(card.content).toContain("Rounds without action: the D6 rolled 2."); // where the 2 comes from
    expect(cardOf(card).applications[0]!.summary).toEqual({ key: "FRACAS.Bond.Summary.Recovery.stun.FailedHeldOther", data: { name: "James Bond", rounds: 2 } });
    expect(await roundsWithoutAction()).toEqual([2, 3]);
  });

  it("rolled from the next round's prompt: the same D6 of 2 costs the same rounds 2 and 3", async () => {
    await stunBond();
    world.login("gm");
    await fc.nextRound();
    world.login("alice");
    world.dice.queue(99, 2);
    await clickRoll(promptsFor(bond).at(-1)!, "stun");
    const card = [...world.messages].at(-1)!;
    expect(cardOf(card).result).toMatchObject({ which: "stun", stunLandedThisRound: false });
    expect(card.content).toContain("Stunned: no action for 2 rounds.");
    expect(card.content).toContain("Rounds without action: the D6 rolled 2.");
    expect(await roundsWithoutAction()).toEqual([2, 3]);
  });
});
