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
 * Task 2: the holder's Reveal/Cancel asks are signed with core's signRequest; after a handover (the
 * holder connected, not active) the commit card's Cancel and a challenge's answer reach the holder.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars } from "../../../browser/harness.js";
import remoteFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-remote.js";
import lostFixture from "../../../fixtures/templates/zodiac/agent-sheet/gm-pending-duel-lost.js";
import { commitDuel, startZodiacCombat, type Flow } from "./world.js";
import { cardReveal, duelCards, gmFollowUpCancel as cardCancel, heldBy, keyOf, operations, points, resultOf, sheetOf, twoGmWorld, warnings, type Queries, type Remote } from "./two-gm-world.js";

let world: FakeWorld;
let flow: Flow;
let remote: Remote;
let queries: Queries;
let mike: FakeActor;
let jeremy: FakeActor;

async function click(user: string, actor: FakeActor, action: string, data: Record<string, string>): Promise<void> {
  await world.as(user, async () => {
    const sheet = sheetOf(actor);
    const handler = sheet.options.actions[action] as ((this: unknown, e: Event, t: HTMLElement) => Promise<void>) | undefined;
    expect(typeof handler, `sheet action ${action}`).toBe("function");
    await handler!.call(sheet, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);
  });
}

beforeEach(async () => {
  ({ world, flow, remote, queries, mike, jeremy } = await twoGmWorld());
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

  it("the holder re-checks who asks: a player's signed request is refused (NotGM), a request nobody signed is refused (Unverified); each signed slot is cleared", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const key = keyOf(card);
    const gm = () => world.users.get("gm")!;
    const requests = (id: string) => world.users.get(id)!.getFlag("fracas", "requests") as Record<string, unknown> | undefined;
    // Signed by core's signRequest as the sheet's ask is, but by a player.
    const asked = await world.as("mp", async () => {
      const signed = await queries.signRequest(remote.DUELS_QUERY, { action: "cancel", key });
      expect(Object.keys(requests("mp") ?? {})).toEqual([signed.requestId]);
      return gm().query(remote.DUELS_QUERY, { action: "cancel", ...signed });
    });
    expect(asked).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    // The player's signature was cleared, so it cannot be replayed.
    expect(Object.keys(requests("mp") ?? {})).toEqual([]);
    // Claiming to be the second GM, without their signature.
    const forged = await world.as("mp", () => gm().query(remote.DUELS_QUERY, { action: "cancel", key, userId: "gm2", requestId: "zz" }));
    expect(forged).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    // The second GM's own signature for a Reveal, sent as a Cancel: not what they signed.
    const swapped = await world.as("gm2", async () => gm().query(remote.DUELS_QUERY, { action: "cancel", ...(await queries.signRequest(remote.DUELS_QUERY, { action: "reveal", key })) }));
    expect(swapped).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.Unverified" });
    expect(Object.keys(requests("gm2") ?? {})).toEqual([]);
    expect(await heldBy("gm")).toHaveLength(1);
    expect(points(mike)).toBe(2);
  });

  it("the second GM's ask leaves no signed request behind, answered or not", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const requests = () => Object.keys((world.users.get("gm2")!.getFlag("fracas", "requests") as object | undefined) ?? {});
    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card), holder: "gm" });
    expect(points(mike)).toBe(3);
    expect(requests()).toEqual([]);
    // The holder's client does not answer (its handler throws): the asker takes its request back.
    const card2 = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    const handlers = CONFIG.queries as unknown as Record<string, unknown>;
    const real = handlers[remote.DUELS_QUERY];
    handlers[remote.DUELS_QUERY] = async (data: { action?: string }) => {
      if (data.action === "cancel") throw new Error("no answer");
      return (real as (d: unknown) => Promise<unknown>)(data);
    };
    try {
      await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card2), holder: "gm" });
    } finally {
      handlers[remote.DUELS_QUERY] = real;
    }
    expect(world.notifications.at(-1)?.type).toBe("warn");
    expect(requests()).toEqual([]);
    expect(await heldBy("gm")).toHaveLength(1);
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
    expect(html).toContain("Duel against Jeremy not revealed yet: Mike set Wagers aside. No connected GM has the sealed Wagers.");
    expect(html).toContain("When that GM is back on that browser, reveal or cancel the duel here. If they will not be: ask each player how many Agent Points they spent, give them back on the sheet, and delete the commit cards.");
    expect(html).not.toContain("operationsCancelDuel");

    await cardReveal("gm2", card);
    expect(warnings().at(-1)).toContain("No connected GM has this duel's sealed Wagers, so it cannot be revealed or cancelled yet.");
    expect(duelCards()).toHaveLength(0);

    // A button drawn while the holder was here, clicked after they left: said, nothing done (since
    // review s6b the sheet's Cancel looks for every holder, so it is the card's "no connected GM").
    await click("gm2", mike, "operationsCancelDuel", { duelKey: key });
    expect(warnings().at(-1)).toContain("No connected GM has this duel's sealed Wagers, so it cannot be revealed or cancelled yet.");
    expect(points(mike)).toBe(2);

    world.users.get("gm")!.active = true; // back, while "gm2" stays the active GM
    expect((await operations("gm2", mike)).duels).toMatchObject([{ key, holder: { id: "gm" } }]);
    expect((await operations("gm2", mike)).lost).toEqual([]);
    await click("gm2", mike, "operationsCancelDuel", { duelKey: key, holder: "gm" });
    expect(points(mike)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
  });
});

