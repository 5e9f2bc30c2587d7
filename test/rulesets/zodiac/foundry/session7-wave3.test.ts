/**
 * Session 7, wave 3 (review-s7-changes, ux-review-s7), Zodiac's items:
 * - B1: a second tab of the GM (gm-tab.ts) answers no commit or duel query at once, holds no commits,
 *   and asks its one tab (the same user) for the duels it lists;
 * - B2: a tab taking over the GM's work reads the commit store again ("fracas.gmTabTakenOver");
 * - R4: the players' Setback history does not name a hidden Agent;
 * - R5: right after a commit card is posted, the other GMs' old lists call nothing lost or elsewhere;
 * - D3 / UX #1, #4, #5: one pool-line builder for the dialog and the cards; a pool no larger than the
 *   Area rating keeps every die; the derivation muted, the total emphasised, zero terms left out.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import { hiddenAgentPanel, historyWithIlse } from "../../../fixtures/templates/zodiac/tracker-panel/player-hidden-agent.js";
import { oneDieDialog } from "../../../fixtures/templates/zodiac/roll-dialog/one-die.js";
import headShot from "../../../fixtures/templates/zodiac/cards/kill/head-shot.js";
import { commitDuel, startZodiacCombat } from "./world.js";
import { heldBy, rawSheetOf, tearDown, twoGmWorld, wrapQuery, type Cache, type Commits, type OperationsView, type Remote, type SheetApp } from "./two-gm-world.js";
import type { TabLocks } from "../../../../src/foundry/gm-tab.js";

const flat = (html: string) => html.replace(/\s+/g, " ").replace(/&#x27;/g, "'").replace(/&#x3D;/g, "=");
const text = (html: string) => flat(html.replace(/<[^>]+>/g, " "));

/** A commit outside a fight as the one tab would have kept it (valid for commits.ts validCommit). */
async function storedCommit() {
  const { duelKey } = await import("../../../../src/rulesets/zodiac/cards/results.js");
  return {
    actor: { uuid: "Actor.mike", name: "Mike" },
    opponent: { uuid: "Actor.jeremy", name: "Jeremy" },
    duelKey: duelKey("Actor.mike", "Actor.jeremy", null, "abc"),
    areaName: "Aries",
    area: 3,
    spend: 1,
    gathered: 4,
    wagers: 1,
    agentPointsLeft: 2,
    finish: false,
    calledShot: null,
    combat: null,
  };
}

