/**
 * Session 6: a White Slam? card's "Move the token N areas back" with a number typed in the areas
 * field and not Set. Before, it moved the card's stored number (2) while the field said 4. Now it
 * sets the typed number first through Set's GM-checked path, then moves by it; a refusal there
 * (bad text, an applied card) moves nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight } from "./fake-round.js";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { areasFieldStale } from "../../../../src/rulesets/faserip/sheets/knockback-areas-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
const g = globalThis as unknown as { canvas?: unknown; fromUuidSync: (u: string) => unknown };
let realFromUuidSync: (u: string) => unknown;
/** The defender's token's moves on the stub map. */
let moves: { x: number; y: number }[];

beforeEach(async () => {
  f = await startFight();
  // A map with both tokens: the attacker at (0, 0), the defender one square right (grid 100 px).
  moves = [];
  const scene = { id: "scene" };
  const attacker = { x: 0, y: 0, parent: scene, width: 1, height: 1, isOwner: true };
  // A document as core's updateOrThrow reads it: a dry run gives the changed fields; update() the token.
  const defender = {
    documentName: "Token",
    name: "Rampage",
    x: 100,
    y: 0,
    parent: scene,
    width: 1,
    height: 1,
    isOwner: true,
    updateSource: (d: Record<string, number>) => Object.fromEntries(Object.entries(d).filter(([k, v]) => (defender as Record<string, unknown>)[k] !== v)),
    update: async (d: { x: number; y: number }): Promise<unknown> => {
      moves.push(d);
      return defender;
    },
  };
  g.canvas = { scene, grid: { size: 100 } };
  realFromUuidSync = g.fromUuidSync;
  g.fromUuidSync = (u: string) => (u === "Token.attacker" ? attacker : u === "Token.defender" ? defender : realFromUuidSync(u));
});
afterEach(() => {
  delete g.canvas;
  g.fromUuidSync = realFromUuidSync;
});

/** Rampage's White Slam? card (knocked back 2 areas), as if both tokens were on the map. */
async function whiteSlam(): Promise<FakeChatMessage> {
  const slam = await slamOnRampage(f);
  f.world.dice.queue(10);
  f.world.dialogAnswers.push(0);
  await clickAttackFollowUp(f, "gm", slam, "secondary");
  return f.cards("secondary").at(-1)!;
}

/**
 * `userId` presses the card's Move button while its areas field holds `typed`; `seen`: the card's
 * result as that client drew it (default: as it is now).
 */
async function move(userId: string, m: FakeChatMessage, typed: string, seen: object = cardOf(m).result) {
  return f.world.as(userId, async () => {
    const field = { value: typed };
    const card = { querySelector: (q: string) => (q === ".faserip-card-areas input[name='areas']" ? field : null) };
    const button = { closest: (sel: string) => (sel === ".faserip-secondary" ? card : null) };
    const result = { ...seen, attackerTokenUuid: "Token.attacker", defenderTokenUuid: "Token.defender" };
    const knockback = f.adapter.rulesets.descriptor("faserip")!.cards!["secondary"]!.followUps!["knockback"]!;
    await knockback({ message: m as never, result, button: button as never });
  });
}

describe("a White Slam?'s Move with a number typed and not Set", () => {
  it("the GM typed 4 and pressed Move: the card is set to 4 and the token moves 4 areas, not the card's old 2", async () => {
    const check = await whiteSlam();
    expect(cardOf(check).result.check.areas).toBe(2);
    await move("gm", check, "4");
    expect(cardOf(check).result.check.areas).toBe(4);
    expect(moves).toEqual([{ x: 500, y: 0 }]);
  });

  it("the field holds the card's number: Move moves it and asks the GM nothing", async () => {
    const check = await whiteSlam();
    const queries = f.world.queryLog.length;
    await move("gm", check, "2");
    expect(moves).toEqual([{ x: 300, y: 0 }]);
    expect(f.world.queryLog.length).toBe(queries);
  });

  it("bad text or an applied card: the warning Set gives, and the token stays", async () => {
    const check = await whiteSlam();
    await move("gm", check, "2.5");
    expect(f.world.notified("warn").at(-1)).toBe(f.world.i18n.format("FRACAS.Faserip.Refused.AreasTyped", { value: "2.5", min: 1, max: 100 }));
    expect(await f.apply("gm", check, f.rampage)).toMatchObject({ ok: true });
    await move("gm", check, "5");
    expect(f.world.notified("warn").at(-1)).toBe(f.world.localize("FRACAS.Faserip.Refused.AreasAfterApply"));
    expect([moves, cardOf(check).result.check.areas]).toEqual([[], 2]);
  });

  it("on a White Slam? Move's label names no number (it moves by the field above), and no tooltip about the GM's step reaches players (UX s6 #6)", async () => {
    const check = await whiteSlam();
    const { secondaryCardView } = await import("../../../../src/rulesets/faserip/sheets/secondary-card-view.js");
    const view = secondaryCardView({ ...(cardOf(check).result as Parameters<typeof secondaryCardView>[0]), canKnockback: true });
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/faserip/cards/secondary.hbs", { result: cardOf(check).result, source: null, targets: [], view });
    const button = /<button[^>]*data-fracas-follow-up="knockback"[^>]*>([^<]*)<\/button>/.exec(html);
    // The card is the same on every client: a label with the card's 2 would be wrong once the GM types 4.
    expect(button?.[1]).toBe("Move the token back that many areas");
    expect(button?.[0]).not.toContain("data-tooltip");
    // It follows the areas row, whose field holds the number Move uses.
    expect(html.indexOf('name="areas"')).toBeLessThan(html.indexOf('data-fracas-follow-up="knockback"'));
    expect(f.world.i18n.has("FRACAS.Faserip.Knockback.MoveTyped")).toBe(false);
  });

  it("areasFieldStale reads the field as Set does", () => {
    expect([areasFieldStale("2", 2), areasFieldStale(" 007 ", 7), areasFieldStale("4", 2), areasFieldStale("", 2), areasFieldStale("2.0", 2)]).toEqual([false, false, true, true, true]);
  });
});

