/**
 * Session 6, wave 3 (review s6 R2–R4, S2; UX review s6 #2, #3, #5, #10.3), with two GMs:
 * - R2: a fight's duel key is the same on every client, so a side committed after a handover went
 *   to the new active GM when the other side's card was not in the chat (not posted yet, deleted):
 *   the duel split between two GMs' clients, each Reveal "still waiting". Now in a fight the
 *   connected GMs are always asked (duel-answer.ts); a split that still happens is listed per holder.
 *   The holder's Reveal of a duel it does not hold says NotPending (S2: the comment said it checked).
 * - R3: a GM slow to answer the list is named ("{gm} did not answer"), not called "no connected GM".
 * - R4: a holder's failed clearing of the asker's signed request (or seal) no longer replaces a
 *   Reveal, Cancel or commit that succeeded.
 * - UX: the clicked Reveal/Cancel is disabled while the ask is in flight; the roll dialog's refusals
 *   one per reason under their field; the tracker panel's buttons carry stable names.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import splitFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-split.js";
import noAnswerFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-no-answer.js";
import badNumberFixture from "../../../fixtures/templates/zodiac/roll-dialog/bad-number.js";
import panelFixture from "../../../fixtures/templates/zodiac/tracker-panel/gm.js";
import { commitDuel, startZodiacCombat, type Flow } from "./world.js";
import { cardReveal, duelCards, gmFollowUpCancel as cardCancel, heldBy, keyOf, operations, points, restoreAfter, resultOf, sheetOf, tearDown, twoGmWorld, warnings, wrapQuery, type Handler, type Queries, type Remote } from "./two-gm-world.js";

let world: FakeWorld;
let flow: Flow;
let remote: Remote;
let queries: Queries;
let mike: FakeActor;
let jeremy: FakeActor;

const renderSheet = async (user: string, actor: FakeActor) =>
  world.as(user, async () => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", { ...(await sheetOf(actor)._prepareContext({})) }).replace(/\s+/g, " ").replace(/&#x27;/g, "'"));

/** A sheet button's click, with the button the handler gets (a plain object: the test reads its `disabled`). */
async function click(user: string, actor: FakeActor, action: string, data: Record<string, string>, button: { dataset: Record<string, string>; disabled?: boolean } = { dataset: {} }): Promise<void> {
  button.dataset = { action, ...data };
  await world.as(user, async () => {
    const sheet = sheetOf(actor);
    const handler = sheet.options.actions[action] as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
    await handler.call(sheet, new Event("click"), button as unknown as HTMLElement);
  });
}

/** Replaces the duels query's handler on every client while `wrap` says so (restored after each test). */
const wrapDuelsQuery = (wrap: (real: Handler, data: Record<string, unknown>) => Promise<unknown>): void => wrapQuery(remote.DUELS_QUERY, wrap);

/** "gm" holds what was committed so far; then "gm2" becomes the active GM while "gm" stays connected. */
function handOver(): void {
  world.setActiveGM("gm2");
  world.users.get("gm")!.active = true;
  expect(world.activeGM?.id).toBe("gm2");
}

beforeEach(async () => {
  ({ world, flow, remote, queries, mike, jeremy } = await twoGmWorld());
});

afterEach(tearDown);