describe("a second tab of the active GM (review s7 B1, B2)", () => {
  let world: FakeWorld;
  let commits: Commits;
  let gmTab: typeof import("../../../../src/foundry/gm-tab.js");
  const storage = new Map<string, string>();
  /** The first tab holds this GM's lock until `closeFirstTab()`. */
  let closeFirstTab!: () => void;
  const locks: TabLocks = {
    request: (_name, options, callback) => (options.ifAvailable ? callback(null) : new Promise((done) => (closeFirstTab = () => done(callback({}))))),
  };

  beforeEach(async () => {
    storage.clear();
    vi.stubGlobal("localStorage", { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) });
    ({ world, commits } = await twoGmWorld({ secondGm: false }));
    gmTab = await import("../../../../src/foundry/gm-tab.js");
  });
  afterEach(async () => {
    gmTab.resetGmTab();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await tearDown();
  });

  /** This page learns it is the second tab; when the first closes it takes over and calls the hook, as fracas.ts does. */
  const becomeSecondTab = () =>
    gmTab.electGmTab(locks, "fracas-gm:w:gm", (key) => {
      if (key === "FRACAS.GmTab.TakenOver") (Hooks.callAll as (hook: string) => boolean)(gmTab.GM_TAB_TAKEN_OVER);
    });

  it("answers the commit and duel queries only after the sender has given up, running nothing; holds no commits; asks its one tab for the duels", async () => {
    storage.set("fracas.zodiac.commits.gm", JSON.stringify([await storedCommit()]));
    await becomeSecondTab();
    const { COMMIT_QUERY } = await import("../../../../src/rulesets/zodiac/cards/commits.js");
    const { DUELS_QUERY } = await import("../../../../src/rulesets/zodiac/cards/duel-list.js");
    const { otherGMs } = await import("../../../../src/rulesets/zodiac/cards/duel-list.js");
    const handlers = CONFIG.queries as unknown as Record<string, (d: unknown) => Promise<unknown>>;
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    // Before: answered at once (a bad request refused; a list of the store this tab read).
    const sealed = world.as("gm", () => handlers[COMMIT_QUERY]!({ bad: true }));
    const listed = world.as("gm", () => handlers[DUELS_QUERY]!({ action: "list", actorUuid: "Actor.mike" }));
    const first = await Promise.race([sealed.then(() => "answered"), Promise.resolve().then(() => "deferred")]);
    expect(first).toBe("deferred");
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await sealed).toEqual({ ok: false, reason: "FRACAS.GmTab.Another" });
    expect(await listed).toEqual({ ok: false, reason: "FRACAS.GmTab.Another" });
    vi.useRealTimers();
    // The store in localStorage is the one tab's: not listed, revealed or cancelled here.
    expect(await heldBy("gm")).toEqual([]);
    // Its sheet asks this same GM (the query reaches the one tab; this tab's handler does not answer).
    expect(await world.as("gm", async () => otherGMs().map((u) => u.id))).toEqual(["gm"]);
  });

  it("a tab that takes over reads the store again, so a commit the closed tab kept since is held (and not overwritten)", async () => {
    // Loaded while this tab did not know yet (before the lock's answer): empty then.
    expect(await heldBy("gm")).toEqual([]);
    await becomeSecondTab();
    // The first tab keeps a commit and saves it.
    const c = await storedCommit();
    storage.set("fracas.zodiac.commits.gm", JSON.stringify([c]));
    closeFirstTab();
    await vi.waitFor(() => expect(gmTab.isTheGmTab()).toBe(true));
    expect((await heldBy("gm")).map((x) => x.duelKey)).toEqual([c.duelKey]);
    // A save now (a forget of another duel) keeps it in localStorage.
    await world.as("gm", async () => commits.forgetCommits("none:zzz:Actor.a|Actor.b"));
    expect(JSON.parse(storage.get("fracas.zodiac.commits.gm") ?? "[]")).toHaveLength(1);
  });
});

describe("the players' Setback history and a hidden Agent (review s7 R4)", () => {
  it("a player reads the hidden Agent's miss unnamed; the GM reads the name", () => {
    const player = hiddenAgentPanel(false, historyWithIlse);
    expect(player.history.map((h) => h.text)).toEqual(["Mike missed", "an unseen Agent missed"]);
    const html = createHandlebars().renderTemplate("zodiac/tracker-panel.hbs", player);
    expect(html).not.toContain("Ilse");
    expect(hiddenAgentPanel(true, historyWithIlse).history.map((h) => h.text)).toEqual(["Mike missed", "Ilse von Stahl missed"]);
  });
});

