/**
 * Session 6, wave 4 (review s6b R2, R3, D2; UX review s6b #1, #2, #6, #9), with two and three GMs:
 * - UX #1 / R2: a fight's duel split between two GMs' clients is one entry on the sheet, and one
 *   Cancel (card or sheet) cancels every holder's side; each holder closes only the cards of the
 *   sides it held, so no card says the Agent Points came back while another GM still holds them.
 *   The card's Reveal on a split says it is split (before: one holder asked, "still waiting for" a
 *   side that had committed).
 * - R3: the card's Cancel is a plain follow-up run on the clicking GM's client (as its Reveal is),
 *   not a core GM follow-up whose 15 s query wrapped a 5 s list ask and a 15 s holder ask; the clicker
 *   is told the outcome. The old GM follow-up, kept for cards posted before, fits its asks in 15 s.
 * - UX #2: the roll dialog's Roll re-reads the form and refuses while a field holds a number it
 *   cannot use (Agent Points are not spent on Wagers the player did not mean).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import elsewhereFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-split-elsewhere.js";
import remoteWaitingFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-remote-waiting.js";
import { commitDuel, startZodiacCombat, type Dialog } from "./world.js";
import { cardReveal, duelCards, followUps, gmFollowUpCancel as legacyCancel, heldBy as heldCommits, keyOf, operations, points, resultOf, sheetOf, tearDown, twoGmWorld, warnings, wrapQuery, type Commits, type Remote } from "./two-gm-world.js";

let world: FakeWorld;
let dialogs: Dialog;
let remote: Remote;
let commits: Commits;
let mike: FakeActor;
let jeremy: FakeActor;

/** The names of the Agents whose commits a GM's client holds. */
const heldBy = async (user: string) => (await heldCommits(user)).map((c) => c.actor.name);
/** The card's Cancel as it is now, clicked on `user`'s copy (a plain follow-up: run there). */
const cardCancel = (user: string, card: unknown) => world.as(user, () => followUps().cancel!({ message: card, result: resultOf(card) } as never));

/**
 * A fight's duel split between two GMs' clients with both commit cards in the chat — the race that
 * remains (DECISIONS, session 6 wave 3): Mike's commit reaches "gm" (active); while it is on its
 * way, "gm2" becomes the active GM and Jeremy commits, "gm"'s list not answering; Mike's card is not
 * posted yet, so nothing names a duel to join, and Jeremy's side goes to "gm2". Mike 2 of 3 Agent
 * Points, Jeremy 2 of 3.
 */
async function splitDuel(): Promise<{ mikeCard: unknown; jeremyCard: unknown }> {
  await startZodiacCombat(world, [mike, jeremy]);
  let failList = false;
  wrapQuery(remote.DUELS_QUERY, (real, data) => {
    if (failList && data.action === "list" && game.user.id === "gm") return Promise.reject(new Error("no answer"));
    return real(data);
  });
  let jeremyCard: unknown;
  let raced = false;
  wrapQuery(commits.COMMIT_QUERY, async (real, data) => {
    if (!raced) {
      raced = true;
      world.setActiveGM("gm2");
      world.users.get("gm")!.active = true;
      failList = true;
      jeremyCard = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 1 });
      failList = false;
    }
    return real(data);
  });
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const mikeCard = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 1 });
  expect(await heldBy("gm")).toEqual(["Mike"]);
  expect(await heldBy("gm2")).toEqual(["Jeremy"]);
  expect(keyOf(mikeCard)).toBe(keyOf(jeremyCard));
  expect([points(mike), points(jeremy)]).toEqual([2, 2]);
  return { mikeCard, jeremyCard };
}

beforeEach(async () => {
  ({ world, dialog: dialogs, remote, commits, mike, jeremy } = await twoGmWorld());
});

afterEach(tearDown);

