/**
 * Session 3 audit fixes (RULES.md §2, seed 001), each a rule the GM had to police by hand:
 * - in a combat an attack is made with the round's declared action ("specify their actions at the
 *   start of the round": fixed for the round), not another picked in the dialog;
 * - a described defence earns its token once per defensive round (Step 4; DECISIONS.md);
 * - the escape check comes at the end of the defensive round and once per defensive round ("at the
 *   end of any round in which they engaged in a defensive action").
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { actionFor, attackInput, attackView, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { heroView } from "../../../../src/rulesets/radio/sheets/views.js";
import { createHandlebars } from "../../../browser/harness.js";
import { attackSetupSample, heroSystem, meta } from "./samples.js";
import { createFalzetti, createJake, radioWorld, startRadioCombat } from "./fight.js";
import limbShot from "../../../fixtures/templates/radio/attack-dialog/limb-shot.js";
import finalDialog from "../../../fixtures/templates/radio/attack-dialog/final.js";

type Card = { kind: string; result: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("in a combat the attack uses the declared action", () => {
  it("the kernel input takes the declaration whatever the dialog's state says; outside a combat, the dialog's choice", () => {
    const declared = attackSetupSample({ declared: "standard", phase: 1 });
    // A tampered form (or a stale state) asking for the targeted +2 in a standard round.
    const state = { ...initialState(declared), weaponId: "rev", action: "targeted" as const };
    expect(actionFor(declared, state)).toBe("standard");
    expect(attackInput(declared, state, [5, 5]).action).toBe("standard");
    const view = attackView(declared, state);
    expect(view.actionLocked).toBe(true);
    expect(view.actions.map((a) => a.value)).toEqual(["standard"]);
    expect(view.error).toBeNull();

    const free = attackSetupSample();
    expect(attackInput(free, { ...initialState(free), action: "targeted" }, [5, 5]).action).toBe("targeted");
    expect(attackView(free, initialState(free)).actionLocked).toBe(false);
  });

  it("a combatant declared defensive makes no test (Roll disabled with the kernel's reason)", () => {
    const setup = attackSetupSample({ declared: "defensive", phase: null });
    const state = initialState(setup);
    expect(state.action).toBe("defensive");
    const view = attackView(setup, { ...state, action: "standard" });
    expect(view.error?.key).toBe("FRACAS.Error.noTestForAction");
    expect(view.canRoll).toBe(false);
  });

  it("a dying hero's final heroic action may use any action, declared or not", () => {
    const setup = attackSetupSample({ declared: "defensive", phase: null, final: true });
    expect(initialState(setup).action).toBe("standard");
    expect(attackView(setup, { ...initialState(setup), action: "frenzied" }).actionLocked).toBe(false);
    expect(attackInput(setup, { ...initialState(setup), action: "frenzied" }, [5, 5]).action).toBe("frenzied");
  });

  it("the dialog shows the declared action as fixed text, not a select", () => {
    const env = createHandlebars();
    const locked = env.renderTemplate("radio/attack-dialog.hbs", limbShot().context).replace(/\s+/g, " ");
    expect(locked).not.toContain('name="action"');
    expect(locked).toContain('<p class="radio-field radio-action-fixed"><span>Action this round (as declared)</span> <strong>Targeted (phases 2 and 4, +2)</strong></p>');
    expect(env.renderTemplate("radio/attack-dialog.hbs", finalDialog().context)).toContain('<select name="action">');
    expect([...env.i18n.missingKeys]).toEqual([]);
  });
});

describe("through the fake: the defensive action's rewards, once per defensive round", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let combat: FakeCombat;
  let fc: FracasCombat;
  type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const cards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world, { items: [] }); // unarmed
    falzetti = createFalzetti(world, 6, 6);
    combat = await startRadioCombat(world, [jake, falzetti], [2, 5, 1, 1]);
    fc = combat as unknown as FracasCombat;
  });

  async function declare(actor: FakeActor, action: string) {
    world.login(actor === jake ? "alice" : "gm");
    expect(await adapter.queries.requestDeclare(combat.id, cid(actor), action)).toEqual({ ok: true });
  }
  async function sheetOf(actor: FakeActor) {
    const m = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const Sheet = actor.type === "radioHero" ? m.RadioHeroSheet : m.RadioOpponentSheet;
    const sheet = new Sheet({ document: actor } as never);
    // V13's DocumentSheetV2 is editable for the document's owners (and the GM); the fake's sheet has no
    // isEditable, and the defence row is shown only on an editable sheet (session 3 UX review #14).
    Object.defineProperty(sheet, "isEditable", { get: () => actor.isOwner });
    const actions = (Sheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    return {
      click: (action: string) => actions[action]!.call(sheet, {}, { dataset: {} }),
      view: async () => ((await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof heroView> }> })._prepareContext({})).view),
    };
  }
  const nextRound = async () => {
    world.login("gm");
    world.dice.queue(3, 4, 1, 1);
    await fc.nextRound();
  };

  it("the described defence earns its token once per defensive round; the next defensive round earns again", async () => {
    await declare(jake, "defensive");
    world.login("alice");
    const sheet = await sheetOf(jake);
    expect((await sheet.view()).defence).toMatchObject({ canEarn: true, earned: false, canEscape: false, escapeLater: true });
    await sheet.click("earnDefence");
    expect(sys(jake).tokens.value).toBe(1);
    expect(sys(jake).tokens.entries.at(-1)).toMatchObject({ delta: 1, reason: "FRACAS.Radio.Tokens.Reason.DescribedDefence", ref: `defence:${combat.id}:1` });
    // A second click in the same round earns nothing and says why.
    await sheet.click("earnDefence");
    expect(sys(jake).tokens.value).toBe(1);
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Radio.Refused.DefenceEarned", { round: 1 }));
    expect((await sheet.view()).defence).toMatchObject({ canEarn: true, earned: true });

    // Round 2, defensive again: its own token (and round 1's is not earned twice from the offer moment).
    await nextRound();
    await declare(jake, "defensive");
    world.login("alice");
    await sheet.click("earnDefence");
    await sheet.click("earnDefence");
    expect(sys(jake).tokens.value).toBe(2);
  });

  it("a player who forgot may still earn the round just ended's token at the next round start, once", async () => {
    await declare(jake, "defensive");
    await nextRound();
    world.login("alice");
    const sheet = await sheetOf(jake);
    expect((await sheet.view()).defence).toMatchObject({ canEarn: true, earned: false, canEscape: true, escapeLater: false });
    await sheet.click("earnDefence");
    await sheet.click("earnDefence");
    expect(sys(jake).tokens.value).toBe(1);
    expect(sys(jake).tokens.entries.at(-1)).toMatchObject({ ref: `defence:${combat.id}:1` });
  });

  it("the escape waits for the round's end: no roll during the defensive round", async () => {
    await declare(jake, "defensive");
    world.login("alice");
    const sheet = await sheetOf(jake);
    await sheet.click("escape");
    expect(cards("escape")).toHaveLength(0);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Radio.Refused.EscapeAtRoundEnd"));
  });

  it("one escape per defensive round: the sheet's roll answers the offer, and the offer then refuses", async () => {
    await declare(jake, "defensive");
    await nextRound();
    // Defensive again this round: before, the sheet rolled an escape "for this round" on top of the offer's.
    await declare(jake, "defensive");
    const [offer] = cards("escapeOffer");
    expect(cardOf(offer!).result).toMatchObject({ actorUuid: jake.uuid, round: 1 });
    world.login("alice");
    const sheet = await sheetOf(jake);
    world.dice.queue(6);
    await sheet.click("escape");
    expect(cards("escape").map((c) => cardOf(c).result)).toEqual([{ roll: 6, outcome: "stays", offerId: offer!.id, actorUuid: jake.uuid, combatId: combat.id, round: 1 }]);
    await sheet.click("escape");
    const followUp = adapter.rulesets.descriptor("radio")!.cards!.escapeOffer!.followUps!.escape!;
    await followUp({ message: offer as never, result: cardOf(offer!).result as JsonObject, button: {} as never });
    expect(cards("escape")).toHaveLength(1);
    expect(world.notified("warn").filter((w) => w === world.localize("FRACAS.Radio.Refused.EscapeRolled"))).toHaveLength(2);
  });

  it("the offer's roll counts for the sheet too; an offer from an older round is stale", async () => {
    await declare(jake, "defensive");
    await nextRound();
    const [offer] = cards("escapeOffer");
    const followUp = adapter.rulesets.descriptor("radio")!.cards!.escapeOffer!.followUps!.escape!;
    // Round 2 passes without anyone rolling; in round 3 the round-1 offer is stale.
    await declare(jake, "standard");
    await nextRound();
    world.login("alice");
    await followUp({ message: offer as never, result: cardOf(offer!).result as JsonObject, button: {} as never });
    expect(cards("escape")).toHaveLength(0);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Radio.Refused.EscapeStale"));
    expect((await (await sheetOf(jake)).view()).defence.show).toBe(false);
  });

  it("the offer rolled first: the sheet refuses a second roll for that round", async () => {
    await declare(jake, "defensive");
    await nextRound();
    const [offer] = cards("escapeOffer");
    world.login("alice");
    world.dice.queue(2);
    const followUp = adapter.rulesets.descriptor("radio")!.cards!.escapeOffer!.followUps!.escape!;
    await followUp({ message: offer as never, result: cardOf(offer!).result as JsonObject, button: {} as never });
    expect(cards("escape")).toHaveLength(1);
    await (await sheetOf(jake)).click("escape");
    expect(cards("escape")).toHaveLength(1);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Radio.Refused.EscapeRolled"));
  });
});

describe("the sheet's defence row", () => {
  const env = createHandlebars();
  const render = (view: ReturnType<typeof heroView>) => env.renderTemplate("radio/hero-sheet.hbs", { view }).replace(/\s+/g, " ");

  it("during the defensive round: earn, and a note that the escape comes at the round's end (no escape button)", () => {
    const html = render(heroView(meta({ inCombat: true, declared: "defensive" }), heroSystem(), []));
    expect(html).toContain('<button type="button" data-action="earnDefence" >Claim the defence token (+1)</button>');
    expect(html).not.toContain('data-action="escape"');
    expect(html).toContain("When this round ends, “Try to escape” appears here.");
    // The row (actions) comes above the Action tokens fieldset, not at the bottom.
    expect(html.indexOf('class="radio-row radio-defence"')).toBeGreaterThan(-1);
    expect(html.indexOf('class="radio-row radio-defence"')).toBeLessThan(html.indexOf('<fieldset class="radio-tokens">'));
  });

  it("once earned: the earn button stays, disabled, with the reason", () => {
    const html = render(heroView(meta({ inCombat: true, declared: "defensive", defenceEarned: true }), heroSystem(), []));
    expect(html).toContain('<button type="button" data-action="earnDefence" disabled>');
    expect(html).toContain("Token earned for this defence.");
  });

  it("after the defensive round: the escape button with its odds, and the token claimed for last round", () => {
    const html = render(heroView(meta({ defensiveLastRound: true }), heroSystem(), []));
    expect(html).toContain('<button type="button" data-action="escape" data-tooltip="Consequence roll: anything but a 6 escapes (83%).">Try to escape</button>');
    expect(html).toContain('<span class="radio-hint">Consequence roll: anything but a 6 escapes (83%).</span>');
    expect(html).toContain(">Claim last round&#x27;s defence token (+1)</button>");
    expect(html).not.toContain("appears here");
    expect([...env.i18n.missingKeys]).toEqual([]);
  });
});
