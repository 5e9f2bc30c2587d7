/**
 * Disarm (seed: "disarm" makes the target drop the weapon; DECISIONS D41), through the real
 * adapter in the fake: the weapon in hand (the one last attacked with, or a character's only
 * weapon) drops when the Disarm is applied, Undo puts it back; the sheet marks it dropped with
 * "Pick up" in place of Attack; the attack dialog says so and will not roll it until picked up.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bondModules, cardOf, characterSheet, npcChars, pcChars, pool, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, Speed 3
let thug: FakeActor; // the GM's NPC

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
const knife = { name: "Throwing knife", type: "bondWeapon", system: { attackKind: "hth", meleeWeapon: "knife" } };
const held = (a: FakeActor) => a.system as unknown as { inHand: string; dropped: Record<string, boolean | null>; droppedWeapons: string[]; weaponInHand: { id: string; name: string } | null };
const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const createBond = (items: { name: string; type: string; system: Record<string, unknown> }[]) =>
  world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items });

/** The thug's Disarm on Bond: PC 8 × EF (5 − 3 − 2 → ½) = SC 4; a roll of 1 is QR2, a hit. */
const disarmBond = () => attack(world, "gm", thug, [bond], 1, 1, { weapon: false, blow: "disarm" });

/** Bond's sheet as `user` sees it (editable for his owner and the GM, as in V13). */
const sheet = (user: string) => characterSheet(world, bond, user);

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  standInEnrichHTML(); // the sheet enriches its notes
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = createBond([ppk]);
  thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npcChars, dex: 6, per: 6 } } });
});

describe("Disarm drops the weapon in hand", () => {
  it("Apply drops Bond's only weapon; the dialog will not roll it; the sheet offers Pick up; Undo puts it back", async () => {
    const gun = bond.items.contents[0]!;
    expect(held(bond).weaponInHand).toEqual({ id: gun.id, name: "Walther PPK" }); // his only weapon: in hand
    const m = await disarmBond();
    expect(cardOf(m).result).toMatchObject({ success: true, specificBlow: "disarm", effect: { disarm: true } });

    world.login("gm");
    const applied = await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Disarm.Drops", data: { name: "James Bond", weapon: "Walther PPK" } } });
    expect(world.i18n.format("FRACAS.Bond.Summary.Disarm.Drops", { name: "James Bond", weapon: "Walther PPK" })).toBe("drops the Walther PPK (Pick up on the sheet)");
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [gun.id], weaponInHand: null });

    // The attack dialog says why and will not roll it; rolling anyway is refused before any die.
    const mods = await bondModules();
    world.login("alice");
    const setup = mods.buildSetup(bond as never, gun as never);
    const view = mods.attackView(setup, mods.defaultChoices(setup));
    expect(view).toMatchObject({ dropped: true, canRoll: false });
    const dialogHtml = unescape(await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view }));
    expect(dialogHtml).toContain("The Walther PPK was knocked away by a Disarm. Use “Pick up” on the character sheet, or attack with another weapon.");
    world.dice.queue(5, 1);
    expect(await mods.rollAttack(bond as never, setup, mods.defaultChoices(setup), [])).toBeUndefined();
    expect(world.dice.remaining).toEqual([5, 1]);
    world.dice.clear();

    // The sheet: the row says "dropped" and offers Pick up instead of Attack.
    const { html } = await sheet("alice");
    expect(html).toContain('Walther PPK <span class="bond-tag">dropped</span>');
    expect(html).toContain(`data-action="pickUp" data-item-id="${gun.id}"`);
    expect(html).not.toContain(`data-action="attack" data-item-id="${gun.id}"`);

    // Undo: back in hand.
    world.login("gm");
    const app = cardOf(m).applications[0]!;
    await adapter.queries.requestUndo(m.id, app.id, true);
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [], weaponInHand: { id: gun.id } });
  });

  it("Pick up puts it back in hand (not while Bond cannot act); attacking with a weapon makes it the one in hand", async () => {
    bond = createBond([ppk, knife]);
    const gun = bond.items.contents.find((i) => i.name === "Walther PPK")!;
    const blade = bond.items.contents.find((i) => i.name === "Throwing knife")!;
    expect(held(bond).weaponInHand).toBeNull(); // two weapons, none recorded

    const mods = await bondModules();
    world.login("alice");
    world.dice.queue(99, 1);
    const s = mods.buildSetup(bond as never, gun as never);
    await mods.rollAttack(bond as never, s, mods.defaultChoices(s), []);
    expect(held(bond)).toMatchObject({ inHand: gun.id, weaponInHand: { id: gun.id } });

    const m = await disarmBond();
    world.login("gm");
    await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [gun.id], weaponInHand: null });
    const { html } = await sheet("alice");
    expect(html).toContain(`data-action="attack" data-item-id="${blade.id}"`); // the knife is still there to use

    world.login("gm");
    await bond.update({ "system.wound.knockedOut": true });
    let sh = await sheet("alice");
    await sh.click("pickUp", { itemId: gun.id });
    expect(held(bond).droppedWeapons).toEqual([gun.id]);
    expect(world.notifications.at(-1)?.message).toContain("James Bond cannot act");

    world.login("gm");
    await bond.update({ "system.wound.knockedOut": false });
    sh = await sheet("alice");
    await sh.click("pickUp", { itemId: gun.id });
    expect(held(bond)).toMatchObject({ inHand: gun.id, droppedWeapons: [], weaponInHand: { id: gun.id, name: "Walther PPK" } });
    const again = mods.buildSetup(bond as never, gun as never);
    expect(mods.attackView(again, mods.defaultChoices(again))).toMatchObject({ dropped: false, canRoll: true });
  });

  it("no weapon in hand known: Apply drops nothing and tells the GM so", async () => {
    bond = createBond([ppk, knife]); // two weapons, none recorded
    const m = await disarmBond();
    world.login("gm");
    const applied = await adapter.queries.requestApply(m.id, bond.uuid, true);
    expect(applied).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Disarm.Nothing" } });
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [] });
  });
});

