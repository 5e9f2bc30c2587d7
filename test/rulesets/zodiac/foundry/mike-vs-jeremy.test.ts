/**
 * Issue §6: the seed's Mike-vs-Jeremy example end to end through the real adapter on the typed
 * fake — the data models, secret commits (whispered to the GM, a public "committed" card), the
 * GM's reveal rolling Foundry dice 6,6,4,1 and 2,4,1,2, Apply on both Agents (Jeremy Almost Dead,
 * Mike at 3 of 5), then a round-2 kill for 1 Wager + 1 Agent Point; Undo. Also the Setback panel:
 * shoot an Agent / cancel a Wager with Undo, and a player refused when touching the pool.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { commitDuel, mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Panel } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let panel: Panel;
let mike: FakeActor;
let jeremy: FakeActor;
let combat: FakeCombat;

interface CardSystem {
  ruleset: string;
  kind: string;
  result: Record<string, unknown>;
  applications: Application[];
  targets: { uuid: string; name: string }[];
}
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as CardSystem;
/** The kernel's three health fields (the stored spent/free split and cause are checked where they matter). */
const health = (a: FakeActor) => {
  const h = (a.system as unknown as { health: { status: string; wagersAgainst: number; almostDeadSince: number | null } }).health;
  return { status: h.status, wagersAgainst: h.wagersAgainst, almostDeadSince: h.almostDeadSince };
};
const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const setback = () => adapter.pools.readPool("setback").value;

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, panel } = await zodiacWorld());
  // The GM's take from the card, as with the world option off (auto-setback.test.ts: the option on).
  await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
  ({ mike, jeremy } = mikeAndJeremy(world));
  combat = await startZodiacCombat(world, [mike, jeremy]);
});

/** A player commits in secret, as the roll dialog's Commit button does. */
function commit(userId: string, self: FakeActor, other: FakeActor, c: { spend: number; gathered: number; wagers: number; finish?: boolean }) {
  return commitDuel(world, userId, self, other, c);
}

