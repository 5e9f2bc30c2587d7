import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "./fake/index.js";
import { TEST_TYPE, addPlayers, registerTestRuleset } from "./helpers.js";
import type { Application } from "../../src/foundry/data/card-data.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor; // alice's
let sidekick: FakeActor; // alice's
let villain: FakeActor; // the GM's
let bobsGuy: FakeActor; // bob's

interface CardSystem {
  applications: Application[];
  targets: { uuid: string; name: string }[];
}
const cardOf = (m: FakeChatMessage) => m.system as unknown as CardSystem;
const snapshot = (a: FakeActor) => ({ source: a.toObject(), statuses: [...a.statuses].sort() });

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  addPlayers(world);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE, ownership: { alice: 3 } });
  sidekick = world.createActor({ name: "Sidekick", type: TEST_TYPE, system: { x: 8 }, ownership: { alice: 3 } });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { x: 12 } });
  bobsGuy = world.createActor({ name: "Bob's guy", type: TEST_TYPE, ownership: { bob: 3 } });
});

/** Posts a card as `userId` from `source` at `targets` (through the real postCard). */
async function post(userId: string, source: FakeActor, targets: FakeActor[], result: Record<string, number | boolean> = { damage: 3, stun: true }, kind = "hit"): Promise<FakeChatMessage> {
  world.login(userId);
  for (const t of targets) world.target(userId, t);
  const m = await adapter.cards.postCard({ ruleset: "fracastest", kind, source: source as never, result });
  return m as unknown as FakeChatMessage;
}

/**
 * Sends `query` to the GM the way a client does: `signer` writes the request into a flag on their
 * own User (the only user the server lets them write), then the GM is sent `claimedUserId` and the
 * request id. A forger signs as themself but claims someone else.
 */
async function signedQuery(query: string, payload: Record<string, unknown>, signer: string, claimedUserId = signer, to = "gm"): Promise<{ ok: boolean; reason?: string }> {
  const requestId = `r${Math.random().toString(36).slice(2, 10)}`;
  await world.as(signer, async () => world.users.get(signer)!.setFlag("fracas", `requests.${requestId}`, { id: requestId, query, payload }));
  return (await world.users.get(to)!.query(query, { userId: claimedUserId, requestId }, { timeout: 1000 })) as { ok: boolean; reason?: string };
}

function mayWrite(m: FakeChatMessage, target: FakeActor): boolean {
  return adapter.render.mayWriteHere(m as never, cardOf(m) as never, target.uuid);
}

describe("postCard and the chat's roll mode (V13 applies it to a message with rolls)", () => {
  async function rolled(userId: string, mode: string, whisper?: string[], source: FakeActor = userId === "gm" ? villain : hero, targets: FakeActor[] = []): Promise<FakeChatMessage> {
    world.login(userId);
    await world.settings.set("core", "rollMode", mode);
    world.dice.queue(4);
    const roll = await new Roll("1d6").evaluate();
    const at = targets.map((t) => ({ uuid: t.uuid, name: t.name }));
    const m = await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: source as never, result: { damage: 1 }, rolls: [roll as never], targets: at, ...(whisper ? { whisper } : {}) });
    return m as unknown as FakeChatMessage;
  }
  const seen = (m: FakeChatMessage) => ({ whisper: (m as unknown as { whisper: string[] }).whisper, blind: (m as unknown as { blind: boolean }).blind });

  it("public, private (the GMs), blind (the GMs, hidden from its author) and self, as the roller chose", async () => {
    expect(seen(await rolled("gm", "publicroll"))).toEqual({ whisper: [], blind: false });
    expect(seen(await rolled("gm", "gmroll"))).toEqual({ whisper: ["gm"], blind: false });
  });

  it("a player's Self Roll or Blind GM Roll posts as a Private GM Roll (the GM's buttons and the player's Apply stay in sight), said once", async () => {
    expect(seen(await rolled("alice", "blindroll"))).toEqual({ whisper: ["gm"], blind: false });
    expect(seen(await rolled("alice", "selfroll"))).toEqual({ whisper: ["gm"], blind: false });
    expect(world.notified("info").filter((m) => m.startsWith("A Fracas combat card is yours and the GM's"))).toHaveLength(1);
    // At another player's character: to the GMs and its owner, the roller seeing their own card as its author.
    expect(seen(await rolled("alice", "selfroll", undefined, hero, [bobsGuy]))).toEqual({ whisper: ["gm", "bob"], blind: false });
    // The GM's own self roll stays the GM's.
    expect(seen(await rolled("gm", "selfroll"))).toEqual({ whisper: ["gm"], blind: false });
  });

  it("a card whispered on purpose (a prompt for one hero's owners) keeps its recipients under every mode", async () => {
    expect(seen(await rolled("gm", "selfroll", ["alice", "gm"]))).toEqual({ whisper: ["alice", "gm"], blind: false });
    expect(seen(await rolled("gm", "gmroll", ["alice", "gm"]))).toEqual({ whisper: ["alice", "gm"], blind: false });
  });

  it("a card the GM's client posts about a player's character (a draw, a round-start roll) is public whatever the GM's mode", async () => {
    expect(seen(await rolled("gm", "gmroll", undefined, hero))).toEqual({ whisper: [], blind: false });
    expect(seen(await rolled("gm", "blindroll", undefined, hero))).toEqual({ whisper: [], blind: false });
  });

  it("a private or blind NPC card at a player's character goes to the GMs and that player (its answers are theirs), not blind", async () => {
    expect(seen(await rolled("gm", "gmroll", undefined, villain, [hero]))).toEqual({ whisper: ["gm", "alice"], blind: false });
    expect(seen(await rolled("gm", "blindroll", undefined, villain, [hero, bobsGuy]))).toEqual({ whisper: ["gm", "alice", "bob"], blind: false });
    expect(seen(await rolled("gm", "gmroll", undefined, villain, [villain]))).toEqual({ whisper: ["gm"], blind: false });
  });

  it("a card with no dice is posted for everyone whatever the mode", async () => {
    await world.settings.set("core", "rollMode", "gmroll");
    expect(seen(await post("gm", villain, [hero]))).toEqual({ whisper: [], blind: false });
  });
});

