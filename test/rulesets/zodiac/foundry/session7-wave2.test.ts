/**
 * Session 7, wave 2 (review-s7-player, review-s7-perf), Zodiac's items:
 * - player #2: the Setback panel names no hidden Agent to a player (order, "Still to roll"), while
 *   the round's completeness still counts them;
 * - perf #4: an Agent sheet on a GM's client renders from a cache of the other GMs' pending-duel
 *   lists, refreshed in the background, never waiting for another GM's answer;
 * - wave-1 "not done": a called shot's Wagers split on the strike and duel cards (used by the shot,
 *   left for the Rank); the roll dialog's odds in the cards' derivation words.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import { hiddenAgentPanel } from "../../../fixtures/templates/zodiac/tracker-panel/player-hidden-agent.js";
import { mikeAndJeremy, startZodiacCombat, zodiacWorld, type Panel } from "./world.js";
import type { FakeCombat } from "../../../foundry/fake/index.js";
import { commitDuel } from "./world.js";
import { heldBy, keyOf, rawSheetOf, tearDown, twoGmWorld, wrapQuery, type Cache, type OperationsView, type Remote, type SheetApp } from "./two-gm-world.js";

type PanelView = import("../../../../src/rulesets/zodiac/cards/panel-view.js").PanelView;
const renderPanel = (context: object) => createHandlebars().renderTemplate("zodiac/tracker-panel.hbs", context).replace(/\s+/g, " ");

describe("the Setback panel and a hidden Agent (review-s7-player #2)", () => {
  let world: FakeWorld;
  let panel: Panel;
  let mike: FakeActor;
  let jeremy: FakeActor;
  let combat: FakeCombat;

  async function withHiddenIlse(): Promise<void> {
    ({ world, panel } = await zodiacWorld());
    ({ mike, jeremy } = mikeAndJeremy(world));
    const ilse = world.createActor({ name: "Ilse von Stahl", type: "zodiacAgent", system: { agentPoints: { value: 3, max: 3 } } });
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: mike.id }, { actorId: ilse.id, hidden: true }, { actorId: jeremy.id }] as never);
    await (combat as unknown as { startCombat(): Promise<unknown> }).startCombat();
  }
  const viewAs = (userId: string) => world.as(userId, async () => panel.panelContext(combat as never) as unknown as PanelView);

  it("a player's panel lists neither in the order nor as still to roll the hidden Agent; the GM's lists them", async () => {
    await withHiddenIlse();
    const player = await viewAs("mp");
    expect(player.order.map((o) => [o.name, o.place])).toEqual([["Mike", 1], ["Jeremy", 2]]);
    expect(player.missing).toBe("Mike, Jeremy");
    expect(renderPanel(player)).not.toContain("Ilse");
    const gm = await viewAs("gm");
    expect(gm.order.map((o) => [o.name, o.place])).toEqual([["Mike", 1], ["Ilse von Stahl", 2], ["Jeremy", 3]]);
    expect(gm.missing).toBe("Mike, Ilse von Stahl, Jeremy");
    // The GM's moves still address the full order.
    expect(gm.order[2]).toMatchObject({ canUp: true, up: 1, canDown: false });
  });

  it("the round is not complete for the player while the hidden Agent has not rolled, worded without a name", () => {
    const player = hiddenAgentPanel(false);
    expect(player).toMatchObject({ complete: false, missing: "" });
    const html = renderPanel(player);
    // UX s7 #13: says who is still to roll (the GM), without naming the hidden Agent; not "not every roll is in".
    expect(html).toContain("Waiting for the GM&#x27;s rolls.");
    expect(html).not.toContain("Not every roll is in yet");
    expect(html).not.toContain("Ilse");
    expect(html).not.toContain("Still to roll");
    const gm = hiddenAgentPanel(true);
    expect(gm).toMatchObject({ complete: false, missing: "Ilse von Stahl" });
    expect(renderPanel(gm)).toContain("Still to roll: Ilse von Stahl.");
  });
});

describe("an Agent sheet on a GM's client with another GM connected (review-s7-perf #4)", () => {
  let world: FakeWorld;
  let remote: Remote;
  let cache: Cache;
  let refresh: typeof import("../../../../src/rulesets/zodiac/sheets/operations-refresh.js");
  let mike: FakeActor;
  let jeremy: FakeActor;

  beforeEach(async () => {
    ({ world, remote, cache, mike, jeremy } = await twoGmWorld());
    refresh = await import("../../../../src/rulesets/zodiac/sheets/operations-refresh.js");
  });
  afterEach(tearDown);

  /** The lists "gm"'s client asked for (gm2's Cancel asks "gm" for its own). */
  const lists = () => world.queryLog.filter((q) => q.name === remote.DUELS_QUERY && q.from === "gm" && (q.data as { action?: string }).action === "list");
  type Ctx = { operations: OperationsView };
  const prepare = (sheet: SheetApp, first = false) => world.as("gm", () => sheet._prepareContext(first ? { isFirstRender: true } : {}) as Promise<Ctx>);
  const settled = async () => {
    await cache.remoteDuelsSettled();
    await refresh.operationsRedrawsSettled();
  };

  /** Mike challenges Jeremy in a fight while "gm2" is the active GM, so gm2's browser holds the commit; then "gm" is active again, gm2 still connected. */
  async function heldByGm2(): Promise<string> {
    await startZodiacCombat(world, [mike, jeremy]);
    world.setActiveGM("gm2");
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    world.setActiveGM("gm");
    world.users.get("gm2")!.active = true;
    expect((await heldBy("gm2")).map((c) => c.actor.name)).toEqual(["Mike"]);
    return keyOf(card);
  }

  it("renders without waiting for the other GM's answer, says it is checking, then is redrawn with the list", async () => {
    await heldByGm2();
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    wrapQuery(remote.DUELS_QUERY, async (real, data) => {
      if (data.action === "list" && game.user.id === "gm2") await gate;
      return real(data);
    });
    const sheet = rawSheetOf(mike);
    await world.as("gm", () => (sheet as unknown as { render(): Promise<unknown> }).render());
    const renders = () => (sheet as unknown as { renders: number }).renders;
    const before = renders();
    // The other GM has not answered (its handler waits on the gate): the context is built anyway.
    const first = await Promise.race([prepare(sheet, true), new Promise<"waited">((r) => setTimeout(() => r("waited"), 500))]);
    expect(first).not.toBe("waited");
    const ops = (first as Ctx).operations;
    expect(ops).toMatchObject({ checking: true, duels: [], lost: [], unanswered: [] });
    const html = createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", first as object).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    expect(html).toContain("Checking the other GMs' browsers for this Agent's duels…");
    expect(html).not.toContain("No connected GM has the sealed Wagers");
    expect(renders()).toBe(before);
    answer();
    await settled();
    // The answer redrew the open sheet, which now lists gm2's duel.
    expect(renders()).toBe(before + 1);
    const next = (await prepare(sheet)).operations;
    expect(next.checking).toBe(false);
    expect(next.duels).toEqual([expect.objectContaining({ opponent: "Jeremy", holder: { id: "gm2", name: "Second GM" } })]);
  });

  it("a render reads the cache, not the other GM; the list follows a change (the duel cancelled in gm2's browser) and a sheet opened again", async () => {
    const key = await heldByGm2();
    const sheet = rawSheetOf(mike);
    await world.as("gm", () => (sheet as unknown as { render(): Promise<unknown> }).render());
    await prepare(sheet, true);
    await settled();
    expect((await prepare(sheet)).operations.duels).toHaveLength(1);
    const asked = lists().length;
    // Renders with nothing changed: nobody is asked.
    await prepare(sheet);
    await prepare(sheet);
    expect(lists().length).toBe(asked);
    // Cancelled where it is held: its commit card closes, which every GM client hears.
    expect(await world.as("gm2", () => remote.cancelEverywhere(key))).toEqual({ ok: true });
    await prepare(sheet);
    await settled();
    expect(lists().length).toBe(asked + 1);
    expect((await prepare(sheet)).operations.duels).toEqual([]);
    // Opening the sheet again asks again (the "did not answer" wording tells the GM to do so).
    await prepare(sheet, true);
    await settled();
    expect(lists().length).toBe(asked + 2);
  });
});

