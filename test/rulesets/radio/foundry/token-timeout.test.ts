/**
 * Session 9, wave 2: a token write the GM's client did not answer in time. Before, the query's raw
 * error was thrown, and on an attack the dice were already rolled (the tokens were written after
 * them) with no card posted. Now an attack writes its tokens (the earned ones, and the cash-in as
 * on a hit) and has them confirmed BEFORE its dice; a write not confirmed is said in words
 * (FRACAS.Radio.Tokens.Unconfirmed: nothing rolled, it may still be written on the GM's client,
 * which is asked to take it back, check the sheet and try again), the step is given back, and the
 * late write is taken back on the GM's client. A miss gives the cash-in back.
 * `world.answerLateNext(name)`: the sender times out while the GM's handler still finishes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import { advanceToAct, createFalzetti, createJake, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

const TOKENS = "fracas.actorLedger";
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });
type Card = { kind: string; result: { attack: { hit: boolean; tokensCharged: number }; tokens?: { entries: string[] } } };
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as Card;

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let combat: FakeCombat;
const attacks = () => world.messages.filter((m) => cardOf(m).kind === "attack");
const claims = () => (jake.getFlag("fracas", "claims") as string[] | undefined) ?? [];

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world, { system: { tokens: pool(5) } });
  falzetti = createFalzetti(world, 20, 20);
  combat = await startRadioCombat(world, [jake, falzetti], [5, 3, 2, 1]);
  await declareAll(world, adapter, combat, [
    ["alice", jake],
    ["gm", falzetti],
  ]);
  await advanceToAct(world, combat, jake, 1);
});

/** Alice rolls Jake's described attack on Falzetti in his step, with the dice queued. */
async function aliceAttacks(dice: number[], over: Record<string, unknown> = {}): Promise<FakeChatMessage | undefined> {
  const m = await radioModules();
  world.login("alice");
  world.target("alice", falzetti);
  const setup = m.attackSetup(jake as never);
  world.dice.queue(...dice);
  const state = { ...m.initialState(setup), weaponId: setup.weapons[0]!.id, description: "Jake vaults the bar and fires", ...over };
  return (await m.rollAttack(jake as never, setup, state)) as unknown as FakeChatMessage | undefined;
}

describe("session 9 wave 2: an attack's token write the GM's client did not answer in time", () => {
  it("nothing rolled, no card, the player told in words; the step given back; the late write taken back; the attack again works", async () => {
    world.answerLateNext(TOKENS);
    const used = world.dice.used.length;
    expect(await aliceAttacks([9, 9])).toBeUndefined();
    // No die before the tokens were confirmed, and no raw error: the lang notice.
    expect(world.dice.used).toHaveLength(used);
    expect(attacks()).toHaveLength(0);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Radio.Tokens.Unconfirmed")]);
    expect(world.notified("error")).toEqual([]);
    // The step is Jake's again, and the write that landed late on the GM's client is taken back.
    expect(claims()).toEqual([]);
    await Promise.all(world.lateHandlers);
    expect(sys(jake).tokens.value).toBe(5);
    expect(sys(jake).tokens.entries.map((e: { reason: string }) => e.reason)).toEqual(["FRACAS.Radio.Tokens.Reason.Described", "undo: FRACAS.Radio.Tokens.Reason.Described"]);
    expect(world.queryLog.filter((q) => q.name === TOKENS).map((q) => [q.from, q.to, q.error ?? "ok"])).toEqual([
      ["alice", "gm", "timed out"],
      ["alice", "gm", "ok"],
    ]);
    // Nothing left over: the attack in the same step now earns its tokens once.
    const card = await aliceAttacks([9, 9]);
    expect(card).toBeDefined();
    expect(attacks()).toHaveLength(1);
    expect(sys(jake).tokens.value).toBe(7);
    expect(cardOf(card).result.attack.hit).toBe(true);
  });

  it("the cash-in is written with the earned tokens before the dice; a miss gives it back, and the card's Undo tokens takes only the earned ones", async () => {
    const order: string[] = [];
    world.observe("updateActor", (actor: unknown, changed: unknown) => {
      if (actor === jake && JSON.stringify(changed).includes("tokens")) order.push(`tokens@dice${world.dice.used.length}`);
    });
    const used = world.dice.used.length;
    const card = (await aliceAttacks([1, 2], { cashIn: true }))!;
    expect(cardOf(card).result.attack).toMatchObject({ hit: false, tokensCharged: 0 });
    // First write before any die of this attack, the give-back after them.
    expect(order).toEqual([`tokens@dice${used}`, `tokens@dice${used + 2}`]);
    expect(sys(jake).tokens.value).toBe(7);
    const reasons = sys(jake).tokens.entries.map((e: { reason: string; delta: number }) => `${e.reason} ${e.delta}`);
    expect(reasons).toEqual(["FRACAS.Radio.Tokens.Reason.Described 2", "FRACAS.Radio.Tokens.Reason.DoubleDamage -5", "FRACAS.Radio.Tokens.Reason.DoubleDamageReturned 5"]);
    expect(cardOf(card).result.tokens!.entries).toEqual([sys(jake).tokens.entries[0].id]);
    world.login("gm");
    const undo = adapter.rulesets.descriptor("radio")!.cards!.attack!.gmFollowUps!.undoTokens!;
    await undo.run({ user: world.users.get("gm") as never, message: card as never, result: cardOf(card).result as never, args: {} });
    expect(sys(jake).tokens.value).toBe(5);
  });

  it("a hit keeps the cash-in written before the dice (5 spent, 2 earned)", async () => {
    const card = (await aliceAttacks([9, 9], { cashIn: true }))!;
    expect(cardOf(card).result.attack).toMatchObject({ hit: true, tokensCharged: 5 });
    expect(sys(jake).tokens.value).toBe(2);
    expect(cardOf(card).result.tokens!.entries).toHaveLength(2);
  });

  it("a miss whose give-back the GM's client does not confirm: the card is posted, the player told to have the GM give them back", async () => {
    let armed = false;
    world.observe("updateActor", (actor: unknown, changed: unknown) => {
      if (armed || actor !== jake || !JSON.stringify(changed).includes("tokens")) return;
      armed = true;
      world.answerLateNext(TOKENS);
    });
    const card = (await aliceAttacks([1, 2], { cashIn: true }))!;
    expect(card).toBeDefined();
    expect(world.notified("warn")).toEqual([world.i18n.format("FRACAS.Radio.Tokens.CashInNotReturned", { name: "Jake", tokens: 5 })]);
    await Promise.all(world.lateHandlers);
    // The late give-back is taken back, so the pool and the card agree: the cash-in stands, listed on the card.
    expect(sys(jake).tokens.value).toBe(2);
    expect(cardOf(card).result.tokens!.entries).toHaveLength(2);
  });
});
