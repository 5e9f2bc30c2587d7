/**
 * Session 4's GM audit (Bond), what a GM no longer has to remember:
 * - D47: an attack that is not the action declared this round (seed: a declared action must be
 *   attempted unless circumstances prevent it) is said in the attack dialog and on the card, for
 *   the GM to rule on; an attack that is the declared one, or with no declaration, says nothing;
 * - D41's unknown weapon in hand: with several weapons and none attacked with yet, the sheet's
 *   "Weapon in hand" says which one is held, so a Disarm drops it (before, it dropped nothing and the
 *   GM had to remember what fell);
 * - the weapon sheet no longer offers a Damage Class for fists, a knife or a sword (the wielder's
 *   Strength DC is used, +1/+2): it says so instead of showing a value that counts for nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { offDeclaration } from "../../../../src/rulesets/bond/sheets/declared.js";
import { weaponView } from "../../../../src/rulesets/bond/sheets/item-views.js";
import { knife, ppk } from "../fixture-data.js";
import { attack, bondModules, cardOf, characterSheet, npcChars, pcChars, pool, standInEnrichHTML, toActionStep } from "./helpers.js";

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const text = (html: string) => unescape(html).replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const render = async (template: string, context: Record<string, unknown>) => foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context);

describe("D47 offDeclaration: which declarations cover which attack", () => {
  const shot = { attackKind: "fire" as const, kick: false, specificBlow: null };
  const punch = { attackKind: "hth" as const, kick: false, specificBlow: null };
  const kick = { ...punch, kick: true };
  const trip = { ...punch, specificBlow: "trip" };

  it("no declaration, or one the ruleset does not know: nothing to say", () => {
    for (const d of [undefined, "", "dance"]) expect(offDeclaration(d, shot)).toBeNull();
  });

  it("Fire Combat covers a shot; Hand-to-Hand any Hand-to-Hand attack; Kick and Specific Blow only themselves; Move and Something else none", () => {
    expect([shot, punch, kick, trip].map((a) => offDeclaration("fire", a))).toEqual([null, "FRACAS.Bond.Declared.fire", "FRACAS.Bond.Declared.fire", "FRACAS.Bond.Declared.fire"]);
    expect([shot, punch, kick, trip].map((a) => offDeclaration("hth", a))).toEqual(["FRACAS.Bond.Declared.hth", null, null, null]);
    expect([punch, kick, trip].map((a) => offDeclaration("kick", a))).toEqual(["FRACAS.Bond.Declared.kick", null, "FRACAS.Bond.Declared.kick"]);
    expect([punch, kick, trip].map((a) => offDeclaration("specificBlow", a))).toEqual(["FRACAS.Bond.Declared.specificBlow", "FRACAS.Bond.Declared.specificBlow", null]);
    for (const d of ["move", "other"]) expect([shot, punch].map((a) => offDeclaration(d, a))).toEqual([`FRACAS.Bond.Declared.${d}`, `FRACAS.Bond.Declared.${d}`]);
  });
});

describe("D47 in a fight: the dialog and the card say when an attack is not the declared action", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let bond: FakeActor; // alice's PC, Speed 3, a PPK
  let hood: FakeActor; // the GM's NPC, Speed 1
  let fc: FracasCombat;
  const combatantOf = (a: FakeActor) => [...(fc as unknown as { combatants: Iterable<{ id: string; actorId: string }> }).combatants].find((c) => c.actorId === a.id)!.id;

  beforeEach(async () => {
    world = installFoundry();
    adapter = await loadAdapter();
    world.addUser({ id: "alice", name: "Alice", isGM: false });
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [{ name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } }] });
    hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
    world.login("gm");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    fc = combat as unknown as FracasCombat;
    await fc.startCombat(); // Speeds 3 and 1: no tie
  });

  async function shoot(declared: string | null) {
    if (declared) {
      // Declarations go in turn (D61): the GM moves on to Bond's declare step (Hood, slower, first).
      world.login("gm");
      await fc.advance();
      world.login("alice");
      expect(await adapter.queries.requestDeclare(fc.id ?? "", combatantOf(bond), declared)).toMatchObject({ ok: true });
    }
    // A player attacks in their own action step (RB3).
    await toActionStep(world, fc, bond);
    const m = await bondModules();
    world.login("alice");
    const gun = bond.items.contents[0]!;
    const s = m.buildSetup(bond as never, gun as never);
    const view = m.attackView(s, m.defaultChoices(s));
    const dialog = text(await render("dialogs/attack", { view }));
    world.dice.queue(99, 1);
    const card = await m.rollAttack(bond as never, s, m.defaultChoices(s), [{ uuid: hood.uuid, name: "Hood" }]);
    return { view, dialog, card: card as unknown as { content: string } };
  }

  it("declared Move, then fires: the dialog says so (Roll stays live), the card tells the GM", async () => {
    const { view, dialog, card } = await shoot("move");
    expect(view).toMatchObject({ offDeclaration: "FRACAS.Bond.Declared.move", canRoll: true });
    expect(dialog).toContain("James Bond declared Move this round. An attack now stands only if circumstances changed: the GM decides.");
    expect(cardOf(card as never).result).toMatchObject({ declaration: "move" });
    expect(text(card.content)).toContain("GM: not the action declared this round (Move). It stands only if circumstances changed it.");
  });

  it("declared Fire Combat and fires, or declared nothing: no line", async () => {
    const declaredFire = await shoot("fire");
    expect(declaredFire.view.offDeclaration).toBeNull();
    expect(declaredFire.dialog).not.toContain("Declared this round");
    expect(text(declaredFire.card.content)).not.toContain("not the action declared");
  });

  it("no declaration made: nothing said, and the card stores none", async () => {
    const none = await shoot(null);
    expect(none.view.offDeclaration).toBeNull();
    expect(cardOf(none.card as never).result.declaration).toBeUndefined();
    expect(text(none.card.content)).not.toContain("not the action declared");
  });
});

describe("the weapon sheet's Damage Class: the weapon's own only where it counts", () => {
  const otherClub = { ...knife, meleeWeapon: "other" as const, pointOrEdge: false, damageClass: "C" as const };

  it("a knife (or a sword, or fists): no Damage Class to pick; the sheet says it is the wielder's Strength DC +1", async () => {
    const editable = await render("sheets/weapon", { view: weaponView("Knife", "x.svg", true, knife, "") });
    expect(editable).not.toContain('name="system.damageClass"');
    expect(text(editable)).toContain("Damage Class The wielder's Hand-to-Hand DC +1 (from Strength)");
    expect(text(await render("sheets/weapon", { view: weaponView("Sabre", "x.svg", false, { ...knife, meleeWeapon: "sword" }, "") }))).toContain("Damage Class The wielder's Hand-to-Hand DC +2 (from Strength)");
    expect(text(await render("sheets/weapon", { view: weaponView("Knuckles", "x.svg", false, { ...knife, meleeWeapon: "none" }, "") }))).toContain("Damage Class The wielder's Hand-to-Hand DC (from Strength)");
  });

  it("a firearm or an 'other' melee weapon: its own Damage Class, a select when editable, the value when read-only", async () => {
    for (const w of [ppk, otherClub]) expect(await render("sheets/weapon", { view: weaponView("W", "x.svg", true, w, "") })).toContain('<select id="bond-w-dc" name="system.damageClass">');
    expect(text(await render("sheets/weapon", { view: weaponView("Club", "x.svg", false, otherClub, "") }))).toContain("Damage Class C");
  });
});

describe("D41 'Weapon in hand': chosen on the sheet when none is known", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let bond: FakeActor; // alice's PC with a PPK and a knife, none attacked with yet; bob observes
  let thug: FakeActor;
  const held = (a: FakeActor) => a.system as unknown as { inHand: string; droppedWeapons: string[]; weaponInHand: { id: string } | null };
  /** The select's options as [value, text, selected]. */
  const inHandChoice = (html: string) => {
    const select = /<select id="bond-in-hand" name="system.inHand"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1];
    return select === undefined ? null : [...select.matchAll(/<option value="([^"]*)" (selected)?>([^<]*)<\/option>/g)].map((m) => [m[1], m[3], m[2] === "selected"]);
  };
  const choose = async (id: string) => (await characterSheet(world, bond, "alice")).sheet.submitForm({ "system.inHand": id });

  beforeEach(async () => {
    world = installFoundry();
    adapter = await loadAdapter();
    standInEnrichHTML();
    world.addUser({ id: "alice", name: "Alice", isGM: false });
    world.addUser({ id: "bob", name: "Bob", isGM: false });
    bond = world.createActor({
      name: "James Bond",
      type: "bondCharacter",
      system: { characteristics: pcChars, heroPoints: pool(3) },
      ownership: { alice: 3, bob: 2 },
      items: [
        { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } },
        { name: "Throwing knife", type: "bondWeapon", system: { attackKind: "hth", meleeWeapon: "knife" } },
      ],
    });
    thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npcChars, dex: 6, per: 6 } } });
  });

  it("the editors choose it (none known at first); an Observer gets no choice; the choice is the weapon in hand", async () => {
    const [gun, blade] = bond.items.contents;
    expect(held(bond).weaponInHand).toBeNull();
    const sheet = await characterSheet(world, bond, "alice");
    expect(inHandChoice(sheet.html)).toEqual([["", "— none known —", true], [gun!.id, "Walther PPK", false], [blade!.id, "Throwing knife", false]]);
    expect(sheet.html).toContain('<label for="bond-in-hand">Weapon in hand</label>');
    expect(inHandChoice((await characterSheet(world, bond, "bob")).html)).toBeNull();
    await choose(blade!.id);
    expect(held(bond)).toMatchObject({ inHand: blade!.id, weaponInHand: { id: blade!.id } });
    // Known now: no "none known" entry; the knife selected.
    expect(inHandChoice((await characterSheet(world, bond, "alice")).html)).toEqual([[gun!.id, "Walther PPK", false], [blade!.id, "Throwing knife", true]]);
  });

  it("a Disarm that found none in hand: choose it, Undo and Apply again drops that weapon", async () => {
    const [gun, blade] = bond.items.contents;
    const m = await attack(world, "gm", thug, [bond], 1, 1, { weapon: false, blow: "disarm" });
    world.login("gm");
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Disarm.Nothing" } });
    expect(world.i18n.format("FRACAS.Bond.Summary.Disarm.Nothing", { name: "James Bond" })).toBe("Disarm — no weapon in hand is recorded: choose it as “Weapon in hand” on the sheet, then Undo and Apply again");
    await choose(blade!.id);
    world.login("gm");
    await adapter.queries.requestUndo(m.id, cardOf(m).applications[0]!.id, true);
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Disarm.Drops", data: { weapon: "Throwing knife" } } });
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [blade!.id] });
    // One weapon left on hand, none known in hand: the choice stays (the knife is not offered).
    expect(inHandChoice((await characterSheet(world, bond, "alice")).html)).toEqual([["", "— none known —", true], [gun!.id, "Walther PPK", false]]);
  });

  it("one weapon only: no choice to make (it is in hand)", async () => {
    const solo = world.createActor({ name: "Solo", type: "bondCharacter", system: { characteristics: pcChars }, ownership: { alice: 3 }, items: [{ name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D" } }] });
    expect(inHandChoice((await characterSheet(world, solo, "alice")).html)).toBeNull();
  });
});
