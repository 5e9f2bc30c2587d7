/**
 * Session 5 (notes/helper-brief-s5.md) for radio:
 * 1. review s4 #9: a counted Apply-row summary stores its base key and counts; the One/Other form
 *    is picked on the reader's client (cards/summaries.ts), so a French reader of an English GM's
 *    "0 fled" reads the French singular; rows stored before still render.
 * 2. a three-way fight: the heroes are one side and each NPC group (the GM's, A–D) another, so the
 *    fight is not over while two NPC groups still stand (cards/ending.ts).
 * 3. an NPC group that declares together has one declare step, not one per NPC (group-declaration.ts).
 * 4. UX leftovers: the spell refusal keeps the odds beside it; a read-only sheet's notes are text.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { applicationsView } from "../../../../src/foundry/chat/applications-view.js";
import { I18n } from "../../../browser/foundry-helpers.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import { endState } from "../../../../src/rulesets/radio/cards/ending.js";
import { combatEndView } from "../../../../src/rulesets/radio/cards/views.js";
import { radioCombat } from "../../../../src/rulesets/radio/combat.js";
import { scriptedDice } from "../../../../src/engine/dice.js";
import { attackView, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { radioRenderer, text } from "./render.js";
import { attackSetupSample, weapons } from "./samples.js";
import { attackWithFirstWeapon, combatantIdOf, createFalzetti, createGoons, createJake, createSal, pressRollDamage, radioModules, radioWorld, startRadioCombat } from "./fight.js";
import spellNeedsSpell from "../../../fixtures/templates/radio/attack-odds/spell-needs-spell.js";
import spellUnderStandard from "../../../fixtures/templates/radio/attack-odds/spell-under-standard.js";
import notesReadOnly from "../../../fixtures/templates/radio/opponent-sheet/notes-read-only.js";
import rivalGroups from "../../../fixtures/templates/radio/cards/combat-end/rival-groups.js";

type Card = { kind: string; result: Record<string, unknown>; targets: { uuid: string; name: string }[]; applications: Application[] };
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const { render } = radioRenderer();

describe("1. the flee summary's forms are the reader's (review s4 #9)", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  const game = () => (globalThis as unknown as { game: { i18n: unknown } }).game;
  let englishI18n: unknown;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    englishI18n = game().i18n;
  });
  afterEach(() => {
    game().i18n = englishI18n;
  });

  /** The reader's client: its language file and language (pluralKey reads game.i18n.lang and has). */
  function readAs(i18n: I18n, lang: string): void {
    game().i18n = { lang, localize: (k: string) => i18n.localize(k), format: (k: string, d: Record<string, unknown> = {}) => i18n.format(k, d as never), has: (k: string) => i18n.has(k) };
  }
  /** A French translation of the flee rows over the English file (what a French reader's client holds). */
  function french(): I18n {
    const fr = new I18n({});
    for (const [k, v] of world.i18n.strings) fr.strings.set(k, v);
    const row = "FRACAS.Radio.Summary.Row.";
    fr.strings.set(`${row}HenchmenFleeOneOne`, "{fled} s'enfuit, {count} reste");
    fr.strings.set(`${row}HenchmenFleeOneOther`, "{fled} s'enfuit, {count} restent");
    fr.strings.set(`${row}HenchmenFleeOtherOne`, "{fled} s'enfuient, {count} reste");
    fr.strings.set(`${row}HenchmenFleeOtherOther`, "{fled} s'enfuient, {count} restent");
    return fr;
  }
  /** The rows as the core draws them for a kind with no summaryText: the stored key translated as it is. */
  const coreRows = (card: Card, i18n: I18n) => applicationsView(card, (k, d) => i18n.format(k, d ?? {})).rows.map((r) => r.applied?.summary ?? null);
  /** The rows as the core draws a radio card's: the kind's summaryText first (kinds.ts), on the reader's client. */
  const hookedRows = (card: Card, i18n: I18n) => applicationsView(card, (k, d) => i18n.format(k, d ?? {}), true, radioSummaryText).rows.map((r) => r.applied?.summary ?? null);

  /** Jake fells Falzetti; five goons roll `dice` for their flee checks; the English GM applies the flee card. */
  async function goonsFlee(dice: number[]): Promise<FakeChatMessage> {
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 3, 8);
    const goons = createGoons(world, 5, falzetti);
    const attack = await attackWithFirstWeapon(world, "gm", jake, falzetti);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    world.dice.queue(...dice);
    await adapter.rulesets.descriptor("radio")!.cards!.damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const flee = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    expect(await adapter.queries.requestApply(flee.id, goons.uuid, true)).toMatchObject({ ok: true });
    return flee;
  }

  it("an English GM applies 'none fled': the row stores the base key and counts; a French reader reads the French singular", async () => {
    const flee = await goonsFlee([1, 2, 3, 4, 5]);
    // Stored: no form picked by the applier (before: Row.HenchmenFleeOtherOther, English's form for 0).
    expect(cardOf(flee).applications.at(-1)!.summary).toEqual({ key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { name: "Goons", fled: 0, count: 5 } });
    readAs(french(), "fr");
    expect(hookedRows(cardOf(flee), french())).toEqual(["0 s'enfuit, 5 restent"]);
    readAs(world.i18n, "en");
    expect(hookedRows(cardOf(flee), world.i18n)).toEqual(["0 flee, 5 stay"]);
    // Without the kind's summaryText the base key still reads right: worded for any count and language.
    expect(coreRows(cardOf(flee), world.i18n)).toEqual(["0 fled, 5 stayed"]);
  });

  it("rows stored before (a form already picked, or the words) still render as they were stored", () => {
    const row = (key: string, data: Record<string, string | number>): Application => ({ id: "a1", targetUuid: "Actor.goons", by: "gm", at: 0, prior: [], statuses: [], poolEntries: [], undone: false, summary: { key, data } });
    const card = (app: Application): Card => ({ kind: "flee", result: {}, targets: [{ uuid: "Actor.goons", name: "Goons" }], applications: [app] });
    const picked = card(row("FRACAS.Radio.Summary.Row.HenchmenFleeOtherOther", { name: "Goons", fled: 2, count: 3 }));
    expect(hookedRows(picked, world.i18n)).toEqual(["2 flee, 3 stay"]);
    expect(coreRows(picked, world.i18n)).toEqual(["2 flee, 3 stay"]);
    const worded = card(row("FRACAS.Radio.Summary.HenchmenFleeOutcome", { name: "Goons", fled: "2 flee", stayed: "3 stay" }));
    expect(hookedRows(worded, world.i18n)).toEqual(["Goons: 2 flee, 3 stay"]);
    const gone = card(row("FRACAS.Radio.Summary.Row.HenchmenGone", { name: "Goons", removed: 1, count: 0 }));
    expect(hookedRows(gone, world.i18n)).toEqual(["the last one goes down"]);
    expect(coreRows(gone, world.i18n)).toEqual(["none left (1 down)"]);
  });

  it("the card's Apply rows, as the core renders them on each reader's client, use the kind's summaryText", async () => {
    const flee = await goonsFlee([1, 2, 3, 4, 5]);
    expect(text(adapter.render.renderApplications(cardOf(flee) as never))).toContain("0 flee, 5 stay");
  });

  it("the damage and flee kinds carry the summaryText the core is asked to call", () => {
    type Hook = (s: { key: string; data?: Record<string, string | number> }, t: (k: string, d?: Record<string, string | number>) => string) => string | null;
    const cards = adapter.rulesets.descriptor("radio")!.cards! as Record<string, { summaryText?: Hook }>;
    const fmt = (k: string, d?: Record<string, string | number>) => world.i18n.format(k, d ?? {});
    expect(cards.flee!.summaryText?.({ key: "FRACAS.Radio.Summary.Row.HenchmenFlee", data: { fled: 1, count: 4 } }, fmt)).toBe("1 flees, 4 stay");
    expect(cards.damage!.summaryText?.({ key: "FRACAS.Radio.Summary.Row.HenchmenGone", data: { removed: 2 } }, fmt)).toBe("the last 2 go down");
    expect(cards.damage!.summaryText?.({ key: "FRACAS.Radio.Summary.Row.Dead" }, fmt)).toBeNull();
  });
});