describe("an Agent sheet with one GM connected (review-s7-perf #4)", () => {
  it("the 'checking' fixture renders the line and this browser's duel", async () => {
    const fixture = (await import("../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-checking.js")).default();
    const html = createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", fixture.context as object).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    // UX s7 #12: the duel's own line says it is checking, not yet "Waiting for…"; the general line is for a sheet with no duel.
    expect(html).toContain("Waiting for Jeremy Constantine-Abernathy to commit, unless another GM's browser has it (checking…).");
    expect(html).not.toContain("Waiting for Jeremy Constantine-Abernathy to commit.");
    expect(html).not.toContain("Checking the other GMs' browsers for this Agent's duels…");
  });

  afterEach(tearDown);

  it("never asks anyone, and is not 'checking'", async () => {
    const { world, remote, mike, jeremy } = await twoGmWorld({ secondGm: false });
    await startZodiacCombat(world, [mike, jeremy]);
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    const sheet = rawSheetOf(mike);
    const ops = (await world.as("gm", () => sheet._prepareContext({ isFirstRender: true }))).operations!;
    expect(ops.checking).toBe(false);
    expect(ops.duels).toEqual([expect.objectContaining({ opponent: "Jeremy", waitingFor: "Jeremy" })]);
    expect(world.queryLog.filter((q) => q.name === remote.DUELS_QUERY)).toEqual([]);
  });
});

