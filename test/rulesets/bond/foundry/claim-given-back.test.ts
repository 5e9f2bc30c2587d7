/**
 * A once-per-attack roll (knockout, Shake Off, the GM's scar) refused after its claim but before any
 * die — the attack read again after the claim's round trip no longer allows it — gives the claim
 * back (core releaseClaim), so the roll stays open (review of session 3's fixes, #6; D32). Through
 * the real adapter in the fake, with the state changed while the claim is on its way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, pool, responses, clickAttackFollowUp, duringClaim, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's PC: STR 18, WIL 10
let thug: FakeActor; // the GM's NPC
let hood: FakeActor; // the GM's NPC with a Beretta

const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "recovery");
const scars = (a: FakeActor) => (a.system as unknown as { scars: unknown[] }).scars;

const click = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

/** The GM's client marks the brute dead (another card's Apply, say) while the claim is on its way. */
const killedMeanwhile = () => world.as("gm", () => brute.update({ "system.wound.level": "KL" }));

beforeEach(async () => {
  ({ world, adapter, brute, thug, hood } = await bruteWorld({ hood: true }));
});

describe("a roll refused after its claim, before any die, gives the claim back", () => {
  it("knockout: refused for a target killed meanwhile; once that is undone the roll can still be made", async () => {
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    duringClaim(world, killedMeanwhile);
    world.login("alice");
    world.dice.queue(20, 1);
    await click("knockout", m, brute);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Error.cannotAct"));
    expect(world.dice.remaining).toEqual([20, 1]);
    expect(recoveryCards()).toHaveLength(0);
    expect(claims(brute)).toEqual([]);

    await world.as("gm", () => brute.update({ "system.wound.level": "none" })); // the GM undoes that Apply
    await click("knockout", m, brute);
    expect(world.dice.remaining).toEqual([]);
    expect(recoveryCards()).toHaveLength(1);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ knockout: { success: true } });
    expect(claims(brute)).toEqual([`${attackIdOf(m)}:knockout`]);
  });

  it("Shake Off: Hero Points spent meanwhile make the punch miss: refused after the claim, nothing rolled, the claim given back", async () => {
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false }); // QR1, DC B → Heavy Wound; four points make it miss
    expect(cardOf(m).result).toMatchObject({ success: true, qualityRating: 1 });
    await brute.update({ "system.heroPoints": pool(4) });
    duringClaim(world, () => world.as("alice", async () => {
      for (let i = 0; i < 4; i += 1) await click("heroPoint", m, brute);
    }));
    world.login("alice");
    world.dice.queue(10);
    await click("shakeOff", m, brute);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 4 });
    expect(world.notified("warn").at(-1)).toMatch(/^Shake Off is not allowed here/);
    expect(world.dice.remaining).toEqual([10]);
    expect((responses(brute)[attackIdOf(m)] as { shakeOff?: unknown } | undefined)?.shakeOff ?? null).toBeNull();
    expect(claims(brute)).toEqual([]);
  });

  it("scar: a Hero Point in flight when the GM clicks lowers the wound below Medium: refused after the claim, nothing rolled, the claim given back", async () => {
    const m = await attack(world, "gm", hood, [brute], 5, 3); // QR2 → Heavy Wound from Fire Combat
    world.login("alice");
    await click("heroPoint", m, brute); // QR3 → Medium Wound: may still scar
    world.login("gm");
    // The second point's write is delayed (the server's round trip); the GM clicks the scar as it leaves.
    let scarClick: Promise<unknown> | null = null;
    const update = brute.update.bind(brute);
    brute.update = (async (...args: Parameters<typeof update>) => {
      const changes = (args[0] ?? {}) as Record<string, unknown>;
      if (!scarClick && Object.keys(changes).some((k) => k.endsWith(".heroPoints"))) scarClick = click("scar", m, brute);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return update(...args);
    }) as typeof brute.update;
    world.dice.queue(1);
    const kind = adapter.rulesets.descriptor("bond")!.cards!.attack!;
    const spent = await kind.gmFollowUps!.heroPointOwn!.run({ user: world.users.get("alice") as never, message: m as never, result: cardOf(m).result as never, args: { targetUuid: brute.uuid } });
    expect(spent).toEqual({ ok: true }); // QR4 → Light Wound: no scar
    await scarClick;
    expect(scars(brute)).toHaveLength(0);
    expect(world.dice.remaining).toEqual([1]);
    expect(world.notified("warn").at(-1)).toBe("Brute's wound is now Light Wound: it leaves no scar.");
    expect(claims(brute)).toEqual([]);
  });
});
