/**
 * Session 7, Zodiac's listed items:
 * - the roll dialog reads its numbers with core's readTypedNumber (roll-model.ts readField): the
 *   existing tests (session6-audit, review-s6-wave3, review-s6b) pin the wording; here, what an
 *   emptied field and a field absent from the form read as, and the typed text quoted trimmed;
 * - closing s6 "found, not fixed": a duel with one side held here and the other side committed in a
 *   GM's browser that is not connected was listed (and its card's Reveal answered) as "waiting for"
 *   the side that had committed;
 * - closing s6 "found, not fixed": the User flags `zodiacDuelAsks` an earlier build left are cleared
 *   by the active GM's client when the world is ready (cards/old-duel-asks.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import otherGoneFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-other-gone.js";
import otherNoAnswerFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-other-no-answer.js";
import mikeVsJeremy from "../../../fixtures/templates/zodiac/cards/duel/mike-vs-jeremy.js";
import finishingFixture from "../../../fixtures/templates/zodiac/cards/duel/finishing-no-ones.js";
import killCapture from "../../../fixtures/templates/zodiac/cards/kill/capture.js";
import strikeHit from "../../../fixtures/templates/zodiac/cards/strike/hit.js";
import fightMiss from "../../../fixtures/templates/zodiac/cards/fight/miss.js";
import { duelView } from "../../../../src/rulesets/zodiac/cards/views.js";
import { choiceFrom, refusedNumbers, type RollChoice } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { commitDuel, startZodiacCombat } from "./world.js";
import { cardReveal, duelCards, heldBy, keyOf, operations, points, sheetOf, tearDown, twoGmWorld, warnings, wrapQuery, type Remote } from "./two-gm-world.js";

const render = (context: object) => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", context).replace(/\s+/g, " ").replace(/&#x27;/g, "'");

describe("the roll dialog's numbers, read by core's readTypedNumber", () => {
  const choice: RollChoice = { kind: "fight", area: 5, spend: 1, gathered: 4, wagers: 2, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" };

  it("an emptied field reads as 0, as before; a field absent from the form (the TN outside a fight roll) keeps its value; neither is refused", () => {
    expect(choiceFrom({ spend: "", gathered: null, wagers: "  " }, choice)).toMatchObject({ spend: 0, gathered: 0, wagers: 0, tn: 10 });
    expect(refusedNumbers({ spend: "", gathered: null, wagers: "  " }, choice)).toEqual([]);
  });

  it("a refused number keeps the previous value whichever way it is out (outside: keep), each reason in Zodiac's words", () => {
    expect(refusedNumbers({ spend: "100", gathered: "-2", wagers: "1e400", tn: " 12.5 " }, choice)).toEqual([
      { field: "spend", typed: "100", max: 99, kept: 1, reason: "tooLarge" },
      { field: "gathered", typed: "-2", max: 55, kept: 4, reason: "negative" },
      { field: "wagers", typed: "1e400", max: 99, kept: 2, reason: "notWhole" },
      { field: "tn", typed: "12.5", max: 999, kept: 10, reason: "notWhole" },
    ]);
    expect(choiceFrom({ spend: "100", gathered: "-2", wagers: "1e400", tn: "12.5" }, choice)).toMatchObject({ spend: 1, gathered: 4, wagers: 2, tn: 10 });
  });
});

describe("a duel whose other side committed in a GM's browser that is not connected (closing s6)", () => {
  let world: FakeWorld;
  let remote: Remote;
  let mike: FakeActor;
  let jeremy: FakeActor;

  beforeEach(async () => {
    ({ world, remote, mike, jeremy } = await twoGmWorld());
  });
  afterEach(tearDown);

  /**
   * Mike's side held by "gm"; Jeremy's side, committed after a handover while "gm" did not answer,
   * held by "gm2" (review-s6-wave3's split); then "gm2" leaves and "gm" is the active GM again.
   */
  async function otherSideGone(): Promise<string> {
    await startZodiacCombat(world, [mike, jeremy]);
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    await world.as("gm", () => (challenge as unknown as FakeChatMessage).delete());
    let failList = true;
    wrapQuery(remote.DUELS_QUERY, async (real, data) => {
      if (failList && data.action === "list" && game.user.id === "gm") throw new Error("no answer");
      return real(data);
    });
    await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 1 });
    failList = false;
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike"]);
    expect((await heldBy("gm2")).map((c) => c.actor.name)).toEqual(["Jeremy"]);
    world.setActiveGM("gm");
    return keyOf(challenge);
  }

  it("the holder's sheet names both sides and says where Jeremy's Wagers are, not 'waiting for' him; no Reveal; its Cancel gives Mike's points back", async () => {
    const key = await otherSideGone();
    const ops = await operations("gm", mike);
    expect(ops.duels).toEqual([{ key, opponent: "Jeremy", first: "Mike", second: "Jeremy", waitingFor: null, ready: false, elsewhere: { name: "Jeremy", noAnswer: "" } }]);
    const html = await world.as("gm", async () => render({ ...(await sheetOf(mike)._prepareContext({})) }));
    expect(html).toContain("Duel against Jeremy not revealed yet: Mike and Jeremy set Wagers aside.");
    expect(html).toContain("Jeremy's sealed Wagers are in the browser of a GM who is not connected: no Reveal until that GM is back.");
    expect(html).toContain("cancelling now gives back Mike's only.");
    expect(html).toContain("Cancel the duel against Jeremy, giving back Mike's Agent Points only</button>");
    expect(html).not.toContain("Waiting for Jeremy to commit.");
    expect(html).not.toContain("operationsRevealDuel");
    expect(html.match(/data-action="operationsCancelDuel"/g)).toHaveLength(1);

    // Cancel now: Mike's side forgotten and his point back; Jeremy's open card is then listed as lost.
    expect(await world.as("gm", () => remote.cancelEverywhere(key))).toEqual({ ok: true });
    expect(points(mike)).toBe(3);
    expect(points(jeremy)).toBe(2);
    const after = await operations("gm", mike);
    expect(after.duels).toEqual([]);
    expect(after.lost).toEqual([{ opponent: "Jeremy", first: "Jeremy", second: null }]);
  });

  it("the card's Reveal on the holder says the same, rolling nothing (before: 'Still waiting for a commitment from: Jeremy')", async () => {
    const key = await otherSideGone();
    const jeremyCard = world.messages.find((m) => (m.system as unknown as { kind?: string; result?: { duelKey?: string; name?: string } }).kind === "duelCommit" && (m.system as unknown as { result: { name: string } }).result.name === "Jeremy")!;
    expect(keyOf(jeremyCard)).toBe(key);
    await cardReveal("gm", jeremyCard);
    expect(warnings().at(-1)).toBe(
      "Jeremy's sealed Wagers are in the browser of a GM who is not connected, so this duel cannot be revealed yet. When that GM is back, cancel it (card or Agent sheet) to give every Agent Point back, then both Agents commit again.",
    );
    expect(duelCards()).toHaveLength(0);
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike"]);
    expect(points(mike)).toBe(2);
  });

  it("with the other GM connected but not answering, that GM is named instead", async () => {
    await otherSideGone();
    world.users.get("gm2")!.active = true;
    wrapQuery(remote.DUELS_QUERY, async (real, data) => {
      if (data.action === "list" && game.user.id === "gm2") throw new Error("no answer");
      return real(data);
    });
    const ops = await operations("gm", mike);
    expect(ops.duels[0]?.elsewhere).toEqual({ name: "Jeremy", noAnswer: "Second GM" });
  });

  it("a duel really waiting for its other side (no card of it) still says 'waiting for'", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    const ops = await operations("gm", mike);
    expect(ops.duels[0]).toMatchObject({ waitingFor: "Jeremy", second: null });
    expect(ops.duels[0]?.elsewhere).toBeUndefined();
  });

  it("the fixtures: gone (what the GM can do) and not answering (who, and how to ask again)", () => {
    const gone = render(otherGoneFixture().context as object);
    expect(gone).toContain("Mike and Jeremy Constantine-Abernathy set Wagers aside.");
    expect(gone).toContain("no Reveal until that GM is back. Cancel then to give every Agent Point back; cancelling now gives back Mike's only.");
    // UX s7 #12: the button says what it gives back now, as the hint does.
    expect(gone).toContain("Cancel the duel against Jeremy Constantine-Abernathy, giving back Mike's Agent Points only");
    expect(gone).not.toContain("and give back the Agent Points");
    expect(gone).not.toContain("Waiting for");
    const slow = render(otherNoAnswerFixture().context as object);
    expect(slow).toContain("Second GM did not answer, so their browser may have Jeremy Constantine-Abernathy's sealed Wagers. Close and reopen this sheet to ask again.");
    expect(slow).not.toContain("Waiting for");
  });
});

