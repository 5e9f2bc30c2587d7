/**
 * The draw's loser (D48), through the real adapter in the typed fake: the PC calls a draw against
 * an NPC's shot and wins, so the NPC's shot comes after the PC's. When the PC's shot downs the NPC,
 * the NPC's attack card is refused at its Apply (the core passes the card's source actor as it is
 * then, with its statuses): that shot was never fired. A shot that won the draw, or one no draw was
 * called against, applies whatever has become of its shooter since.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, buttonArgs, cardOf, npcChars, pcChars, pool, wound } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, Speed 3, Walther PPK (draw +1)
let hood: FakeActor; // GM's NPC, Speed 1, Beretta (draw 0)

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2, drawModifier: 1 } };
const beretta = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };
const REFUSED = { ok: false, reason: "FRACAS.Bond.Refused.DrawLoserDown" };

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
  world.login("gm");
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
  await (combat as unknown as FracasCombat).startCombat(); // Speeds 3 and 1: no tie, no dice
});

/** Hood shoots Bond (QR2: a Heavy Wound with DC E); Alice calls a draw, Bond's total `bondWins` or not. */
async function hoodShootsAndBondDraws(bondWins: boolean): Promise<FakeChatMessage> {
  const m = await attack(world, "gm", hood, [bond], 5, 3);
  world.login("alice");
  // Hood 1 + D6, Bond 3 + D6 + 1.
  world.dice.queue(...(bondWins ? [2, 5] : [6, 1]));
  expect((await adapter.queries.requestFollowUp(m.id, "draw", buttonArgs(m.content, "draw")[0]! as never)).ok).toBe(true);
  expect(cardOf([...world.messages].at(-1)!).result).toMatchObject({ first: bondWins ? "target" : "attacker" });
  return m;
}

/** Bond's own shot at Hood (Fire Combat SC 65; roll 5 is QR1 → Incapacitated with the PPK's DC D), applied by the GM. */
async function bondDownsHood(): Promise<FakeChatMessage> {
  const shot = await attack(world, "alice", bond, [hood], 5, 3);
  world.login("gm");
  expect(await adapter.queries.requestApply(shot.id, hood.uuid, true)).toMatchObject({ ok: true });
  expect(wound(hood).level).toBe("IN");
  return shot;
}

describe("the draw's loser is down before its shot", () => {
  it("the PC wins the draw and downs the NPC: the NPC's card is refused, and applies again once that is undone", async () => {
    const m = await hoodShootsAndBondDraws(true);
    const shot = await bondDownsHood();

    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toEqual(REFUSED);
    expect(wound(bond).level).toBe("none");
    expect(cardOf(m).applications).toEqual([]);

    // The GM takes back Bond's shot: Hood is up again, so his shot is fired after all.
    const app = cardOf(shot).applications[0]!;
    expect((await adapter.queries.requestUndo(shot.id, app.id, true)).ok).toBe(true);
    expect(wound(hood).level).toBe("none");
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.HW" } });
    expect(wound(bond).level).toBe("HW");
  });

  it("down by a status the GM set by hand (the defeated mark's status) counts too", async () => {
    const m = await hoodShootsAndBondDraws(true);
    world.login("gm");
    await hood.toggleStatusEffect("fracas-dead", { active: true });
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toEqual(REFUSED);
    await hood.toggleStatusEffect("fracas-dead", { active: false });
    expect((await adapter.queries.requestApply(m.id, bond.uuid, true)).ok).toBe(true);
  });

  it("down by the tracker's skull on the NPC's combatant alone (no status on the actor) counts too", async () => {
    const m = await hoodShootsAndBondDraws(true);
    world.login("gm");
    const combatant = [...world.combats][0]!.combatants.find((c) => c.actorId === hood.id)!;
    await combatant.update({ defeated: true });
    expect(hood.statuses.has("fracas-dead")).toBe(false);
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toEqual(REFUSED);
  });

  it("the PC wins the draw but the NPC is still up: the NPC's card applies", async () => {
    const m = await hoodShootsAndBondDraws(true);
    const miss = await attack(world, "alice", bond, [hood], 99, 3);
    expect(cardOf(miss).result).toMatchObject({ success: false });
    world.login("gm");
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.HW" } });
  });

  it("the NPC won the draw: its shot came first and applies even if the NPC is down by the Apply", async () => {
    const m = await hoodShootsAndBondDraws(false);
    await bondDownsHood();
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.HW" } });
  });

  it("no draw called: a shot applies whatever has become of its shooter since", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    world.login("alice");
    await bondDownsHood();
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.HW" } });
  });
});
