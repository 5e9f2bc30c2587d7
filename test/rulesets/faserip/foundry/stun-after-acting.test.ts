/**
 * Session 5: a stun received after the stunned one has acted this round costs the next rounds'
 * actions (seed: "stunned 1-10 rounds"), not the rest of a round in which nothing was left to lose.
 * Before, a Green Stun? (1 round) on a hero whose act step was past ended at the next round start:
 * it cost no action at all.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight, sys } from "./fake-round.js";
import { actedThisRound } from "../../../../src/rulesets/faserip/combat.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

/** The GM advances the plan to `index` (0 declare Captain, 1 declare Bruiser, 2 act Captain, 3 act Bruiser, 4 declare Rampage, 5 declare Thug, 6 act Rampage, 7 act Thug). */
async function advanceTo(index: number) {
  f.world.login("gm");
  while (f.step() < index) await f.fc.advance();
  expect(f.step()).toBe(index);
}

/** `attacker` lands a Red Slugfest (Stun) on `defender`, who fails the Stun? with a White and a d10 of 3; the GM applies it. */
async function stunFor3(userId: string, attacker: FakeActor, defender: FakeActor) {
  f.world.dice.queue(100); // Red: Stun
  const [hit] = await f.feat(userId, attacker, { action: "slugfest" }, [defender]);
  expect(cardOf(hit).result.attack.secondary).toMatchObject({ kind: "stun", applies: true });
  f.world.login("gm");
  f.world.dice.queue(1, 3); // the Stun? FEAT: White, then the d10 for its rounds
  f.world.dialogAnswers.push(0); // no Karma
  const check = (await f.flows.rollSecondary(cardOf(hit).result)) as unknown as FakeChatMessage;
  expect(cardOf(check).result.check).toMatchObject({ kind: "stun", rounds: 3 });
  return { check, applied: await f.apply("gm", check, defender) };
}

describe("a stun after the stunned one acted", () => {
  it("costs the next 3 rounds' actions: 4 round starts are counted, the card says so", async () => {
    await advanceTo(6); // the Captain acted at step 2; Rampage acts now
    const { applied } = await stunFor3("gm", f.rampage, f.captain);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.StunnedNextOther", data: { rounds: 3 } } });
    expect(sys(f.captain).status["stunnedRounds"]).toBe(4);
    for (const round of [2, 3, 4]) {
      await f.nextRound([3, 9]);
      expect(f.combat.round).toBe(round);
      expect(f.flows.actorDownReason(f.captain as never)).toBe("FRACAS.Faserip.Down.stunned");
    }
    await f.nextRound([3, 9]);
    expect(f.flows.actorDownReason(f.captain as never)).toBeNull();
  });

  it("before the stunned one acts, this round is the first of the 3 (its action is lost now)", async () => {
    await advanceTo(2); // the Captain acts; Rampage's act step is still to come
    const { applied } = await stunFor3("alice", f.captain, f.rampage);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.StunnedOther", data: { rounds: 3 } } });
    expect(sys(f.rampage).status["stunnedRounds"]).toBe(3);
    await f.nextRound([3, 9]);
    await f.nextRound([3, 9]);
    expect(f.flows.actorDownReason(f.rampage as never)).toBe("FRACAS.Faserip.Down.stunned");
    await f.nextRound([3, 9]);
    expect(f.flows.actorDownReason(f.rampage as never)).toBeNull();
  });
});

describe("actedThisRound (pure)", () => {
  const plan = {
    steps: [
      { index: 0, phase: 1, combatantId: "a", kind: "declare" as const },
      { index: 1, phase: 1, combatantId: "a", kind: "act" as const },
      { index: 2, phase: 2, combatantId: "b", kind: "act" as const },
    ],
  };
  it("past its act step: acted; at or before it: not yet; no act step: not", () => {
    expect(actedThisRound("a", {}, plan, 2, 1)).toBe(true);
    expect(actedThisRound("a", {}, plan, 1, 1)).toBe(false);
    expect(actedThisRound("b", {}, plan, 2, 1)).toBe(false);
    expect(actedThisRound("c", {}, plan, 2, 1)).toBe(false);
  });
  it("a dodge this round was its action (not last round's)", () => {
    expect(actedThisRound("b", { dodge: { round: 1, color: "green" } }, plan, 0, 1)).toBe(true);
    expect(actedThisRound("b", { dodge: { round: 1, color: "green" } }, plan, 0, 2)).toBe(false);
  });
});

