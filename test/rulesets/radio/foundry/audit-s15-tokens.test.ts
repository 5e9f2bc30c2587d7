/**
 * UX audit s15 #10: the Radio token history printed the ledger's English codes ("+2 described → 6"),
 * which no translation could change. New entries store i18n keys (data/token-reasons.ts) and the
 * view localizes them; a world's old entries (the literals earlier versions stored) read as the keys
 * they stand for, an undo of either as "taken back (…)", and any other text as it is.
 */
import { beforeEach, describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { heroView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { TOKEN_REASON, tokenReasonView } from "../../../../src/rulesets/radio/data/token-reasons.js";
import { attackWithFirstWeapon, createFalzetti, createJake, radioWorld } from "./fight.js";
import { radioRenderer, text } from "./render.js";
import { heroSystem, meta, opponentSystem } from "./samples.js";
import oldWorld from "../../../fixtures/templates/radio/hero-sheet/token-history-old-world.js";

const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const { render } = radioRenderer();

let world: FakeWorld;
let jake: FakeActor;

beforeEach(async () => {
  ({ world } = await radioWorld(["alice"]));
  jake = createJake(world, { system: { tokens: ledger.createPool(0) }, items: [{ name: "Revolver", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } }] });
});

/** A hero sheet's action clicked as `user` (the item rows' buttons sit in a [data-item-id] row). */
async function click(user: string, actor: FakeActor, name: string, dataset: Record<string, string> = {}): Promise<void> {
  const m = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
  const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  await world.as(user, async () => actions[name]!.call(new m.RadioHeroSheet({ document: actor } as never), {}, { dataset, closest: () => ({ dataset }) }));
}

describe("audit s15 #10: token reasons are i18n keys, read in the reader's words", () => {
  const reasons = () => sys(jake).tokens.entries.map((e: { reason: string }) => e.reason);

  it("the GM's ±1 stores a key, not an English word (a described defence: token-writes.test.ts)", async () => {
    await click("gm", jake, "tokenAdjust", { delta: "1" });
    await click("gm", jake, "tokenAdjust", { delta: "-1" });
    expect(reasons()).toEqual([TOKEN_REASON.gm, TOKEN_REASON.gm]);
    expect(TOKEN_REASON.gm).toBe("FRACAS.Radio.Tokens.Reason.GM");
  });

  it("a described attack's tokens and a missed cash-in's give-back store keys", async () => {
    const falzetti = createFalzetti(world, 6, 6);
    await world.as("gm", () => jake.update({ "system.tokens": ledger.createPool(5) } as never));
    await attackWithFirstWeapon(world, "alice", jake, falzetti, { state: { description: "Jake vaults the bar and fires twice", cashIn: true }, dice: [1, 2] });
    expect(reasons()).toEqual([TOKEN_REASON.described, TOKEN_REASON.doubleDamage, TOKEN_REASON.doubleDamageReturned]);
  });

  it("the sheet's history localizes every key Fracas writes, and an undo of one", () => {
    let p = ledger.createPool(0);
    const at = { by: "gm", at: 1 };
    const written = [TOKEN_REASON.described, TOKEN_REASON.doubleDamage, TOKEN_REASON.doubleDamageReturned, TOKEN_REASON.describedDefence, TOKEN_REASON.describedAction];
    p = ledger.change(p, { id: "a0", delta: 5, reason: TOKEN_REASON.gm, ...at });
    written.forEach((reason, i) => (p = ledger.change(p, { id: `e${i}`, delta: reason === TOKEN_REASON.doubleDamage ? -5 : 2, reason, ...at })));
    p = ledger.undo(p, "e4", { id: "u1", ...at });
    const html = render("hero-sheet", { context: { view: heroView(meta(), heroSystem({ tokens: p }), []) } });
    const history = /<ul class="radio-token-history"[^>]*>(.*?)<\/ul>/.exec(html)![1]!;
    // The latest five, newest first.
    expect(text(history).trim()).toBe(
      [
        "−2 taken back (described action) → 6",
        "+2 described action → 8",
        "+2 described defence → 6",
        "+2 given back: the double-damage attack missed → 4",
        "−5 cashed in for double damage → 2",
      ].join(" "),
    );
    expect(history).not.toContain("FRACAS.");
  });

  it("an old world's entries: the literals earlier versions stored read as their keys; other text as it is", () => {
    const old = ["described", "double damage", "double damage returned (missed)", "described defence", "described action", "GM"];
    expect(old.map((r) => tokenReasonView(r).key)).toEqual([
      TOKEN_REASON.described,
      TOKEN_REASON.doubleDamage,
      TOKEN_REASON.doubleDamageReturned,
      TOKEN_REASON.describedDefence,
      TOKEN_REASON.describedAction,
      TOKEN_REASON.gm,
    ]);
    expect(tokenReasonView("undo: described")).toEqual({ key: TOKEN_REASON.described, undo: true, text: "undo: described" });
    expect(tokenReasonView(`undo: ${TOKEN_REASON.gm}`)).toEqual({ key: TOKEN_REASON.gm, undo: true, text: `undo: ${TOKEN_REASON.gm}` });
    // Not Fracas's words (a macro's, a module's): shown as stored, never looked up as a key.
    for (const other of ["bribe from the bartender", "undo: bribe", "FRACAS.Radio.Card.Hit", "constructor", "toString"]) {
      expect(tokenReasonView(other), other).toEqual({ key: null, undo: false, text: other });
    }
    expect(tokenReasonView(undefined)).toEqual({ key: null, undo: false, text: "" });
  });

  it("the old-world fixture renders in words, the unknown line as stored", () => {
    const html = render("hero-sheet", oldWorld());
    const history = text(/<ul class="radio-token-history"[^>]*>(.*?)<\/ul>/.exec(html)![1]!).trim();
    expect(history).toBe(
      ["+1 bribe from the bartender → 8", "−1 taken back (changed by the GM) → 7", "+1 changed by the GM → 8", "+1 described defence → 7", "+5 given back: the double-damage attack missed → 6"].join(" "),
    );
  });

  it("an opponent's sheet reads the same", () => {
    const view = opponentView(meta(), opponentSystem({ tokens: ledger.change(ledger.createPool(0), { id: "x", delta: 1, reason: "described", by: "gm", at: 1 }) }), []);
    expect(view.tokens.history).toEqual([{ delta: "+1", reason: { key: TOKEN_REASON.described, undo: false, text: "described" }, after: 1, undone: false }]);
  });
});
