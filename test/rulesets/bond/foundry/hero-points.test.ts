/**
 * Hero Points under the "any player character" option, through the real adapter in the fake: a
 * player whose character is not the target spends their OWN character's point against an NPC's
 * roll on another PC (GM follow-up heroPointFor: the GM's client writes the spender's ledger
 * entry and the target's record); the target-only default refuses them. And the target's owner
 * answers a GM-authored card (Shake Off, the knockout roll) from their own client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, heroPoints, pcChars, pool, responses, wound, clickAttackFollowUp, createBrute, createFelix, createHood, createThug } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC
let felix: FakeActor; // bob's PC
let hood: FakeActor; // GM's NPC with a Beretta

const clickFollowUp = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  world.addUser({ id: "carol", name: "Carol", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
  felix = createFelix(world);
  hood = createHood(world);
});

describe("Hero Points: any player character (world option)", () => {
  beforeEach(() => world.settings.seed("fracas", "bond.heroPoints", "anyPlayerCharacter"));

  it("Bob spends Felix's Hero Point against Hood's hit on Bond; the GM's client writes both records", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3); // QR2, DC E → Heavy Wound
    const attackId = String(cardOf(m).result.attackId);
    expect(m.content).toContain("any other player character may spend their own");

    // Bob may write neither Bond nor the GM's card himself.
    world.login("bob");
    await expect(bond.update({ "system.fame": 5 })).rejects.toThrow(/lacks permission/);
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(world.queryLog.at(-1)).toMatchObject({ name: "fracas.followUp", from: "bob", to: "gm" });
    expect(heroPoints(felix).value).toBe(1);
    expect(heroPoints(felix).entries.at(-1)).toMatchObject({ delta: -1, reason: `attack:${attackId}`, by: "bob" });
    expect(heroPoints(bond).value).toBe(3);
    expect(responses(bond)[attackId]).toMatchObject({ heroPoints: 1 });
    expect([...world.messages].at(-1)!.content).toContain("Felix Leiter spends a Hero Point against the attack on James Bond: now QR3 Good");
    // Session 7 audit: the note says where "now" comes from (the rolled QR, the points spent, the table's DC).
    expect([...world.messages].at(-1)!.content).toContain("(rolled QR2 Very Good, 1 Hero Point, one step each), Medium Wound (wound table: DC E).");

    // The card's own "Spend a Hero Point" button does the same for a non-owner (forwarded to the GM).
    await clickFollowUp("heroPoint", m, bond);
    expect(heroPoints(felix).value).toBe(0);
    expect(responses(bond)[attackId]).toMatchObject({ heroPoints: 2 });
    // The note counts the points with the plural key (review-s7c T3: through the real note).
    expect([...world.messages].at(-1)!.content).toContain("(rolled QR2 Very Good, 2 Hero Points, one step each)");
    // Felix has none left: the ledger refuses, nothing changes.
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: false, reason: "FRACAS.Error.insufficient", data: { asked: 1, held: 0 } });
    expect(responses(bond)[attackId]).toMatchObject({ heroPoints: 2 });

    // Alice, Bond's owner, still spends Bond's own point from the same button.
    world.login("alice");
    await clickFollowUp("heroPoint", m, bond);
    expect(heroPoints(bond).value).toBe(2);
    expect(responses(bond)[attackId]).toMatchObject({ heroPoints: 3 });

    // Three points: QR2 → QR3 → QR4 → failure. The GM applies: no harm.
    world.login("gm");
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.NoHarm" } });
    expect(wound(bond).level).toBe("none");
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.AppliedUndoFirst" });
  });

  it("a copy of Hood's card posted by Alice (a console forgery) buys Bob no spend against it (audit s14)", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    const forged = await world.as("alice", () =>
      (globalThis as unknown as { ChatMessage: { create(d: object): Promise<FakeChatMessage> } }).ChatMessage.create({ type: "card", content: m.content, system: JSON.parse(JSON.stringify(m.system)) }),
    );
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(forged.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(heroPoints(felix).value).toBe(2);
  });

  it("refused without a character of one's own, for an NPC target, and for a target not on the card", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    world.login("carol");
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.NoOwnCharacter" });
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: felix.uuid })).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.NoTarget" });
    const onNpc = await attack(world, "gm", hood, [hood], 5, 3);
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(onNpc.id, "heroPointFor", { targetUuid: hood.uuid })).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.HeroPointsForPc" });
    expect(heroPoints(felix).value).toBe(2);
  });
});

describe("Hero Points: the default (only the target)", () => {
  it("refuses another player's character, through the GM follow-up and the card button alike", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    expect(m.content).toContain("the target may spend Hero Points");
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(m.id, "heroPointFor", { targetUuid: bond.uuid })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    await clickFollowUp("heroPoint", m, bond);
    expect(world.notifications.at(-1)?.message).toContain("owner or the GM");
    expect(heroPoints(felix).value).toBe(2);
    expect(heroPoints(bond).value).toBe(3);
    world.login("alice");
    await clickFollowUp("heroPoint", m, bond);
    expect(heroPoints(bond).value).toBe(2);
  });
});

describe("the target's owner answers a card the GM posted", () => {
  let brute: FakeActor; // alice's strong PC (STR 18), Speed 1
  let thug: FakeActor;
  beforeEach(() => {
    brute = createBrute(world, 1);
    thug = createThug(world);
  });

  it("Shake Off: Alice rolls Brute's EF 5 Strength roll on the GM's card; the Heavy Wound drops to a Light one", async () => {
    // Thug's punch: H-t-H PC 9 × EF (5 − Speed 1) = SC 36; roll 3 is QR1; DC B → Heavy Wound.
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    expect(cardOf(m).result).toMatchObject({ attackKind: "hth", woundLevel: "HW", shakeOffPossible: true });
    world.login("alice");
    expect(m.isAuthor).toBe(false);
    world.dice.queue(10); // STR 18 × EF 5 = SC 90
    await clickFollowUp("shakeOff", m, brute);
    expect(world.notified("warn")).toEqual([]);
    expect([...world.messages].at(-1)!.content).toContain("Brute shakes off the blow: rolled 10 vs SC 90 (Strength PC 18 × EF 5). Now Light Wound.");
    world.login("gm");
    expect(await adapter.queries.requestApply(m.id, brute.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.LW" } });
    expect(wound(brute).level).toBe("LW");
  });

  it("Knockout: Alice makes Brute's Willpower roll on the GM's card; her own recovery card applies itself", async () => {
    // EF 5 − 1 − 2 − 2 → ½: SC 4; roll 1 is QR2 → Willpower at EF 4.
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    expect(cardOf(m).result).toMatchObject({ qualityRating: 2, knockoutEase: 4 });
    world.login("alice");
    world.dice.queue(90, 2); // WIL 10 × EF 4 = SC 40: 90 fails
    await clickFollowUp("knockout", m, brute);
    expect(world.notified("warn")).toEqual([]);
    expect(wound(brute)).toMatchObject({ knockedOut: true });
    expect(brute.statuses.has("fracas-unconscious")).toBe(true);
    const card = [...world.messages].at(-1)!;
    expect(cardOf(card)).toMatchObject({ kind: "recovery", result: { which: "knockout" } });
    expect((card.toObject() as { author: string }).author).toBe("alice");
  });
});

describe("an attack id from a card (its author may edit it) is a plain id before it becomes a path (audit s14)", () => {
  it("responsePath refuses dots, __proto__ and empty ids; a random id passes", async () => {
    const { responsePath } = await import("../../../../src/rulesets/bond/cards/effects.js");
    expect(responsePath("AbC123xyz0000000", "heroPoints")).toBe("system.attackResponses.AbC123xyz0000000.heroPoints");
    for (const bad of ["a.b", "__proto__", "", "a b", "x".repeat(65)]) expect(() => responsePath(bad, "heroPoints"), bad).toThrow(/not an attack id/);
  });
});
