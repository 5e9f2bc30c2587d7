/**
 * Session 9 (closing-s8, Bond): the owner and the GM pressing a round-start recovery prompt's Roll at
 * the same instant, on two clients, made two rolls: both passed the checks (the D18 flag and the
 * wound state are written after the roll). The prompt's Roll is now claimed first on the character
 * (core claimRoll, on the active GM's client, as the knockout and Shake Off are): one rolls, the
 * other is told it was already rolled.
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
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m).kind === "recovery");
const promptOf = (a: FakeActor) => [...world.messages].filter((m) => cardOf(m).kind === "recoveryPrompt" && (cardOf(m).result as { actorUuid: string }).actorUuid === a.uuid).at(-1)!;
const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const ALREADY = "That roll was already made; it is made once.";

function clickRoll(m: FakeChatMessage, which: string) {
  const kind = adapter.rulesets.descriptor("bond")!.cards!.recoveryPrompt!;
  return kind.followUps!.recover!({ message: m as never, result: cardOf(m).result as never, button: { dataset: { which } } as never });
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
  world.login("gm");
  const combat = world.createCombat();
  fc = combat as unknown as FracasCombat;
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
  await fc.startCombat();
});

/** Hood's hit gives Bond a Heavy Wound (its Willpower roll due); the next round start prompts it. */
async function woundPrompt(): Promise<FakeChatMessage> {
  const hit = await attack(world, "gm", hood, [bond], 5, 3); // QR2, DC E → Heavy Wound
  await adapter.queries.requestApply(hit.id, bond.uuid, true);
  expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
  world.login("gm");
  await fc.nextRound();
  return promptOf(bond);
}

describe("session 9: a recovery prompt's Roll pressed by the owner and the GM at once", () => {
  it("two clients at the same instant: one roll, one recovery card; the other is told it was already rolled", async () => {
    const p = await woundPrompt();
    world.notifications.length = 0;
    world.dice.queue(80, 2, 10, 2); // the first fails (SC 39): a second roll would overturn it
    await Promise.all([world.as("alice", () => clickRoll(p, "wound")), world.as("gm", () => clickRoll(p, "wound"))]);
    expect(world.hooks.errors).toEqual([]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([10, 2]);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
    expect(world.notified("warn")).toEqual([ALREADY]);
    expect(claims(bond)).toEqual(["bond.recover:wound:0"]);
  });

  it("a click refused whatever the dice (tried this round) claims nothing; next round's prompt rolls again", async () => {
    const p = await woundPrompt();
    world.login("alice");
    world.dice.queue(80, 2);
    await clickRoll(p, "wound");
    expect(recoveryCards()).toHaveLength(1);
    world.login("gm");
    await clickRoll(p, "wound");
    // Refused by D18 before the claim: the GM hears why, not "already made".
    expect(world.notifications.at(-1)?.message).toContain("already tried the wound recovery roll this round");
    expect(claims(bond)).toEqual(["bond.recover:wound:0"]);
    await fc.nextRound();
    const next = promptOf(bond);
    expect(next).not.toBe(p);
    world.login("alice");
    world.dice.queue(20, 2);
    await clickRoll(next, "wound");
    expect(recoveryCards()).toHaveLength(2);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: false });
  });
});

/** The sheet's own Stun/wound Roll button (character-sheet.ts #onRecover) pressed by `user`. */
async function sheetRoll(user: string, which: string) {
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  const sheet = new BondCharacterSheet({ document: bond } as never);
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<void>> }).actions;
  return world.as(user, () => actions.recover!.call(sheet, {}, { dataset: { which } }));
}

