/**
 * Session 7: what ends with a Radio fight (descriptor.fightEnded, src/rulesets/radio/after-fight.ts).
 * Before, a hero who escaped and a minion or a henchmen group that fled kept the mark after the
 * combat was deleted, so in the next fight they were down (struck through, no declaration, every
 * attack refused) until someone unticked the box. A dying hero's owed final action is recalled,
 * not decided. The core writes on the active GM's client; the tests wait with fightEndSettled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import { createFalzetti, createGoons, createJake, createSal, radioWorld, startRadioCombat } from "./fight.js";
import { fightEndChange } from "../../../../src/rulesets/radio/after-fight.js";
import { downReason } from "../../../../src/rulesets/radio/data/down.js";

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor, falzetti: FakeActor, goons: FakeActor, sal: FakeActor;
let combat: FakeCombat;

beforeEach(async () => {
  ({ world, adapter } = await radioWorld(["alice"]));
  jake = createJake(world);
  falzetti = createFalzetti(world, 6, 6);
  goons = createGoons(world, 4, falzetti);
  sal = createSal(world, falzetti);
  combat = await startRadioCombat(world, [jake, falzetti, goons, sal], [6, 5, 4, 3]);
});

const sys = (a: FakeActor) => a.system as unknown as Record<string, unknown>;
const fightEndLines = () => world.messages.contents.filter((m) => String(m.content).includes("fracas-fight-ended"));

async function endTheFight(): Promise<void> {
  world.login("gm");
  await combat.delete();
  await adapter.fightEnd.fightEndSettled();
}

describe("what ends with a Radio fight", () => {
  it("an escape and a flight end with the fight: the marks are cleared by the GM, the GM and the hero's player are told", async () => {
    await jake.update({ "system.escaped": true } as never);
    await sal.update({ "system.fled": true } as never);
    await goons.update({ "system.fled": true } as never);
    expect(downReason("radioHero", sys(jake), false)).toBe("FRACAS.Radio.Down.escaped");
    const writes: { name: string; by: string }[] = [];
    world.observe("updateActor", ((actor: FakeActor, _c: unknown, _o: unknown, userId: string) => void writes.push({ name: actor.name, by: userId })) as never);

    await endTheFight();

    expect(sys(jake).escaped).toBe(false);
    expect(sys(sal).fled).toBe(false);
    expect(sys(goons).fled).toBe(false);
    expect(sys(goons).count).toBe(4); // they left, they did not die
    expect(downReason("radioHero", sys(jake), false)).toBeNull();
    expect(downReason("radioHenchmen", sys(goons), false)).toBeNull();
    // One write per fighter whose mark ended, by the GM; Falzetti had nothing to end.
    expect(writes.filter((w) => ["Jake", "Sal", "Goons"].includes(w.name))).toEqual([
      { name: "Jake", by: "gm" },
      { name: "Goons", by: "gm" },
      { name: "Sal", by: "gm" },
    ]);
    expect(writes.some((w) => w.name === "Falzetti")).toBe(false);
    expect(world.notified("info")).toContain("The fight is over: “Escaped” unticked for Jake, ready for the next fight.");
    expect(world.notified("info")).toContain("The fight is over: “Fled or escaped” unticked for Goons, Sal, ready for the next fight.");
    // Alice, Jake's player, reads her hero's line (the GM owns the others: the toast).
    const lines = fightEndLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.whisper).toEqual(["alice"]);
    expect(String(lines[0]!.content)).toContain("The fight is over: “Escaped” unticked for Jake, ready for the next fight.");
  });

  it("a dying hero who still owes the final heroic action is recalled, not killed: nothing written, both told", async () => {
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": true } as never);
    await endTheFight();
    expect(sys(jake).state).toBe("dead");
    expect(sys(jake).finalAction).toBe(true);
    const said = "The fight is over: the final heroic action is still owed by Jake (take it or give it up on the sheet).";
    expect(world.notified("info")).toContain(said);
    expect(String(fightEndLines()[0]!.content)).toContain(said);
  });

  it("nothing else ends with the fight: tokens, wounds, injuries and a fall stay; a fighter with no mark is not written", () => {
    const marked = { wounds: { value: 2, max: 5 }, state: "active", piercingWounds: 1, disabledLimbs: ["leftArm"], disarmed: true, tokens: { value: 7, max: null, entries: [] } };
    expect(fightEndChange("radioHero", marked)).toBeNull();
    expect(fightEndChange("radioOpponent", { wounds: { value: 0, max: 6 }, state: "unconscious", fallNoted: true, fallId: "x" })).toBeNull();
    expect(fightEndChange("radioHenchmen", { count: 0, woundsEach: 1, carried: 0 })).toBeNull();
    // A hero has no "fled", an NPC no "escaped": a stray flag of the other kind is not theirs to clear.
    expect(fightEndChange("radioHero", { fled: true })).toBeNull();
  });
});