describe("postCard", () => {
  it("creates the card under an id made beforehand, and only then (Foundry drops a given _id without keepId)", async () => {
    world.login("alice");
    const id = "preMadeCardId01";
    const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: hero as never, result: { damage: 1 }, id })) as unknown as FakeChatMessage;
    expect(m.id).toBe(id);
    const plain = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: hero as never, result: { damage: 1 } })) as unknown as FakeChatMessage;
    expect(plain.id).not.toBe(id);
    await expect(adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: hero as never, result: { damage: 1 }, id })).rejects.toThrow(/already exists/);
  });

  it("stores the result, the user's token targets and renders the real card frame", async () => {
    const m = await post("alice", hero, [villain]);
    expect(m.type).toBe("card");
    expect(m.author?.id).toBe("alice");
    expect(cardOf(m).targets).toEqual([{ uuid: villain.uuid, name: "Villain" }]);
    expect(m.content).toContain('class="fracas fracas-card themed theme-light ruleset-fracastest"');
    expect(m.content).toContain('<p class="damage">3</p>');
    expect(m.speaker.actor).toBe(hero.id);
    expect(world.messages.get(m.id)).toBe(m);
  });
});

describe("apply and undo (GM)", () => {
  it("applies: value lowered, status toggled, exact prior recorded; undo restores both", async () => {
    const m = await post("gm", villain, [hero]);
    const r = await adapter.queries.requestApply(m.id, hero.uuid, mayWrite(m, hero));
    expect(r).toEqual({ ok: true, summary: { key: "FRACAS.Tracker.Current", data: { name: "Hero" } } });
    expect(hero.system.x).toBe(7);
    expect(hero.statuses.has("fracas-stunned")).toBe(true);
    const [app] = cardOf(m).applications;
    expect(app).toMatchObject({ targetUuid: hero.uuid, by: "gm", prior: [{ path: "system.x", value: 10 }], statuses: [{ status: "stunned", on: true }], undone: false });
    expect(world.queryLog).toEqual([]);

    const u = await adapter.queries.requestUndo(m.id, app!.id, true);
    expect(u).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(hero.system.x).toBe(10);
    expect(hero.statuses.has("fracas-stunned")).toBe(false);
    expect(cardOf(m).applications[0]!.undone).toBe(true);
  });

  it("undo reverses only the statuses the apply changed (an already-stunned target stays stunned)", async () => {
    await hero.toggleStatusEffect("fracas-stunned", { active: true });
    const m = await post("gm", villain, [hero]);
    await adapter.queries.requestApply(m.id, hero.uuid, true);
    const app = cardOf(m).applications[0]!;
    expect(app.statuses).toEqual([]);
    await adapter.queries.requestUndo(m.id, app.id, true);
    expect(hero.statuses.has("fracas-stunned")).toBe(true);
    expect(hero.system.x).toBe(10);
  });

  it("an out-of-range result is clamped by the model, and undo still restores the exact prior", async () => {
    const m = await post("gm", villain, [hero], { damage: 15, stun: false });
    await adapter.queries.requestApply(m.id, hero.uuid, true);
    expect(hero.system.x).toBe(0);
    await adapter.queries.requestUndo(m.id, cardOf(m).applications[0]!.id, true);
    expect(hero.system.x).toBe(10);
  });
});

