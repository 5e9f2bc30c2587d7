/**
 * Review of session 4's changes (notes/review-s4-changes.md), radio:
 * - #7: the sheet's step action claims the step before it writes the tokens; a write that did not
 *   happen (the pool has no room, or the update failed) gives the claim back (core releaseClaim),
 *   so the step stays open with no tokens given, instead of "used" with none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { advanceToAct, combatantIdOf, createFalzetti, createJake, declareAll, radioModules, radioWorld, TOMMY_GUN } from "./fight.js";

describe("review s4 #7: the step action gives the step back when its tokens are not written", () => {
  type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
  type SheetView = { stepAction: { phase: number; tokens: number; used: boolean } | null };
  let world: FakeWorld;
  let adapter: Adapter;
  let falzetti: FakeActor;
  let combat: FakeCombat;
  const tokens = (a: FakeActor) => (a.system as unknown as { tokenCount: number }).tokenCount;
  const claims = (a: FakeActor) => ((a.flags as { fracas?: { claims?: string[] } }).fracas?.claims ?? []);

  async function sheetOf(actor: FakeActor) {
    const m = await radioModules();
    const sheet = new m.RadioHeroSheet({ document: actor } as never);
    const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    return {
      click: () => actions.stepAction!.call(sheet, {}, { dataset: {} }),
      view: async () => ((await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: SheetView }> })._prepareContext({})).view),
    };
  }

  /** Jake in his act step of phase 1, declared standard (the step action earns 2), Alice at his sheet. */
  async function jakeInHisStep(jake: FakeActor) {
    falzetti = createFalzetti(world, 20, 20, { items: [TOMMY_GUN] });
    world.login("gm");
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }]);
    world.dice.queue(2, 5, 1, 1);
    await (combat as unknown as FracasCombat).startCombat();
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, jake, 1);
    world.login("alice");
    const sheet = await sheetOf(jake);
    expect((await sheet.view()).stepAction).toMatchObject({ phase: 1, tokens: 2, used: false });
    return sheet;
  }

  const stepKey = (jake: FakeActor) => `radio.attack.${combat.id}.${combatantIdOf(combat, jake)}.1.1`;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
  });

  it("a pool with no room for the 2 tokens: warned, none given, the claim given back and the step still open; with room, it earns", async () => {
    const jake = createJake(world, { system: { tokens: { value: 0, max: 1, base: 0, entries: [] } } });
    const sheet = await jakeInHisStep(jake);
    await sheet.click();
    expect(tokens(jake)).toBe(0);
    expect(world.notified("warn").length).toBeGreaterThan(0);
    expect(claims(jake)).not.toContain(stepKey(jake));
    expect(world.queryLog.filter((q) => q.name === "fracas.claim").map((q) => [q.from, q.to])).toEqual([["alice", "gm"], ["alice", "gm"]]);
    expect((await sheet.view()).stepAction).toMatchObject({ used: false });

    // The GM makes room: the same step's action now earns its tokens and uses the step.
    world.login("gm");
    await jake.update({ "system.tokens.max": null } as never);
    world.login("alice");
    await sheet.click();
    expect(tokens(jake)).toBe(2);
    expect(claims(jake)).toContain(stepKey(jake));
    expect((await sheet.view()).stepAction).toMatchObject({ used: true });
  });

  it("a token write that fails (the server refuses the update): said in words (not confirmed), the claim given back, the step still open", async () => {
    const jake = createJake(world);
    const sheet = await jakeInHisStep(jake);
    // The claim is itself an update of Jake (his flags), written first: fail the update after it, the tokens'.
    let armed = false;
    world.hooks.on("updateActor", (doc: unknown, changed: unknown) => {
      if (armed || doc !== jake || !(changed as { flags?: { fracas?: { claims?: unknown } } }).flags?.fracas?.claims) return;
      armed = true;
      world.failNextUpdate(jake, "the server refused the tokens");
    });
    // The write runs on the GM's client (token-writes.ts): its error comes back as the query's, and
    // the player is told the change was not confirmed (session 9 wave 2), never the raw error.
    await sheet.click();
    expect(armed).toBe(true);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Radio.Tokens.Unconfirmed"));
    expect(tokens(jake)).toBe(0);
    expect(claims(jake)).not.toContain(stepKey(jake));
    expect((await sheet.view()).stepAction).toMatchObject({ used: false });
    // Nothing failing now: the step's action earns once.
    await sheet.click();
    expect(tokens(jake)).toBe(2);
    expect((await sheet.view()).stepAction).toMatchObject({ used: true });
  });
});