describe("two Disarms (review wave 2 #5): each dropped weapon stays dropped; each Undo puts back its own", () => {
  it("the pistol dropped by the first stays dropped after the second drops the knife; Undo of the first puts back only the pistol", async () => {
    bond = createBond([ppk, knife]);
    const gun = bond.items.contents.find((i) => i.name === "Walther PPK")!;
    const blade = bond.items.contents.find((i) => i.name === "Throwing knife")!;
    const mods = await bondModules();
    const droppedInDialog = (weapon: typeof gun) => {
      world.login("alice");
      return mods.buildSetup(bond as never, weapon as never).weaponDropped;
    };
    const attackWith = async (weapon: typeof gun) => {
      world.login("alice");
      world.dice.queue(99, 1); // a miss: only the weapon in hand matters here
      const s = mods.buildSetup(bond as never, weapon as never);
      await mods.rollAttack(bond as never, s, mods.defaultChoices(s), []);
    };

    await attackWith(gun);
    const first = await disarmBond();
    world.login("gm");
    await adapter.queries.requestApply(first.id, bond.uuid, true);
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [gun.id] });

    await attackWith(blade); // the knife is now in hand
    expect(held(bond)).toMatchObject({ inHand: blade.id, weaponInHand: { id: blade.id } });
    const second = await disarmBond();
    world.login("gm");
    expect(await adapter.queries.requestApply(second.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { data: { weapon: "Throwing knife" } } });
    // Both are on the floor: the pistol may not fire until picked up (it could, with one id kept).
    expect(held(bond)).toMatchObject({ inHand: "", droppedWeapons: [gun.id, blade.id], weaponInHand: null });
    expect(droppedInDialog(gun)).toBe(true);
    expect(droppedInDialog(blade)).toBe(true);
    const { html } = await sheet("alice");
    expect(html).toContain(`data-action="pickUp" data-item-id="${gun.id}"`);
    expect(html).toContain(`data-action="pickUp" data-item-id="${blade.id}"`);

    // Undo of the FIRST card (the second still stands): the pistol back in hand, the knife still down.
    world.login("gm");
    await adapter.queries.requestUndo(first.id, cardOf(first).applications[0]!.id, true);
    expect(held(bond)).toMatchObject({ inHand: gun.id, droppedWeapons: [blade.id], weaponInHand: { id: gun.id } });
    expect(droppedInDialog(gun)).toBe(false);
    expect(droppedInDialog(blade)).toBe(true);

    // Then the second: the knife back in hand, nothing on the floor.
    world.login("gm");
    await adapter.queries.requestUndo(second.id, cardOf(second).applications[0]!.id, true);
    expect(held(bond)).toMatchObject({ inHand: blade.id, droppedWeapons: [], weaponInHand: { id: blade.id } });
  });

  it("Pick up takes one weapon off the floor and leaves the other", async () => {
    bond = createBond([ppk, knife]);
    const gun = bond.items.contents.find((i) => i.name === "Walther PPK")!;
    const blade = bond.items.contents.find((i) => i.name === "Throwing knife")!;
    world.login("gm");
    await bond.update({ [`system.dropped.${gun.id}`]: true, [`system.dropped.${blade.id}`]: true });
    const sh = await sheet("alice");
    await sh.click("pickUp", { itemId: blade.id });
    expect(held(bond)).toMatchObject({ inHand: blade.id, droppedWeapons: [gun.id], weaponInHand: { id: blade.id } });
  });

  it("an older character's single dropped id (stored before this change) reads as one dropped weapon", async () => {
    const gunId = "ppkAAAAAAAAAAAA1";
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, dropped: gunId }, ownership: { alice: 3 }, items: [{ ...ppk, _id: gunId } as never] });
    expect(held(bond)).toMatchObject({ dropped: { [gunId]: true }, droppedWeapons: [gunId], weaponInHand: null });
    const mods = await bondModules();
    world.login("alice");
    expect(mods.buildSetup(bond as never, bond.items.get(gunId) as never).weaponDropped).toBe(true);
    const none = world.createActor({ name: "Felix", type: "bondCharacter", system: { characteristics: pcChars, dropped: "" }, items: [ppk] });
    expect(held(none)).toMatchObject({ dropped: {}, droppedWeapons: [] });
  });
});