describe("Mike vs Jeremy (seed 003) through the adapter", () => {
  it("a player cannot seal a commit for an Agent they do not own; without a GM nothing is sealed or spent", async () => {
    const forged = await commit("jp", mike, jeremy, { spend: 1, gathered: 0, wagers: 2 });
    expect(forged).toBeUndefined();
    expect(points(mike)).toBe(3);
    expect(world.queryLog.filter((q) => q.name === "fracas.zodiacCommit").map((q) => q.result)).toEqual([{ ok: false, reason: "FRACAS.Chat.Refused.NotYours" }]);
    world.setActiveGM(null);
    expect(await commit("jp", jeremy, mike, { spend: 1, gathered: 0, wagers: 2 })).toBeUndefined();
    expect(points(jeremy)).toBe(3);
  });

  it("profiles from the data models: Mike Rank 5 / TN 5, Jeremy Rank 4 / TN 10; the plan has both, no initiative", () => {
    expect((mike.system as unknown as { profile: unknown }).profile).toEqual({ rank: 5, tn: 5 });
    expect((jeremy.system as unknown as { profile: unknown }).profile).toEqual({ rank: 4, tn: 10 });
    const plan = (combat as unknown as FracasCombat).fracas.plan;
    expect(plan.mode).toBe("free");
    expect(plan.steps.map((s) => s.kind)).toEqual(["act", "act"]);
    expect([...combat.combatants].map((c) => c.initiative)).toEqual([null, null]);
  });

  it("secret Wagers, reveal together, 16 vs 8, Apply both; round 2 kill for 1 Wager + 1 Agent Point; Undo", async () => {
    // Round 1: each spends an Agent Point and gathers (4 and 3 dice), then seals 3 and 2 Wagers.
    const jeremyCard = await commit("jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 2 });
    expect(points(jeremy)).toBe(2);
    // The sealed Wagers are in no document (Foundry sends every message, whispered or not, and
    // every flag to every client): only the GM's query received them.
    expect(JSON.stringify([...world.messages].map((m) => m.toObject()))).not.toMatch(/"wagers"/);
    expect(JSON.stringify([...world.users].map((u) => u.flags))).not.toMatch(/"wagers"/);
    const sent = world.queryLog.filter((q) => q.name === "fracas.zodiacCommit");
    expect(sent.map((q) => [q.from, q.to, q.result])).toEqual([["jp", "gm", { ok: true, duelKey: cardOf(jeremyCard).result.duelKey, commitId: cardOf(jeremyCard).result.commitId }]]);
    // The public card says "committed", never how many.
    expect(cardOf(jeremyCard).kind).toBe("duelCommit");
    expect(JSON.stringify(cardOf(jeremyCard).result)).not.toMatch(/wagers/i);
    expect((jeremyCard as unknown as FakeChatMessage).content).toContain("has set Wagers aside against");

    // The GM cannot reveal before both have committed: no dice are rolled.
    await world.as("gm", () => flow.revealDuel(String(cardOf(jeremyCard).result.duelKey)));
    expect(world.notifications.at(-1)?.message).toContain("Still waiting");
    expect([...world.messages].filter((m) => cardOf(m).kind === "duel")).toEqual([]);

    const mikeCard = await commit("mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(points(mike)).toBe(2);
    world.dice.queue(6, 6, 4, 1, 2, 4, 1, 2);
    const duel = await world.as("gm", () => flow.revealDuel(String(cardOf(mikeCard).result.duelKey)));
    const card = cardOf(duel);
    expect(card.kind).toBe("duel");
    const d = card.result.duel as { a: { roll: { total: number }; strike: { applied: number } }; b: { roll: { total: number }; strike: { applied: number } } };
    // Jeremy committed first, but dice are rolled in Operations' order: Mike (6,6,4,1), then Jeremy (2,4,1,2).
    expect([d.a.roll.total, d.b.roll.total]).toEqual([16, 8]);
    expect([d.a.strike.applied, d.b.strike.applied]).toEqual([4, 3]);
    expect(card.targets.map((t) => t.name).sort()).toEqual(["Jeremy", "Mike"]);
    expect((duel as unknown as FakeChatMessage).content).toContain("revealed together");

    // Apply to both (the GM): Jeremy Almost Dead since round 1, Mike at 3 of 5. No Setback: both hit.
    await world.as("gm", async () => {
      expect((await adapter.queries.requestApply(duel!.id ?? "", jeremy.uuid, true)).ok).toBe(true);
      expect((await adapter.queries.requestApply(duel!.id ?? "", mike.uuid, true)).ok).toBe(true);
    });
    expect(health(jeremy)).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
    expect(health(mike)).toEqual({ status: "healthy", wagersAgainst: 3, almostDeadSince: null });
    expect(setback()).toBe(0);

    // Round 2: Mike makes one Wager and spends one Agent Point (finish); Jeremy, Almost Dead, cannot Wager.
    await world.as("gm", async () => {
      await (combat as unknown as FracasCombat).nextRound();
    });
    expect(combat.round).toBe(2);
    await commit("mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1, finish: true });
    expect(points(mike)).toBe(1);
    const refused = model.rollModel(
      { kind: "duel", area: 3, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: false, finish: false, tn: 5, totalMode: "keepArea" },
      { agentPoints: 2, almostDead: true },
      5,
      flow.grids().shots,
    );
    expect(refused.error?.key).toBe("FRACAS.Error.almostDeadCannotWager");
    const jCommit = await commit("jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(6, 5, 3, 2, 1);
    const duel2 = await world.as("gm", () => flow.revealDuel(String(cardOf(jCommit).result.duelKey)));
    await world.as("gm", async () => {
      expect((await adapter.queries.requestApply(duel2!.id ?? "", jeremy.uuid, true)).ok).toBe(true);
    });
    expect(health(jeremy).status).toBe("dead");
    expect(jeremy.statuses.has("fracas-dead")).toBe(true);
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);

    // Undo restores Almost Dead exactly.
    const app = cardOf(duel2).applications.find((a) => a.targetUuid === jeremy.uuid)!;
    await world.as("gm", async () => {
      expect((await adapter.queries.requestUndo(duel2!.id ?? "", app.id, true)).ok).toBe(true);
    });
    expect(health(jeremy)).toEqual({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
    expect(jeremy.statuses.has("fracas-dead")).toBe(false);
  });

  it("the round is complete once both Agents have rolled (panel shows who is still to roll)", async () => {
    await commit("jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    const ctx = await world.as("gm", async () => panel.panelContext(combat as never));
    expect(ctx).toMatchObject({ complete: false, missing: "Mike" });
    await commit("mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    expect(await world.as("gm", async () => panel.panelContext(combat as never))).toMatchObject({ complete: true });
  });
});

describe("Setback from the tracker panel", () => {
  it("shoot an Agent: Almost Dead for 1 Setback; Undo gives both back", async () => {
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "seed" }, "gm");
    const r = await world.as("gm", () => panel.shootAgent(combat as never, mike.uuid));
    expect(r).toEqual({ ok: true });
    expect(setback()).toBe(0);
    expect(health(mike)).toEqual({ status: "almostDead", wagersAgainst: 0, almostDeadSince: 1 });
    expect(mike.statuses.has("fracas-almost-dead")).toBe(true);
    // No Setback left: a second shot is refused with the kernel's code; nothing changes.
    expect(await world.as("gm", () => panel.shootAgent(combat as never, jeremy.uuid))).toEqual({ ok: false, reason: "FRACAS.Error.notEnoughSetback", data: { setback: 0, spend: 1 } });
    const spend = (((combat.system as unknown as { memory: { spends: { id: string }[] } }).memory.spends) ?? [])[0]!;
    expect(await world.as("gm", () => panel.undoSpend(combat as never, spend.id))).toEqual({ ok: true });
    expect(setback()).toBe(1);
    expect(health(mike)).toEqual({ status: "healthy", wagersAgainst: 0, almostDeadSince: null });
    expect(mike.statuses.has("fracas-almost-dead")).toBe(false);
  });

  it("cancel a Wager on an Other Agent: 1 Setback, one fewer Wager; Undo", async () => {
    // Dead at Rank 4 after strikes that spent 3 Wagers and earned 1 free one.
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 4, breakdown: { spent: 3, free: 1 }, status: "dead" } });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: baron.id }]);
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 2, reason: "seed" }, "gm");
    expect(await world.as("gm", () => panel.cancelWager(combat as never, baron.uuid))).toEqual({ ok: true });
    expect(baron.system).toMatchObject({ wagersAgainst: 3, breakdown: { spent: 2, free: 1 }, status: "healthy" });
    expect(setback()).toBe(1);
    const spend = (combat.system as unknown as { memory: { spends: { id: string }[] } }).memory.spends[0]!;
    await world.as("gm", () => panel.undoSpend(combat as never, spend.id));
    expect(baron.system).toMatchObject({ wagersAgainst: 4, breakdown: { spent: 3, free: 1 }, status: "dead" });
    expect(setback()).toBe(2);
  });

  it("a player may neither spend from the panel nor change the Setback pool directly", async () => {
    await adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: 1, reason: "seed" }, "gm");
    world.login("mp");
    expect(await panel.shootAgent(combat as never, jeremy.uuid)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await adapter.queries.requestPoolChange({ kind: "change", pool: "setback", delta: -1, reason: "mine" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    await expect(game.settings.set("fracas", "gmPools", {} as never)).rejects.toThrow(/lacks permission/);
    expect(setback()).toBe(1);
    expect(health(jeremy).status).toBe("healthy");
  });
});

describe("kill card: a player's miss earns Operations Setback through the GM", () => {
  it("the card applies to Everyone Else; Setback routes to the GM; Undo takes it back", async () => {
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await world.as("mp", async () => {
      world.target("mp", goons);
      const target = dialog.dialogTarget(goons.uuid, goons.name);
      const choice = { kind: "kill" as const, area: 3, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
      const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
      world.dice.queue(2, 1, 1);
      return flow.rollAndPost(mike as never, "a1", choice, mm, target);
    });
    expect(cardOf(m).result.kill).toMatchObject({ success: false, setbackGained: 1 });
    // The player cannot apply it (Setback is the GM's): it goes to the GM query.
    const r = await world.as("mp", () => adapter.queries.requestApply(m!.id ?? "", goons.uuid, false));
    expect(r.ok).toBe(true);
    expect(setback()).toBe(1);
    expect(goons.system).toMatchObject({ standing: 3 });
    const app = cardOf(m).applications[0]!;
    await world.as("gm", () => adapter.queries.requestUndo(m!.id ?? "", app.id, true));
    expect(setback()).toBe(0);
  });
});
