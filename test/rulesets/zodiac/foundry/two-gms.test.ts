/**
 * Session 6, item 1 (closing s5, "found, not fixed"): sealed duel commits are held only on the
 * client of the GM who received them (commits.ts, never a document), so a second GM's Agent sheet
 * listed no pending duel and could not reveal or cancel one, the commit card's Reveal clicked there
 * found nothing, and a second GM's own commit for an NPC Agent stayed on their client, where the
 * player's answer (held by the active GM) could never meet it. Now (cards/duel-remote.ts): another
 * GM's sheet asks the connected GMs by a User query for the pending duels' public facts (no Wager
 * numbers), its Reveal and Cancel (and the card's Reveal) are sent to the holder, which re-checks
 * them, and a GM's commit goes to the active GM as a player's does. A duel whose holder is not
 * connected is said to wait for them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import remoteFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-remote.js";
import lostFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-lost.js";
import { commitDuel, mikeAndJeremy, stubTextEditor, zodiacWorld, type Flow, type Sheets } from "./world.js";

type OperationsView = import("../../../../src/rulesets/zodiac/sheets/operations-view.js").OperationsView;
type Remote = typeof import("../../../../src/rulesets/zodiac/cards/duel-remote.js");
type Index = typeof import("../../../../src/rulesets/zodiac/index.js");

let world: FakeWorld;
let flow: Flow;
let sheets: Sheets;
let remote: Remote;
let index: Index;
let mike: FakeActor;
let jeremy: FakeActor;

interface SheetApp {
  options: { actions: Record<string, unknown> };
  _prepareContext(o: unknown): Promise<{ operations: OperationsView | null }>;
}

const sheetOf = (actor: FakeActor) => new sheets.ZodiacAgentSheet({ document: actor } as never) as unknown as SheetApp;
const operations = async (user: string, actor: FakeActor) => (await world.as(user, () => sheetOf(actor)._prepareContext({}))).operations!;
const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const resultOf = (m: unknown) => ((m as FakeChatMessage).system as unknown as { result: Record<string, unknown> }).result;
const keyOf = (m: unknown) => String(resultOf(m).duelKey);
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
const duelCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");
/** The commits held on a GM's client (each client its own store, as each browser is). */
const heldBy = (user: string) => world.as(user, async () => flow.readCommits());