describe("UX s6b #1: a split duel is one duel, and one Cancel cancels every side", () => {
  it("the card's Cancel, clicked by the active GM holding one side, gives both sides' Agent Points back and closes both cards", async () => {
    const { mikeCard, jeremyCard } = await splitDuel();
    await cardCancel("gm2", mikeCard);
    expect(warnings()).toEqual([]);
    expect([points(mike), points(jeremy)]).toEqual([3, 3]);
    expect(await heldBy("gm")).toEqual([]);
    expect(await heldBy("gm2")).toEqual([]);
    expect([resultOf(mikeCard).cancelled, resultOf(jeremyCard).cancelled]).toEqual([true, true]);
  });

  it("the Cancel of a card posted before (core's GM follow-up) does the same (before: Jeremy's points only, both cards said given back, Mike's side still held)", async () => {
    const { mikeCard, jeremyCard } = await splitDuel();
    expect(await legacyCancel("gm2", jeremyCard)).toMatchObject({ ok: true });
    expect([points(mike), points(jeremy)]).toEqual([3, 3]);
    expect(await heldBy("gm")).toEqual([]);
    expect([resultOf(mikeCard).cancelled, resultOf(jeremyCard).cancelled]).toEqual([true, true]);
  });

  it("a holder that does not confirm keeps its side's card open and its Agent Points spent, and the clicker is told; pressed again, it is cancelled", async () => {
    const { mikeCard, jeremyCard } = await splitDuel();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let refuse = true;
    wrapQuery(remote.DUELS_QUERY, (real, data) => (refuse && data.action === "cancel" ? Promise.reject(new Error("server refused")) : real(data)));
    await cardCancel("gm2", jeremyCard);
    expect(warnings().at(-1)).toBe("Gamemaster did not confirm cancelling their side of this duel: while its card still offers Cancel, those Agent Points are still spent. Try again in a moment.");
    expect([points(mike), points(jeremy)]).toEqual([2, 3]);
    expect([resultOf(mikeCard).cancelled, resultOf(jeremyCard).cancelled]).toEqual([undefined, true]);
    expect(await heldBy("gm")).toEqual(["Mike"]);
    expect(errors).toHaveBeenCalled();

    refuse = false;
    await cardCancel("gm2", mikeCard);
    expect(points(mike)).toBe(3);
    expect(resultOf(mikeCard).cancelled).toBe(true);
    expect(await heldBy("gm")).toEqual([]);
  });

  it("the card's Reveal says the duel is split and where, rolling nothing (before: 'Still waiting for a commitment from' a side that had committed)", async () => {
    const { mikeCard } = await splitDuel();
    await cardReveal("gm2", mikeCard);
    expect(warnings().at(-1)).toBe("This duel's sealed Wagers are split between this browser and Gamemaster's, so it cannot be revealed. Cancel it (card or Agent sheet) to give every Agent Point back, then both Agents commit again.");
    await cardReveal("gm", mikeCard);
    expect(warnings().at(-1)).toBe("This duel's sealed Wagers are split between this browser and Second GM's, so it cannot be revealed. Cancel it (card or Agent sheet) to give every Agent Point back, then both Agents commit again.");
    expect(duelCards()).toHaveLength(0);
    expect(world.notifications.some((n) => n.message.startsWith("Still waiting"))).toBe(false);
    expect(await heldBy("gm")).toEqual(["Mike"]);
  });

  it("a third GM, holding neither side, sees one entry naming both browsers, and its Reveal and Cancel reach both", async () => {
    const { mikeCard, jeremyCard } = await splitDuel();
    world.addUser({ id: "gm3", name: "Third GM", isGM: true });
    const ops = await operations("gm3", jeremy);
    expect(ops.duels).toEqual([{ key: keyOf(mikeCard), opponent: "Mike", first: "Mike", second: "Jeremy", waitingFor: null, ready: false, split: { here: false, gms: "Gamemaster, Second GM" } }]);
    await cardReveal("gm3", mikeCard);
    expect(warnings().at(-1)).toBe("This duel's sealed Wagers are split between the browsers of Gamemaster, Second GM, so it cannot be revealed. Cancel it (card or Agent sheet) to give every Agent Point back, then both Agents commit again.");
    await world.as("gm3", async () => {
      const sheet = sheetOf(jeremy);
      const cancel = sheet.options.actions.operationsCancelDuel as (this: unknown, e: Event, t: HTMLElement) => Promise<void>;
      await cancel.call(sheet, new Event("click"), { dataset: { duelKey: keyOf(mikeCard) } } as unknown as HTMLElement);
    });
    expect([points(mike), points(jeremy)]).toEqual([3, 3]);
    expect([resultOf(mikeCard).cancelled, resultOf(jeremyCard).cancelled]).toEqual([true, true]);
  });

  it("the split fixtures: a third GM's view names both browsers; a remote duel waiting for a side says only Cancel is sent there", () => {
    const render = (context: object) => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", context).replace(/\s+/g, " ").replace(/&#x27;/g, "'");
    const elsewhere = render(elsewhereFixture().context as object);
    expect(elsewhere).toContain("This duel's sealed Wagers are split between the browsers of Gamemaster, Second GM, so it cannot be revealed.");
    expect(elsewhere.match(/data-action="operationsCancelDuel"/g)).toHaveLength(1);
    expect(elsewhere).not.toContain("operationsRevealDuel");
    const waiting = render(remoteWaitingFixture().context as object);
    expect(waiting).toContain("Its sealed Wagers are kept in Second GM's browser: Cancel is sent there.");
    expect(waiting).not.toContain("Reveal and Cancel are sent there");
    expect(waiting).toContain("Cancel the duel against Jeremy Constantine-Abernathy and give back the Agent Points</button>");
  });
});