describe("R2: a fight's duel after a handover stays with the GM holding its first side", () => {
  it("Jeremy's side joins Mike's on the holder even with Mike's card gone from the chat: one duel, revealed (before: held by the new active GM, the duel split)", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    handOver();
    await world.as("gm", () => (challenge as unknown as FakeChatMessage).delete());
    const answer = await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 1 });
    expect(keyOf(answer)).toBe(keyOf(challenge));
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike", "Jeremy"]);
    expect(await heldBy("gm2")).toEqual([]);
    world.dice.queue(6, 5, 4, 3, 2, 1, 6, 5, 4, 3);
    await world.as("gm", () => flow.revealDuel(keyOf(challenge)));
    expect(duelCards()).toHaveLength(1);
  });

  it("with one GM connected, a fight's commit asks nobody", async () => {
    world.users.get("gm2")!.active = false;
    await startZodiacCombat(world, [mike, jeremy]);
    const asked = world.queryLog.length;
    await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    expect(world.queryLog.slice(asked).map((q) => `${q.name}>${q.to}`)).toEqual(["fracas.zodiacCommit>gm"]);
  });

  it("a split that still happens (the holder did not answer, no card to meet) is listed once, saying where its sides are, with one Cancel that gives both sides back (UX s6b #1: before, one entry per holder, each cancelled alone)", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
    handOver();
    await world.as("gm", () => (challenge as unknown as FakeChatMessage).delete());
    // "gm"'s client fails to list its duels while Jeremy commits: his side goes to the active GM.
    let failList = true;
    wrapDuelsQuery(async (real, data) => {
      if (failList && data.action === "list" && game.user.id === "gm") throw new Error("no answer");
      return real(data);
    });
    await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 1 });
    failList = false;
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike"]);
    expect((await heldBy("gm2")).map((c) => c.actor.name)).toEqual(["Jeremy"]);

    const ops = await operations("gm2", mike);
    expect(ops.duels).toEqual([{ key: keyOf(challenge), opponent: "Jeremy", first: "Jeremy", second: "Mike", waitingFor: null, ready: false, split: { here: true, gms: "Gamemaster" } }]);
    const html = await renderSheet("gm2", mike);
    expect(html).toContain("This duel's sealed Wagers are split between this browser and Gamemaster's, so it cannot be revealed. Cancel it to give every Agent Point back, then both Agents commit again.");
    expect(html).not.toContain("Waiting for Mike to commit.");
    expect(html).not.toContain("operationsRevealDuel");
    expect(html.match(/data-action="operationsCancelDuel"/g)).toHaveLength(1);

    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(challenge) });
    expect(warnings()).toEqual([]);
    expect(points(mike)).toBe(3);
    expect(points(jeremy)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
    expect(await heldBy("gm2")).toEqual([]);
    expect((await operations("gm2", mike)).duels).toEqual([]);
  });

  it("S2: the holder asked to reveal a duel it does not hold says it is no longer pending (before: 'still waiting for a commitment from' both)", async () => {
    const gm = world.users.get("gm")!;
    const answer = await world.as("gm2", async () => gm.query(remote.DUELS_QUERY, { action: "reveal", ...(await queries.signRequest(remote.DUELS_QUERY, { action: "reveal", key: `none:zz:${jeremy.uuid}|${mike.uuid}` })) }));
    expect(answer).toEqual({ ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" });
  });
});

describe("R3: a GM slow to answer is named, not called disconnected", () => {
  it("the second GM's sheet says the holder did not answer, and does not call the duel lost (before: 'no connected GM holds the sealed Wagers')", async () => {
    await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    world.answerLateNext(remote.DUELS_QUERY);
    const ops = await operations("gm2", mike);
    expect(ops.duels).toEqual([]);
    expect(ops.lost).toEqual([]);
    expect(ops.unanswered).toEqual([{ opponent: "Jeremy", first: "Mike", second: null, gm: "Gamemaster" }]);
    world.answerLateNext(remote.DUELS_QUERY);
    const html = await renderSheet("gm2", mike);
    expect(html).toContain("Gamemaster did not answer, so their browser may have the sealed Wagers. Close and reopen this sheet to ask again.");
    expect(html).not.toContain("No connected GM has the sealed Wagers.");
    // Answering again, it is listed as held there.
    expect((await operations("gm2", mike)).duels).toMatchObject([{ holder: { id: "gm" } }]);
  });

  it("the card's Reveal and Cancel say the holder did not answer (before: NoHolder); nothing is closed", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    handOver();
    world.answerLateNext(remote.DUELS_QUERY);
    await cardReveal("gm2", card);
    expect(warnings().at(-1)).toBe("Gamemaster did not answer, so whether their browser has this duel's sealed Wagers is not known: try again in a moment.");
    world.answerLateNext(remote.DUELS_QUERY);
    expect(await cardCancel("gm2", card)).toEqual({ ok: false, reason: "FRACAS.Zodiac.Duel.NoAnswer", data: { gm: "Gamemaster" } });
    expect(resultOf(card).cancelled).not.toBe(true);
    expect(points(mike)).toBe(2);
  });

  it("a challenge whose holder did not answer is refused naming them, nothing spent (before: 'no connected GM holds' it)", async () => {
    await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    handOver();
    // Jeremy's player asks both GMs; only "gm" (the holder) is slow.
    wrapDuelsQuery(async (real, data) => {
      if (data.action === "list" && game.user.id === "gm") throw new Error("timed out");
      return real(data);
    });
    expect(await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 0 })).toBeUndefined();
    expect(warnings().at(-1)).toBe("Jeremy cannot answer Mike's challenge yet: Gamemaster did not answer, and may have its sealed Wagers. Nothing was spent. Try again in a moment.");
    expect(points(jeremy)).toBe(3);
    expect(await heldBy("gm2")).toEqual([]);
  });
});