async function click(user: string, actor: FakeActor, action: string, data: Record<string, string>): Promise<void> {
  await world.as(user, async () => {
    const sheet = sheetOf(actor);
    const handler = sheet.options.actions[action] as ((this: unknown, e: Event, t: HTMLElement) => Promise<void>) | undefined;
    expect(typeof handler, `sheet action ${action}`).toBe("function");
    await handler!.call(sheet, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
  });
}

/** The card's Reveal as a click on `user`'s copy runs it (a plain follow-up: on the clicking client). */
const cardReveal = (user: string, card: unknown) =>
  world.as(user, () => index.zodiac.cards!.duelCommit!.followUps!.reveal!({ message: card, result: resultOf(card) } as never) as Promise<void>);

beforeEach(async () => {
  ({ world, flow, sheets } = await zodiacWorld());
  remote = await import("../../../../src/rulesets/zodiac/cards/duel-remote.js");
  index = await import("../../../../src/rulesets/zodiac/index.js");
  stubTextEditor();
  // "gm" is the active GM (first by id); "gm2" a second, connected GM.
  world.addUser({ id: "gm2", name: "Second GM", isGM: true });
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("a second GM sees and ends the duels the active GM's client holds", () => {
  it("the second GM's sheet lists Mike's pending duel, held by the active GM, with no Wager numbers crossing (before: an empty list)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const key = keyOf(card);
    expect(await heldBy("gm2")).toEqual([]);
    expect(await heldBy("gm")).toHaveLength(1);

    const ops = await operations("gm2", mike);
    expect(ops.duels).toEqual([{ key, opponent: "Jeremy", first: "Mike", second: null, waitingFor: "Jeremy", ready: false, holder: { id: "gm", name: "Gamemaster" } }]);
    expect(ops.lost).toEqual([]);
    // Jeremy's sheet on the second GM's client lists it too, from his side.
    expect((await operations("gm2", jeremy)).duels).toMatchObject([{ key, opponent: "Mike", waitingFor: "Jeremy" }]);

    // What crossed the wire: public facts only (who, against whom, waiting for whom).
    const answers = world.queryLog.filter((q) => q.name === remote.DUELS_QUERY).map((q) => q.result as { duels: object[] });
    expect(answers.length).toBeGreaterThan(0);
    for (const a of answers) {
      expect(JSON.stringify(a)).not.toMatch(/wagers|gathered|spend|agentPoints|area|calledShot|finish/i);
      for (const d of a.duels) expect(Object.keys(d).sort()).toEqual(["committed", "key", "opponent", "waitingFor"]);
    }
    // The active GM's own sheet still lists it as its own (no holder named).
    expect((await operations("gm", mike)).duels).toEqual([{ key, opponent: "Jeremy", first: "Mike", second: null, waitingFor: "Jeremy", ready: false }]);
  });

  it("the second GM's Reveal (sheet) rolls the duel on the holder's client: one duel card, commits forgotten there", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    const key = keyOf(card);
    expect((await operations("gm2", mike)).duels).toMatchObject([{ key, ready: true, holder: { id: "gm" } }]);

    world.dice.queue(6, 5, 4, 3, 2, 1);
    await click("gm2", mike, "operationsRevealDuel", { duelKey: key, holder: "gm" });
    expect(warnings()).toEqual([]);
    expect(duelCards()).toHaveLength(1);
    expect(await heldBy("gm")).toEqual([]);
    expect((await operations("gm2", mike)).duels).toEqual([]);
  });

  it("the commit card's Reveal clicked by the second GM reveals it too (before: 'still waiting for' both, nothing rolled)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    world.dice.queue(6, 5, 4, 3, 2, 1);
    const before = world.notifications.length;
    await cardReveal("gm2", card);
    expect(world.notifications.slice(before).map((n) => n.message)).toEqual([]);
    expect(duelCards()).toHaveLength(1);
    expect(await heldBy("gm")).toEqual([]);
  });

  it("a Reveal the holder refuses is told to the second GM who asked, with the reason", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 0 });
    await click("gm2", mike, "operationsRevealDuel", { duelKey: keyOf(card), holder: "gm" });
    expect(world.notifications.at(-1)).toMatchObject({ type: "info", message: "Still waiting for a commitment from: Jeremy." });
    expect(duelCards()).toHaveLength(0);
    expect(await heldBy("gm")).toHaveLength(1);
  });

  it("the second GM's Cancel (sheet) cancels on the holder: commit forgotten, Agent Points back, card closed", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    expect(points(mike)).toBe(2);
    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card), holder: "gm" });
    expect(warnings()).toEqual([]);
    expect(await heldBy("gm")).toEqual([]);
    expect(points(mike)).toBe(3);
    expect(resultOf(card).cancelled).toBe(true);
    expect((await operations("gm2", mike)).duels).toEqual([]);
  });

  it("the holder re-checks who asks: a player's signed request is refused (NotGM), a request nobody signed is refused (Unverified)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const key = keyOf(card);
    const gm = () => world.users.get("gm")!;
    const asked = await world.as("mp", async () => {
      await world.users.get("mp")!.setFlag("fracas", "zodiacDuelAsks.a1", { action: "cancel", key });
      return gm().query(remote.DUELS_QUERY, { action: "cancel", key, userId: "mp", askId: "a1" });
    });
    expect(asked).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    // Claiming to be the second GM, without their signature.
    const forged = await world.as("mp", () => gm().query(remote.DUELS_QUERY, { action: "cancel", key, userId: "gm2", askId: "zz" }));
    expect(forged).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(await heldBy("gm")).toHaveLength(1);
    expect(points(mike)).toBe(2);
    // The player's signature was cleared, so it cannot be replayed.
    expect(world.users.get("mp")!.getFlag("fracas", "zodiacDuelAsks.a1")).toBeUndefined();
  });
});

