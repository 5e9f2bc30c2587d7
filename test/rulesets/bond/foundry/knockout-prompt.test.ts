/**
 * A landed knockout nobody resisted (DECISIONS D38), through the real adapter in the fake: the
 * GM's next round start prompts the target's Willpower roll, once, whispered to its owners and
 * the GM; the prompt's button and the attack card's "Resist knockout" make the same roll under the
 * same claim (`<attackId>:knockout`), so only one of them ever rolls.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { AttackCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { attack, cardOf, responses, wound, clickAttackFollowUp, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's PC: WIL 10, Speed 1
let thug: FakeActor; // the GM's NPC: H-t-H 11, Speed 2
let combat: FakeCombat;
let fc: FracasCombat;

const prompts = () => [...world.messages].filter((m) => cardOf(m).kind === "knockoutPrompt");
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m).kind === "recovery");
const whisper = (m: FakeChatMessage) => (m.toObject() as { whisper: string[] }).whisper;
const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];

function clickResist(prompt: FakeChatMessage) {
  const kind = adapter.rulesets.descriptor("bond")!.cards!.knockoutPrompt!;
  return kind.followUps!.resist!({ message: prompt as never, result: cardOf(prompt).result as never, button: { dataset: {} } as never });
}

const clickCard = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

/**
 * The thug's knockout punch on the brute: PC ⌊(10 + 12)/2⌋ = 11, EF 5 − 1 (Speed) − 2 − 2 = 0 → ½,
 * SC 5; a roll of 1 is QR2 → the brute's Willpower roll at EF 2 × 2 = 4 (WIL 10: SC 40).
 */
const knockoutPunch = (d100 = 1) => attack(world, "gm", thug, [brute], d100, 1, { weapon: false, blow: "knockout" });

beforeEach(async () => {
  ({ world, adapter, brute, thug } = await bruteWorld({ quickThug: true }));
  world.login("gm");
  combat = world.createCombat();
  fc = combat as unknown as FracasCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: brute.id }, { actorId: thug.id }]);
  await fc.startCombat(); // Speeds 1 and 2: no ties
});

describe("a landed knockout nobody resisted", () => {
  it("is prompted at the next round start, once, to the target's owners and the GM; its button rolls, and the card's button is then refused", async () => {
    const m = await knockoutPunch();
    expect(cardOf(m).result).toMatchObject({ success: true, qualityRating: 2, knockoutEase: 4, combatRound: 1 });
    world.login("gm");
    await fc.nextRound();
    expect(prompts()).toHaveLength(1);
    const p = prompts()[0]!;
    expect(whisper(p).sort()).toEqual(["alice", "gm"]);
    expect(p.content.replaceAll("&#x27;", "'")).toContain("was hit by Thug's knockout blow last round (round 1) and has not resisted yet");
    expect(p.content).toContain(">Resist knockout (Willpower, EF 4)</button>");
    expect(p.content).toContain('data-fracas-follow-up="resist"');
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ knockoutPrompted: true });

    await fc.nextRound();
    expect(prompts()).toHaveLength(1); // once per attack and target

    world.login("alice");
    world.dice.queue(90, 1); // 90 > SC 40: knocked out
    await clickResist(p);
    expect(recoveryCards()).toHaveLength(1);
    expect(wound(brute).knockedOut).toBe(true);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ knockout: { success: false }, knockoutPrompted: true });
    expect(claims(brute)).toEqual([`${attackIdOf(m)}:knockout`]);

    // The attack card's own button is now spent: refused before any die.
    world.dice.queue(5, 1);
    await clickCard("knockout", m, brute);
    expect(world.dice.remaining).toEqual([5, 1]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.notifications.at(-1)?.message).toContain("already made the Willpower roll against this knockout");
  });

  it("resisted from the card in its own round: nothing to prompt", async () => {
    const m = await knockoutPunch();
    world.login("alice");
    world.dice.queue(20, 1); // passes
    await clickCard("knockout", m, brute);
    world.login("gm");
    await fc.nextRound();
    expect(prompts()).toEqual([]);
    expect(wound(brute).knockedOut).toBe(false);
  });

  it("the prompt's button and the card's button at the same instant: one roll, one recovery card", async () => {
    const m = await knockoutPunch();
    world.login("gm");
    await fc.nextRound();
    world.login("alice");
    world.dice.queue(20, 1, 90, 1);
    await Promise.all([clickResist(prompts()[0]!), clickCard("knockout", m, brute)]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([90, 1]);
    expect(wound(brute).knockedOut).toBe(false); // the pass stands
  });

  it("the EF is read after the target's Hero Points: one point makes it QR3, EF 6", async () => {
    const m = await knockoutPunch();
    world.login("alice");
    await clickCard("heroPoint", m, brute);
    world.login("gm");
    await fc.nextRound();
    expect(prompts()[0]!.content).toContain(">Resist knockout (Willpower, EF 6)</button>");
  });

  it("no prompt for a knockout claimed elsewhere, a missed one, a plain punch, or one whose Apply the GM undid", async () => {
    const claimed = await knockoutPunch();
    world.login("gm");
    expect(await adapter.queries.claimRoll(brute as never, `${attackIdOf(claimed)}:knockout`)).toBe(true);
    const missed = await knockoutPunch(99);
    const plain = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false }); // a plain punch that lands
    const undone = await knockoutPunch();
    expect([claimed, missed, plain, undone].map((m) => [cardOf(m).result.success, cardOf(m).result.knockoutEase])).toEqual([[true, 4], [false, null], [true, null], [true, 4]]);
    world.login("gm");
    await adapter.queries.requestApply(undone.id, brute.uuid, true);
    const app = cardOf(undone).applications[0]!;
    await adapter.queries.requestUndo(undone.id, app.id, true);
    expect(cardOf(undone).applications.map((a) => a.undone)).toEqual([true]);
    await fc.nextRound();
    expect(prompts()).toEqual([]);
    // Applied again: the blow stands, and the next round start prompts it.
    await adapter.queries.requestApply(undone.id, brute.uuid, true);
    await fc.nextRound();
    expect(prompts().map((p) => (cardOf(p).result as { attack: { attackId: string } }).attack.attackId)).toEqual([attackIdOf(undone)]);
  });

  it("a target already knocked out (or down) is recorded without a prompt, and not prompted when it wakes", async () => {
    const m = await knockoutPunch();
    world.login("gm");
    await brute.update({ "system.wound.knockedOut": true });
    await fc.nextRound();
    expect(prompts()).toEqual([]);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ knockoutPrompted: true });
    await brute.update({ "system.wound.knockedOut": false });
    await fc.nextRound();
    expect(prompts()).toEqual([]);
  });
});