describe("old zodiacDuelAsks User flags (closing s6)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A world whose users carry what the earlier build left, then the adapter loaded (its "ready" runs). */
  async function worldWithOldAsks(activeGm: string) {
    const world = installFoundry();
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.addUser({ id: "mp", name: "Mike's player", isGM: false });
    world.addUser({ id: "jp", name: "Jeremy's player", isGM: false });
    await world.as("gm", async () => {
      await world.users.get("gm2")!.setFlag("fracas", "zodiacDuelAsks", { a1: { action: "cancel", key: "none:k1:Actor.a|Actor.b" } });
      await world.users.get("mp")!.setFlag("fracas", "zodiacDuelAsks", { b2: { action: "reveal", key: "none:k2:Actor.a|Actor.b" } });
      await world.users.get("mp")!.setFlag("fracas", "other", 1);
    });
    world.setActiveGM(activeGm);
    for (const id of ["mp", "jp"]) world.users.get(id)!.active = true;
    world.login(activeGm === "gm" ? "gm" : "gm2");
    const jpWrites = vi.spyOn(world.users.get("jp")!, "unsetFlag");
    const adapter = await loadAdapter();
    const asks = await import("../../../../src/rulesets/zodiac/cards/old-duel-asks.js");
    await asks.oldDuelAsksSettled();
    return { world, adapter, jpWrites };
  }

  it("the active GM's client removes them when the world is ready, from the users carrying them only; other flags stay", async () => {
    const { world, jpWrites } = await worldWithOldAsks("gm");
    expect(world.users.get("gm2")!.getFlag("fracas", "zodiacDuelAsks")).toBeUndefined();
    expect(world.users.get("mp")!.getFlag("fracas", "zodiacDuelAsks")).toBeUndefined();
    expect(world.users.get("mp")!.getFlag("fracas", "other")).toBe(1);
    expect(jpWrites).not.toHaveBeenCalled();
  });

  it("another client (a GM not active) writes nothing", async () => {
    const { world } = await worldWithOldAsks("gm");
    const asks = await import("../../../../src/rulesets/zodiac/cards/old-duel-asks.js");
    await world.as("mp", async () => world.users.get("mp")!.setFlag("fracas", "zodiacDuelAsks", { c3: {} }));
    expect(await world.as("gm2", () => asks.clearOldDuelAsks())).toBe(0);
    expect(world.users.get("mp")!.getFlag("fracas", "zodiacDuelAsks")).toEqual({ c3: {} });
    expect(await world.as("gm", () => asks.clearOldDuelAsks())).toBe(1);
  });
});

