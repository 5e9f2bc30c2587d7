/**
 * The draw, through the real adapter in the typed fake: an NPC fires at a PC who has not fired
 * this round; the PC's owner calls a draw from the attack card (a GM follow-up: the GM's client
 * rolls Speed + 1D6 + draw modifier per side, re-rolls ties, posts the draw card and records the
 * draw on the PC); the NPC's attack card keeps its Apply for afterwards.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, buttonArgs, cardOf, npcChars, pcChars, pool, responses, wound } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, Speed 3, Walther PPK (draw +1)
let hood: FakeActor; // GM's NPC, Speed 1, Beretta (draw 0)
let combat: FakeCombat;

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2, drawModifier: 1 } };
const beretta = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });
  world.login("gm");
  combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
  await (combat as unknown as FracasCombat).startCombat(); // Speeds 3 and 1: no tie, no dice
});

const drawArgs = (m: FakeChatMessage) => buttonArgs(m.content, "draw");

describe("calling a draw", () => {
  it("offers the PC's owner a draw per firearm; ties re-roll; the PC wins and the NPC's card keeps its Apply", async () => {
    // Hood: Fire Combat PC 8 × EF 5 = SC 40; roll 5 is QR2 → Heavy Wound with DC E.
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    expect(cardOf(m).result).toMatchObject({ woundLevel: "HW", combatId: combat.id, combatRound: 1, drawModifier: 0 });
    expect(m.content).toContain("Call a draw (Walther PPK)");
    const args = drawArgs(m);
    expect(args).toEqual([{ targetUuid: bond.uuid, weaponId: bond.items.contents[0]!.id }]);

    // Hood 1 + 5 + 0 = 6, Bond 3 + 2 + 1 = 6: tied; re-roll Hood 1 → 2, Bond 1 → 5.
    world.login("alice");
    world.dice.queue(5, 2, 1, 1);
    expect(await adapter.queries.requestFollowUp(m.id, "draw", args[0]! as never)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(world.queryLog.at(-1)).toMatchObject({ name: "fracas.followUp", from: "alice", to: "gm" });

    const draw = [...world.messages].at(-1)!;
    expect(cardOf(draw).kind).toBe("draw");
    expect(cardOf(draw).result).toMatchObject({
      first: "target",
      attackId: cardOf(m).result.attackId,
      attacker: { name: "Hood", speed: 1, drawModifier: 0, rolls: [5, 1], totals: [6, 2] },
      target: { name: "James Bond", weaponName: "Walther PPK", speed: 3, drawModifier: 1, rolls: [2, 1], totals: [6, 5] },
    });
    expect(draw.rolls).toHaveLength(4);
    expect(draw.content).toContain("James Bond shoots first.");
    expect(draw.content).toContain("Tied once: both sides re-rolled."); // one tie: the …One key (no "(s)")
    expect(draw.content).toContain("GM: James Bond fires first, from their sheet, now. Then Apply the attack card above; it is refused if Hood is down by then (that shot is never fired).");
    expect(responses(bond)[String(cardOf(m).result.attackId)]!.draw).toEqual({ first: "target", messageId: draw.id, combat: combat.id, round: 1 });

    // A second call is refused; nothing new is rolled (an unscripted die would throw).
    expect(await adapter.queries.requestFollowUp(m.id, "draw", args[0]! as never)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.DrawCalled" });

    // Bond fires first from his sheet (at Hood), then the GM applies Hood's card afterwards.
    const shot = await attack(world, "alice", bond, [hood], 90, 1);
    expect(cardOf(shot).result).toMatchObject({ success: false });
    world.login("gm");
    expect(await adapter.queries.requestApply(m.id, bond.uuid, true)).toMatchObject({ ok: true, summary: { key: "FRACAS.Bond.Summary.Now.HW" } });
    expect(wound(bond).level).toBe("HW");
  });

  it("the NPC wins: the draw card says to apply the attack now", async () => {
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    world.login("alice");
    world.dice.queue(6, 1); // Hood 7, Bond 5
    expect((await adapter.queries.requestFollowUp(m.id, "draw", drawArgs(m)[0]! as never)).ok).toBe(true);
    const draw = [...world.messages].at(-1)!;
    expect(cardOf(draw).result).toMatchObject({ first: "attacker" });
    expect(draw.content).toContain("Hood shoots first.");
    expect(draw.content).toContain("Apply the attack card now");
  });

  it("no draw for a PC who has already fired this round, for a non-owner, in a later round, or after Apply", async () => {
    // Bond fires first (a miss) …
    await attack(world, "alice", bond, [hood], 99, 1);
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    expect(m.content).not.toContain("Call a draw");
    const forged = { targetUuid: bond.uuid, weaponId: bond.items.contents[0]!.id };
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(m.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.AlreadyFired" });

    // … next round he has not fired yet: a new attack offers the draw; Bob owns no target.
    world.login("gm");
    await (combat as unknown as FracasCombat).nextRound();
    const again = await attack(world, "gm", hood, [bond], 5, 3);
    expect(again.content).toContain("Call a draw");
    world.login("bob");
    expect(await adapter.queries.requestFollowUp(again.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(again.id, "draw", { ...forged, weaponId: "nope" })).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.NoFirearm" });

    // The earlier card's round is over, and so is this one's after the next round starts.
    expect(await adapter.queries.requestFollowUp(m.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.DrawRoundOver" });
    world.login("gm");
    await (combat as unknown as FracasCombat).nextRound();
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(again.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.DrawRoundOver" });

    // Applied already: undo first.
    const third = await attack(world, "gm", hood, [bond], 5, 3);
    await adapter.queries.requestApply(third.id, bond.uuid, true);
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(third.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Bond.Refused.DrawAfterApply" });
    expect(world.dice.remaining).toEqual([]);
  });

  it("no draw against Hand-to-Hand or outside combat", async () => {
    const punch = await attack(world, "gm", hood, [bond], 5, 3, { weapon: false });
    expect(punch.content).not.toContain("Call a draw");
    world.login("alice");
    const forged = { targetUuid: bond.uuid, weaponId: bond.items.contents[0]!.id };
    expect(await adapter.queries.requestFollowUp(punch.id, "draw", forged)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    world.login("gm");
    await combat.delete();
    const out = await attack(world, "gm", hood, [bond], 5, 3);
    expect(cardOf(out).result).toMatchObject({ combatId: "" });
    expect(out.content).not.toContain("Call a draw");
  });
});
