/**
 * The knockout roll and Shake Off are claimed through the GM before they are rolled (D32): a round
 * trip during which another client may answer the same attack, e.g. Bob spends a Hero Point on it
 * under the "any player character" option. Through the real adapter in the fake, with that Hero
 * Point spent while the claim is on its way: the roll reads the attack again after the claim (the
 * knockout EF uses the lowered QR) and writes only its own key of attackResponses, so the point
 * paid for still counts. And a roll the kernel refuses whatever the dice claims nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attack, buttonArgs, cardOf, heroPoints, npcChars, pcChars, pool, responses, wound, clickAttackFollowUp, duringClaim, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's PC: STR 18, WIL 10
let felix: FakeActor; // bob's PC, 2 Hero Points
let thug: FakeActor; // the GM's NPC

const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "recovery");

const click = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

/** Bob spends one of Felix's Hero Points on the attack against the brute (through the GM). */
const bobSpends = (m: FakeChatMessage) => () => world.as("bob", () => click("heroPoint", m, brute));

beforeEach(async () => {
  ({ world, adapter, brute, felix, thug } = await bruteWorld({ felix: true, anyPcHeroPoints: true }));
});

describe("a Hero Point spent while the roll's claim is on its way to the GM", () => {
  it("knockout: the roll uses the lowered QR (EF 6, not 4), and the point stays counted", async () => {
    // Roll 1 is QR2 → knockout EF 4 (WIL 10: SC 40); Bob's point makes it QR3 → EF 6 (SC 60).
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    expect(cardOf(m).result).toMatchObject({ qualityRating: 2, knockoutEase: 4 });
    duringClaim(world, bobSpends(m));
    world.login("alice");
    world.dice.queue(55, 1); // 55: a pass at SC 60, a failure at SC 40
    await click("knockout", m, brute);
    expect(heroPoints(felix).value).toBe(1);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1, knockout: { success: true } });
    expect((cardOf(recoveryCards()[0]!).result as { attackQualityRating: number }).attackQualityRating).toBe(3);
    expect(wound(brute).knockedOut).toBe(false);
  });

  it("Shake Off: the point Bob paid for is still counted after the Shake Off is recorded", async () => {
    // Thug's punch: roll 3 is QR1, DC B → Heavy Wound, H-t-H without point or edge.
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    duringClaim(world, bobSpends(m));
    world.login("alice");
    world.dice.queue(10);
    await click("shakeOff", m, brute);
    expect(heroPoints(felix).value).toBe(1);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ heroPoints: 1, shakeOff: { roll: 10 } });
  });
});

/** Records the attackResponses keys of every update of `actor`. */
function recordResponseWrites(actor: FakeActor): string[] {
  const paths: string[] = [];
  const update = actor.update.bind(actor);
  actor.update = (async (changes: Record<string, unknown>, options?: Record<string, unknown>) => {
    paths.push(...Object.keys(changes).filter((k) => k.startsWith("system.attackResponses")));
    return update(changes as never, options as never);
  }) as typeof actor.update;
  return paths;
}

describe("every answer writes only its own key of attackResponses.<attackId>", () => {
  it("Hero Point, Shake Off, knockout and the GM's Hero Point for another player: no write of the whole record", async () => {
    const paths = recordResponseWrites(brute);
    const punch = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    const ko = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    await click("heroPoint", punch, brute);
    world.dice.queue(10, 20, 1);
    await click("shakeOff", punch, brute);
    await click("knockout", ko, brute);
    world.login("bob");
    await click("heroPoint", punch, brute);
    const p = attackIdOf(punch);
    const k = attackIdOf(ko);
    expect(paths).toEqual([`system.attackResponses.${p}.heroPoints`, `system.attackResponses.${p}.shakeOff`, `system.attackResponses.${k}.knockout`, `system.attackResponses.${p}.heroPoints`]);
    expect(responses(brute)[p]).toMatchObject({ heroPoints: 2, shakeOff: { roll: 10 } });
  });

  it("in a fight: the draw (GM follow-up) and the round start's knockout prompt", async () => {
    const bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [{ name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", drawModifier: 1 } }] });
    const hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [{ name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } }] });
    world.login("gm");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    const fc = combat as unknown as FracasCombat;
    await fc.startCombat(); // Speeds 3 and 1: no tie, no dice
    const paths = recordResponseWrites(bond);
    const shot = await attack(world, "gm", hood, [bond], 5, 3);
    const ko = await attack(world, "gm", hood, [bond], 1, 1, { weapon: false, blow: "knockout" });
    expect(cardOf(ko).result).toMatchObject({ success: true, combatRound: 1 });
    world.login("alice");
    world.dice.queue(1, 6); // Hood 1 + 1 + 0 = 2, Bond 3 + 6 + 1 = 10
    expect(await adapter.queries.requestFollowUp(shot.id, "draw", buttonArgs(shot.content, "draw")[0]! as never)).toMatchObject({ ok: true });
    world.login("gm");
    await fc.nextRound();
    expect(paths).toEqual([`system.attackResponses.${attackIdOf(shot)}.draw`, `system.attackResponses.${attackIdOf(ko)}.knockoutPrompted`]);
    expect(responses(bond)[attackIdOf(shot)]).toMatchObject({ draw: { first: "target" } });
  });
});

describe("a knockout roll the kernel refuses whatever the dice (a dead target)", () => {
  it("is refused before the claim: nothing claimed, no die rolled, and the roll stays open", async () => {
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("gm");
    await brute.update({ "system.wound.level": "KL" });
    world.login("alice");
    world.dice.queue(50, 1);
    await click("knockout", m, brute);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Error.cannotAct"));
    expect(claims(brute)).toEqual([]);
    expect(world.dice.remaining).toEqual([50, 1]);
    expect(recoveryCards()).toHaveLength(0);
  });
});
