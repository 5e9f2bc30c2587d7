/**
 * A card's once-only rolls (the Slam?/Stun? check, the attack card's 0-Health Endurance FEAT) are
 * claimed with the core claimRoll right before the dice (cards/once.ts): two clicks at the same
 * instant roll once, a player's claim is written by the GM's client, a click refused for another
 * reason spends nothing, and a roll recorded in the legacy system.rolled stays spent.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys, clickAttackFollowUp, slamOnRampage as slamOnRampageIn } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];

const click = (userId: string, m: FakeChatMessage, name: "secondary" | "zeroHealth") => clickAttackFollowUp(f, userId, m, name);

/** The write of `actor` takes a server round trip, as in Foundry (the fake applies it at once). */
function slowWrites(actor: FakeActor): void {
  const update = actor.update.bind(actor);
  actor.update = (async (...args: Parameters<typeof update>) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return update(...args);
  }) as typeof actor.update;
}

const slamOnRampage = (face: number) => slamOnRampageIn(f, face);

const checksOn = (a: FakeActor) => f.cards("secondary").filter((m) => cardOf(m).result.targetUuid === a.uuid);

describe("a card's Slam?/Stun? check is claimed before it is rolled", () => {
  it("two clicks at the same instant: exactly one rolls, the other is refused without a die; another card still rolls", async () => {
    const slam = await slamOnRampage(70);
    slowWrites(f.rampage);
    f.world.login("gm");
    f.world.dice.queue(10, 99); // Endurance Excellent: 10 → White; the 99 must stay unrolled
    f.world.dialogAnswers.push(0, 0); // both clicks pass the Karma prompt (no Karma); the claim decides
    await Promise.all([click("gm", slam, "secondary"), click("gm", slam, "secondary")]);
    expect(checksOn(f.rampage)).toHaveLength(1);
    expect(cardOf(checksOn(f.rampage)[0]).result.check).toMatchObject({ kind: "slam", color: "white" });
    expect(f.world.dice.remaining).toEqual([99]);
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`]);

    // A later click on the same card: still refused, still no die.
    await click("gm", slam, "secondary");
    expect(checksOn(f.rampage)).toHaveLength(1);
    expect(f.world.dice.remaining).toEqual([99]);

    // Another attack card on the same defender has its own check.
    f.world.dice.clear();
    const second = await slamOnRampage(70);
    f.world.dice.queue(50); // Green: knocked back 1 area
    f.world.dialogAnswers.length = 0;
    f.world.dialogAnswers.push(0);
    await click("gm", second, "secondary");
    expect(checksOn(f.rampage)).toHaveLength(2);
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`, `${second.id}:secondary`]);
  });

  it("the owner's click is claimed by the GM's client; the GM's click after it is refused without a die", async () => {
    f.world.dice.queue(96); // Bruiser's Slugfest, Fighting Excellent: 96 → Red → Stun (Strength 50 ≥ Endurance 30)
    const [stun] = await f.feat("bob", f.bruiser, { action: "slugfest" }, [f.captain]);
    expect(cardOf(stun).result.attack.secondary).toMatchObject({ kind: "stun", applies: true });

    // Bob neither owns the Captain nor is the GM: refused before any claim.
    await click("bob", stun!, "secondary");
    expect(claimsOf(f.captain)).toEqual([]);

    f.world.queryLog.length = 0;
    f.world.dice.queue(50); // Captain's Stun?, Endurance Remarkable: 50 → Green → 1 round
    f.world.dialogAnswers.push(0);
    await click("alice", stun!, "secondary");
    expect(f.world.queryLog.map((q) => q.name)).toEqual(["fracas.claim"]);
    expect(claimsOf(f.captain)).toEqual([`${stun!.id}:secondary`]);
    expect(checksOn(f.captain)).toHaveLength(1);

    f.world.dice.queue(1);
    await click("gm", stun!, "secondary");
    expect(checksOn(f.captain)).toHaveLength(1);
    expect(f.world.dice.remaining).toEqual([1]);
  });
});

describe("the attack card's 0-Health Endurance FEAT is claimed before it is rolled", () => {
  async function knockOutThug(): Promise<FakeChatMessage> {
    await f.thug.update({ "system.health.value": 5 } as never);
    f.world.dice.queue(60); // Captain's Slugfest: Remarkable, 60 → Green → hit for 20
    const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    // Offered once the blow is applied (zero-health-prompt.ts), not when it is rolled.
    expect(cardOf(hit).result.zeroHealthPrompt).toBe(false);
    expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
    expect(cardOf(hit).result.zeroHealthPrompt).toBe(true);
    expect(sys(f.thug).health.value).toBe(0);
    return hit!;
  }
  const zeroHealthCards = () => f.cards("secondary").filter((m) => cardOf(m).result.kind === "zeroHealth");

  it("two clicks at the same instant roll one FEAT", async () => {
    const hit = await knockOutThug();
    slowWrites(f.thug);
    f.world.dice.queue(80, 1);
    f.world.dialogAnswers.push(0, 0);
    await Promise.all([click("gm", hit, "zeroHealth"), click("gm", hit, "zeroHealth")]);
    expect(zeroHealthCards()).toHaveLength(1);
    expect(cardOf(zeroHealthCards()[0]).result).toMatchObject({ roll: 80, startsDying: false });
    expect(f.world.dice.remaining).toEqual([1]);
  });

  it("a click refused for another reason (healed since the card) claims nothing: the FEAT can still be made", async () => {
    const hit = await knockOutThug();
    await f.thug.update({ "system.health.value": 3 } as never);
    await click("gm", hit, "zeroHealth"); // no die queued: none rolled
    expect(zeroHealthCards()).toHaveLength(0);
    expect(claimsOf(f.thug)).toEqual([]);

    await f.thug.update({ "system.health.value": 0 } as never);
    f.world.dice.queue(20); // Endurance Good: 20 → White, begins dying once applied
    f.world.dialogAnswers.push(0);
    await click("gm", hit, "zeroHealth");
    expect(zeroHealthCards()).toHaveLength(1);
    expect(claimsOf(f.thug)).toEqual([`${hit.id}:zeroHealth`]);
  });

  it("a roll recorded in the legacy system.rolled (worlds from before the claims) stays spent", async () => {
    const hit = await knockOutThug();
    await f.thug.update({ "system.rolled": [`${hit.id}:zeroHealth`] } as never);
    await click("gm", hit, "zeroHealth"); // no die queued: none rolled
    expect(zeroHealthCards()).toHaveLength(0);
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
    expect(claimsOf(f.thug)).toEqual([]);
  });
});