describe("2. a three-way fight: each NPC group is its own side", () => {
  const hero = (wounds: number) => ({ uuid: "A.jake", type: "radioHero", system: { wounds: { value: wounds } }, playerOwned: true });
  const npc = (uuid: string, wounds: number, group = "") => ({ uuid, type: "radioOpponent", system: { kind: "boss", wounds: { value: wounds } }, playerOwned: false, group });

  it("heroes down, the GM's group and group A standing: the fight goes on (before: over, the opposition won)", () => {
    expect(endState([hero(-1), npc("A.falzetti", 3), npc("A.moretti", 2, "A")])).toEqual({ over: false, winner: null, standing: { pc: 0, gm: 1, "gm:A": 1 } });
    expect(endState([hero(-1), npc("A.falzetti", -1), npc("A.moretti", 2, "A")])).toEqual({ over: true, winner: "gm:A", standing: { pc: 0, gm: 0, "gm:A": 1 } });
  });

  it("NPCs fighting NPCs with no hero in the fight are judged too; a lone side is not", () => {
    expect(endState([npc("A.falzetti", 3), npc("A.moretti", -1, "B")])).toMatchObject({ over: true, winner: "gm" });
    expect(endState([npc("A.falzetti", 3), npc("A.sal", 2)])).toBeNull();
  });

  it("a henchmen group fights on its leader's side (it rolls alone; its leader's group is its side)", () => {
    const goons = { uuid: "A.goons", type: "radioHenchmen", system: { count: 4, woundsEach: 1, leader: "A.moretti" }, playerOwned: false };
    expect(endState([hero(-1), npc("A.falzetti", -1), npc("A.moretti", -1, "A"), goons])).toEqual({ over: true, winner: "gm:A", standing: { pc: 0, gm: 0, "gm:A": 4 } });
    const leaderless = { ...goons, system: { count: 4, woundsEach: 1, leader: "" } };
    expect(endState([hero(3), npc("A.moretti", -1, "A"), leaderless])).toMatchObject({ over: false, standing: { pc: 1, gm: 4, "gm:A": 0 } });
  });

  it("the card names each group as a side; a two-sided card still says 'the opposition'", () => {
    const html = text(render("cards/combat-end", rivalGroups()));
    expect(html).toContain("Group A won: the last side standing.");
    expect(html).toContain("The heroes: 0");
    expect(html).toContain("The GM's group: 0");
    expect(html).toContain("Group A: 3");
    const two = combatEndView({ combatId: "c", seq: 1, round: 2, winner: "gm", standing: { pc: 0, gm: 5 }, open: true, stale: false, ended: false });
    expect(two.side).toEqual({ label: "FRACAS.Radio.Side.gm", group: "" });
  });

  it("in a fight: Jake falls while Falzetti (GM's group) and Moretti (group A) stand: no end card; Moretti falls: the GM's group has won", async () => {
    const { world } = await radioWorld();
    const m = await radioModules();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const moretti = createSal(world, null, { system: { kind: "boss", wounds: { value: 3, max: 3 } } });
    const combat = await startRadioCombat(world, [jake, falzetti, moretti], [4, 3, 2, 1]);
    await (combat as unknown as FracasCombat).patchCombatantMemory(combatantIdOf(combat, moretti), { group: "A" });
    await m.combatEndSettled();
    const endCards = () => world.messages.filter((x) => cardOf(x as unknown as FakeChatMessage).kind === "combatEnd") as unknown as FakeChatMessage[];
    await jake.update({ "system.wounds.value": -1, "system.state": "dead" });
    await m.combatEndSettled();
    expect(endCards()).toEqual([]);
    await moretti.update({ "system.wounds.value": -1, "system.state": "dead" });
    await m.combatEndSettled();
    expect(endCards()).toHaveLength(1);
    expect(cardOf(endCards()[0]!).result).toMatchObject({ winner: "gm", standing: { pc: 0, gm: 1, "gm:A": 0 }, open: true });
    const words = text(endCards()[0]!.content).replace(/&#x27;/g, "'");
    expect(words).toContain("The GM's group won: the last side standing.");
    expect(words).toContain("Group A: 0");
  });
});

describe("3. an NPC group declares in one step", () => {
  const info = (id: string, over: Partial<CombatantInfo> = {}): CombatantInfo => ({ id, name: id, actorType: "radioOpponent", system: { wounds: { value: 3 } }, isPC: false, declaration: "", initiative: null, memory: {}, defeated: false, statuses: [], ...over });
  const declareSteps = (combatants: CombatantInfo[], dice: number[]) => {
    const mapping = radioCombat();
    const start = mapping.startRound({ round: 1, combatants, combatMemory: {}, die: scriptedDice(dice) });
    const withInit = combatants.map((c) => ({ ...c, initiative: start.initiative[c.id] ?? null }));
    return mapping.plan({ round: 1, combatants: withInit, combatMemory: start.combatMemory, die: scriptedDice([]) }).steps.filter((s) => s.kind === "declare").map((s) => s.combatantId);
  };
  const jake = info("jake", { actorType: "radioHero", isPC: true });

  it("one step per PC, per henchmen group and per NPC group (the GM's and each split one), not per NPC", () => {
    const cast = [jake, info("falzetti"), info("sal"), info("vito"), info("goons", { actorType: "radioHenchmen", system: { count: 4 } })];
    // Jake 5, the GM's group 6, the goons 2: the GM's group declares in Falzetti's step alone.
    expect(declareSteps(cast, [5, 6, 2])).toEqual(["falzetti", "jake", "goons"]);
    const split = cast.map((c) => (c.id === "vito" ? { ...c, memory: { group: "A" } } : c));
    // Group A (Vito) rolls 2, the goons 3.
    expect(declareSteps(split, [5, 6, 2, 3])).toEqual(["falzetti", "jake", "goons", "vito"]);
  });

  it("the group's step is its first member who can act (a down leader's step would be passed over)", () => {
    const cast = [jake, info("falzetti", { system: { wounds: { value: 0 }, state: "unconscious" } }), info("sal")];
    expect(declareSteps(cast, [5, 6])).toEqual(["sal", "jake"]);
  });

  it("in the tracker: the GM's Next passes once over the group; the group's declaration is every member's", async () => {
    const { world, adapter } = await radioWorld();
    const jakeA = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const sal = createSal(world, falzetti);
    const goons = createGoons(world, 3, falzetti);
    const combat: FakeCombat = await startRadioCombat(world, [jakeA, falzetti, sal, goons], [6, 4, 2, 1]); // Jake 6, the GM's group 4, the goons 2
    const fc = combat as unknown as FracasCombat;
    const cid = (a: FakeActor) => combatantIdOf(combat, a);
    const declaring = () => fc.fracas.plan.steps.filter((s) => s.kind === "declare").map((s) => s.combatantId);
    expect(declaring()).toEqual([cid(jakeA), cid(falzetti), cid(goons)]);
    await fc.advance();
    expect(fc.fracas.plan.steps[fc.fracas.step]).toMatchObject({ kind: "declare", combatantId: cid(falzetti) });
    expect(await adapter.queries.requestDeclare(combat.id, cid(falzetti), "frenzied")).toEqual({ ok: true });
    expect(fc.combatantState(cid(sal)).declaration).toBe("frenzied");
    // Next goes from the group's step to the goons' (before: to Sal's own declare step).
    await fc.advance();
    expect(fc.fracas.plan.steps[fc.fracas.step]).toMatchObject({ kind: "declare", combatantId: cid(goons) });
  });
});

describe("4. UX leftovers", () => {
  it("a spell refusal shows the odds beside it, both ways; Roll stays disabled", () => {
    for (const fixture of [spellNeedsSpell(), spellUnderStandard()]) {
      const view = fixture.context.view;
      expect(view.error).not.toBeNull();
      expect(view.hasOdds).toBe(true);
      expect(view.canRoll).toBe(false);
      const html = text(render("attack-odds", fixture));
      expect(html).toMatch(/If it were allowed: \d+% to hit/);
      expect(html).toContain("Damage");
    }
    expect(text(render("attack-odds", spellNeedsSpell()))).toContain("You declared the spell action: the whole round goes to magic.");
    // The odds are the choice's own: the revolver's under the spell action equal its under standard (no modifier either way).
    const setup = attackSetupSample({ declared: "standard", phase: 1, weapons });
    expect(spellNeedsSpell().context.view.chance).toBe(attackView(setup, { ...initialState(setup), weaponId: "rev" }).chance);
  });

  it("any other refusal still has no odds (a head shot under the standard action)", () => {
    const setup = attackSetupSample();
    const view = attackView(setup, { ...initialState(setup), called: "head" });
    expect(view.error).not.toBeNull();
    expect(view.hasOdds).toBe(false);
  });

  it("a read-only sheet's notes are text, formatted; an editor keeps the box", () => {
    const html = render("opponent-sheet", notesReadOnly());
    expect(html).not.toMatch(/<textarea/);
    expect(html).toContain('<div class="radio-notes-text"><p>Runs the <strong>Brass Monkey</strong> speakeasy on Dockside.</p>');
  });

  it("the sheet gives a reader the enriched notes and an editor none (the box instead)", async () => {
    const { world } = await radioWorld();
    const m = await radioModules();
    const ns = foundry.applications as unknown as Record<string, unknown>;
    ns.ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => `${s}<!--enriched-->` } } };
    const falzetti = createFalzetti(world, 6, 6, { system: { notes: "<p>Owes the Moretti family.</p>" } });
    type View = { view: { meta: { notesHTML?: string } } };
    const prepare = async (user: string) => {
      world.login(user);
      const sheet = new m.RadioOpponentSheet({ document: falzetti } as never);
      return ((await (sheet as unknown as { _prepareContext(o: unknown): Promise<View> })._prepareContext({})).view.meta.notesHTML);
    };
    expect(await prepare("alice")).toBe("<p>Owes the Moretti family.</p><!--enriched-->");
    expect(await prepare("gm")).toBeUndefined();
  });
});