describe("a Disarm that also wounds (option specificBlowWounds)", () => {
  it("the Apply row names the weapon that fell beside the wound", async () => {
    world.settings.seed("fracas", "bond.specificBlowWounds", true);
    const m = await disarmBond();
    expect(cardOf(m).result).toMatchObject({ success: true, effect: { disarm: true } });
    expect(cardOf(m).result.woundLevel).not.toBe("none");
    world.login("gm");
    const applied = await adapter.queries.requestApply(m.id, bond.uuid, true);
    const level = (bond.system as unknown as { wound: { level: string } }).wound.level;
    expect(applied).toMatchObject({ ok: true, summary: { key: `FRACAS.Bond.Summary.Disarm.DropsNow.${level}`, data: { name: "James Bond", weapon: "Walther PPK" } } });
    expect(held(bond).droppedWeapons).toHaveLength(1);
    for (const l of ["none", "ST", "LW", "MW", "HW", "IN", "KL"]) expect(world.i18n.has(`FRACAS.Bond.Summary.Disarm.DropsNow.${l}`)).toBe(true);
    // Knocked to Incapacitated by it: the hours too (pluralKey's two forms).
    expect(world.i18n.format("FRACAS.Bond.Summary.Disarm.DropsUnconsciousOther", { name: "James Bond", hours: 3, weapon: "Walther PPK" })).toContain("unconscious for 3 hours (the attack's D6), and drops the Walther PPK");
    expect(world.i18n.has("FRACAS.Bond.Summary.Disarm.DropsUnconsciousOne")).toBe(true);
    expect(world.i18n.format(`FRACAS.Bond.Summary.Disarm.DropsNow.${level}`, { name: "James Bond", weapon: "Walther PPK" })).toMatch(/^now .+, and drops the Walther PPK \(Pick up on the sheet\)$/);
  });
});

describe("droppedIds (pure)", () => {
  it("keys set to true; an older single id; nothing else", async () => {
    const { droppedIds, MAX_DROPPED } = await import("../../../../src/rulesets/bond/data/derive.js");
    expect(droppedIds({ g: true, k: null, x: false, "bad.id": true })).toEqual(["g"]);
    expect(droppedIds("g")).toEqual(["g"]);
    expect(droppedIds("")).toEqual([]);
    expect(droppedIds(["g", "g", 3])).toEqual(["g"]);
    expect(droppedIds(null)).toEqual([]);
    expect(droppedIds(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`w${i}`, true])))).toHaveLength(MAX_DROPPED);
  });
});

describe("weaponInHand (pure)", () => {
  it("the recorded weapon unless dropped or gone; with none recorded, the only weapon; else none", async () => {
    const { weaponInHand } = await import("../../../../src/rulesets/bond/data/derive.js");
    const gun = { id: "g", name: "PPK" };
    const blade = { id: "k", name: "Knife" };
    expect(weaponInHand("k", [], [gun, blade])).toEqual(blade);
    expect(weaponInHand("k", ["k"], [gun, blade])).toBeNull();
    expect(weaponInHand("k", ["g"], [gun, blade])).toEqual(blade);
    expect(weaponInHand("", [], [gun])).toEqual(gun);
    expect(weaponInHand("", ["g"], [gun])).toBeNull();
    expect(weaponInHand("", [], [gun, blade])).toBeNull();
    expect(weaponInHand("x", [], [gun])).toBeNull(); // a recorded weapon since deleted: none, not a guess
    expect(weaponInHand("", [], [])).toBeNull();
  });
});