describe("the round start reads only what may still be due (review-s7-perf #7)", () => {
  it("an old knockout already prompted, and a plain punch, are not looked up again; a new one is, and prompts", async () => {
    const old = await knockoutPunch(); // round 1
    await attack(world, "gm", thug, [brute], 1, 1, { weapon: false }); // a plain punch that lands: never a knockout
    world.login("gm");
    await fc.nextRound(); // round 2: the old knockout is prompted (and so settled)
    expect(prompts()).toHaveLength(1);
    const fresh = await knockoutPunch(); // round 2
    world.login("gm");
    const looked: string[] = [];
    const g = globalThis as unknown as { fromUuid: (uuid: string) => Promise<unknown> };
    const real = g.fromUuid;
    g.fromUuid = (uuid: string) => (looked.push(uuid), real(uuid));
    try {
      await fc.nextRound(); // round 3
    } finally {
      g.fromUuid = real;
    }
    // Only the new knockout's target is looked up (once); the old card and the punch are skipped.
    expect(looked).toEqual([brute.uuid]);
    expect(prompts().map((p) => (cardOf(p).result as { attack: { attackId: string } }).attack.attackId)).toEqual([attackIdOf(old), attackIdOf(fresh)]);
  });
});

describe("knockoutDue (pure)", () => {
  const base = { success: true, knockoutEase: 4, qualityRating: 2, attackerIsNpc: true, shakeOff: null } as unknown as AttackCardResult;
  const hit = { ...base, attackId: "a1" } as AttackCardResult;
  it("prompt / record / none", async () => {
    const { knockoutDue } = await import("../../../../src/rulesets/bond/cards/knockout-prompt.js");
    expect(knockoutDue(hit, {}, [], false)).toBe("prompt");
    expect(knockoutDue(hit, {}, [], true)).toBe("none");
    expect(knockoutDue(hit, {}, [{ undone: true }], false)).toBe("none");
    expect(knockoutDue(hit, {}, [{ undone: true }, { undone: false }], false)).toBe("prompt");
    expect(knockoutDue(hit, { wound: { level: "KL" } }, [], false)).toBe("record");
    expect(knockoutDue(hit, { attackResponses: { a1: { knockoutPrompted: true } } }, [], false)).toBe("none");
    expect(knockoutDue({ ...hit, knockoutEase: null }, {}, [], false)).toBe("none");
  });
});