describe("session 9 wave 2: the sheet's Stun/wound Roll claims the same roll as the prompt's (D66)", () => {
  it("the owner on the sheet and the GM on the prompt at the same instant: one roll, one card; the other told it was already rolled", async () => {
    const p = await woundPrompt();
    world.notifications.length = 0;
    world.dice.queue(80, 2, 10, 2);
    await Promise.all([sheetRoll("alice", "wound"), world.as("gm", () => clickRoll(p, "wound"))]);
    expect(world.hooks.errors).toEqual([]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([10, 2]);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: true });
    expect(world.notified("warn")).toEqual([ALREADY]);
  });

  it("the GM on the sheet and the owner on the prompt, the other way round: one roll", async () => {
    const p = await woundPrompt();
    world.notifications.length = 0;
    world.dice.queue(20, 2, 90, 2); // the first passes; a second would be refused or overturn nothing
    await Promise.all([world.as("alice", () => clickRoll(p, "wound")), sheetRoll("gm", "wound")]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([90, 2]);
    expect(wound(bond)).toMatchObject({ level: "HW", woundRollPending: false });
  });

  it("outside a fight, two clients on the sheet at once: one Stun roll; a Stun landing later is a new roll, rolled again", async () => {
    world.login("gm");
    await fc.delete();
    const stun = { level: "ST", stunRollPending: true, stunCharacteristic: "willpower", stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
    await bond.update({ "system.wound": stun } as never);
    world.notifications.length = 0;
    world.dice.queue(5, 2, 5, 2);
    await Promise.all([sheetRoll("alice", "stun"), sheetRoll("gm", "stun")]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([5, 2]);
    expect(world.notified("warn")).toEqual([ALREADY]);
    expect(wound(bond)).toMatchObject({ stunRollPending: false });
    // Another Stun: its roll is a new one (the count moved on), so the sheet rolls it.
    world.login("gm");
    await bond.update({ "system.wound": stun } as never);
    await sheetRoll("alice", "stun");
    expect(recoveryCards()).toHaveLength(2);
    expect(claims(bond)).toEqual(["bond.recover:stun:0", "bond.recover:stun:1"]);
  });
});

describe("review s9 H2: the roll count moves only once the recovery card's Apply has landed", () => {
  const due = {
    stun: { level: "ST", stunRollPending: true, stunCharacteristic: "willpower", stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false },
    wound: { level: "HW", stunRollPending: false, stunCharacteristic: "willpower", stunRounds: 0, woundRollPending: true, unconsciousHours: 0, knockedOut: false, firstAidUsed: false },
  };
  const pending = { stun: "stunRollPending", wound: "woundRollPending" } as const;

  it.each(["stun", "wound"] as const)("outside a fight, the GM presses the sheet's %s Roll while the owner's Apply is on its way to the GM: one roll, the GM is told it was already made", async (which) => {
    world.login("gm");
    await fc.delete();
    await bond.update({ "system.wound": { ...due[which] } } as never);
    world.notifications.length = 0;
    world.dice.queue(5, 2, 5, 2);
    // Alice's card is posted and its Apply asked of the GM's client; the GM presses before it lands.
    const queries = world.config.queries as Record<string, (data: unknown, options?: unknown) => Promise<unknown>>;
    const apply = queries["fracas.applyCard"]!;
    let pressed = false;
    queries["fracas.applyCard"] = async (data, options) => {
      if (!pressed) {
        pressed = true;
        expect(wound(bond)).toMatchObject({ [pending[which]]: true }); // the window: card posted, the roll still due
        await sheetRoll("gm", which);
      }
      return apply(data, options);
    };
    try {
      await sheetRoll("alice", which);
    } finally {
      queries["fracas.applyCard"] = apply;
    }
    expect(pressed).toBe(true);
    expect(world.hooks.errors).toEqual([]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([5, 2]);
    expect(world.notified("warn")).toEqual([ALREADY]);
    expect(wound(bond)).toMatchObject({ [pending[which]]: false }); // 5 passes either roll
    expect(claims(bond)).toEqual([`bond.recover:${which}:0`]);
    expect(bond.getFlag("fracas", "bondRecoveryRolls")).toEqual({ [which]: 1 });
  });
});