describe("the commit card's Cancel after a handover (the holding GM connected, not active)", () => {
  /** Mike commits (held by "gm"), then "gm2" becomes the active GM while "gm" stays connected. */
  async function handedOver() {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    expect(world.activeGM?.id).toBe("gm2");
    expect(points(mike)).toBe(2);
    return card;
  }

  it("clicked by the active GM, is sent to the holder: Agent Points back, the holder's commits forgotten, the card closed (before: card closed, 2 Agent Points, commits still held)", async () => {
    const card = await handedOver();
    expect(await cardCancel("gm2", card)).toMatchObject({ ok: true });
    expect(points(mike)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
    expect(resultOf(card).cancelled).toBe(true);
    expect((await operations("gm2", mike)).duels).toEqual([]);
    // Signed by the active GM and read by the holder, whose ask it cleared.
    expect(world.queryLog.some((q) => q.name === remote.DUELS_QUERY && q.from === "gm2" && q.to === "gm" && (q.data as { action?: string }).action === "cancel")).toBe(true);
    expect(world.users.get("gm2")!.getFlag("fracas", "requests") ?? {}).toEqual({});
  });

  it("clicked by the holder itself (sent to the active GM, which sends it back) cancels there too", async () => {
    const card = await handedOver();
    expect(await cardCancel("gm", card)).toMatchObject({ ok: true });
    expect(points(mike)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
    expect(resultOf(card).cancelled).toBe(true);
  });

  it("a card already closed is refused here, and nothing is asked of the holder", async () => {
    const card = await handedOver();
    await click("gm2", mike, "operationsCancelDuel", { duelKey: keyOf(card), holder: "gm" });
    expect(points(mike)).toBe(3);
    const asked = world.queryLog.length;
    expect(await cardCancel("gm2", card)).toEqual({ ok: false, reason: "FRACAS.Zodiac.Duel.NotPending" });
    expect(world.queryLog.slice(asked).filter((q) => q.name === remote.DUELS_QUERY)).toEqual([]);
  });

  it("with the holder gone, nothing is closed and the refusal says no connected GM holds it (before: the card closed, Agent Points never back)", async () => {
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 });
    world.setActiveGM("gm2"); // "gm" leaves
    expect(await cardCancel("gm2", card)).toEqual({ ok: false, reason: "FRACAS.Zodiac.Duel.NoHolder" });
    expect(resultOf(card).cancelled).not.toBe(true);
    expect(points(mike)).toBe(2);
    // Back: the card's Cancel now reaches them.
    world.users.get("gm")!.active = true;
    expect(await cardCancel("gm2", card)).toMatchObject({ ok: true });
    expect(points(mike)).toBe(3);
    expect(await heldBy("gm")).toEqual([]);
  });
});

