/**
 * A card's author may edit it (V13), so its applications are the author's input. The GM's client
 * acts only on applications it sealed (chat/card-seals.ts), an Undo writes only what an Apply could
 * have written (chat/record-check.ts), and only an owner of a card's source acts on it (apply.ts).
 * Audit s14: H1 (an edited Undo record wrote any path of any actor as the GM, ownership included),
 * H2 (a card "from" the GM's villain), H3 (a cleared application list applied the card again).
 */
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";
import type { Application } from "../../src/foundry/data/card-data.js";
import { sha256Hex } from "../../src/foundry/sha256.js";
import { canonicalJson, sealsOf } from "../../src/foundry/chat/card-seals.js";
import { writablePath } from "../../src/foundry/chat/record-check.js";

describe("sha256Hex (pure)", () => {
  it("matches node:crypto on the standard vectors and across block boundaries", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000]) {
      const text = "é".repeat(n);
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
    }
  });

  it("matches node:crypto on any string (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => sha256Hex(s) === createHash("sha256").update(s, "utf8").digest("hex")),
      { numRuns: 1000 },
    );
  });
});

describe("canonicalJson and writablePath (pure)", () => {
  it("one text for one record, whatever its keys' order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }] })).toBe(canonicalJson({ a: [{ c: null, d: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: "1" }));
  });

  it("an Undo writes system data and Fracas's own flags, nothing else", () => {
    for (const ok of ["system.x", "system.wound.level", "flags.fracas.rolls.stun"]) expect(writablePath(ok)).toBe(true);
    for (const bad of ["name", "ownership.alice", "ownership.default", "img", "flags.core.sheetClass", "flags.fracas", "system", "system.__proto__.x", "system.constructor", "system.a-b", "system..x", "system.==x"]) {
      expect(writablePath(bad), bad).toBe(false);
    }
  });
});

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor; // alice's
let villain: FakeActor; // the GM's
let henchman: FakeActor; // the GM's

const cardOf = (m: FakeChatMessage) => m.system as unknown as { applications: Application[]; targets: { uuid: string; name: string }[]; sourceUuid: string };
const x = (a: FakeActor) => (a.system as unknown as { x: number }).x;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, system: { x: 10 }, ownership: { alice: 3 } });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { x: 12 } });
  henchman = world.createActor({ name: "Henchman", type: TEST_TYPE, system: { x: 9 } });
});

async function post(userId: string, source: FakeActor, targets: FakeActor[], result: Record<string, number | boolean> = { damage: 3 }): Promise<FakeChatMessage> {
  world.login(userId);
  for (const t of targets) world.target(userId, t);
  return (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: source as never, result })) as unknown as FakeChatMessage;
}

// Run where a query runs: on the active GM's client, for the requesting user.
const apply = (m: FakeChatMessage, target: FakeActor, userId: string) => world.as("gm", () => adapter.apply.executeApply({ messageId: m.id, targetUuid: target.uuid, userId }));
const undo = (m: FakeChatMessage, applicationId: string, userId: string) => world.as("gm", () => adapter.apply.executeUndo({ messageId: m.id, applicationId, userId }));
const asAlice = (fn: () => Promise<unknown>) => world.as("alice", fn);

