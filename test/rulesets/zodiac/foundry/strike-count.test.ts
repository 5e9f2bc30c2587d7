/**
 * Session 4, wave 2, task 2: the strike card's "Wagers on Rank: n of Rank" was the kernel's count
 * at the roll, from the target as the dialog read it — so a second strike rolled in the same round,
 * before the first was applied, kept showing the old count (and "Hit" where its Apply killed), even
 * after its own Apply. Now the count and outcome are the Apply's (views.ts strikeView, from the
 * Apply's summary; card-refresh.ts re-renders the card then); before an Apply the card says only
 * what the roll adds. And the Apply counts against the Rank as it stands then (strikeEffect).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { mikeAndJeremy, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Dialog, Flow, Model, Refresh } from "./world.js";

let world: FakeWorld;
let adapter: Adapter;
let flow: Flow;
let dialog: Dialog;
let model: Model;
let refresh: Refresh;
let mike: FakeActor;
let baron: FakeActor;

const text = (m: FakeChatMessage) => m.content.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const baronSystem = () => baron.system as unknown as { wagersAgainst: number; status: string };

beforeEach(async () => {
  ({ world, adapter, flow, dialog, model, refresh } = await zodiacWorld());
  ({ mike } = mikeAndJeremy(world));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 6, tn: 10 } });
  await startZodiacCombat(world, [mike, baron]);
});

/** Mike's player strikes the Baron (TN 10) with 2 Wagers: 12 ≥ 10, so +3 (2 spent + 1 free). Nothing applied. */
async function strike(): Promise<FakeChatMessage> {
  const m = await world.as("mp", async () => {
    const target = dialog.dialogTarget(baron.uuid, baron.name)!;
    const choice = { kind: "strike" as const, area: 3, spend: 1, gathered: 4, wagers: 2, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, target.tn ?? 10, flow.grids().shots);
    world.dice.queue(6, 5, 1, 1, 1);
    return flow.rollAndPost(mike as never, "a1", choice, mm, target);
  });
  await world.as("gm", async () => mike.update({ "system.agentPoints.value": 3 } as never));
  return m as unknown as FakeChatMessage;
}

async function apply(m: FakeChatMessage): Promise<void> {
  await world.as("gm", async () => expect((await adapter.queries.requestApply(m.id ?? "", baron.uuid, true)).ok).toBe(true));
  await refresh.cardRefreshesSettled();
}

describe("two strikes at the Baron (Rank 6) in one round, both rolled before either is applied", () => {
  it("the second card shows the count its Apply found (6 of 6, Dead), not the 3 of 6 it read at the roll", async () => {
    const first = await strike();
    const second = await strike();
    // Before any Apply: what the roll adds only (the count read at the roll would go stale).
    expect(text(second)).toContain("Wagers against The Baron's Rank from this roll: +3 (1 free), counted when applied.");
    expect(text(second)).toContain("Hit: the Wagers land on The Baron's Rank.");
    expect(text(second)).not.toContain("3 of 6");

    await apply(first);
    expect(text(first)).toContain("Wagers against The Baron's Rank: 3 of 6 (+3 from this roll, 1 free).");
    await apply(second);
    expect(baronSystem()).toMatchObject({ wagersAgainst: 6, status: "dead" });
    expect(text(second)).toContain("Wagers against The Baron's Rank: 6 of 6 (+3 from this roll, 1 free).");
    expect(text(second)).toContain("The Baron is dead.");
    expect(text(second)).not.toContain("Hit: the Wagers land");
  });

  it("the Undo of the Apply takes the count off the card again", async () => {
    const m = await strike();
    await apply(m);
    const app = (m.system as unknown as { applications: { id: string }[] }).applications[0]!;
    await world.as("gm", () => adapter.queries.requestUndo(m.id ?? "", app.id, true));
    await refresh.cardRefreshesSettled();
    expect(text(m)).toContain("counted when applied.");
    expect(baronSystem().wagersAgainst).toBe(0);
  });
});

describe("the Rank at the Apply", () => {
  it("Operations lowered the Baron's Rank to 3 after the roll: the Apply's 3 Wagers kill him, and the card says 3 of 3", async () => {
    const m = await strike();
    await world.as("gm", async () => baron.update({ "system.rank": 3 } as never));
    await apply(m);
    expect(baronSystem()).toMatchObject({ wagersAgainst: 3, status: "dead" });
    expect(baron.statuses.has("fracas-dead")).toBe(true);
    expect(text(m)).toContain("Wagers against The Baron's Rank: 3 of 3 (+3 from this roll, 1 free).");
    expect(text(m)).toContain("The Baron is dead.");
  });
});