describe("an Agent sheet right after a commit card is posted (review s7 R5, T4)", () => {
  let world: FakeWorld;
  let remote: Remote;
  let cache: Cache;
  let mike: FakeActor;
  let jeremy: FakeActor;
  beforeEach(async () => ({ world, remote, cache, mike, jeremy } = await twoGmWorld()));
  afterEach(tearDown);

  const prepare = (sheet: SheetApp, first = false) => world.as("gm", () => sheet._prepareContext(first ? { isFirstRender: true } : {}) as Promise<{ operations: OperationsView }>);

  it("the old lists call no side elsewhere and no duel lost until the other GM answers", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    world.setActiveGM("gm2");
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    world.setActiveGM("gm");
    world.users.get("gm2")!.active = true;
    const sheet = rawSheetOf(mike);
    await prepare(sheet, true);
    await cache.remoteDuelsSettled();
    expect((await prepare(sheet)).operations.duels).toEqual([expect.objectContaining({ waitingFor: "Jeremy", holder: { id: "gm2", name: "Second GM" } })]);
    // Jeremy answers in gm2's browser: his card is posted.
    world.setActiveGM("gm2");
    await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 3, wagers: 1 });
    world.setActiveGM("gm");
    world.users.get("gm2")!.active = true;
    // gm2 is slow to answer from now on; gm's lists are stale, as the card's creation marks them
    // (operations-refresh.ts onDuelCardChange; said again here, so no redraw's ask in between counts).
    let answer!: () => void;
    const gate = new Promise<void>((r) => (answer = r));
    wrapQuery(remote.DUELS_QUERY, async (real, data) => {
      if (data.action === "list" && game.user.id === "gm2") await gate;
      return real(data);
    });
    await world.as("gm", async () => cache.remoteDuelsChanged());
    const stale = (await prepare(sheet)).operations;
    // Before: gm2's old list (Mike's side only) against Jeremy's open card said Jeremy committed elsewhere.
    expect(stale.duels.map((d) => d.elsewhere)).toEqual([undefined]);
    expect(stale.lost).toEqual([]);
    answer();
    await cache.remoteDuelsSettled();
    await prepare(sheet);
    await cache.remoteDuelsSettled();
    expect((await prepare(sheet)).operations.duels).toEqual([expect.objectContaining({ ready: true, holder: { id: "gm2", name: "Second GM" } })]);
  });
});

describe("the pool line: one builder for the dialog and the cards (review s7 D3; UX s7 #1, #4, #5)", () => {
  it("a pool of one die under Aries 3 says the one die counts, in the dialog and on the card", () => {
    const dialog = flat(createHandlebars().renderTemplate("zodiac/roll-dialog.hbs", oneDieDialog()));
    expect(dialog).toContain("Pool: Aries 3 + gathered 4 (1 Agent Point) − Wagers 6 = 1 die; the one die counts.");
    expect(dialog).not.toMatch(/highest 3/);
    const card = text(createHandlebars().renderTemplate("zodiac/cards/kill.hbs", headShot().context as object));
    expect(card).toContain("Pool: Aries 3 + gathered 4 (1 Agent Point) − Wagers 6 = 1 die; the one die counts.");
    expect(card).not.toMatch(/highest 3/);
  });

  it("the dialog's line is the card's for the same roll (the same view, views.ts poolLine)", async () => {
    const { derivation, poolLine } = await import("../../../../src/rulesets/zodiac/cards/views.js");
    const dialog = oneDieDialog() as unknown as { odds: { pool: unknown } };
    const result = (headShot().context as { result: Record<string, unknown> }).result;
    expect(dialog.odds.pool).toEqual(derivation(result as never, result.roll as never));
    // Under the Area rating: all dice; over it: the highest; "all dice but 1s" says so whatever the pool.
    expect(poolLine({ areaName: "Aries", rating: 3, gathered: 0, wagers: 0, spend: 0, finish: false }, { pool: 2, area: 3, mode: "keepArea" })).toMatchObject({ keepKey: "FRACAS.Zodiac.Card.KeepAllOther", keep: 2, gatheredKey: null, wagersKey: null });
    expect(poolLine({ areaName: "Aries", rating: 3, gathered: 2, wagers: 0, spend: 1, finish: false }, { pool: 5, area: 3, mode: "keepArea" })).toMatchObject({ keepKey: "FRACAS.Zodiac.Card.KeepHighestOther", keep: 3 });
  });

  it("the derivation is muted (.fracas-derivation) and the total keeps its weight, with the TN's source beside it", () => {
    const html = flat(createHandlebars().renderTemplate("zodiac/cards/kill.hbs", headShot().context as object));
    expect(html).toContain('<p class="zodiac-card-line fracas-derivation">Pool: Aries 3');
    expect(html).toMatch(/<p class="zodiac-card-total"><strong>Total 6 against TN 5<\/strong> <span class="fracas-derivation">\(Everyone Else, Rules Tables\)\.<\/span>/);
    expect(html).not.toContain("zodiac-derivation");
  });
});
