/**
 * Session 10 (D66 amended): a recovery roll whose Apply failed outright (the GM's client timed out,
 * or refused the write) still moved the roll count while the roll stayed due, so the next press
 * claimed a new key and rolled a second time for the same due recovery. The count now moves with
 * the card's own Apply; a failed one leaves the roll claimed and held by its card, which the roll's
 * button (or the card's Apply) applies: the same result, no new roll, and no dead end after it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, cardOf, npcChars, pcChars, pool, wound } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // Alice's: WIL 13
let hood: FakeActor;
let fc: FracasCombat;

const beretta = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };
const stun = { level: "ST", stunRollPending: true, stunCharacteristic: "willpower", stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m).kind === "recovery");
const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const count = (a: FakeActor) => a.getFlag("fracas", "bondRecoveryRolls") as Record<string, number> | undefined;
const live = (m: FakeChatMessage) => cardOf(m).applications.filter((a) => !a.undone);
const NOT_APPLIED = "James Bond's roll was made, but its result was not applied (or the GM's client did not confirm it). It is not rolled again: press Apply on its card, or the roll's button again, to apply that same result.";
const HELD_APPLIED = "James Bond's roll had already been made: its result is now applied, with no new roll.";

/** The sheet's own Stun/wound Roll button (character-sheet.ts #onRecover) pressed by `user`. */
async function sheetRoll(user: string, which: string) {
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  const sheet = new BondCharacterSheet({ document: bond } as never);
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>> }).actions;
  return world.as(user, () => actions.recover!.call(sheet, {}, { dataset: { which } }));
}

/** Alice's Roll, whose Apply the GM's client fails once: by throwing (a timeout) or with a refusal. */
async function rollWithFailedApply(which: string, how: "throw" | "refuse" = "throw") {
  const queries = world.config.queries as Record<string, (data: unknown, options?: unknown) => Promise<unknown>>;
  const apply = queries["fracas.applyCard"]!;
  let failed = 0;
  queries["fracas.applyCard"] = async (data, options) => {
    if (failed++ > 0) return apply(data, options);
    if (how === "throw") throw new Error('The query "fracas.applyCard" to GM timed out after 15000 ms');
    return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
  };
  try {
    await sheetRoll("alice", which);
  } finally {
    queries["fracas.applyCard"] = apply;
  }
  expect(failed).toBe(1);
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
  world.login("gm");
});

describe("session 10: a recovery roll whose Apply failed is applied, not rolled again", () => {
  beforeEach(async () => {
    await bond.update({ "system.wound": { ...stun } } as never);
    world.notifications.length = 0;
  });

  it.each(["throw", "refuse"] as const)("the Apply fails (%s): the roll stays due and claimed, the count stays; the next press applies the same card, with no new roll", async (how) => {
    world.dice.queue(100, 4, 5, 2); // the first roll fails its Stun roll (SC 104: only 100 fails; 4 rounds); a second would pass
    await rollWithFailedApply("stun", how);
    expect(recoveryCards()).toHaveLength(1);
    expect(live(recoveryCards()[0]!)).toHaveLength(0);
    expect(wound(bond)).toMatchObject({ stunRollPending: true, stunRounds: 0 });
    expect(count(bond)?.stun ?? 0).toBe(0);
    expect(claims(bond)).toEqual(["bond.recover:stun:0"]);
    expect(world.notified("warn").at(-1)).toBe(NOT_APPLIED);

    world.notifications.length = 0;
    await sheetRoll("alice", "stun");
    expect(world.hooks.errors).toEqual([]);
    expect(recoveryCards()).toHaveLength(1); // no second roll…
    expect(world.dice.remaining).toEqual([5, 2]);
    expect(live(recoveryCards()[0]!)).toHaveLength(1); // …the first one's card applied
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 4 });
    expect(count(bond)).toEqual({ stun: 1 });
    expect(claims(bond)).toEqual(["bond.recover:stun:0"]);
    expect(world.notified("info")).toEqual([HELD_APPLIED]);
  });

  it("the GM presses the held card's own Apply instead: the count moves with it, and the next Stun is a new roll (no dead end)", async () => {
    world.dice.queue(5, 2);
    await rollWithFailedApply("stun");
    const card = recoveryCards()[0]!;
    expect((await adapter.queries.requestApply(card.id, bond.uuid, true)).ok).toBe(true);
    expect(wound(bond)).toMatchObject({ stunRollPending: false });
    expect(count(bond)).toEqual({ stun: 1 });
    // A new Stun lands: its roll is the next one, claimed under a new key and rolled.
    await bond.update({ "system.wound": { ...stun } } as never);
    world.dice.queue(5, 2);
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(2);
    expect(claims(bond)).toEqual(["bond.recover:stun:0", "bond.recover:stun:1"]);
    expect(count(bond)).toEqual({ stun: 2 });
  });

  it("the held card deleted before anyone applied it: the roll is given back under a new key and rolled (no dead end)", async () => {
    world.dice.queue(100, 4);
    await rollWithFailedApply("stun");
    const card = recoveryCards()[0]!;
    await card.delete();
    world.dice.queue(5, 2);
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(1);
    expect(live(recoveryCards()[0]!)).toHaveLength(1);
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 0 });
    expect(claims(bond)).toEqual(["bond.recover:stun:0", `bond.recover:stun:0:${card.id}`]);
    expect(count(bond)).toEqual({ stun: 1 });
  });

  it("an Undo takes back the result, not the roll: the next press applies the same card again; a press while applied is refused", async () => {
    world.dice.queue(100, 4, 5, 2);
    await sheetRoll("alice", "stun");
    const card = recoveryCards()[0]!;
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 4 });
    expect(count(bond)).toEqual({ stun: 1 });
    world.notifications.length = 0;
    await sheetRoll("alice", "stun");
    expect(world.notified("warn")).toEqual(["No such recovery roll is due."]);
    expect(recoveryCards()).toHaveLength(1);
    await adapter.queries.requestUndo(card.id, live(card)[0]!.id, true);
    expect(wound(bond)).toMatchObject({ stunRollPending: true, stunRounds: 0 });
    expect(count(bond)?.stun ?? 0).toBe(0);
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([5, 2]);
    expect(wound(bond)).toMatchObject({ stunRollPending: false, stunRounds: 4 });
  });
});

describe("session 10: a wound's roll in a fight whose Apply failed", () => {
  it("pressed again in the same round: the held card is applied (it is not a second try, so D18 does not refuse it)", async () => {
    const combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    await fc.startCombat();
    const hit = await attack(world, "gm", hood, [bond], 5, 3); // QR2, DC E → Heavy Wound
    await adapter.queries.requestApply(hit.id, bond.uuid, true);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
    world.notifications.length = 0;
    world.dice.queue(20, 2, 90, 2); // the first passes (SC 39 at EF 3); a second would fail
    await rollWithFailedApply("wound");
    expect(wound(bond)).toMatchObject({ woundRollPending: true });
    world.notifications.length = 0;
    await sheetRoll("alice", "wound");
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([90, 2]);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: false });
    expect(world.notified("info")).toEqual([HELD_APPLIED]);
    expect(world.notified("warn")).toEqual([]);
  });
});