describe("review s6b R3: the card's Cancel runs on the clicking GM's client and cannot outlive a query that carries it", () => {
  /** Mike commits (held by "gm"); then "gm2" becomes the active GM while "gm" stays connected. */
  async function handedOver() {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    return card;
  }

  it("clicked by the holder (not the active GM), it cancels there without a core follow-up query (before: sent to the active GM and back)", async () => {
    const card = await handedOver();
    const asked = world.queryLog.length;
    await cardCancel("gm", card);
    expect(points(mike)).toBe(3);
    expect(resultOf(card).cancelled).toBe(true);
    expect(world.queryLog.slice(asked).filter((q) => q.name === "fracas.followUp")).toEqual([]);
  });

  it("clicked by the active GM while the holder answers too late: the clicker is told (the holder's cancel still lands, and closes its card)", async () => {
    const card = await handedOver();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The holder's list answers; the cancel it is then sent answers after the asker gave up.
    wrapQuery(remote.DUELS_QUERY, (real, data) => {
      if (data.action === "list" && game.user.id === "gm") world.answerLateNext(remote.DUELS_QUERY);
      return real(data);
    });
    await cardCancel("gm2", card);
    expect(warnings().at(-1)).toBe("Gamemaster did not confirm cancelling their side of this duel: while its card still offers Cancel, those Agent Points are still spent. Try again in a moment.");
    await Promise.all(world.lateHandlers);
    expect(points(mike)).toBe(3);
    expect(resultOf(card).cancelled).toBe(true);
  });

  it("the waits: the new button asks the list (5 s) and the holder (15 s) outside any query; the old GM follow-up's fit inside core's 15 s", async () => {
    const seen: string[] = [];
    wrapQuery(remote.DUELS_QUERY, (real, data, options) => {
      seen.push(`${String(data.action)}:${options?.timeout ?? "?"}`);
      return real(data);
    });
    const card = await handedOver();
    await cardCancel("gm2", card);
    expect(seen).toEqual(["list:5000", "cancel:15000"]);

    seen.length = 0;
    const again = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(await heldBy("gm2")).toEqual(["Mike"]);
    world.setActiveGM("gm");
    world.users.get("gm2")!.active = true;
    await legacyCancel("gm2", again); // run on "gm", the active GM, which asks "gm2"
    const [list, cancel] = seen.map((s) => Number(s.split(":")[1]));
    expect(seen.map((s) => s.split(":")[0])).toEqual(["list", "cancel"]);
    expect(list! + cancel!).toBeLessThan(15_000);
    expect(points(mike)).toBe(3);
  });

  it("a player's click is refused and changes nothing", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    await cardCancel("mp", card);
    expect(warnings().at(-1)).toBe(world.i18n.localize("FRACAS.Chat.Refused.NotGM"));
    expect(points(mike)).toBe(2);
    expect(resultOf(card).cancelled).toBeUndefined();
  });
});

describe("UX s6b #2: Roll reads the form and waits while a field holds a number it cannot use", () => {
  type Open = InstanceType<Dialog["ZodiacRollDialog"]>;
  const submit = (dialog: Open) =>
    world.as("mp", () => (dialogs.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown) => Promise<void> } }).form.handler.call(dialog));
  const cards = () => world.messages.filter((m) => (m as unknown as FakeChatMessage).type === "card");

  async function open(): Promise<Open> {
    world.login("mp");
    world.target("mp", jeremy);
    const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a2" });
    await dialog.render({ force: true } as never);
    return dialog;
  }

  it("'-1' Wagers typed as Commit is pressed: nothing committed or spent, the refusal says so, the dialog stays; with the field fixed it commits", async () => {
    const dialog = await open();
    expect(dialog.choice.kind).toBe("duel");
    world.typeInto(dialog as never, { slot: "a2", kind: "duel", spend: "1", gathered: "4", wagers: "-1" });
    const before = cards().length;
    await submit(dialog);
    expect(cards()).toHaveLength(before);
    expect(points(mike)).toBe(3);
    expect(warnings().at(-1)).toBe("Wagers: “-1” is not one the roll can use, so nothing was rolled or spent. The field now reads 0: check it, then press Commit Wagers in secret again.");
    expect(dialog.rendered).toBe(true);
    expect(dialog.refused).toMatchObject([{ field: "wagers", typed: "-1", kept: 0 }]);

    world.typeInto(dialog as never, { slot: "a2", kind: "duel", spend: "1", gathered: "4", wagers: "2" });
    await submit(dialog);
    expect(cards()).toHaveLength(before + 1);
    expect(points(mike)).toBe(2);
    expect(dialog.rendered).toBe(false);
  });

  it("a strike's '2.5' dice gathered: nothing rolled, 'press Roll again'", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    world.login("mp");
    world.target("mp", baron);
    const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a2" });
    await dialog.render({ force: true } as never);
    world.typeInto(dialog as never, { slot: "a2", kind: "strike", spend: "0", gathered: "2.5", wagers: "0" });
    await submit(dialog);
    expect(cards()).toHaveLength(0);
    expect(warnings().at(-1)).toBe("Dice gathered: “2.5” is not one the roll can use, so nothing was rolled or spent. The field now reads 0: check it, then press Roll again.");
  });
});
