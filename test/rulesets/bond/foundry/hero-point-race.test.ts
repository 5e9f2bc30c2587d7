/**
 * Two Hero Points spent on the same attack at the same instant (review wave 2; DECISIONS D44).
 * Each spend reads the points already spent and writes that count + 1; both reading before either
 * writes would count one point for two paid. In Foundry an update reaches the document only after
 * the server's round trip, which the fake does not have: as test/foundry/claims.test.ts does, the
 * target's `update` is delayed here, so without the lock (core withActorLock on the target, on the
 * GM's client, re-read inside) both spends read 0.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, characterSheet, heroPoints, responses, bruteWorld, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's PC (Speed 1), 3 Hero Points
let felix: FakeActor; // bob's PC, 2 Hero Points
let thug: FakeActor; // the GM's NPC

const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const attackKind = () => adapter.rulesets.descriptor("bond")!.cards!.attack!;

/** The card's "Spend a Hero Point" button, clicked on the logged-in user's client. */
function click(message: FakeChatMessage, target: FakeActor) {
  return attackKind().followUps!.heroPoint!({ message: message as never, result: cardOf(message).result as never, button: { dataset: { targetUuid: target.uuid } } as never });
}

/** A GM follow-up as the GM's client runs it for `user`'s request (after the signed query). */
function onGm(name: string, user: string, message: FakeChatMessage, target: FakeActor) {
  return attackKind().gmFollowUps![name]!.run({ user: world.users.get(user) as never, message: message as never, result: cardOf(message).result as never, args: { targetUuid: target.uuid } });
}

/** Models the server round trip: the actor's writes land a few milliseconds after they are sent. */
function slowWrites(actor: FakeActor): void {
  const update = actor.update.bind(actor);
  actor.update = (async (...args: Parameters<typeof update>) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return update(...args);
  }) as typeof actor.update;
}

beforeEach(async () => {
  ({ world, adapter, brute, felix, thug } = await bruteWorld({ felix: true, anyPcHeroPoints: true }));
});

describe("two Hero Points on one attack at the same instant", () => {
  it("on the GM's client (Bob's for Felix, Alice's own, both sent there): both points count", async () => {
    // Thug's punch on Brute: roll 3 is QR1; two points make it QR3.
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    expect(cardOf(m).result).toMatchObject({ success: true, qualityRating: 1 });
    slowWrites(brute);
    world.login("gm");
    const outcomes = await Promise.all([onGm("heroPointFor", "bob", m, brute), onGm("heroPointOwn", "alice", m, brute)]);
    expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
    expect(heroPoints(felix).value).toBe(1);
    expect(heroPoints(brute).value).toBe(2);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 2 });
  });

  it("the owner's click is sent to the GM's client (one lock for every spend on the target)", async () => {
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("alice");
    const before = world.queryLog.length;
    await click(m, brute);
    expect(world.queryLog.slice(before).filter((q) => q.name === "fracas.followUp")).toMatchObject([{ from: "alice", to: "gm", result: { ok: true } }]);
    expect(heroPoints(brute).entries.at(-1)).toMatchObject({ delta: -1, by: "alice", reason: `attack:${attackIdOf(m)}` });
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1 });
    expect(world.notified("warn")).toEqual([]);
  });

  it("with no GM connected, the owner's double click on their own client: both points count", async () => {
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.setActiveGM(null);
    slowWrites(brute);
    world.login("alice");
    const before = world.queryLog.length;
    await Promise.all([click(m, brute), click(m, brute)]);
    expect(world.queryLog.length).toBe(before); // nothing sent anywhere
    expect(heroPoints(brute).value).toBe(1);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 2 });
  });

  it("a knockout roll claimed at the same instant as a Hero Point: the point is refused, not spent after the claim (D35)", async () => {
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    expect(cardOf(m).result).toMatchObject({ success: true, knockoutEase: 4 });
    slowWrites(brute);
    world.login("gm");
    const [claimed, spent] = await Promise.all([adapter.queries.claimRoll(brute as never, `${attackIdOf(m)}:knockout`), onGm("heroPointFor", "bob", m, brute)]);
    expect(claimed).toBe(true);
    expect(spent).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.HeroPointAfterKnockout" });
    expect(heroPoints(felix).value).toBe(2);
    expect(responses(brute)[attackIdOf(m)]?.heroPoints ?? 0).toBe(0);
  });
});

/**
 * Quality audit s15: the sheet's ± wrote the pool on the owner's client, with no lock, while a
 * card's spend wrote it on the GM's: both read the pool before either wrote, and the last write
 * dropped the other's entry (a spent point came back). Now every write of the pool queues on one
 * lock on the active GM's client (core actor ledger, bond/cards/hero-point-ledger.ts).
 */
describe("the sheet's ± and a card's spend at the same instant", () => {
  beforeEach(() => standInEnrichHTML());

  it("Alice's − on her sheet while the GM's client spends her point on the card: both entries stand, 3 − 2 = 1", async () => {
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    const sheet = await characterSheet(world, brute, "alice");
    slowWrites(brute);
    await Promise.all([sheet.click("points", { delta: "-1" }), onGm("heroPointOwn", "alice", m, brute)]);
    expect(heroPoints(brute).value).toBe(1);
    expect(heroPoints(brute).entries.map((e) => e.reason).sort()).toEqual([`attack:${attackIdOf(m)}`, "sheet"].sort());
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1 });
  });

  it("Alice's + goes to the GM's client (its ledger query), with her as the entry's author; with no GM, written on her own", async () => {
    const sheet = await characterSheet(world, brute, "alice");
    const before = world.queryLog.length;
    await sheet.click("points", { delta: "1" });
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([["fracas.actorLedger", "alice", "gm"]]);
    expect(heroPoints(brute).value).toBe(4);
    expect(heroPoints(brute).entries.at(-1)).toMatchObject({ delta: 1, by: "alice", reason: "sheet" });
    world.setActiveGM(null);
    const after = world.queryLog.length;
    await sheet.click("points", { delta: "-1" });
    expect(world.queryLog.length).toBe(after);
    expect(heroPoints(brute).value).toBe(3);
  });

  it("a − with no point left is refused with the ledger's words, and writes nothing", async () => {
    await world.as("gm", () => brute.update({ "system.==heroPoints": { value: 0, max: null, base: 0, entries: [] } } as never));
    const sheet = await characterSheet(world, brute, "alice");
    await sheet.click("points", { delta: "-1" });
    expect(heroPoints(brute).value).toBe(0);
    expect(heroPoints(brute).entries).toEqual([]);
    expect(world.notified("warn")).toHaveLength(1);
  });
});