describe("R4: a clearing the holder cannot write does not hide what succeeded", () => {
  /** `userId`'s User refuses flag removals made on `onClient`'s client (as a server refusing the write). */
  function refuseUnset(userId: string, onClient: string): void {
    const user = world.users.get(userId)! as unknown as { unsetFlag: (...a: unknown[]) => Promise<unknown> };
    const real = user.unsetFlag.bind(user);
    user.unsetFlag = (...a: unknown[]) => (game.user.id === onClient ? Promise.reject(new Error("permission denied")) : real(...a));
    restoreAfter(() => (user.unsetFlag = real));
  }

  it("the second GM's Cancel done on the holder is reported done, the failed clearing logged (before: 'Failed' while the Agent Points came back)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    refuseUnset("gm2", "gm");
    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card), holder: "gm" });
    expect(warnings()).toEqual([]);
    expect(points(mike)).toBe(3);
    expect(resultOf(card).cancelled).toBe(true);
    expect(errors.mock.calls.some((c) => String(c[0]).includes("signed request was not cleared"))).toBe(true);
  });

  it("a commit kept by the GM is answered kept, the failed seal clearing logged (before: 'Failed', the commit held and the Agent Points never spent)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    refuseUnset("mp", "gm");
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(card).toBeDefined();
    expect(points(mike)).toBe(2);
    expect(await heldBy("gm")).toHaveLength(1);
    expect(errors.mock.calls.some((c) => String(c[0]).includes("the seal was not cleared"))).toBe(true);
  });
});

describe("UX s6 #10.3: the clicked Reveal or Cancel is disabled while the holder is asked", () => {
  it("disabled during the ask, enabled after", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const button = { dataset: {}, disabled: false };
    const seen: boolean[] = [];
    wrapDuelsQuery(async (real, data) => {
      if (data.action === "cancel") seen.push(button.disabled);
      return real(data);
    });
    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card), holder: "gm" }, button);
    expect(seen).toEqual([true]);
    expect(button.disabled).toBe(false);
    expect(points(mike)).toBe(3);
  });
});

describe("templates", () => {
  const hbs = () => createHandlebars();

  it("UX s6 #5: each refused number sits under its field, one message per reason, the input pointing to it; no input bound quoted as a rule", () => {
    const html = hbs().renderTemplate("zodiac/roll-dialog.hbs", badNumberFixture().context as object).replace(/\s+/g, " ");
    expect(html).toMatch(/name="wagers" value="1" min="0" max="99" step="1" aria-invalid="true" aria-describedby="zodiac-bad-wagers"> <\/label> <p id="zodiac-bad-wagers" class="zodiac-adjusted zodiac-field-wide" role="status">Wagers: “-1” is below 0, so 1 is used\.<\/p>/);
    expect(html).toContain('aria-describedby="zodiac-bad-tn"> </label> <p id="zodiac-bad-tn" class="zodiac-adjusted zodiac-field-wide" role="status">Target Number: “7.5” is not a whole number, so 10 is used.</p>');
    expect(html).not.toMatch(/name="spend"[^>]*aria-invalid/);
    expect(html).not.toContain('role="alert">Wagers');
  });

  it("UX s6 #5: a number too large names the dialog's bound, as the only case that does", () => {
    const ctx = badNumberFixture().context as { bad: Record<string, unknown> };
    const html = hbs()
      .renderTemplate("zodiac/roll-dialog.hbs", { ...ctx, bad: { wagers: { id: "zodiac-bad-wagers", key: "FRACAS.Zodiac.Dialog.BadNumber.tooLarge", fieldKey: "FRACAS.Zodiac.Dialog.Field.wagers", typed: "100", max: 99, kept: 1 } } })
      .replace(/\s+/g, " ");
    expect(html).toContain("Wagers: “100” is more than this dialog takes (99), so 1 is used.");
  });

  it("UX s6 #2: the tracker panel's buttons carry stable names, so focus comes back after the tracker redraws", () => {
    const html = hbs().renderTemplate("zodiac/tracker-panel.hbs", panelFixture().context as object);
    for (const name of ["zodiacMoveUp-mike", "zodiacMoveDown-mike", "zodiacMoveUp-jeremy", "zodiacShoot-Actor.mike", "zodiacCancel-Actor.baron", "zodiacUndo-s1"]) expect(html).toContain(`name="${name}"`);
    const names = [...html.matchAll(/<button [^>]*>/g)].map((m) => /name="([^"]+)"/.exec(m[0])?.[1]);
    expect(names.every((n) => typeof n === "string")).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  it("a split duel's fixture (one entry, one Cancel, the viewer not named) and a not-answering GM's fixture render their lines", () => {
    const split = hbs().renderTemplate("zodiac/agent-sheet.hbs", splitFixture().context as object).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    expect(split).toContain("This duel's sealed Wagers are split between this browser and Second GM's, so it cannot be revealed.");
    expect(split).not.toContain("Gamemaster");
    expect(split.match(/data-action="operationsCancelDuel"/g)).toHaveLength(1);
    expect(split).not.toContain("operationsRevealDuel");
    const noAnswer = hbs().renderTemplate("zodiac/agent-sheet.hbs", noAnswerFixture().context as object).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    expect(noAnswer).toContain("Duel against Jeremy Constantine-Abernathy not revealed yet: Mike set Wagers aside.");
    expect(noAnswer).toContain("Second GM did not answer");
    expect(noAnswer).not.toContain("operationsCancelDuel");
  });
});
