/**
 * A Hero Point and the card's Apply at the same time (review of session 3's fixes, #2; D44). The
 * Apply reads the points spent on this attack (the wound lands at the QR they leave) under the
 * card's lock (core withCardLock); a spend checks "not applied yet" and then writes its count.
 * In Foundry an update reaches the document only after the server's round trip, which the fake
 * does not have: as test/foundry/claims.test.ts does, the target's `update` is delayed here. Without
 * the card's lock around the spend, an Apply made while the point's write is in flight reads the old
 * count: the wound lands at the old QR and the point is paid anyway.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, heroPoints, responses, wound, bruteWorld, createBrute } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's PC, 3 Hero Points
let felix: FakeActor; // bob's PC, 2 Hero Points
let thug: FakeActor; // the GM's NPC

const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const attackKind = () => adapter.rulesets.descriptor("bond")!.cards!.attack!;

/** A GM follow-up as the GM's client runs it for `user`'s request (after the signed query). */
function onGm(name: string, user: string, message: FakeChatMessage, target: FakeActor) {
  return attackKind().gmFollowUps![name]!.run({ user: world.users.get(user) as never, message: message as never, result: cardOf(message).result as never, args: { targetUuid: target.uuid } });
}

/**
 * Models the server round trip (the actor's writes land a few milliseconds after they are sent),
 * and calls `whenSent` once, as the first write of the points spent on an attack leaves: the
 * moment a click elsewhere finds the old count on the actor.
 */
function slowWrites(actor: FakeActor, whenSent: () => void = () => undefined): void {
  const update = actor.update.bind(actor);
  let sent = false;
  actor.update = (async (...args: Parameters<typeof update>) => {
    const changes = args[0] as Record<string, unknown> | undefined;
    if (!sent && changes && Object.keys(changes).some((k) => k.startsWith("system.attackResponses") && k.endsWith(".heroPoints"))) {
      sent = true;
      whenSent();
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    return update(...args);
  }) as typeof actor.update;
}

/** The wound the same punch leaves on a fresh copy of the brute after `points` Hero Points (no race). */
async function woundAfter(points: number): Promise<string> {
  const twin = createBrute(world, 3, "Twin");
  const m = await attack(world, "gm", thug, [twin], 3, 1, { weapon: false });
  for (let i = 0; i < points; i += 1) expect(await onGm("heroPointOwn", "alice", m, twin)).toEqual({ ok: true });
  world.login("gm");
  expect(await adapter.queries.requestApply(m.id, twin.uuid, true)).toMatchObject({ ok: true });
  return wound(twin).level;
}

beforeEach(async () => {
  ({ world, adapter, brute, felix, thug } = await bruteWorld({ felix: true, anyPcHeroPoints: true }));
});

describe("a Hero Point and the card's Apply on the GM's client", () => {
  it("the GM applies while Alice's own point is being written: the Apply waits and the wound lands at the lowered QR", async () => {
    const [unspent, lowered] = [await woundAfter(0), await woundAfter(1)];
    expect(lowered).not.toBe(unspent); // the test would prove nothing otherwise
    // Thug's punch on Brute: roll 3 is QR1; one point makes it QR2.
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("gm");
    let applied: Promise<unknown> | null = null;
    slowWrites(brute, () => {
      applied = adapter.queries.requestApply(m.id, brute.uuid, true);
    });
    expect(await onGm("heroPointOwn", "alice", m, brute)).toEqual({ ok: true });
    expect(await applied).toMatchObject({ ok: true });
    expect(heroPoints(brute).value).toBe(2);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1 });
    expect(wound(brute).level).toBe(lowered);
  });

  it("the same for Bob's point from Felix (heroPointFor)", async () => {
    const lowered = await woundAfter(1);
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("gm");
    let applied: Promise<unknown> | null = null;
    slowWrites(brute, () => {
      applied = adapter.queries.requestApply(m.id, brute.uuid, true);
    });
    expect(await onGm("heroPointFor", "bob", m, brute)).toEqual({ ok: true });
    expect(await applied).toMatchObject({ ok: true });
    expect(heroPoints(felix).value).toBe(1);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1 });
    expect(wound(brute).level).toBe(lowered);
  });

  it("the Apply first, a point at the same instant: the point is refused and nothing is paid", async () => {
    const unspent = await woundAfter(0);
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    slowWrites(brute);
    world.login("gm");
    const [applied, own, forBob] = await Promise.all([adapter.queries.requestApply(m.id, brute.uuid, true), onGm("heroPointOwn", "alice", m, brute), onGm("heroPointFor", "bob", m, brute)]);
    expect(applied).toMatchObject({ ok: true });
    expect(own).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.AlreadyApplied", data: { name: "Brute" } });
    expect(forBob).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.AppliedUndoFirst" });
    expect(heroPoints(brute).value).toBe(3);
    expect(heroPoints(felix).value).toBe(2);
    expect(responses(brute)[attackIdOf(m)]?.heroPoints ?? 0).toBe(0);
    expect(wound(brute).level).toBe(unspent);
  });
});
