/**
 * The session 3 fixes review, FASERIP (review-session3-fixes.md #3 and #6):
 * - #3: a card's Endurance FEAT is claimed before its Karma is taken. Taking the Karma first let two
 *   clicks at the same instant both write the pool (each replacing it whole); the loser's give-back
 *   then erased the winner's spend, and the card showed Karma nobody paid.
 * - #6: a refusal found after the claim's round trip, before any die (the hero healed meanwhile,
 *   the pool spent meanwhile), gives the claim back (core releaseClaim), so the button still rolls.
 * The server's round trip is modelled as in test/foundry/claims.test.ts: the fake applies a write at
 * once, so the writes of the hero are delayed here.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys, clickAttackFollowUp, slamOnRampage as slamOnRampageIn } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
async function setPool(a: FakeActor, value: number): Promise<void> {
  await a.update({ "system.karma.==pool": ledger.createPool(value), "system.karma.value": value } as never);
}
beforeEach(async () => {
  f = await startFight();
  f.world.login("gm");
  await setPool(f.rampage, 16);
  await setPool(f.thug, 12);
});

const poolOf = (a: FakeActor) => ledger.requirePool((a.system as unknown as { karma: { pool: unknown } }).karma.pool);
const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const secondaries = () => f.cards("secondary");

const click = (userId: string, m: FakeChatMessage, name: "secondary" | "zeroHealth") => clickAttackFollowUp(f, userId, m, name);

/**
 * Every write of `actor` takes a server round trip. `afterClaim` runs once, right after the first
 * claim's write lands and before the clicking client goes on (another client's write meanwhile).
 */
function slowWrites(actor: FakeActor, afterClaim?: () => Promise<unknown>): void {
  const update = actor.update.bind(actor);
  let pending = afterClaim;
  actor.update = (async (...args: Parameters<typeof update>) => {
    // Read before the write: V13 (and the fake) expand the update's keys in place.
    const claim = Object.keys((args[0] ?? {}) as object).some((k) => k.startsWith("flags.fracas.claims"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const out = await update(...args);
    if (pending && claim) {
      const meanwhile = pending;
      pending = undefined;
      await meanwhile();
    }
    return out;
  }) as typeof actor.update;
}

const slamOnRampage = () => slamOnRampageIn(f);

async function knockOutThug(): Promise<FakeChatMessage> {
  await f.thug.update({ "system.health.value": 5 } as never);
  f.world.dice.queue(60); // Captain's Slugfest: Green → hit for 20
  const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
  // Offered once the blow is applied (zero-health-prompt.ts), not when it is rolled.
  expect(cardOf(hit).result.zeroHealthPrompt).toBe(false);
  expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
  expect(cardOf(hit).result.zeroHealthPrompt).toBe(true);
  expect(sys(f.thug).health.value).toBe(0);
  return hit!;
}

describe("#3: the claim comes before the Karma", () => {
  it("two clicks with Karma at the same instant: only the claim's winner writes the pool, and its spend stands", async () => {
    const slam = await slamOnRampage();
    slowWrites(f.rampage);
    f.world.dice.queue(30, 99); // the 99 must stay unrolled
    f.world.dialogAnswers.push(10, 10); // both clicks confirm 10 Karma
    await Promise.all([click("gm", slam, "secondary"), click("gm", slam, "secondary")]);

    expect(secondaries()).toHaveLength(1);
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ roll: 30, karmaSpent: 10, effectiveRoll: 40 });
    expect(f.world.dice.remaining).toEqual([99]);
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`]);
    // The card's 10 Karma was paid, once: one spend, not given back.
    expect(poolOf(f.rampage).value).toBe(6);
    expect(ledger.history(poolOf(f.rampage)).map((e) => ({ delta: e.delta, undone: e.undone ?? false }))).toEqual([{ delta: -10, undone: false }]);
    expect((f.rampage.system as unknown as { karma: { value: number } }).karma.value).toBe(6);
  });

  it("the 0-Health FEAT, too: two clicks with Karma roll once and spend once", async () => {
    const hit = await knockOutThug();
    slowWrites(f.thug);
    f.world.dice.queue(80, 1);
    f.world.dialogAnswers.push(5, 5);
    await Promise.all([click("gm", hit, "zeroHealth"), click("gm", hit, "zeroHealth")]);
    const feats = secondaries().filter((m) => cardOf(m).result.kind === "zeroHealth");
    expect(feats).toHaveLength(1);
    expect(cardOf(feats[0]).result).toMatchObject({ roll: 80, karmaSpent: 5 });
    expect(poolOf(f.thug).value).toBe(7);
    expect(ledger.history(poolOf(f.thug))).toHaveLength(1);
  });
});

describe("#6: a refusal after the claim, before the dice, gives the claim back", () => {
  it("0-Health FEAT: the hero healed during the claim's round trip: no die, no Karma, no claim; the button still rolls", async () => {
    const hit = await knockOutThug();
    slowWrites(f.thug, () => f.thug.update({ "system.health.value": 3 } as never));
    f.world.dice.queue(40);
    f.world.dialogAnswers.push(5);
    await click("gm", hit, "zeroHealth");
    expect(secondaries()).toHaveLength(0);
    expect(f.world.dice.remaining).toEqual([40]);
    expect(claimsOf(f.thug)).toEqual([]);
    expect(poolOf(f.thug).value).toBe(12);
    expect(f.world.notified("warn").at(-1)).not.toBe(f.world.localize("FRACAS.Chat.Refused.AlreadyRolled"));

    // Down again: the same card's button rolls the FEAT.
    await f.thug.update({ "system.health.value": 0 } as never);
    f.world.dialogAnswers.push(5);
    await click("gm", hit, "zeroHealth");
    expect(cardOf(secondaries()[0]).result).toMatchObject({ kind: "zeroHealth", roll: 40, karmaSpent: 5 });
    expect(claimsOf(f.thug)).toEqual([`${hit.id}:zeroHealth`]);
    expect(poolOf(f.thug).value).toBe(7);
  });

  it("Slam?: the pool spent during the claim's round trip refuses the Karma: no die, no claim; the button still rolls", async () => {
    const slam = await slamOnRampage();
    slowWrites(f.rampage, () => setPool(f.rampage, 4));
    f.world.dice.queue(30);
    f.world.dialogAnswers.push(10);
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(0);
    expect(f.world.dice.remaining).toEqual([30]);
    expect(claimsOf(f.rampage)).toEqual([]);
    expect(poolOf(f.rampage).value).toBe(4);

    f.world.dialogAnswers.push(4);
    await click("gm", slam, "secondary");
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ roll: 30, karmaSpent: 4 });
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`]);
    expect(poolOf(f.rampage).value).toBe(0);
  });
});