describe("session 9: a card's Move moves the token once", () => {
  const already = (areas: number) => `This card has already moved the token ${areas} areas back: it moves it once. Move the token by hand to move it again.`;

  it("Move pressed again after the first finished: the token moved once; the card says so in place of Move and the areas row; the second click is told", async () => {
    const check = await whiteSlam();
    await move("gm", check, "2");
    expect(moves).toEqual([{ x: 300, y: 0 }]);
    expect(cardOf(check).result["moved"]).toBe(2);
    const content = (check as unknown as { content: string }).content;
    expect(content).toContain("Token moved 2 areas back.");
    expect(content).not.toContain('data-fracas-follow-up="knockback"');
    expect(content).not.toContain('name="areas"');
    await move("gm", check, "2");
    expect(moves).toHaveLength(1);
    expect(f.world.notified("warn").at(-1)).toBe(already(2));
  });

  it("a second click on a copy drawn before the card's update arrived: the GM refuses it, the token moved once", async () => {
    const check = await whiteSlam();
    const before = { ...cardOf(check).result };
    await move("gm", check, "2");
    await move("gm", check, "2", before);
    expect(moves).toHaveLength(1);
    expect(f.world.notified("warn").at(-1)).toBe(already(2));
  });

  it("the defender's owner and the GM press Move at the same instant (two clients): one moves, the other is told", async () => {
    const check = await whiteSlam();
    f.world.login("gm");
    await f.rampage.update({ ownership: { default: 0, alice: 3 } } as never);
    const queries = f.world.queryLog.length;
    await Promise.all([move("alice", check, "2"), move("gm", check, "2")]);
    expect(moves).toEqual([{ x: 300, y: 0 }]);
    expect(cardOf(check).result["moved"]).toBe(2);
    // Alice's record went through the GM (she may not write the GM's card).
    expect(f.world.queryLog.length).toBeGreaterThan(queries);
    expect(f.world.notified("warn").filter((w) => w === already(2))).toHaveLength(1);
  });

  it("a player who does not own the defender may not record a move (the GM follow-up refuses her)", async () => {
    const check = await whiteSlam();
    const out = await f.world.as("bob", () => f.adapter.queries.requestFollowUp(check.id, "knockbackMoved", { moved: true, areas: 2 }));
    expect(out).toMatchObject({ ok: false });
    expect(cardOf(check).result["moved"]).toBeUndefined();
  });

  it("the token's move fails: the card's record is given back, and the next Move moves it", async () => {
    const check = await whiteSlam();
    const defender = (g.fromUuidSync("Token.defender") as { update: (d: object) => Promise<void> });
    const real = defender.update;
    defender.update = async () => {
      throw new Error("scripted failure");
    };
    await expect(move("gm", check, "2")).rejects.toThrow("scripted failure");
    expect(cardOf(check).result["moved"]).toBe(0);
    defender.update = real;
    await move("gm", check, "2");
    expect(moves).toEqual([{ x: 300, y: 0 }]);
    expect(cardOf(check).result["moved"]).toBe(2);
  });

  it("review-s9 H7: the token's move left out without a throw (a preUpdateToken hook refused it: update() gives undefined): Move throws (the card button shows its error), the record is given back, and the next Move moves it", async () => {
    const check = await whiteSlam();
    const defender = g.fromUuidSync("Token.defender") as { update: (d: object) => Promise<unknown> };
    const real = defender.update;
    // V13 leaves the token out of the update and resolves undefined; nothing moves, nothing throws.
    defender.update = async () => undefined;
    await expect(move("gm", check, "2")).rejects.toThrow(/Token Rampage: the write was left out/);
    expect(cardOf(check).result["moved"]).toBe(0);
    expect((check as unknown as { content: string }).content).not.toContain("Token moved 2 areas back.");
    defender.update = real;
    await move("gm", check, "2");
    expect(moves).toEqual([{ x: 300, y: 0 }]);
    expect(cardOf(check).result["moved"]).toBe(2);
  });

  it("once moved, Set (GM) refuses another number: the card keeps the number it moved by", async () => {
    const check = await whiteSlam();
    await move("gm", check, "2");
    const out = await f.world.as("gm", () => f.adapter.queries.requestFollowUp(check.id, "knockbackAreas", { areas: 5 }));
    expect(out).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.AreasAfterMove" });
    expect(cardOf(check).result.check.areas).toBe(2);
  });

  it("the moved card's fixture renders its line", async () => {
    const fixture = (await import("../../../fixtures/templates/faserip/cards/secondary/slam-moved.js")) as { default: () => { context: Record<string, unknown> } };
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/faserip/cards/secondary.hbs", fixture.default().context);
    expect(html).toContain("Token moved 3 areas back.");
    expect(html).not.toContain('data-fracas-follow-up="knockback"');
    expect(html).not.toContain("FRACAS.");
  });
});