describe("a challenge answered after a handover (the GM holding it connected, not active)", () => {
  const commitCards = () => world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duelCommit");

  it("outside a fight, the answer is sent to the GM holding the challenge and meets it there: one duel, revealed from the active GM's sheet (before: a new duel at the active GM, neither revealable)", async () => {
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    const answer = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 0 });
    expect(keyOf(answer)).toBe(keyOf(challenge));
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike", "Jeremy"]);
    expect(await heldBy("gm2")).toEqual([]);
    expect(points(jeremy)).toBe(2);
    // Asked as the sheet's list is: the public "list" only, to the connected GMs.
    expect(world.queryLog.filter((q) => q.from === "jp" && q.name === remote.DUELS_QUERY).every((q) => (q.data as { action?: string }).action === "list")).toBe(true);

    expect((await operations("gm2", mike)).duels).toMatchObject([{ key: keyOf(challenge), ready: true, holder: { id: "gm" } }]);
    world.dice.queue(6, 5, 4, 3, 2, 1, 6, 5, 4, 3);
    await click("gm2", mike, "operationsRevealDuel", { duelKey: keyOf(challenge), holder: "gm" });
    expect(warnings()).toEqual([]);
    expect(duelCards()).toHaveLength(1);
    expect(await heldBy("gm")).toEqual([]);
  });

  it("in a fight, the answer meets the round's challenge on its holder", async () => {
    await startZodiacCombat(world, [mike, jeremy]);
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    const answer = await commitDuel(world, "jp", jeremy, mike, { spend: 0, gathered: 0, wagers: 1 });
    expect(keyOf(answer)).toBe(keyOf(challenge));
    expect((await heldBy("gm")).map((c) => c.actor.name)).toEqual(["Mike", "Jeremy"]);
    expect(await heldBy("gm2")).toEqual([]);
  });

  it("a second GM's answer for an NPC Agent goes to the holder too", async () => {
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    const answer = await commitDuel(world, "gm2", jeremy, mike, { spend: 0, gathered: 0, wagers: 0 });
    expect(keyOf(answer)).toBe(keyOf(challenge));
    expect(await heldBy("gm2")).toEqual([]);
    expect(await heldBy("gm")).toHaveLength(2);
  });

  it("with no connected GM holding the challenge, the answer is refused, saying so, and Jeremy keeps his Agent Points (before: a new duel at the active GM, his points spent); the GM's way out is deleting the card", async () => {
    const challenge = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    world.setActiveGM("gm2"); // "gm" leaves
    const cardsBefore = commitCards().length;
    const answer = await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 0 });
    expect(answer).toBeUndefined();
    expect(warnings().at(-1)).toBe(
      "Jeremy cannot answer Mike's challenge yet: its sealed Wagers are in the browser of a GM who is not connected. Nothing was spent. Tell the GM, and answer when that GM is back.",
    );
    expect(points(jeremy)).toBe(3);
    expect(commitCards()).toHaveLength(cardsBefore);
    expect(await heldBy("gm2")).toEqual([]);
    // The card deleted, a commit is a new challenge at the active GM.
    await world.as("gm2", () => (challenge as unknown as FakeChatMessage).delete());
    expect(await commitDuel(world, "jp", jeremy, mike, { spend: 1, gathered: 4, wagers: 0 })).toBeDefined();
    expect(await heldBy("gm2")).toHaveLength(1);
    expect(points(jeremy)).toBe(2);
  });

  it("a new challenge (no open card of the pair) still goes to the active GM without asking anyone", async () => {
    world.setActiveGM("gm2");
    world.users.get("gm")!.active = true;
    const asked = world.queryLog.length;
    const card = await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 });
    expect(card).toBeDefined();
    expect(await heldBy("gm2")).toHaveLength(1);
    expect(world.queryLog.slice(asked).map((q) => `${q.name}>${q.to}`)).toEqual(["fracas.zodiacCommit>gm2"]);
  });
});

describe("the section's template", () => {
  const render = (context: object) => createHandlebars().renderTemplate("zodiac/agent-sheet.hbs", context).replace(/\s+/g, " ").replace(/&#x27;/g, "'");

  it("held by another GM: says whose browser; its Reveal carries that GM, its Cancel only the duel (it finds every holder)", () => {
    const html = render(remoteFixture().context as object);
    expect(html).toContain("Its sealed Wagers are kept in Second GM's browser: Reveal and Cancel are sent there.");
    expect(html).toContain('data-action="operationsRevealDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike" data-holder="gm2"');
    expect(html).toContain('data-action="operationsCancelDuel" data-duel-key="none:k1:Actor.jeremy|Actor.mike">');
  });

  it("held by no connected GM: both sides named, what happens said, no button", () => {
    const html = render(lostFixture().context as object);
    expect(html).toContain("Duel against Jeremy Constantine-Abernathy not revealed yet: Mike and Jeremy Constantine-Abernathy set Wagers aside. No connected GM has the sealed Wagers.");
    expect(html).toContain("The sealed Wagers are in the browser of the GM who was active at the commit.");
    expect(html).not.toContain("operationsRevealDuel");
    expect(html).not.toContain("operationsCancelDuel");
  });
});