describe("a card kind's fields written with its applications (CardKind.cardUpdate)", () => {
  it("an Apply and its Undo each write the card once, with what the kind re-renders from the new applications", async () => {
    const kind = adapter.rulesets.descriptor("fracastest")!.cards!.hit!;
    kind.cardUpdate = async ({ applications }) => ({ content: `<p>${applications.filter((a) => !a.undone).length} applied</p>` });
    const m = await post("gm", villain, [hero]);
    const writes: object[] = [];
    world.observe("updateChatMessage", ((_m: unknown, changed: object) => void writes.push(changed)) as never);
    await adapter.queries.requestApply(m.id, hero.uuid, true);
    expect(writes).toHaveLength(1);
    expect(m.content).toBe("<p>1 applied</p>");
    await adapter.queries.requestUndo(m.id, cardOf(m).applications[0]!.id, true);
    expect(writes).toHaveLength(2);
    expect(m.content).toBe("<p>0 applied</p>");
    expect(cardOf(m).applications[0]!.undone).toBe(true);
  });
});

describe("a card kind's cardUpdate that throws", () => {
  it("is logged, and the Apply and the Undo still write their applications (without the extra fields)", async () => {
    const kind = adapter.rulesets.descriptor("fracastest")!.cards!.hit!;
    kind.cardUpdate = async () => {
      throw new Error("template missing");
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const m = await post("gm", villain, [hero]);
    const before = m.content;
    expect((await adapter.queries.requestApply(m.id, hero.uuid, true)).ok).toBe(true);
    expect(cardOf(m).applications).toHaveLength(1);
    expect(hero.system.x).toBe(7);
    expect((await adapter.queries.requestUndo(m.id, cardOf(m).applications[0]!.id, true)).ok).toBe(true);
    expect(hero.system.x).toBe(10);
    expect(m.content).toBe(before);
    expect(error).toHaveBeenCalledWith("Fracas | a card's own fields could not be made; its applications are written without them", expect.any(Error));
    error.mockRestore();
  });
});

describe("Undo in reverse order", () => {
  it("an Undo is refused once another card's Apply or a sheet edit has changed what it wrote; the later one first, then it goes", async () => {
    const first = await post("gm", villain, [hero], { damage: 2, stun: false });
    const second = await post("gm", villain, [hero], { damage: 3, stun: false });
    await adapter.queries.requestApply(first.id, hero.uuid, true);
    await adapter.queries.requestApply(second.id, hero.uuid, true);
    expect(hero.system.x).toBe(5);
    const firstApp = cardOf(first).applications[0]!;
    expect(await adapter.queries.requestUndo(first.id, firstApp.id, true)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.ChangedSince", data: { name: "Hero" } });
    expect(hero.system.x).toBe(5);
    expect((await adapter.queries.requestUndo(second.id, cardOf(second).applications[0]!.id, true)).ok).toBe(true);
    expect((await adapter.queries.requestUndo(first.id, firstApp.id, true)).ok).toBe(true);
    expect(hero.system.x).toBe(10);
    // A hand edit since counts the same.
    await adapter.queries.requestApply(first.id, hero.uuid, true);
    await hero.update({ "system.x": 1 });
    expect((await adapter.queries.requestUndo(first.id, cardOf(first).applications.at(-1)!.id, true)).ok).toBe(false);
    expect(hero.system.x).toBe(1);
  });
});

describe("the card's source at the Apply", () => {
  it("a kind's effect sees the source actor as it is now: a shot whose shooter was downed since is refused", async () => {
    const m = await post("gm", villain, [hero], { damage: 3, stun: false, shooterMustStand: true });
    await villain.toggleStatusEffect("fracas-dead", { active: true });
    expect(await adapter.queries.requestApply(m.id, hero.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.Down" });
    expect(hero.system.x).toBe(10);
    await villain.toggleStatusEffect("fracas-dead", { active: false });
    expect((await adapter.queries.requestApply(m.id, hero.uuid, true)).ok).toBe(true);
    expect(hero.system.x).toBe(7);
  });

  it("a kind's refusal carries the data its message needs, to the Apply's outcome and the clicker's warning", async () => {
    const m = await post("gm", villain, [hero], { damage: 120, stun: false });
    const refused = { ok: false, reason: "FRACAS.Error.badNumber", data: { name: "damage", min: 0, max: 99, value: 120 } };
    expect(await adapter.queries.requestApply(m.id, hero.uuid, true)).toEqual(refused);
    expect(hero.system.x).toBe(10);
    const { applyCardNow } = await import("../../src/foundry/chat/apply-now.js");
    expect(await applyCardNow(m as never, hero as never)).toBe(false);
    expect(world.notified("warn").at(-1)).toBe("damage must be a whole number from 0 to 99 (got 120).");
  });

  it("the source also carries the tracker's defeated mark on its combatant in a running fight", async () => {
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: villain.id }, { actorId: hero.id }]);
    world.dice.queue(1, 2, 3, 4);
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
    const m = await post("gm", villain, [hero], { damage: 3, stun: false, shooterMustStand: true });
    await combat.combatants.find((c) => c.actorId === villain.id)!.update({ defeated: true });
    expect(await adapter.queries.requestApply(m.id, hero.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.Down" });
  });
});

describe("a player", () => {
  it("who authored the card and owns the target applies locally (no query) only while no GM is connected", async () => {
    world.setActiveGM(null);
    const m = await post("alice", hero, [sidekick]);
    expect(mayWrite(m, sidekick)).toBe(true);
    const r = await adapter.queries.requestApply(m.id, sidekick.uuid, mayWrite(m, sidekick));
    expect(r.ok).toBe(true);
    expect(sidekick.system.x).toBe(5);
    expect(sidekick.statuses.has("fracas-stunned")).toBe(true);
    expect(world.queryLog).toEqual([]);
    expect(cardOf(m).applications[0]!.by).toBe("alice");
  });

  it("with a GM connected, even a target they own is applied and undone on the GM's client (one lock per card there)", async () => {
    // Card locks are per client: a player's local write and the GM's on the same card would not
    // queue on one lock, so while a GM is connected every Apply and Undo goes to the GM's client.
    const m = await post("alice", hero, [sidekick]);
    expect(mayWrite(m, sidekick)).toBe(false);
    const r = await adapter.queries.requestApply(m.id, sidekick.uuid, mayWrite(m, sidekick));
    expect(r.ok).toBe(true);
    expect(sidekick.system.x).toBe(5);
    const app = cardOf(m).applications[0]!;
    expect(app.by).toBe("alice");
    // The Undo button's click, as the card renders it for alice.
    world.login("alice");
    let onClick: ((event: unknown) => void) | null = null;
    const html = { querySelector: () => null, querySelectorAll: () => [], addEventListener: (type: string, fn: (event: unknown) => void) => type === "click" && (onClick = fn) };
    adapter.render.onRenderChatMessageHTML(m as never, html as never);
    const button = { dataset: { fracasAction: "undo", applicationId: app.id }, setAttribute: () => undefined, removeAttribute: () => undefined };
    onClick!({ target: { closest: () => button }, preventDefault: () => undefined });
    await vi.waitFor(() => expect(sidekick.system.x).toBe(8));
    expect(world.queryLog.map((q) => [q.name, q.from, q.to])).toEqual([
      ["fracas.applyCard", "alice", "gm"],
      ["fracas.undoCard", "alice", "gm"],
    ]);
  });

  it("a card's GM-only controls (data-fracas-gm-only) are disabled on a player's copy as it renders, live on the GM's", async () => {
    const m = await post("gm", villain, [hero]);
    const render = (userId: string) => {
      world.login(userId);
      const control = { disabled: false };
      const html = { querySelector: () => null, addEventListener: () => undefined, querySelectorAll: (sel: string) => (sel.includes("[data-fracas-gm-only]") ? [control] : []) };
      adapter.render.onRenderChatMessageHTML(m as never, html as never);
      return control.disabled;
    };
    expect(render("gm")).toBe(false);
    expect(render("alice")).toBe(true);
  });

  it("cannot write a target they do not own; the same write through the GM query is accepted", async () => {
    const m = await post("alice", hero, [villain]);
    expect(mayWrite(m, villain)).toBe(false);
    await expect(villain.update({ "system.x": 1 })).rejects.toThrow("User Alice lacks permission to update Actor");
    await expect(villain.toggleStatusEffect("fracas-stunned", { active: true })).rejects.toThrow(/lacks permission/);
    expect(villain.system.x).toBe(12);

    const r = await adapter.queries.requestApply(m.id, villain.uuid, false);
    expect(r.ok).toBe(true);
    expect(villain.system.x).toBe(9);
    expect(villain.statuses.has("fracas-stunned")).toBe(true);
    expect(world.queryLog.map((q) => [q.name, q.from, q.to])).toEqual([["fracas.applyCard", "alice", "gm"]]);
    expect(world.user.id).toBe("alice");
    const app = cardOf(m).applications[0]!;
    expect(app.by).toBe("alice");

    const u = await adapter.queries.requestUndo(m.id, app.id, false);
    expect(u.ok).toBe(true);
    expect(villain.system.x).toBe(12);
    expect(villain.statuses.has("fracas-stunned")).toBe(false);
  });

  it("cannot apply a card that changes the GM's pool locally; the GM query applies it and its pool entry", async () => {
    const m = await post("alice", hero, [sidekick], {}, "miss");
    expect(mayWrite(m, sidekick)).toBe(false);
    const local = await adapter.apply.executeApply({ messageId: m.id, targetUuid: sidekick.uuid, userId: "alice" });
    expect(local).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NeedsGM" });
    const r = await adapter.queries.requestApply(m.id, sidekick.uuid, false);
    expect(r.ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(1);
    const app = cardOf(m).applications[0]!;
    expect(app.poolEntries).toHaveLength(1);
    // What the Apply gave the GM's pool only the GM takes back (the check is on the requester,
    // though the Undo runs on the GM's client).
    expect(await adapter.queries.requestUndo(m.id, app.id, false)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.UndoNeedsGM" });
    expect(adapter.pools.readPool("setback").value).toBe(1);
    world.login("gm");
    expect((await adapter.queries.requestUndo(m.id, app.id, true)).ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(0);
  });
});

describe("tampered or stale queries are refused and write nothing", () => {
  let m: FakeChatMessage;
  let before: ReturnType<typeof snapshot>[];
  beforeEach(async () => {
    m = await post("alice", hero, [villain]);
    before = [hero, sidekick, villain, bobsGuy].map(snapshot);
  });
  const ask = async (data: Record<string, unknown> & { userId: string }) => signedQuery("fracas.applyCard", data, data.userId);
  const unchanged = () => {
    expect([hero, sidekick, villain, bobsGuy].map(snapshot)).toEqual(before);
  };

  it("a target that is not among the card's targets", async () => {
    expect(await ask({ messageId: m.id, targetUuid: bobsGuy.uuid, userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotATarget" });
    unchanged();
    expect(cardOf(m).applications).toEqual([]);
  });

  it("the id of a message that is not a card", async () => {
    const plain = (await ChatMessage.create({ content: "hello" } as never)) as unknown as FakeChatMessage;
    expect(await ask({ messageId: plain.id, targetUuid: villain.uuid, userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NoCard" });
    unchanged();
  });

  it("a user who neither authored the card nor owns its source", async () => {
    world.login("bob");
    expect(await ask({ messageId: m.id, targetUuid: villain.uuid, userId: "bob" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(await adapter.queries.requestApply(m.id, villain.uuid, false)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    unchanged();
  });

  it("a target already applied (stale)", async () => {
    expect((await ask({ messageId: m.id, targetUuid: villain.uuid, userId: "alice" })).ok).toBe(true);
    const after = snapshot(villain);
    const apps = cardOf(m).applications;
    expect(await ask({ messageId: m.id, targetUuid: villain.uuid, userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyApplied" });
    expect(snapshot(villain)).toEqual(after);
    expect(cardOf(m).applications).toEqual(apps);
  });

  it("malformed data, and a query arriving at a non-GM client", async () => {
    expect(await ask({ messageId: m.id, targetUuid: 42, userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRequest" });
    expect(await world.users.get("gm")!.query("fracas.applyCard", null)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    const onPlayer = await signedQuery("fracas.applyCard", { messageId: m.id, targetUuid: villain.uuid }, "alice", "alice", "bob");
    expect(onPlayer).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    unchanged();
  });

  it("an undo of an unknown or already-undone application", async () => {
    const ask2 = async (data: Record<string, unknown> & { userId: string }) => signedQuery("fracas.undoCard", data, data.userId);
    expect(await ask2({ messageId: m.id, applicationId: "nope", userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NoApplication" });
    await ask({ messageId: m.id, targetUuid: villain.uuid, userId: "alice" });
    const id = cardOf(m).applications[0]!.id;
    expect((await ask2({ messageId: m.id, applicationId: id, userId: "alice" })).ok).toBe(true);
    expect(await ask2({ messageId: m.id, applicationId: id, userId: "alice" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyUndone" });
    unchanged();
  });
});

describe("a forged sender is refused: the GM trusts only what the sender signed on their own User", () => {
  it("bob claiming to be alice (alice authored the card) is refused and nothing is written", async () => {
    const m = await post("alice", hero, [villain]);
    const before = snapshot(villain);
    expect(await signedQuery("fracas.applyCard", { messageId: m.id, targetUuid: villain.uuid }, "bob", "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(snapshot(villain)).toEqual(before);
    expect(cardOf(m).applications).toEqual([]);
  });

  it("bob cannot write alice's request flag himself", async () => {
    await expect(world.as("bob", async () => world.users.get("alice")!.setFlag("fracas", "requests.x", { id: "x", query: "fracas.applyCard", payload: {} }))).rejects.toThrow(/permission/i);
  });

  it("a request id that is not the one the sender signed, or a signed request for another query, is refused", async () => {
    const m = await post("alice", hero, [villain]);
    await world.as("alice", async () => world.users.get("alice")!.setFlag("fracas", "requests.abc", { id: "abc", query: "fracas.undoCard", payload: { messageId: m.id, targetUuid: villain.uuid } }));
    expect(await world.users.get("gm")!.query("fracas.applyCard", { userId: "alice", requestId: "abc" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(await world.users.get("gm")!.query("fracas.applyCard", { userId: "alice", requestId: "zzz" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(cardOf(m).applications).toEqual([]);
  });

  it("the payload's own userId is ignored: the verified sender is who acts", async () => {
    const m = await post("alice", hero, [villain]);
    expect(await signedQuery("fracas.applyCard", { messageId: m.id, targetUuid: villain.uuid, userId: "alice" }, "bob", "bob")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
  });
});

describe("signed requests", () => {
  it("two quick requests from one player both go through (one slot per request) and each slot is cleared", async () => {
    const m = await post("alice", hero, [villain, bobsGuy]);
    world.login("alice");
    const [a, b] = await Promise.all([
      adapter.queries.requestApply(m.id, villain.uuid, false),
      adapter.queries.requestApply(m.id, bobsGuy.uuid, false),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(cardOf(m).applications.map((x) => x.targetUuid).sort()).toEqual([bobsGuy.uuid, villain.uuid].sort());
    await adapter.queries.handledRequestsCleared();
    expect(world.users.get("alice")!.getFlag("fracas", "requests")).toEqual({});
  });

  it("the GM answers before the request's slot is cleared (one round trip less), and refuses a replay until the clear lands", async () => {
    const m = await post("alice", hero, [villain]);
    const alice = world.users.get("alice")!;
    const unset = alice.unsetFlag.bind(alice);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    alice.unsetFlag = (async (...args: Parameters<typeof unset>) => {
      await held;
      return unset(...args);
    }) as typeof alice.unsetFlag;
    world.login("alice");
    const before = world.queryLog.length;
    expect((await adapter.queries.requestApply(m.id, villain.uuid, false)).ok).toBe(true);
    const sent = world.queryLog[before]!.data as { userId: string; requestId: string };
    expect(Object.keys(alice.getFlag("fracas", "requests") as object)).toEqual([sent.requestId]);
    expect(await world.users.get("gm")!.query("fracas.applyCard", sent)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    release();
    await adapter.queries.handledRequestsCleared();
    expect(alice.getFlag("fracas", "requests")).toEqual({});
    expect(cardOf(m).applications).toHaveLength(1);
  });

  it("a query that fails (the GM went away between the look and the send) clears its own request, so none lingers to be answered later", async () => {
    const m = await post("alice", hero, [villain]);
    world.login("alice");
    const gm = world.users.get("gm")!;
    // V13's game.users.activeGM read a moment before the GM's socket went: User#query then throws.
    Object.defineProperty(game.users, "activeGM", { get: () => gm, configurable: true });
    gm.active = false;
    try {
      await expect(adapter.queries.requestApply(m.id, villain.uuid, false)).rejects.toThrow(/not connected/);
    } finally {
      delete (game.users as unknown as { activeGM?: unknown }).activeGM;
    }
    expect(world.queryLog.at(-1)).toMatchObject({ name: "fracas.applyCard", from: "alice", error: "not connected" });
    expect(world.users.get("alice")!.getFlag("fracas", "requests")).toEqual({});
  });

  it("on load, a user's own request slots left from before are cleared: only their own, and not one another tab still waits for", async () => {
    const now = Date.now();
    const slot = (id: string, at?: number) => ({ id, query: "fracas.applyCard", payload: {}, ...(at ? { at } : {}) });
    await world.as("alice", async () => world.users.get("alice")!.setFlag("fracas", "requests", { old1: slot("old1"), old3: slot("old3", now - 120_000), fresh: slot("fresh", now - 5_000) }));
    await world.as("bob", async () => world.users.get("bob")!.setFlag("fracas", "requests.old2", slot("old2")));
    world.login("alice");
    await adapter.queries.clearOwnStaleRequests(now); // what alice's page runs on ready (fracas.ts)
    expect(Object.keys(world.users.get("alice")!.getFlag("fracas", "requests") as object)).toEqual(["fresh"]);
    expect(Object.keys(world.users.get("bob")!.getFlag("fracas", "requests") as object)).toEqual(["old2"]);
  });

  it("a signed request sent to a GM who is not the active GM is refused there and runs nowhere twice", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.users.get("gm2")!.active = true;
    const m = await post("alice", hero, [villain]);
    expect(await signedQuery("fracas.applyCard", { messageId: m.id, targetUuid: villain.uuid }, "alice", "alice", "gm2")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotActiveGM" });
    expect(cardOf(m).applications).toEqual([]);
    expect(villain.system.x).toBe(12);
    // The sender's slot is left for the active GM (a replay to another GM cannot spoil it).
    await adapter.queries.handledRequestsCleared();
    expect(Object.keys(world.users.get("alice")!.getFlag("fracas", "requests") as object)).toHaveLength(1);
  });

  it("a handled request cannot be replayed", async () => {
    const m = await post("alice", hero, [villain]);
    world.login("alice");
    const before = world.queryLog.length;
    expect((await adapter.queries.requestApply(m.id, villain.uuid, false)).ok).toBe(true);
    const sent = world.queryLog[before]!.data as { userId: string; requestId: string };
    await adapter.queries.requestUndo(m.id, cardOf(m).applications[0]!.id, false);
    expect(await world.users.get("gm")!.query("fracas.applyCard", sent)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
  });
});

describe("GM follow-ups (fracas.followUp)", () => {
  it("a player asks, the GM runs it on a target the player does not own; refused for users the kind refuses and bad args", async () => {
    const m = await post("alice", hero, [villain]);
    const x = () => (villain.system as unknown as { x: number }).x;
    world.login("alice");
    await expect(villain.update({ "system.x": 99 })).rejects.toThrow(/lacks permission/);
    expect(await adapter.queries.requestFollowUp(m.id, "bump", { n: 2 })).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(x()).toBe(14);
    expect(await adapter.queries.requestFollowUp(m.id, "bump", { n: 9 })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.BadRequest" });
    expect(await adapter.queries.requestFollowUp(m.id, "nope", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.UnknownCard" });
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(m.id, "bump", { n: 1 })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(x()).toBe(14);
    expect(await signedQuery("fracas.followUp", { messageId: m.id, name: "bump", args: { n: 1 } }, "bob", "alice")).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(x()).toBe(14);
  });
});

describe("failures", () => {
  it("no active GM: a clear notification and nothing written", async () => {
    const m = await post("alice", hero, [villain]);
    world.setActiveGM(null);
    const before = snapshot(villain);
    const r = await adapter.queries.requestApply(m.id, villain.uuid, false);
    expect(r).toEqual({ ok: false, reason: "FRACAS.Chat.NoGM" });
    expect(world.notified("error")).toEqual([world.localize("FRACAS.Chat.NoGM")]);
    expect(world.localize("FRACAS.Chat.NoGM")).toMatch(/No GM is connected/);
    expect(snapshot(villain)).toEqual(before);
    expect(cardOf(m).applications).toEqual([]);
  });

  it("no active GM: a click on a card's Apply says so once (not an error and then a warning)", async () => {
    const m = await post("alice", hero, [villain]);
    world.setActiveGM(null);
    world.login("alice");
    let onClick: ((event: unknown) => void) | null = null;
    const html = { querySelector: () => null, querySelectorAll: () => [], addEventListener: (type: string, fn: (event: unknown) => void) => type === "click" && (onClick = fn) };
    adapter.render.onRenderChatMessageHTML(m as never, html as never);
    const button = { dataset: { fracasAction: "apply", targetUuid: villain.uuid }, setAttribute: () => undefined, removeAttribute: () => undefined };
    onClick!({ target: { closest: () => button }, preventDefault: () => undefined });
    await vi.waitFor(() => expect(world.notified("error")).toEqual([world.localize("FRACAS.Chat.NoGM")]));
    await new Promise((r) => setTimeout(r, 20));
    expect(world.notified("warn")).toEqual([]);
  });

  it("an error mid-apply (the card's update fails) leaves the target exactly as before", async () => {
    const m = await post("gm", villain, [hero]);
    const before = snapshot(hero);
    world.failNextUpdate(m, "the server refused the card");
    await expect(adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).rejects.toThrow("the server refused the card");
    expect(snapshot(hero)).toEqual(before);
    expect(cardOf(m).applications).toEqual([]);
    // and the card still applies afterwards
    expect((await adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).ok).toBe(true);
    expect(hero.system.x).toBe(7);
  });

  it("an Assistant GM's Apply is sent to the active GM's client (one queue per card), not written locally", async () => {
    world.addUser({ id: "cogm", name: "Co-GM", isGM: true, active: true });
    world.setActiveGM("gm");
    const m = await post("alice", hero, [villain]);
    world.login("cogm");
    expect(mayWrite(m, villain)).toBe(false);
    const before = world.queryLog.length;
    expect((await adapter.queries.requestApply(m.id, villain.uuid, mayWrite(m, villain))).ok).toBe(true);
    expect(world.queryLog.slice(before).map((q) => [q.name, q.from, q.to])).toEqual([["fracas.applyCard", "cogm", "gm"]]);
    world.login("gm");
    expect(mayWrite(m, villain)).toBe(true);
  });

  it("a failed Apply restores the target's data before its status icons (as the Apply wrote them: data, then icons)", async () => {
    const m = await post("gm", villain, [hero]);
    const order: string[] = [];
    world.observe("updateActor", () => order.push("data"));
    world.observe("createActiveEffect", () => order.push("icon on"));
    world.observe("deleteActiveEffect", () => order.push("icon off"));
    world.failNextUpdate(m);
    await expect(adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" })).rejects.toThrow();
    expect(order).toEqual(["data", "icon on", "data", "icon off"]);
  });

  it("an error mid-apply through the GM query rejects the player's request and writes nothing", async () => {
    const m = await post("alice", hero, [villain]);
    const before = snapshot(villain);
    world.failNextUpdate(m);
    await expect(adapter.queries.requestApply(m.id, villain.uuid, false)).rejects.toThrow("scripted failure");
    expect(snapshot(villain)).toEqual(before);
    expect(world.user.id).toBe("alice");
  });

  it("a click on a follow-up button this version no longer has warns instead of doing nothing", async () => {
    const m = await post("gm", villain, [hero]);
    let onClick: ((event: unknown) => void) | null = null;
    const html = { querySelector: () => null, querySelectorAll: () => [], addEventListener: (type: string, fn: (event: unknown) => void) => type === "click" && (onClick = fn) };
    adapter.render.onRenderChatMessageHTML(m as never, html as never);
    const button = { dataset: { fracasAction: "followUp", fracasFollowUp: "setback" }, setAttribute: () => undefined, removeAttribute: () => undefined };
    onClick!({ target: { closest: () => button }, preventDefault: () => undefined });
    await new Promise((r) => setTimeout(r, 0));
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Chat.Refused.StaleButton")]);
  });

  it("a card whose author edited its pool entry to name another card's cannot undo that one (the GM's seal, card-seals.ts)", async () => {
    const mine = await post("alice", hero, [sidekick], {}, "miss");
    expect((await adapter.queries.requestApply(mine.id, sidekick.uuid, false)).ok).toBe(true);
    const theirs = await post("gm", villain, [hero], {}, "miss");
    expect((await adapter.apply.executeApply({ messageId: theirs.id, targetUuid: hero.uuid, userId: "gm" })).ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(2);
    const theirEntry = cardOf(theirs).applications[0]!.poolEntries[0]!;
    world.login("alice");
    const forged = cardOf(mine).applications.map((a) => ({ ...a, poolEntries: [theirEntry] }));
    await mine.update({ "system.applications": forged } as never);
    // The GM clicks Undo on the forged card: its record is not the one the GM sealed. (Behind the
    // seal, the ledger would refuse an entry made by another card too: FRACAS.Error.wrongRef.)
    world.login("gm");
    expect(await adapter.queries.requestUndo(mine.id, forged[0]!.id, true)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Tampered" });
    expect(adapter.pools.readPool("setback").value).toBe(2);
    expect(cardOf(mine).applications[0]!.undone).toBe(false);
    expect(cardOf(theirs).applications[0]!.undone).toBe(false);
  });

  it("an Undo whose pool step fails half-way leaves card, target and pools as applied, and can be undone later", async () => {
    const m = await post("gm", villain, [hero], {}, "doubleMiss");
    await adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" });
    const applied = snapshot(hero);
    expect(adapter.pools.readPool("setback").value).toBe(3);
    // Operations spends 2: undoing the card's +2 would now take the pool below 0.
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: -2, reason: "spent" }, "gm");
    const appId = cardOf(m).applications[0]!.id;
    await expect(adapter.apply.executeUndo({ messageId: m.id, applicationId: appId, userId: "gm" })).rejects.toThrow("FRACAS.Error.insufficient");
    expect(snapshot(hero)).toEqual(applied);
    expect(adapter.pools.readPool("setback").value).toBe(1);
    const app = cardOf(m).applications[0]!;
    expect(app.undone).toBe(false);
    // The +1 the failed Undo gave back was taken again as a new entry, which the card now points at.
    const live = adapter.pools.readPool("setback").entries.filter((e) => !e.undone && e.undoes === undefined).map((e) => e.id);
    expect(app.poolEntries.every((e) => live.includes(e.entryId))).toBe(true);
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 2, reason: "gained" }, "gm");
    expect((await adapter.apply.executeUndo({ messageId: m.id, applicationId: appId, userId: "gm" })).ok).toBe(true);
    expect(adapter.pools.readPool("setback").value).toBe(0);
    expect(cardOf(m).applications[0]!.undone).toBe(true);
  });

  it("an error mid-undo restores the applied state", async () => {
    const m = await post("gm", villain, [hero]);
    await adapter.apply.executeApply({ messageId: m.id, targetUuid: hero.uuid, userId: "gm" });
    const applied = snapshot(hero);
    world.failNextUpdate(m);
    await expect(adapter.apply.executeUndo({ messageId: m.id, applicationId: cardOf(m).applications[0]!.id, userId: "gm" })).rejects.toThrow();
    expect(snapshot(hero)).toEqual(applied);
    expect(cardOf(m).applications[0]!.undone).toBe(false);
  });
});
