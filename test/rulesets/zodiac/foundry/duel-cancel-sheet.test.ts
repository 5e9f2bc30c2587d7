/**
 * Session 5, item 3: a duel outside a fight that one side committed to stays pending until the GM
 * reveals or cancels it, and the Cancel was only on its commit card. With that card deleted, nothing
 * could end it but clearing the GM browser's stored commits: the Agent's every later commit against
 * that opponent was refused ("pending"), and their Agent Points stayed spent. Now the GM's Agent
 * sheet lists the Agent's pending duels (from the commits the GM's client holds), each with
 * "Cancel the duel against … (GM)": the same cancel as the card's (commits forgotten, Agent Points
 * back, any open card closed).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import pendingFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel.js";
import readyFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-ready.js";
import { commitDuel, type Flow } from "./world.js";
import { keyOf, points, sheetOf, twoGmWorld, warnings, type SheetApp } from "./two-gm-world.js";

let world: FakeWorld;
let flow: Flow;
let mike: FakeActor;
let jeremy: FakeActor;

const operations = async (sheet: SheetApp) => (await sheet._prepareContext({})).operations;
const cancelledOf = (m: unknown) => ((m as FakeChatMessage).system as unknown as { result: { cancelled?: boolean } }).result.cancelled;

async function click(sheet: SheetApp, action: string, data: Record<string, string> = {}): Promise<void> {
  const handler = sheet.options.actions[action] as ((this: unknown, e: Event, t: HTMLElement) => Promise<void>) | undefined;
  expect(typeof handler, `sheet action ${action}`).toBe("function");
  await handler!.call(sheet, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
}

beforeEach(async () => {
  // One GM: the sheet lists the duels its own client holds.
  ({ world, flow, mike, jeremy } = await twoGmWorld({ secondGm: false }));
});

describe("Mike's duel against Jeremy, never revealed, its card deleted", () => {
  it("the GM cancels it from Mike's sheet: commit forgotten, Agent Points back, and Mike may commit again (before: refused for good)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const key = keyOf(card);
    await world.as("gm", () => (card as unknown as FakeChatMessage).delete());
    expect(points(mike)).toBe(2);

    const sheet = sheetOf(mike);
    const ops = (await world.as("gm", () => operations(sheet)))!;
    expect(ops.duels).toEqual([{ key, opponent: "Jeremy", first: "Mike", second: null, waitingFor: "Jeremy", ready: false }]);
    // Jeremy's sheet lists the same duel, seen from his side: it waits for Jeremy himself, not his opponent.
    expect((await world.as("gm", () => operations(sheetOf(jeremy))))!.duels).toEqual([{ key, opponent: "Mike", first: "Mike", second: null, waitingFor: "Jeremy", ready: false }]);

    await world.as("gm", () => click(sheet, "operationsCancelDuel", { duelKey: key }));
    expect(warnings()).toEqual([]);
    expect(flow.readCommits()).toEqual([]);
    expect(points(mike)).toBe(3);
    expect((await world.as("gm", () => operations(sheet)))!.duels).toEqual([]);

    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeDefined();
    expect(flow.readCommits()).toHaveLength(1);
  });

  it("with its card still there, the sheet's cancel closes the card too (no Reveal, no Cancel left on it)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    await world.as("gm", () => click(sheetOf(mike), "operationsCancelDuel", { duelKey: keyOf(card) }));
    expect(cancelledOf(card)).toBe(true);
    expect((card as unknown as FakeChatMessage).content).not.toContain('data-fracas-follow-up="cancel"');
  });

  it("a second click (the duel already cancelled) is refused and gives nothing back twice", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const sheet = sheetOf(mike);
    await world.as("gm", () => click(sheet, "operationsCancelDuel", { duelKey: keyOf(card) }));
    await world.as("mp", async () => mike.update({ "system.agentPoints.value": 1 } as never));
    await world.as("gm", () => click(sheet, "operationsCancelDuel", { duelKey: keyOf(card) }));
    expect(warnings()).toEqual(["This duel is no longer pending: it was revealed or cancelled."]);
    expect(points(mike)).toBe(1);
  });

  it("players see no section and cannot cancel (NotGM); the commit stays held", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(await world.as("mp", () => operations(sheetOf(mike)))).toBeNull();
    const duelCancel = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
    expect(await world.as("mp", () => duelCancel.cancelPendingDuel(keyOf(card)))).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(flow.readCommits()).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });
});

describe("a duel still being played (UX review s5 #3)", () => {
  it("both committed: the sheet says it is ready, not dead, and its Reveal (GM) posts the duel card", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    const key = keyOf(card);
    const sheet = sheetOf(mike);
    expect((await world.as("gm", () => operations(sheet)))!.duels).toEqual([{ key, opponent: "Jeremy", first: "Mike", second: "Jeremy", waitingFor: null, ready: true }]);

    world.dice.queue(6, 5, 4, 3, 2, 1, 6);
    await world.as("gm", () => click(sheet, "operationsRevealDuel", { duelKey: key }));
    expect(warnings()).toEqual([]);
    expect(world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel")).toHaveLength(1);
    expect(flow.readCommits()).toEqual([]);
    expect((await world.as("gm", () => operations(sheet)))!.duels).toEqual([]);
  });
});

describe("the section's template", () => {
  const render = (context: object) => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", context).replace(/\s+/g, " ");

  it("one side committed: not revealed yet, waiting for the other; Cancel says the Agent Points come back", () => {
    const html = render(pendingFixture().context as object);
    expect(html).toContain("Duel against Jeremy Constantine-Abernathy not revealed yet: Mike set Wagers aside.");
    expect(html).toContain("Waiting for Jeremy Constantine-Abernathy to commit.");
    expect(html).not.toContain("never revealed");
    expect(html).not.toContain("operationsRevealDuel");
    expect(html).toContain('data-action="operationsCancelDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike"');
    expect(html).toContain("Cancel the duel against Jeremy Constantine-Abernathy and give back the Agent Points");
  });

  it("both committed: both named, ready for its Reveal, offered beside the Cancel", () => {
    const html = render(readyFixture().context as object);
    expect(html).toContain("Duel against Jeremy Constantine-Abernathy not revealed yet: Mike and Jeremy Constantine-Abernathy set Wagers aside.");
    expect(html).toContain("Both sides have committed: reveal it here or on its card.");
    expect(html).not.toContain("Waiting for");
    expect(html).toContain('data-action="operationsRevealDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike"');
    expect(html).toContain("Reveal the duel against Jeremy Constantine-Abernathy");
    expect(html).toContain("Cancel the duel against Jeremy Constantine-Abernathy and give back the Agent Points");
  });
});