describe("audit: each card says how its pool, total and TN were made (a GM checks it against the book)", () => {
  const text = (template: string, fixture: () => { context: unknown }) =>
    createHandlebars()
      .renderTemplate(`zodiac/cards/${template}.hbs`, fixture().context as object)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .replace(/&#x27;/g, "'")
      .replace(/&#x3D;/g, "=");

  it("the seed's duel: each side's pool (Area + gathered − Wagers), its Agent Points, the highest Area dice kept, and the TN as the opponent's lowest Area × 5", () => {
    const html = text("duel", mikeVsJeremy);
    expect(html).toContain("Pool: Aries 3 + gathered 4 (1 Agent Point) − Wagers 3 = 4 dice; total of the highest 3.");
    expect(html).toContain("Total 16 against TN 10 (Jeremy's lowest Area 2 × 5; Rank 4, their highest Area).");
    expect(html).toContain("Pool: Aries 3 + gathered 3 (1 Agent Point) − Wagers 2 = 4 dice; total of the highest 3.");
    expect(html).toContain("against TN 5 (Mike's lowest Area 1 × 5; Rank 5, their highest Area).");
    // UX s7 #5: the numbers are said once (no "Revealed" line repeating the pool's, no TN line apart from the total).
    expect(html).not.toContain("Dice gathered");
    expect(html.match(/TN 10/g)).toHaveLength(1);
  });

  it("a killing Wager's Agent Point and the 'all dice but 1s' setting are said; a duel card posted before the Agent Points were recorded leaves them out", () => {
    const html = text("duel", finishingFixture);
    expect(html).toContain("Pool: Aries 3 + gathered 4 (1 Agent Point, and 1 for the killing Wager) − Wagers 1 = 6 dice; total of every die but 1s (world setting).");
    // UX s7 #5: no zero terms ("gathered 0 − Wagers 0", "Agent Points spent: 0").
    expect(html).toContain("Pool: Aries 3 = 3 dice; total of every die but 1s (world setting).");
    const old = mikeVsJeremy();
    const result = JSON.parse(JSON.stringify((old.context as { result: Record<string, Record<string, unknown>> }).result)) as Record<string, Record<string, unknown>>;
    delete result.a!.spend;
    const oldHtml = text("duel", () => ({ context: { ...(old.context as object), view: duelView(result as never) } }));
    expect(oldHtml).toContain("Pool: Aries 3 + gathered 4 − Wagers 3 = 4 dice; total of the highest 3.");
  });

  it("kill, strike and fight cards: the pool line, and where the TN came from (table, target, Operations)", () => {
    // UX s7 #1: a pool no larger than the Area rating keeps every die ("all 3 dice count", not "the highest 3").
    expect(text("kill", killCapture)).toContain("Pool: Aries 3 + gathered 3 (1 Agent Point) − Wagers 3 = 3 dice; all 3 dice count.");
    expect(text("kill", killCapture)).toContain("against TN 5 (Everyone Else, Rules Tables).");
    expect(text("strike", strikeHit)).toContain("against TN 10 (and Rank 4, as Operations set them for The Baron).");
    const fight = text("fight", fightMiss);
    expect(fight).toContain("Pool: Scorpio 4 = 4 dice; all 4 dice count.");
    expect(fight).toContain("against TN 12 (set by Operations for this roll).");
  });
});