describe("the GM's seal on a card's applications", () => {
  it("an Apply the GM writes is sealed; its Undo (the player's request) works and drops the seal", async () => {
    const m = await post("alice", hero, [villain]);
    expect((await apply(m, villain, "alice")).ok).toBe(true);
    const [app] = cardOf(m).applications;
    expect(Object.keys(sealsOf(m.id))).toEqual([app!.id]);
    expect((await undo(m, app!.id, "alice")).ok).toBe(true);
    expect(x(villain)).toBe(12);
    expect(sealsOf(m.id)).toEqual({});
  });

  it("H1: an author's edited Undo record (any path, any actor) is refused, and nothing is written", async () => {
    const m = await post("alice", hero, [villain]);
    expect((await apply(m, villain, "alice")).ok).toBe(true);
    const [app] = cardOf(m).applications;
    const forged = { ...app!, targetUuid: henchman.uuid, prior: [{ path: "ownership.alice", value: 3 }, { path: "name", value: "Pwned" }, { path: "system.x", value: 0 }], after: [] };
    await asAlice(() => m.update({ "system.applications": [forged] } as never));
    expect(await undo(m, app!.id, "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Tampered" });
    expect([henchman.name, x(henchman), henchman.testUserPermission(world.users.get("alice")! as never, "OWNER")]).toEqual(["Henchman", 9, false]);
    expect(x(villain)).toBe(9);
  });

  it("H1 on a card the GM never applied: a made-up record is refused for a player, and its paths for anyone", async () => {
    const m = await post("alice", hero, [villain]);
    const made: Application = { id: "fake1", targetUuid: villain.uuid, by: "alice", at: 1, prior: [{ path: "name", value: "Pwned" }], after: [], statuses: [], summary: {}, poolEntries: [], undone: false };
    await asAlice(() => m.update({ "system.applications": [made] } as never));
    expect(await undo(m, "fake1", "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRecord" });
    await asAlice(() => m.update({ "system.applications": [{ ...made, prior: [{ path: "system.x", value: 0 }] }] } as never));
    expect(await undo(m, "fake1", "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotSealed" });
    // A record naming an actor the card does not target.
    await asAlice(() => m.update({ "system.applications": [{ ...made, targetUuid: henchman.uuid, prior: [{ path: "system.x", value: 0 }] }] } as never));
    expect(await undo(m, "fake1", "gm")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotATarget" });
    expect([villain.name, x(villain), x(henchman)]).toEqual(["Villain", 12, 9]);
  });

  it("H3: clearing the card's applications does not apply it again", async () => {
    const m = await post("alice", hero, [villain]);
    expect((await apply(m, villain, "alice")).ok).toBe(true);
    await asAlice(() => m.update({ "system.applications": [] } as never));
    expect(await apply(m, villain, "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Tampered" });
    expect(x(villain)).toBe(9);
  });

  it("H2: a player's card naming the GM's villain as its source is not theirs to apply", async () => {
    world.login("alice");
    const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: villain as never, result: { damage: 50 }, targets: [{ uuid: henchman.uuid, name: "Henchman" }] })) as unknown as FakeChatMessage;
    expect(await apply(m, henchman, "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(x(henchman)).toBe(9);
    // The GM may still apply what the GM sees fit.
    expect((await apply(m, henchman, "gm")).ok).toBe(true);
  });

  it("two cards applied at once (each under its own card lock) both keep their seals", async () => {
    const a = await post("alice", hero, [villain]);
    const b = await post("alice", hero, [henchman]);
    // As in Foundry, a world setting's write takes a round trip to the server before it is read back.
    const settings = game.settings as unknown as { set(ns: string, key: string, value: unknown): Promise<unknown> };
    const set = settings.set.bind(settings);
    settings.set = async (ns, key, value) => {
      await new Promise((r) => setTimeout(r, 5));
      return set(ns, key, value);
    };
    const [ra, rb] = await world.as("gm", () => Promise.all([adapter.apply.executeApply({ messageId: a.id, targetUuid: villain.uuid, userId: "alice" }), adapter.apply.executeApply({ messageId: b.id, targetUuid: henchman.uuid, userId: "alice" })]));
    expect([ra.ok, rb.ok]).toEqual([true, true]);
    expect([Object.keys(sealsOf(a.id)), Object.keys(sealsOf(b.id))]).toEqual([[cardOf(a).applications[0]!.id], [cardOf(b).applications[0]!.id]]);
    expect((await undo(a, cardOf(a).applications[0]!.id, "alice")).ok).toBe(true);
  });

  it("with no GM connected, a player's own client leaves an Apply the GM sealed to a GM (its seal would stay and refuse the card)", async () => {
    const m = await post("alice", hero, [hero]);
    expect((await apply(m, hero, "alice")).ok).toBe(true);
    const [app] = cardOf(m).applications;
    // Alice's own client runs the Undo (as render.ts does when no GM is connected).
    expect(await world.as("alice", () => adapter.apply.executeUndo({ messageId: m.id, applicationId: app!.id, userId: "alice" }))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.SealedNeedsGM" });
    expect(x(hero)).toBe(7);
    // The GM, back, undoes it.
    expect((await undo(m, app!.id, "alice")).ok).toBe(true);
    expect(x(hero)).toBe(10);
  });

  it("an Undo record whose status is not a status id is refused", async () => {
    const m = await post("alice", hero, [villain]);
    const made: Application = { id: "fake2", targetUuid: villain.uuid, by: "alice", at: 1, prior: [{ path: "system.x", value: 0 }], after: [], statuses: [{ status: "a.b<script>", on: true }], summary: {}, poolEntries: [], undone: false };
    await asAlice(() => m.update({ "system.applications": [made] } as never));
    expect(await undo(m, "fake2", "gm")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRecord" });
  });

  it("a card whose source no longer exists (a deleted token) is still its author's to apply", async () => {
    const sidekick = world.createActor({ name: "Sidekick", type: TEST_TYPE, system: { x: 5 }, ownership: { alice: 3 } });
    const m = await post("alice", sidekick, [villain]);
    await world.as("gm", () => sidekick.delete());
    expect((await apply(m, villain, "alice")).ok).toBe(true);
    expect(await apply(m, villain, "bob")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
  });

  it("a seal of another card survives; a deleted card's seals go with it", async () => {
    const a = await post("alice", hero, [villain]);
    const b = await post("alice", hero, [henchman]);
    await apply(a, villain, "alice");
    await apply(b, henchman, "alice");
    expect(Object.keys(sealsOf(a.id))).toHaveLength(1);
    world.login("gm");
    await a.delete();
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0)); // the hook's write is not awaited
    expect(sealsOf(a.id)).toEqual({});
    expect(Object.keys(sealsOf(b.id))).toHaveLength(1);
  });

  it("an Apply made with no GM connected (the player's own character) is unsealed: the GM may undo it, a player's request to the GM is refused", async () => {
    const m = await post("alice", hero, [hero]);
    // As the active GM would find it: alice's own local Apply wrote the record (no seal).
    world.login("alice");
    const local = { id: "local1", targetUuid: hero.uuid, by: "alice", at: 1, prior: [{ path: "system.x", value: 10 }], after: [{ path: "system.x", value: 7 }], statuses: [], summary: {}, poolEntries: [], undone: false };
    await world.as("gm", () => hero.update({ "system.x": 7 } as never));
    await world.as("gm", () => m.update({ "system.applications": [local] } as never));
    expect(await undo(m, "local1", "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotSealed" });
    expect((await undo(m, "local1", "gm")).ok).toBe(true);
    expect(x(hero)).toBe(10);
  });
});
