/**
 * RZ4 (rules review, session 11): RULES §3 "A miss: nobody dies and Operations gains 1 Setback" —
 * no choice in it, yet the Setback waited for the GM's click on the card. With the world option
 * zodiac.autoSetback (on by default), the active GM's client takes it as the card appears, through
 * the card's own take (once per card, per duel side; its Undo on the card). Off, or with no GM
 * connected, the card offers the GM's button as before (miss-setback.test.ts and the others).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { addPlayers, commitDuel, createJeremy, createMike, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let refresh: Refresh;

const auto = () => import("../../../../src/rulesets/zodiac/cards/auto-setback.js");
const settled = async () => {
  await (await auto()).autoSetbacksSettled();
  await refresh.cardRefreshesSettled();
};
const setback = () => adapter.pools.readPool("setback").value;
const live = () => adapter.pools.readPool("setback").entries.filter((e) => !e.undone && !e.undoes);
const result = (m: FakeChatMessage) => (m.system as unknown as { result: Record<string, unknown> }).result;
const TAKE_BUTTON = 'data-fracas-follow-up="takeSetback"';
const UNDO_BUTTON = 'data-fracas-follow-up="undoSetback"';

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld());
  addPlayers(world, "mp", "jp");
});

type Kind = "kill" | "fight" | "strike";
/** Mike's player rolls with these dice (kill: Aries 3 vs TN 5; fight: 4 dice vs TN 12; strike: 2d6 vs TN 10). */
async function roll(mike: FakeActor, kind: Kind, dice: number[], target: FakeActor | null = null): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const t = target ? dialog.dialogTarget(target.uuid, target.name) : null;
    const area = kind === "fight" ? 4 : 3;
    const tn = kind === "fight" ? 12 : (t?.tn ?? 10);
    const choice = { kind, area, spend: 0, gathered: 0, wagers: kind === "strike" ? 1 : 0, calledShot: null, captureAlive: false, finish: false, tn, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, kind === "kill" ? 5 : tn, flow.grids().shots);
    world.dice.queue(...dice);
    return flow.rollAndPost(mike as never, kind === "fight" ? "a4" : "a1", choice, mm, t);
  });
  await settled();
  return m as unknown as FakeChatMessage;
}

describe("a miss's Setback goes to Operations as the card appears", () => {
  it("a player's missed kill: 1 Setback at once, taken by the GM's client; the card says so and offers the Undo", async () => {
    const mike = createMike(world);
    const m = await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(1);
    expect(live()).toHaveLength(1);
    expect(live()[0]).toMatchObject({ by: "gm", reason: "FRACAS.Zodiac.Setback.Reason.Miss|Mike" });
    expect(typeof result(m).setbackEntry).toBe("string");
    expect(m.content).not.toContain(TAKE_BUTTON);
    expect(m.content).toContain(UNDO_BUTTON);
    expect(m.content).toContain("Operations has taken it (Undo below gives it back).");
    // The GM's Undo gives it back and the card offers it by hand again.
    expect(await world.as("gm", () => adapter.queries.requestFollowUp(m.id ?? "", "undoSetback", {}))).toMatchObject({ ok: true });
    expect(setback()).toBe(0);
    expect(m.content).toContain(TAKE_BUTTON);
  });

  it("a hit earns none; a missed fight and a missed strike earn 1 each", async () => {
    const mike = createMike(world);
    await roll(mike, "kill", [5, 1, 1]);
    expect(setback()).toBe(0);
    await roll(mike, "fight", [3, 2, 2, 1]);
    expect(setback()).toBe(1);
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 1, breakdown: { spent: 0, free: 1 } } });
    const s = await roll(mike, "strike", [4, 3], baron);
    expect(result(s).strike).toMatchObject({ success: false, setbackGained: 1 });
    expect(setback()).toBe(2);
    // The Apply of the missed strike then adds none.
    expect((await world.as("gm", () => adapter.queries.requestApply(s.id ?? "", baron.uuid, true))).ok).toBe(true);
    expect(setback()).toBe(2);
  });

  it("a missed kill at a crowd: taken at once, and the crowd's Apply adds no second", async () => {
    const mike = createMike(world);
    const goons = world.createActor({ name: "Three goons", type: "zodiacCrowd", system: { standing: 3 } });
    const m = await roll(mike, "kill", [2, 1, 1], goons);
    expect(setback()).toBe(1);
    expect((await world.as("gm", () => adapter.queries.requestApply(m.id ?? "", goons.uuid, true))).ok).toBe(true);
    expect(setback()).toBe(1);
    expect(live()).toHaveLength(1);
  });

  it("a duel both sides miss: one Setback per side, each on the card", async () => {
    const mike = createMike(world);
    const jeremy = createJeremy(world);
    await startZodiacCombat(world, [mike, jeremy]);
    const mc = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(1, 1, 1, 1, 1, 1);
    const key = String(result(mc as unknown as FakeChatMessage).duelKey);
    const card = (await world.as("gm", () => flow.revealDuel(key))) as unknown as FakeChatMessage;
    await settled();
    expect(setback()).toBe(2);
    expect(result(card).setbackEntries).toEqual({ a: expect.any(String), b: expect.any(String) });
    expect(card.content).not.toContain(TAKE_BUTTON);
  });

  it("two GMs connected: taken once, by the active GM only", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    const mike = createMike(world);
    await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(1);
    expect(live().map((e) => e.by)).toEqual(["gm"]);
  });

  it("no GM connected: nothing is taken, and the card keeps the GM's button for later", async () => {
    const mike = createMike(world);
    world.setActiveGM(null);
    const m = await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(0);
    expect(m.content).toContain(TAKE_BUTTON);
  });

  it("the world option off: the GM takes it from the card", async () => {
    await world.as("gm", () => game.settings.set("fracas", "zodiac.autoSetback" as never, false as never));
    const mike = createMike(world);
    const m = await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(0);
    expect(m.content).toContain(TAKE_BUTTON);
    expect(await world.as("gm", () => adapter.queries.requestFollowUp(m.id ?? "", "takeSetback", {}))).toMatchObject({ ok: true });
    expect(setback()).toBe(1);
  });
});

describe("a card its author made or edited (audit s14 H5: the card is the author's to edit)", () => {
  it("a made-up miss of 999,999,999 Setback gives Operations 1, as any miss does", async () => {
    const mike = createMike(world);
    const real = await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(1);
    const system = JSON.parse(JSON.stringify(real.system)) as { result: { kill: { setbackGained: number }; setbackEntry?: unknown } };
    system.result.kill.setbackGained = 999_999_999;
    delete system.result.setbackEntry;
    await world.as("mp", () => (globalThis as unknown as { ChatMessage: { create(d: object): Promise<unknown> } }).ChatMessage.create({ type: "card", content: "x", system }));
    await settled();
    expect(setback()).toBe(2);
  });

  it("clearing the card's note of the take does not take it again (the GM's pool keeps it)", async () => {
    const mike = createMike(world);
    const m = await roll(mike, "kill", [2, 1, 1]);
    expect(setback()).toBe(1);
    await world.as("mp", () => m.update({ "system.result.setbackEntry": null } as never));
    const again = await world.as("gm", () => adapter.queries.requestFollowUp(m.id, "takeSetback", {} as never));
    expect(again).toMatchObject({ ok: false, reason: "FRACAS.Zodiac.Refused.SetbackTaken" });
    expect(setback()).toBe(1);
  });
});
