/**
 * Review s10 C1 and C2 (D66 amended): recovery cards applied and undone in any order.
 * C1: two counted Stun cards A (count 0) and B (count 1) applied, B undone, then A undone: the count
 * is back at 0 but the single card flag named B, so nothing was held and the claim for count 0 was
 * taken — the Roll button said "already made". The card of each count is now recorded per count
 * (and, past the kept counts or for an old single-card record, found in the chat log).
 * C2: a recovery card's Apply writes its stored rollCount + 1; a card that is not the roll due now
 * is refused instead of moving the count (backwards, or past a roll never applied).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import { cardOf, pcChars, pool, wound } from "./helpers.js";
import { KEPT_COUNTS, rollCardUpdate } from "../../../../src/rulesets/bond/cards/recovery-count.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // Alice's: WIL 13

const stun = { level: "ST", stunRollPending: true, stunCharacteristic: "willpower", stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m).kind === "recovery");
const count = (a: FakeActor) => (a.getFlag("fracas", "bondRecoveryRolls") as Record<string, number> | undefined)?.stun ?? 0;
const live = (m: FakeChatMessage) => cardOf(m).applications.filter((a) => !a.undone);
const HELD_APPLIED = "James Bond's roll had already been made: its result is now applied, with no new roll.";

async function sheetRoll(user: string, which: string) {
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  const sheet = new BondCharacterSheet({ document: bond } as never);
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>> }).actions;
  return world.as(user, () => actions.recover!.call(sheet, {}, { dataset: { which } }));
}

const undo = async (card: FakeChatMessage) => expect(await adapter.queries.requestUndo(card.id, live(card)[0]!.id, true)).toMatchObject({ ok: true });

let afterA: Record<string, unknown>;

/** Stun A (fails: 4 rounds) rolled and applied → count 1; a new Stun, B (passes) rolled and applied → count 2. */
async function twoStunCards(): Promise<[FakeChatMessage, FakeChatMessage]> {
  await bond.update({ "system.wound": { ...stun } } as never);
  world.dice.queue(100, 4);
  await sheetRoll("alice", "stun");
  afterA = { ...wound(bond) };
  await bond.update({ "system.wound": { ...stun } } as never);
  world.dice.queue(5, 2);
  await sheetRoll("alice", "stun");
  const [a, b] = recoveryCards();
  expect(cardOf(a!).result).toMatchObject({ rollCount: 0 });
  expect(cardOf(b!).result).toMatchObject({ rollCount: 1 });
  expect(count(bond)).toBe(2);
  return [a!, b!];
}

/** B undone, the second Stun taken back by the GM (so A's Undo finds its wound unchanged), A undone. */
async function undoBoth(a: FakeChatMessage, b: FakeChatMessage) {
  await undo(b);
  await bond.update({ "system.wound": { ...afterA } } as never);
  await undo(a);
  expect(count(bond)).toBe(0);
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
  world.login("gm");
});

describe("review s10 C1: the card of the current count is found after any order of Apply and Undo", () => {
  it("B undone, then A undone: the Roll applies A (no new roll), and the next press applies B", async () => {
    const [a, b] = await twoStunCards();
    await undoBoth(a, b);
    expect(count(bond)).toBe(0);
    expect(wound(bond)).toMatchObject({ stunRollPending: true, stunRounds: 0 });
    world.notifications.length = 0;
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(2); // no third roll
    expect(world.dice.remaining).toEqual([]);
    expect(live(a)).toHaveLength(1);
    expect(live(b)).toHaveLength(0);
    expect(count(bond)).toBe(1);
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 4 });
    expect(world.notified("info")).toEqual([HELD_APPLIED]);
    expect(world.notified("warn")).toEqual([]);
    // The second Stun lands again: its roll (count 1) is B's, held by B and applied, not rolled.
    await bond.update({ "system.wound": { ...stun } } as never);
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(2);
    expect(live(b)).toHaveLength(1);
    expect(count(bond)).toBe(2);
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 0 });
  });

  it("with only the old single-card record (naming B), the undone A is found in the chat log", async () => {
    const [a, b] = await twoStunCards();
    await undoBoth(a, b);
    await bond.unsetFlag("fracas", "bondRecoveryCards");
    await bond.setFlag("fracas", "bondRecoveryCard", { stun: { count: 1, messageId: b.id, applyFailed: false } });
    world.notifications.length = 0;
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(2);
    expect(live(a)).toHaveLength(1);
    expect(count(bond)).toBe(1);
    expect(world.notified("info")).toEqual([HELD_APPLIED]);
  });

  it("the record is kept per count and bounded: counts KEPT_COUNTS below the new one are pruned", async () => {
    const kept = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), { messageId: `m${i}`, applyFailed: false }]));
    await bond.setFlag("fracas", "bondRecoveryCards", { stun: kept });
    const update = rollCardUpdate(bond as never, "stun", 10, "m10");
    const pruned = Object.keys(update).filter((k) => k.includes("-=")).map((k) => k.split("-=")[1]);
    expect(pruned).toEqual(Array.from({ length: 10 - KEPT_COUNTS + 1 }, (_, i) => String(i)));
    await bond.update(update as never);
    const after = (bond.getFlag("fracas", "bondRecoveryCards") as { stun: Record<string, unknown> }).stun;
    expect(Object.keys(after).sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: KEPT_COUNTS }, (_, i) => String(10 - KEPT_COUNTS + 1 + i)));
  });
});

describe("review s10 C2: only the card of the roll due now applies", () => {
  it("B (count 1) pressed while the count is back at 0: refused, nothing moves", async () => {
    const [a, b] = await twoStunCards();
    await undoBoth(a, b);
    const out = await adapter.queries.requestApply(b.id, bond.uuid, true);
    expect(out).toMatchObject({ ok: false, reason: "FRACAS.Bond.Refused.StaleRecovery", data: { name: "James Bond", card: 2, due: 1 } });
    expect(count(bond)).toBe(0);
    expect(live(b)).toHaveLength(0);
    expect(wound(bond)).toMatchObject({ stunRollPending: true, stunRounds: 0 });
    expect(world.i18n.format("FRACAS.Bond.Refused.StaleRecovery", (out as { data?: unknown }).data as never)).toBe(
      "This card holds James Bond's recovery roll no. 2 of its kind, but no. 1 is the one due now: it cannot be applied. Recovery rolls are applied, and undone, in order.",
    );
  });

  it("an undone card pressed after the count moved past it (here by hand): refused, the count does not go backwards", async () => {
    await bond.update({ "system.wound": { ...stun } } as never);
    world.dice.queue(5, 2);
    await sheetRoll("alice", "stun");
    const [a] = recoveryCards();
    await undo(a!);
    await bond.update({ "system.wound": { ...stun }, "flags.fracas.bondRecoveryRolls.stun": 2 } as never);
    const out = await adapter.queries.requestApply(a!.id, bond.uuid, true);
    expect(out).toMatchObject({ ok: false, reason: "FRACAS.Bond.Refused.StaleRecovery", data: { card: 1, due: 3 } });
    expect(count(bond)).toBe(2);
    expect(wound(bond)).toMatchObject({ stunRollPending: true });
  });
});
