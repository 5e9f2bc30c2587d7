/**
 * Picking up a weapon a Disarm knocked away (DECISIONS D46): in a fight it uses one of the round's
 * attacks (Speed's, not the firearm's shots cap), refused — before the click, on the sheet, and at
 * the click — while none is left; a chat line says an attack was used. Outside a fight it is free.
 * The pure check, then the real sheet, attack dialog and combat in the fake.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { pickUpCheck } from "../../../../src/rulesets/bond/sheets/pick-up-view.js";
import { attacksLeft, attackView, defaultChoices } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { setup } from "../fixture-data.js";
import { attack, bondModules, characterSheet, npcChars, pcChars, pool, standInEnrichHTML, toActionStep } from "./helpers.js";

describe("pickUpCheck: what a pick-up costs", () => {
  it("outside a fight: free", () => {
    expect(pickUpCheck({ round: null, speed: 0, attacksMade: 5, pickUpsMade: 5 })).toEqual({ ok: true, inFight: false });
  });

  it("in a fight: one of Speed's attacks; refused when none is left (Speed 0: on odd rounds it has none)", () => {
    expect(pickUpCheck({ round: 1, speed: 3, attacksMade: 0, pickUpsMade: 0 })).toEqual({ ok: true, inFight: true, left: 2 });
    expect(pickUpCheck({ round: 1, speed: 3, attacksMade: 1, pickUpsMade: 1 })).toEqual({ ok: true, inFight: true, left: 0 });
    expect(pickUpCheck({ round: 1, speed: 1, attacksMade: 1, pickUpsMade: 0 })).toEqual({ ok: false, reason: "FRACAS.Bond.PickUpCost.NoneLeft" });
    expect(pickUpCheck({ round: 1, speed: 3, attacksMade: 2, pickUpsMade: 1 })).toEqual({ ok: false, reason: "FRACAS.Bond.PickUpCost.NoneLeft" });
    expect(pickUpCheck({ round: 1, speed: 0, attacksMade: 0, pickUpsMade: 0 })).toEqual({ ok: false, reason: "FRACAS.Bond.PickUpCost.Speed0" });
    expect(pickUpCheck({ round: 2, speed: 0, attacksMade: 0, pickUpsMade: 0 })).toEqual({ ok: true, inFight: true, left: 0 });
  });

  it("the attack dialog's allowance: Speed less the pick-ups, then the firearm's cap (Speed 3 with a PPK picks up and still fires twice)", () => {
    expect(attacksLeft(setup({ speed: 3, shotsPerRound: 2, attacksMade: 0, pickUpsMade: 1 }))).toEqual({ allowed: 2, made: 0, remaining: 2 });
    expect(attacksLeft(setup({ speed: 3, shotsPerRound: 0, attacksMade: 1, pickUpsMade: 2 }))).toEqual({ allowed: 1, made: 1, remaining: 0 });
    expect(attacksLeft(setup({ speed: 1, shotsPerRound: 0, attacksMade: 0, pickUpsMade: 1 }))).toEqual({ allowed: 0, made: 0, remaining: 0 });
    // No pick-up: as before.
    expect(attacksLeft(setup({ speed: 3, shotsPerRound: 2, attacksMade: 1 }))).toEqual({ allowed: 2, made: 1, remaining: 1 });
    // The dialog's line names the pick-ups, with the language's plural.
    const line = (pickUpsMade: number) => attackView(setup({ pickUpsMade }), defaultChoices(setup())).attacksLabel;
    expect([line(0), line(1), line(2)]).toEqual(["FRACAS.Bond.Dialog.Attacks", "FRACAS.Bond.Dialog.AttacksPickedUpOne", "FRACAS.Bond.Dialog.AttacksPickedUpOther"]);
  });
});

describe("Pick up in a fight (the real sheet, dialog and combat)", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let thug: FakeActor; // the GM's NPC, Speed 2 (no tie with Speed 3 or 1)
  let fc: FracasCombat;

  const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
  const knife = { name: "Throwing knife", type: "bondWeapon", system: { attackKind: "hth", meleeWeapon: "knife" } };
  const sys = (a: FakeActor) => a.system as unknown as { inHand: string; droppedWeapons: string[]; roundPickUps: { combat: string; round: number; count: number } };
  const notes = () => [...world.messages].map((m) => String(m.content).replaceAll("&#39;", "'")).filter((c) => c.includes("bond-note"));
  const pickUpButton = (html: string) => /<button type="button" data-action="pickUp"[^>]*>/.exec(html)?.[0] ?? "";
  const attackButtons = (html: string) => [...html.matchAll(/<button type="button" data-action="attack"[^>]*>/g)].map((b) => b[0]);

  /** The thug's Disarm: a roll of 1 hits (H-t-H 11 × EF ½ or 2); the GM applies it. */
  async function disarm(target: FakeActor) {
    const m = await attack(world, "gm", thug, [target], 1, 1, { weapon: false, blow: "disarm" });
    world.login("gm");
    await adapter.queries.requestApply(m.id, target.uuid, true);
  }

  async function fight(...actors: FakeActor[]) {
    world.login("gm");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })));
    fc = combat as unknown as FracasCombat;
    await fc.startCombat();
  }

  beforeEach(async () => {
    world = installFoundry();
    adapter = await loadAdapter();
    standInEnrichHTML();
    world.addUser({ id: "alice", name: "Alice", isGM: false });
    thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npcChars, dex: 12, per: 11 } } });
  });

  it("Speed 3: the sheet says it costs an attack; Pick up uses one (a chat line says so); the PPK still fires twice", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
    const gun = bond.items.contents[0]!;
    await fight(bond, thug);
    await toActionStep(world, fc, bond); // a pick-up, like an attack, is made in the player's action step (RB3)
    await disarm(bond);
    expect(sys(bond).droppedWeapons).toEqual([gun.id]);

    let sheet = await characterSheet(world, bond, "alice");
    expect(pickUpButton(sheet.html)).not.toContain("disabled");
    expect(pickUpButton(sheet.html)).toContain('aria-describedby="bond-pick-up-hint"');
    // UX review s4 #16: how many attacks the pick-up leaves.
    expect(sheet.html).toContain(`<p id="bond-pick-up-hint" class="bond-hint">Picking up a weapon uses one of James Bond's attacks this round (2 attacks left after it).</p>`);
    await sheet.click("pickUp", { itemId: gun.id });
    expect(sys(bond)).toMatchObject({ inHand: gun.id, droppedWeapons: [], roundPickUps: { combat: fc.id, round: 1, count: 1 } });
    expect(notes().at(-1)).toContain("James Bond picks up the Walther PPK, using one of this round's attacks (2 attacks left).");

    const m = await bondModules();
    world.login("alice");
    const s = m.buildSetup(bond as never, gun as never);
    const view = m.attackView(s, m.defaultChoices(s));
    expect(view).toMatchObject({ canRoll: true, attacks: { allowed: 2, made: 0, remaining: 2 } });
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view });
    expect(html).toContain("Attacks made this round: 0 of 2 (1 of Speed&#x27;s attacks went to picking up a weapon)");
    // Nothing dropped any more: no hint.
    sheet = await characterSheet(world, bond, "alice");
    expect(sheet.html).not.toContain("bond-pick-up-hint");
  });

  it("Speed 1 after its attack: Pick up disabled with the reason, refused at the click; next round it uses that round's attack", async () => {
    const brute = world.createActor({ name: "Brute", type: "bondCharacter", system: { characteristics: { str: 18, dex: 8, wil: 10, per: 8, int: 8 }, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [knife] });
    const blade = brute.items.contents[0]!;
    await fight(brute, thug);
    await toActionStep(world, fc, brute);
    await attack(world, "alice", brute, [thug], 99, 1); // a miss; his one attack this round, with the knife (now in hand)
    await disarm(brute);
    expect(sys(brute).droppedWeapons).toEqual([blade.id]);

    const reason = "Brute has no attack left this round, and picking up a weapon uses one: pick it up next round.";
    const sheet = await characterSheet(world, brute, "alice");
    const button = pickUpButton(sheet.html);
    expect(button).toContain(` disabled data-tooltip="${reason}" aria-describedby="bond-no-attack-left"`);
    // One line under the weapons says it for Pick up and Attack alike (UX review s4 #3); no second line.
    expect(sheet.html).toContain(`<p id="bond-no-attack-left" class="bond-cannot-act">No attacks left this round.</p>`);
    expect(sheet.html).not.toContain("bond-pick-up-hint");
    expect(attackButtons(sheet.html)).toEqual(['<button type="button" data-action="attack" disabled data-tooltip="No attacks left this round." aria-describedby="bond-no-attack-left">']);
    await sheet.click("pickUp", { itemId: blade.id });
    expect(sys(brute).droppedWeapons).toEqual([blade.id]);
    expect(world.notified("warn").at(-1)).toBe(reason);
    expect(notes()).toEqual([]);

    // The open sheet is drawn again when the round changes (core sheets/fight-sheets.ts): its Attack comes back without a write to Brute.
    await sheet.sheet.render({ force: true } as never); // first drawn (V13: an unforced render of a sheet never drawn does nothing)
    const before = (sheet.sheet as unknown as { renders: number }).renders;
    world.login("gm");
    await fc.nextRound();
    expect((sheet.sheet as unknown as { renders: number }).renders).toBeGreaterThan(before);
    await toActionStep(world, fc, brute);
    const next = await characterSheet(world, brute, "alice");
    expect(attackButtons(next.html)).toEqual(['<button type="button" data-action="attack">']);
    expect(next.html).not.toContain("bond-no-attack-left");
    await next.click("pickUp", { itemId: blade.id });
    expect(sys(brute)).toMatchObject({ inHand: blade.id, droppedWeapons: [], roundPickUps: { round: 2, count: 1 } });
    expect(notes().at(-1)).toContain("Brute picks up the Throwing knife, using one of this round's attacks (0 attacks left).");
    const m = await bondModules();
    world.login("alice");
    const s = m.buildSetup(brute as never, blade as never);
    expect(m.attackView(s, m.defaultChoices(s))).toMatchObject({ canRoll: false, exhausted: true, attacks: { allowed: 0, made: 0 } });
  });

  it("outside a fight: free, no chat line, no hint", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
    const gun = bond.items.contents[0]!;
    await disarm(bond);
    const sheet = await characterSheet(world, bond, "alice");
    expect(sheet.html).not.toContain("bond-pick-up-hint");
    await sheet.click("pickUp", { itemId: gun.id });
    expect(sys(bond)).toMatchObject({ inHand: gun.id, droppedWeapons: [], roundPickUps: { combat: "", count: 0 } });
    expect(notes()).toEqual([]);
  });
});
