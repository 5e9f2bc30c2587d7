/**
 * Who cannot act (X1) and what a declaration promises (B3): the Bond mapping's isDown from the
 * wound state, statuses and Foundry's defeated mark; the GM's advance passing over a stunned
 * combatant; the sheet's attack action refusing a character who cannot act; and the Fire Combat
 * declaration capped by the firearm's shots per round, as the attack dialog caps it.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";
import { bondModules, npcChars, pcChars, pool } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;

const UNWOUNDED = { level: "none", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };

function info(system: JsonObject, extra: Partial<CombatantInfo> = {}): CombatantInfo {
  return { id: "c1", name: "Agent", actorType: "bondCharacter", system, isPC: true, declaration: "", initiative: null, memory: { round: 1 }, defeated: false, statuses: [], ...extra };
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
});

const mapping = () => adapter.rulesets.descriptor("bond")!.combat!;

describe("isDown: a Bond character who cannot act (X1)", () => {
  const down = (wound: Partial<typeof UNWOUNDED>, extra: Partial<CombatantInfo> = {}) => mapping().isDown!(info({ speed: 2, wound: { ...UNWOUNDED, ...wound } }, extra));

  it("reads the wound state: Killed, Incapacitated, knocked out, a Stun roll due or its rounds, a wound roll due", () => {
    expect(down({})).toBeNull();
    expect(down({ level: "KL" })).toBe("FRACAS.Bond.Down.killed");
    expect(down({ level: "IN", unconsciousHours: 3 })).toBe("FRACAS.Bond.Down.incapacitated");
    expect(down({ knockedOut: true })).toBe("FRACAS.Bond.Down.knockedOut");
    expect(down({ level: "ST", stunRollPending: true, stunCharacteristic: "willpower" } as never)).toBe("FRACAS.Bond.Down.stunRoll");
    expect(down({ level: "ST", stunRounds: 2 })).toBe("FRACAS.Bond.Down.stunned");
    expect(down({ level: "MW", woundRollPending: true })).toBe("FRACAS.Bond.Down.woundRoll");
  });

  it("a wound whose Willpower roll has succeeded, or a Stun shaken off, does not stop anyone", () => {
    expect(down({ level: "HW", woundRollPending: false })).toBeNull();
    expect(down({ level: "ST" })).toBeNull();
  });

  it("respects Foundry's defeated mark and the statuses a GM sets by hand", () => {
    expect(down({}, { defeated: true })).toBe("FRACAS.Tracker.Down.defeated");
    expect(down({}, { statuses: ["fracas-dead"] })).toBe("FRACAS.Bond.Down.killed");
    expect(down({}, { statuses: ["fracas-unconscious"] })).toBe("FRACAS.Bond.Down.unconscious");
    expect(down({}, { statuses: ["fracas-stunned"] })).toBe("FRACAS.Bond.Down.stunned");
    expect(down({}, { statuses: ["fracas-prone"] })).toBeNull();
    // The wound says why first: a Killed character is "killed", not merely "defeated".
    expect(down({ level: "KL" }, { defeated: true, statuses: ["fracas-dead"] })).toBe("FRACAS.Bond.Down.killed");
  });

  it("damaged or missing wound data reads as unwounded; every key has a string", () => {
    expect(mapping().isDown!(info({ speed: 1 }))).toBeNull();
    expect(mapping().isDown!(info({ speed: 1, wound: { level: "nonsense" } }))).toBeNull();
    for (const k of ["killed", "incapacitated", "knockedOut", "unconscious", "stunRoll", "stunned", "woundRoll"]) {
      expect(world.localize(`FRACAS.Bond.Down.${k}`)).not.toBe(`FRACAS.Bond.Down.${k}`);
    }
  });
});

describe("the GM's advance passes over a Bond combatant who cannot act", () => {
  let bond: FakeActor; // Speed 3
  let hood: FakeActor; // Speed 1
  let thug: FakeActor; // Speed 0
  let combat: FakeCombat;
  let fc: FracasCombat;
  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const sys = () => combat.system as unknown as { step: number; plan: { steps: { kind: string; combatantId: string }[] } };

  beforeEach(async () => {
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 } });
    hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
    thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: { ...npcChars, dex: 6, per: 6 } } });
    world.login("gm");
    combat = world.createCombat();
    fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: thug.id }]);
    await fc.startCombat();
    // Declare thug, hood, bond; act bond, hood, thug (no ties: no dice).
    expect(sys().plan.steps.map((s) => `${s.kind}:${s.combatantId}`)).toEqual([
      ...[thug, hood, bond].map((a) => `declare:${cid(a)}`),
      ...[bond, hood, thug].map((a) => `act:${cid(a)}`),
    ]);
  });

  it("a Hood stunned mid-round loses his declaration and his action; Back passes over him too", async () => {
    expect(sys().step).toBe(0);
    await hood.update({ "system.wound": { ...UNWOUNDED, level: "ST", stunRounds: 3 } });
    await fc.advance();
    expect(sys().step).toBe(2);
    expect(combat.combatant?.id).toBe(cid(bond));
    expect(await adapter.queries.requestDeclare(combat.id, cid(hood), "fire")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.Down" });
    await fc.advance();
    expect(sys().step).toBe(3);
    await fc.advance();
    expect(sys().step).toBe(5);
    expect(combat.combatant?.id).toBe(cid(thug));
    await fc.goBack();
    expect(sys().step).toBe(3);
    const v = adapter.tracker.trackerPlanView(fc);
    expect(v.steps.filter((s) => s.down).map((s) => [s.name, s.down])).toEqual([
      ["Hood", "FRACAS.Bond.Down.stunned"],
      ["Hood", "FRACAS.Bond.Down.stunned"],
    ]);
  });

  it("at the round's start: a Stun roll still due keeps the stunned Thug's first step from being the turn", async () => {
    await thug.update({ "system.wound": { ...UNWOUNDED, level: "ST", stunRollPending: true, stunCharacteristic: "strength" } });
    await fc.nextRound();
    expect(combat.round).toBe(2);
    expect(sys().step).toBe(1);
    expect(combat.combatant?.id).toBe(cid(hood));
  });
});

describe("the sheet's attack action refuses a character who cannot act", () => {
  type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;
  let bond: FakeActor;

  beforeEach(() => {
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
  });

  async function clickAttack() {
    const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
    world.login("alice");
    const sheet = new BondCharacterSheet({ document: bond } as never);
    const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    await actions.attack!.call(sheet, {}, { dataset: { itemId: bond.items.contents[0]!.id } });
  }

  it("warns with the reason and opens no dialog while a wound's Willpower roll is due; opens it once able", async () => {
    const m = await bondModules();
    const render = vi.spyOn(m.BondAttackDialog.prototype, "render");
    world.login("gm");
    await bond.update({ "system.wound": { ...UNWOUNDED, level: "LW", woundRollPending: true } });
    await clickAttack();
    expect(render).not.toHaveBeenCalled();
    expect(world.notified("warn")).toEqual([`James Bond cannot act: ${world.localize("FRACAS.Bond.Down.woundRoll")}.`]);

    world.login("gm");
    await bond.update({ "system.wound": { ...UNWOUNDED, level: "LW" } });
    await clickAttack();
    expect(render).toHaveBeenCalledTimes(1);
    render.mockRestore();
  });

  it("the open dialog's Roll is refused once the character is down (knocked out meanwhile): nothing rolled or posted", async () => {
    const m = await bondModules();
    world.login("alice");
    const dialog = new m.BondAttackDialog(bond as never, bond.items.contents[0] as never);
    world.login("gm");
    await bond.update({ "system.wound": { ...UNWOUNDED, knockedOut: true } });
    world.login("alice");
    const before = world.messages.size;
    const actions = (m.BondAttackDialog.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    await actions.roll!.call(dialog);
    expect(world.messages.size).toBe(before);
    expect(world.notified("warn")).toEqual([`James Bond cannot act: ${world.localize("FRACAS.Bond.Down.knockedOut")}.`]);
  });
});

describe("the Fire Combat declaration counts the firearm's shots per round (B3)", () => {
  it("mapping: Speed 3 with a 2-shot firearm declares 2 Fire Combat attacks, 3 Hand-to-Hand", () => {
    const labels = mapping().declarations(info({ speed: 3, fireShotsPerRound: 2 })).map((o) => o.label);
    expect(labels).toEqual([
      "FRACAS.Bond.Declare.fire.n2", "FRACAS.Bond.Declare.hth.n3", "FRACAS.Bond.Declare.kick.n3", "FRACAS.Bond.Declare.specificBlow.n3",
      "FRACAS.Bond.Declare.move", "FRACAS.Bond.Declare.other",
    ]);
    // No cap (0) leaves Speed's count; a cap above Speed changes nothing; Speed 0 still waits for even rounds.
    expect(mapping().declarations(info({ speed: 3, fireShotsPerRound: 0 }))[0]!.label).toBe("FRACAS.Bond.Declare.fire.n3");
    expect(mapping().declarations(info({ speed: 1, fireShotsPerRound: 6 }))[0]!.label).toBe("FRACAS.Bond.Declare.fire.n1");
    expect(mapping().declarations(info({ speed: 0, fireShotsPerRound: 1 })).map((o) => o.value)).toEqual(["move", "other"]);
    expect(mapping().declarations(info({ speed: 0, fireShotsPerRound: 1 }, { memory: { round: 2 } }))[0]!.label).toBe("FRACAS.Bond.Declare.fire.n1");
  });

  it("fireShotsCap: the highest cap among the firearms; 0 when one has none, or there is no firearm", async () => {
    const { fireShotsCap } = await import("../../../../src/rulesets/bond/data/derive.js");
    const gun = (shotsPerRound: number, attackKind = "fire") => ({ attackKind, shotsPerRound });
    expect(fireShotsCap([gun(2), gun(1)])).toBe(2);
    expect(fireShotsCap([gun(2), gun(0)])).toBe(0);
    expect(fireShotsCap([gun(1, "hth")])).toBe(0);
    expect(fireShotsCap([gun(3, "hth"), gun(1)])).toBe(1);
    expect(fireShotsCap([])).toBe(0);
  });

  it("the seed's example in a fight: Bond (Speed 3) with his PPK — the label says 2, as the dialog's cap", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
    // The fake's createActor prepares derived data before it attaches the items (Foundry prepares
    // embedded items first); any update prepares the actor again, with its PPK.
    world.login("gm");
    await bond.update({ "system.fame": 1 });
    expect((bond.system as unknown as { speed: number; fireShotsPerRound: number })).toMatchObject({ speed: 3, fireShotsPerRound: 2 });
    world.login("gm");
    const combat = world.createCombat();
    const fc = combat as unknown as FracasCombat;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }]);
    await fc.startCombat();
    const label = mapping().declarations(fc.combatantInfos()[0]!).find((o) => o.value === "fire")!.label;
    expect(label).toBe("FRACAS.Bond.Declare.fire.n2");
    const m = await bondModules();
    const allowed = m.attacksLeft(m.buildSetup(bond as never, bond.items.contents[0] as never))!.allowed;
    expect(label).toBe(`FRACAS.Bond.Declare.fire.n${allowed}`);
  });
});