describe("a second GM's own commit", () => {
  it("goes to the active GM, so the player's answer meets it in one duel (before: kept on the second GM's client, two duels that never met)", async () => {
    const gmCard = await commitDuel(world, "gm2", jeremy, mike, { spend: 0, gathered: 0, wagers: 1 });
    const mpCard = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    expect(keyOf(mpCard)).toBe(keyOf(gmCard));
    expect(await heldBy("gm2")).toEqual([]);
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Jeremy", "Mike"]);
    world.dice.queue(6, 5, 4, 3, 2, 1);
    expect(await world.as("gm", () => flow.revealDuel(keyOf(gmCard)))).toBeDefined();
  });
});

describe("when the GM holding the commits is not connected", () => {
  it("the other GM's sheet says the duel waits for that GM and offers no button; the card's Reveal says the same; back, it is listed again and cancels there", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const key = keyOf(card);
    world.setActiveGM("gm2"); // the holder ("gm") leaves

    const ops = await operations("gm2", mike);
    expect(ops.duels).toEqual([]);
    expect(ops.lost).toEqual([{ opponent: "Jeremy", first: "Mike", second: null }]);
    const html = await world.as("gm2", async () => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", { ...(await sheetOf(mike)._prepareContext({})) }).replace(/\s+/g, " "));
    expect(html).toContain("Duel against Jeremy not revealed yet: Mike set Wagers aside, but no connected GM holds the sealed Wagers.");
    expect(html).toContain("Until that GM connects again, this duel cannot be revealed or cancelled, and its Agent Points stay spent.");
    expect(html).not.toContain("operationsCancelDuel");

    await cardReveal("gm2", card);
    expect(warnings().at(-1)).toContain("No connected GM holds this duel's sealed Wagers");
    expect(duelCards()).toHaveLength(0);

    // A button drawn while the holder was here, clicked after they left: said, nothing done.
    await click("gm2", mike, "operationsCancelDuel", { duelKey: key, holder: "gm" });
    expect(warnings().at(-1)).toBe("Gamemaster is not connected, and this duel's sealed Wagers are kept in their browser: it can be revealed or cancelled once Gamemaster is back.");
    expect(points(mike)).toBe(2);

    world.users.get("gm")!.active = true; // back, while "gm2" stays the active GM
    expect((await operations("gm2", mike)).duels).toMatchObject([{ key, holder: { id: "gm" } }]);
    expect((await operations("gm2", mike)).lost).toEqual([]);
    await click("gm2", mike, "operationsCancelDuel", { duelKey: key, holder: "gm" });
    expect(points(mike)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
  });
});

describe("the section's template", () => {
  const render = (context: object) => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", context).replace(/\s+/g, " ").replace(/&#x27;/g, "'");

  it("held by another GM: says whose browser, and its buttons carry that GM", () => {
    const html = render(remoteFixture().context as object);
    expect(html).toContain("Its sealed Wagers are kept in Second GM's browser: Reveal and Cancel are sent there.");
    expect(html).toContain('data-action="operationsRevealDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike" data-holder="gm2"');
    expect(html).toContain('data-action="operationsCancelDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike" data-holder="gm2"');
  });

  it("held by no connected GM: both sides named, what happens said, no button", () => {
    const html = render(lostFixture().context as object);
    expect(html).toContain("Duel against Jeremy Constantine-Abernathy not revealed yet: Mike and Jeremy Constantine-Abernathy set Wagers aside, but no connected GM holds the sealed Wagers.");
    expect(html).toContain("Sealed Wagers are kept only in the browser of the GM who was active when they were committed.");
    expect(html).not.toContain("operationsRevealDuel");
    expect(html).not.toContain("operationsCancelDuel");
  });
});