describe("a called shot's Wagers on the strike card (wave-1 'not done'; seed: each location costs Wagers)", () => {
  const renderStrike = (context: object) => createHandlebars().renderTemplate("zodiac/cards/strike.hbs", context).replace(/\s+/g, " ");

  it("says how many Wagers the shot used up and how many go against the Rank, matching the Rank line", async () => {
    const fixture = (await import("../../../fixtures/templates/zodiac/cards/strike/called-shot.js")).default();
    const html = renderStrike(fixture.context as object);
    expect(html).toContain("Called shot: Hand, which uses 3 of the 4 Wagers, so 1 goes against the Rank.");
    // 1 left for the Rank, plus the free Wager for beating the TN.
    expect(html).toContain("+2 (1 free)");
  });

  it("a shot that uses every Wager says none go against the Rank; two left are counted in the plural", async () => {
    const { calledShotStrike } = await import("../../../fixtures/templates/zodiac/cards/strike/called-shot.js");
    const { strikeView } = await import("../../../../src/rulesets/zodiac/cards/views.js");
    const ctx = (wagers: number) => {
      const result = calledShotStrike(wagers);
      return { result, source: null, targets: [], view: strikeView(result) };
    };
    expect(renderStrike(ctx(3))).toContain("Called shot: Hand, which uses all 3 Wagers, so none go against the Rank.");
    expect(renderStrike(ctx(5))).toContain("Called shot: Hand, which uses 3 of the 5 Wagers, so 2 go against the Rank.");
  });

  it("each duel side with a called shot says the same", async () => {
    const fixture = (await import("../../../fixtures/templates/zodiac/cards/duel/called-shot.js")).default();
    const html = createHandlebars().renderTemplate("zodiac/cards/duel.hbs", fixture.context as object).replace(/\s+/g, " ");
    expect(html).toContain("Called shot: Arm, which uses 2 of the 3 Wagers, so 1 goes against the Rank.");
  });
});

describe("the roll dialog's odds say what the card will (wave-1 'not done': the odds line's derivation)", () => {
  type Input = Parameters<typeof import("../../../../src/rulesets/zodiac/sheets/view.js").rollDialogView>[0];
  async function dialogHtml(over: Partial<Omit<Input, "choice">> & { choice?: Partial<Input["choice"]> }): Promise<string> {
    const { rollDialogView } = await import("../../../../src/rulesets/zodiac/sheets/view.js");
    const { calledShotCosts, everyoneElseTn } = await import("../../../../src/rulesets/zodiac/rules/index.js");
    const { mikeAreas } = await import("./mike-jeremy-data.js");
    const base: Input = {
      actorName: "Mike",
      areas: mikeAreas,
      slot: "a1",
      choice: { kind: "strike", area: 3, spend: 1, gathered: 4, wagers: 2, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" },
      agentPoints: 3,
      almostDead: false,
      target: { uuid: "Actor.baron", name: "The Baron", type: "zodiacOtherAgent", tn: 12, rank: 4, accumulated: 0, almostDead: false },
      totalMode: "keepArea",
      everyoneElseTn,
      calledShotGrid: calledShotCosts,
    };
    const ctx = rollDialogView({ ...base, ...over, choice: { ...base.choice, ...(over.choice ?? {}) } });
    return createHandlebars().renderTemplate("zodiac/roll-dialog.hbs", ctx).replace(/\s+/g, " ").replace(/&#x27;/g, "'").replace(/&#x3D;/g, "=");
  }

  it("a strike: the pool from Area, gathered dice and Wagers, the dice kept, and the Other Agent's TN and Rank", async () => {
    const html = await dialogHtml({});
    expect(html).toContain("Pool: Aries 3 + gathered 4 (1 Agent Point) − Wagers 2 = 5 dice; total of the highest 3.");
    expect(html).toContain("Against TN 12 (and Rank 4, as Operations set them for The Baron).");
  });

  it("with the 'sum all dice but 1s' setting it no longer says 'keep 3'", async () => {
    const html = await dialogHtml({ totalMode: "sumWithoutOnes" });
    expect(html).toContain("total of every die but 1s (world setting).");
    expect(html).not.toMatch(/keep 3|highest 3/);
  });

  it("a duel names the Agent's lowest Area × 5, a kill the Everyone Else table, a fight Operations' TN", async () => {
    const duel = await dialogHtml({ choice: { kind: "duel" }, target: { uuid: "Actor.jeremy", name: "Jeremy", type: "zodiacAgent", tn: 10, rank: 4, accumulated: 0, almostDead: false } });
    expect(duel).toContain("Against TN 10 (Jeremy's lowest Area 2 × 5; Rank 4, their highest Area).");
    const kill = await dialogHtml({ choice: { kind: "kill" }, target: null });
    expect(kill).toContain("Against TN 5 (Everyone Else, Rules Tables).");
    const fight = await dialogHtml({ choice: { kind: "fight", tn: 15 }, target: null });
    expect(fight).toContain("Against TN 15 (set by Operations for this roll).");
  });
});
