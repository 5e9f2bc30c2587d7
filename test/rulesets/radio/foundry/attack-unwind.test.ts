/**
 * Review-s9 H8: since session 9 wave 2 an attack writes its tokens (the earned ones, and the
 * cash-in as on a hit) BEFORE its dice. If the dice or the card's post failed afterwards, the
 * tokens stayed spent with no card whose Undo could give them back, and the step stayed used. Now
 * the entries written are taken back (core's actor ledger, `takeBack`: the give-back of a missed
 * cash-in too), the step is given back, and the failure is thrown to the dialog (which shows it and
 * stays open); a card V13 left out without throwing (a preCreateChatMessage hook) is such a
 * failure, said in Radio's words.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import { advanceToAct, createFalzetti, createJake, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });
type Card = { kind: string; result: { attack: { hit: boolean; tokensCharged: number }; tokens?: { entries: string[] } } };
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as Card;
const g = globalThis as unknown as { ChatMessage: { create: (...a: unknown[]) => Promise<unknown> } };

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
let combat: FakeCombat;
let realCreate: (...a: unknown[]) => Promise<unknown>;
const attacks = () => world.messages.filter((m) => cardOf(m).kind === "attack");
const claims = () => (jake.getFlag("fracas", "claims") as string[] | undefined) ?? [];
/** The live (not undone, not an undo) entries of Jake's pool, as "reason delta". */
const live = () => (sys(jake).tokens.entries as { reason: string; delta: number; undone?: boolean; undoes?: string }[]).filter((e) => !e.undone && e.undoes === undefined).map((e) => `${e.reason} ${e.delta}`);

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  realCreate = g.ChatMessage.create;
  jake = createJake(world, { system: { tokens: pool(5) } });
  falzetti = createFalzetti(world, 20, 20);
  combat = await startRadioCombat(world, [jake, falzetti], [5, 3, 2, 1]);
  await declareAll(world, adapter, combat, [
    ["alice", jake],
    ["gm", falzetti],
  ]);
  await advanceToAct(world, combat, jake, 1);
});
afterEach(() => {
  g.ChatMessage.create = realCreate;
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

describe("review-s9 H8: an attack whose dice or card fail after its tokens were written", () => {
  it("the card's post throws (a hit with the cash-in): the earned tokens and the cash-in are taken back, the step is given back, the failure thrown; the next attack works", async () => {
    g.ChatMessage.create = async () => {
      throw new Error("scripted post failure");
    };
    await expect(aliceAttacks([9, 9], { cashIn: true })).rejects.toThrow("scripted post failure");
    expect(attacks()).toHaveLength(0);
    expect(sys(jake).tokens.value).toBe(5);
    expect(live()).toEqual([]);
    expect(claims()).toEqual([]);
    g.ChatMessage.create = realCreate;
    const card = (await aliceAttacks([9, 9], { cashIn: true }))!;
    expect(cardOf(card).result.attack).toMatchObject({ hit: true, tokensCharged: 5 });
    expect(sys(jake).tokens.value).toBe(2);
  });

  it("a missed cash-in given back, then the card left out (a preCreateChatMessage hook: no throw): all three entries taken back, the player told in Radio's words, the step given back", async () => {
    const id = world.hooks.on("preCreateChatMessage", () => false);
    await expect(aliceAttacks([1, 2], { cashIn: true })).rejects.toThrow(world.localize("FRACAS.Radio.Attack.NotPosted"));
    world.hooks.off("preCreateChatMessage", id);
    expect(attacks()).toHaveLength(0);
    expect(sys(jake).tokens.value).toBe(5);
    // The earned, the cash-in and its give-back were written; each is undone.
    expect(sys(jake).tokens.entries.map((e: { reason: string }) => e.reason).filter((r: string) => !r.startsWith("undo"))).toEqual(["FRACAS.Radio.Tokens.Reason.Described", "FRACAS.Radio.Tokens.Reason.DoubleDamage", "FRACAS.Radio.Tokens.Reason.DoubleDamageReturned"]);
    expect(live()).toEqual([]);
    expect(claims()).toEqual([]);
    const card = await aliceAttacks([9, 9]);
    expect(card).toBeDefined();
    expect(sys(jake).tokens.value).toBe(7);
  });

  it("from the attack dialog: the card left out is shown as the dialog's error in Radio's words, the dialog stays open, and its next Roll attacks", async () => {
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never, null);
    await dialog.render({ force: true });
    const values = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "Jake vaults the bar and fires" };
    const submit = (v: Record<string, unknown>) => (dialog as unknown as { submitEvent(v: Record<string, unknown>): Promise<void> }).submitEvent(v);
    const id = world.hooks.on("preCreateChatMessage", () => false);
    world.dice.queue(9, 9);
    await submit(values);
    world.hooks.off("preCreateChatMessage", id);
    expect(world.notified("error").at(-1)).toContain(world.localize("FRACAS.Radio.Attack.NotPosted"));
    expect(dialog.rendered).toBe(true);
    expect([attacks().length, sys(jake).tokens.value, claims()]).toEqual([0, 5, []]);
    world.dice.queue(9, 9);
    await submit(values);
    expect([attacks().length, sys(jake).tokens.value, dialog.rendered]).toEqual([1, 7, false]);
  });

  it("the dice fail (a dice module's error): the earned tokens are taken back and the step given back", async () => {
    // The fake throws on a die not scripted, as a failing dice module would.
    await expect(aliceAttacks([])).rejects.toThrow();
    expect(attacks()).toHaveLength(0);
    expect(sys(jake).tokens.value).toBe(5);
    expect(live()).toEqual([]);
    expect(claims()).toEqual([]);
  });

  it("DECISIONS.md no longer says a rolled attack always posts its card", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync("src/rulesets/radio/rules/DECISIONS.md", "utf8");
    expect(text).not.toMatch(/always posts its card/);
  });
});
