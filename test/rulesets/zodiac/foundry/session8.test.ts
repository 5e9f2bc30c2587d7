/**
 * Session 8, Zodiac's listed items (review-s7c F3, F4, F5, T4; ux-review-s7 #17.7):
 * - F3: a commit kept by the GM's client whose answer never reached the player is held but unpaid:
 *   its Cancel gives nothing back; a paid one (its card posted) gives back, even once its card is gone;
 * - F4: Agent Points spent with nothing gathered say so, never "+ gathered 0 (2 Agent Points)";
 * - F5: in a GM's second tab, a duel its one tab holds reads "your other tab", not "<own name>'s browser";
 * - #17.7: the kill card's called shot says which Wagers it used, as strike and duel do;
 * - T4: sealCommit and revealAt from a GM's second tab send their query to their own user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import { commitDuel } from "./world.js";
import { heldBy, keyOf, points, tearDown, twoGmWorld, wrapQuery, type Commits, type Remote } from "./two-gm-world.js";
import { pendingDuelSheet } from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel.js";
import otherTabFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-other-tab.js";
import noneStanding from "../../../fixtures/templates/zodiac/cards/kill/none-standing.js";
import calledShotFixture from "../../../fixtures/templates/zodiac/cards/strike/called-shot.js";
import headShot from "../../../fixtures/templates/zodiac/cards/kill/head-shot.js";
import { armShotKill } from "../../../fixtures/templates/zodiac/cards/kill/called-shot-arm.js";
import { spentNothingGathered } from "../../../fixtures/templates/zodiac/cards/fight/spent-nothing-gathered.js";
import { fightView, killView } from "../../../../src/rulesets/zodiac/cards/views.js";
import type { TabLocks } from "../../../../src/foundry/gm-tab.js";

const flat = (html: string) => html.replace(/\s+/g, " ").replace(/&#x27;/g, "'").replace(/&#x3D;/g, "=");
const text = (html: string) => flat(html.replace(/<[^>]+>/g, " "));
const render = (template: string, context: unknown) => createHandlebars().renderTemplate(template, context as object);
const setPoints = (a: FakeActor, value: number) => a.update({ "system.agentPoints.value": value } as never);

describe("a commit held but never paid (review s7c F3)", () => {
  let world: FakeWorld;
  let mike: FakeActor;
  let jeremy: FakeActor;
  beforeEach(async () => ({ world, mike, jeremy } = await twoGmWorld({ secondGm: false })));
  afterEach(tearDown);

  const cancel = async (key: string) => {
    const { cancelPendingDuel } = await import("../../../../src/rulesets/zodiac/cards/duel-cancel.js");
    return world.as("gm", () => cancelPendingDuel(key));
  };

  it("the GM's answer never reaches the player: nothing paid, and the GM's Cancel gives nothing back", async () => {
    await setPoints(mike, 1);
    // The GM's client keeps and saves the commit; the player's query times out before the answer.
    world.answerLateNext("fracas.zodiacCommit");
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 })).toBeUndefined();
    await Promise.all(world.lateHandlers);
    expect(points(mike)).toBe(1);
    const held = await heldBy("gm");
    expect(held).toHaveLength(1);
    expect(held[0]!.paid).toBe(false);
    expect(await cancel(held[0]!.duelKey)).toEqual({ ok: true });
    // Before: 2 (the commit's 1 "given back", never paid).
    expect(points(mike)).toBe(1);
    expect(await heldBy("gm")).toEqual([]);
  });

  it("a paid commit (its card posted) gives its Agent Points back, even after its card was deleted", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    expect(points(mike)).toBe(2);
    expect((await heldBy("gm"))[0]!.paid).toBe(true);
    await world.as("gm", () => (card as unknown as { delete(): Promise<unknown> }).delete());
    expect(await cancel(keyOf(card))).toEqual({ ok: true });
    expect(points(mike)).toBe(3);
  });

  it("a commit kept before the mark existed (no `paid`) counts as paid, as before", async () => {
    const { wasPaid } = await import("../../../../src/rulesets/zodiac/cards/paid.js");
    const commit = { actor: { uuid: mike.uuid, name: "Mike" }, opponent: { uuid: jeremy.uuid, name: "Jeremy" }, duelKey: "k", areaName: "Aries", area: 3, spend: 1, gathered: 4, wagers: 1, agentPointsLeft: 2, finish: false, calledShot: null, combat: null };
    expect(await world.as("gm", async () => wasPaid(commit as never))).toBe(true);
    expect(await world.as("gm", async () => wasPaid({ ...commit, paid: false } as never))).toBe(false);
  });
});

describe("the pool line with Agent Points but nothing gathered (review s7c F4)", () => {
  it("says the points were spent and nothing gathered, never 'gathered 0'", () => {
    const result = spentNothingGathered();
    const card = text(render("zodiac/cards/fight.hbs", { result, source: null, targets: [], view: fightView(result) }));
    expect(card).toContain("Pool: Scorpio 4 (2 Agent Points spent, nothing gathered) = 4 dice;");
    expect(card).not.toContain("gathered 0");
  });

  it("the fixtures show possible states: dice gathered with at least 1 Agent Point", () => {
    const kill = text(render("zodiac/cards/kill.hbs", noneStanding().context));
    expect(kill).toContain("+ gathered 1 (1 Agent Point)");
    const strike = text(render("zodiac/cards/strike.hbs", calledShotFixture().context));
    expect(strike).toContain("+ gathered 6 (1 Agent Point)");
    for (const html of [kill, strike]) expect(html).not.toContain("(0 Agent Points)");
  });
});

describe("the kill card's called shot (ux s7 #17.7)", () => {
  it("says which Wagers the shot used and how many kill more, as strike and duel do", () => {
    expect(text(render("zodiac/cards/kill.hbs", headShot().context))).toContain("Called shot: Head, which uses 5 of the 6 Wagers, so 1 kills one more.");
    const arm = armShotKill();
    const html = text(render("zodiac/cards/kill.hbs", { result: arm, source: null, targets: [], view: killView(arm) }));
    expect(html).toContain("Called shot: Arm, which uses all 2 Wagers, so none kills another.");
    expect(html).not.toContain("Called shot: Arm.");
  });

  it("a kill card posted before the shot's cost was stored keeps the plain line", () => {
    const old = { ...armShotKill() };
    delete (old as { shotWagers?: unknown }).shotWagers;
    const html = text(render("zodiac/cards/kill.hbs", { result: old, source: null, targets: [], view: killView(old) }));
    expect(html).toContain("Called shot: Arm.");
    expect(html).not.toContain("undefined");
  });
});

describe("a GM's second tab (review s7c F5, T4)", () => {
  let world: FakeWorld;
  let commits: Commits;
  let remote: Remote;
  let mike: FakeActor;
  let jeremy: FakeActor;
  let gmTab: typeof import("../../../../src/foundry/gm-tab.js");
  const storage = new Map<string, string>();
  const locks: TabLocks = { request: (_name, options, callback) => (options.ifAvailable ? callback(null) : new Promise(() => undefined)) };

  beforeEach(async () => {
    storage.clear();
    vi.stubGlobal("localStorage", { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) });
    ({ world, commits, remote, mike, jeremy } = await twoGmWorld({ secondGm: false }));
    gmTab = await import("../../../../src/foundry/gm-tab.js");
    await gmTab.electGmTab(locks, "fracas-gm:w:gm", () => undefined);
    expect(gmTab.isTheGmTab()).toBe(false);
  });
  afterEach(async () => {
    gmTab.resetGmTab();
    vi.unstubAllGlobals();
    await tearDown();
  });

  it("F5: the one tab's duel reads 'your other tab', not the GM's own name; a split names only the other GM", async () => {
    const gm = world.users.get("gm")!;
    const gm2 = world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    const duel = { key: "none:k1:" + [mike.uuid, jeremy.uuid].sort().join("|"), opponent: "Jeremy", committed: ["Mike", "Jeremy"], waitingFor: null };
    const seen = await world.as("gm", async () => remote.duelsSeen(mike.uuid, { answered: [{ gm: gm as never, duels: [duel] }], unanswered: [] }));
    expect(seen.duels[0]!.holder).toEqual({ id: "gm", name: "Gamemaster", self: true });
    const html = text(render("zodiac/agent-sheet.hbs", pendingDuelSheet("", seen.duels[0]!).context));
    expect(html).toContain("Its sealed Wagers are kept in your other tab of this browser: Reveal and Cancel are sent there.");
    expect(html).not.toContain("Gamemaster's browser");
    expect(text(render("zodiac/agent-sheet.hbs", otherTabFixture().context))).toContain("your other tab of this browser");
    // Split between this GM's one tab and gm2: "this browser and Second GM's".
    const side = (name: string) => ({ ...duel, committed: [name], waitingFor: name === "Mike" ? "Jeremy" : "Mike" });
    const split = await world.as("gm", async () => remote.duelsSeen(mike.uuid, { answered: [{ gm: gm as never, duels: [side("Mike")] }, { gm: gm2 as never, duels: [side("Jeremy")] }], unanswered: [] }));
    expect(split.duels[0]!.split).toEqual({ here: true, gms: "Second GM" });
  });

  it("T4: sealCommit and revealAt send their query to this same user (the one tab), keeping nothing here", async () => {
    const { COMMIT_QUERY } = commits;
    const { DUELS_QUERY } = await import("../../../../src/rulesets/zodiac/cards/duel-list.js");
    // The one tab's answers (this process's handler is the second tab's, which would wait out the asker).
    wrapQuery(COMMIT_QUERY, async (_real, data) => ({ ok: true, duelKey: (data.commit as { duelKey: string }).duelKey, commitId: "c1" }));
    wrapQuery(DUELS_QUERY, async () => ({ ok: true }));
    const { duelKey } = await import("../../../../src/rulesets/zodiac/cards/results.js");
    const commit = { actor: { uuid: mike.uuid, name: "Mike" }, opponent: { uuid: jeremy.uuid, name: "Jeremy" }, duelKey: duelKey(mike.uuid, jeremy.uuid, null), areaName: "Aries", area: 3, spend: 1, gathered: 4, wagers: 1, agentPointsLeft: 2, finish: false, calledShot: null, combat: null };
    const sealed = await world.as("gm", () => commits.sealCommit(commit, game.users.get("gm") as never));
    // The commit's id (review s8 F1) and the GM it was sent to (where a paid notice goes, F7).
    expect(sealed).toEqual({ ok: true, duelKey: commit.duelKey, commitId: "c1", holder: "gm" });
    await world.as("gm", () => remote.revealAt(commit.duelKey, "gm"));
    const sent = world.queryLog.filter((q) => q.name === COMMIT_QUERY || q.name === DUELS_QUERY).map((q) => ({ name: q.name, from: q.from, to: q.to }));
    expect(sent).toEqual([
      { name: COMMIT_QUERY, from: "gm", to: "gm" },
      { name: DUELS_QUERY, from: "gm", to: "gm" },
    ]);
    expect(storage.size).toBe(0);
    expect(await heldBy("gm")).toEqual([]);
  });
});
