/**
 * Session 9, wave 2 (audit-s9 R2): the attack card offered Shake Off to every target of an eligible
 * Hand-to-Hand hit, whatever their Strength (it needs 14); the click then refused a weak one. It is
 * now offered only to targets strong enough when the card is posted; the click still checks (a
 * Strength lowered after the card was posted is refused then).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bruteWorld, cardOf, clickAttackFollowUp } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // Strength 18
let thug: FakeActor; // Strength 10
let hood: FakeActor;

const offered = (content: string, a: FakeActor) => content.includes(`data-fracas-follow-up="shakeOff" data-target-uuid="${a.uuid}"`);

beforeEach(async () => {
  ({ world, adapter, brute, thug, hood } = await bruteWorld({ hood: true }));
});

describe("session 9 wave 2: Shake Off is offered only to targets with Strength 14", () => {
  it("a punch wounding a strong target offers Shake Off; the same punch on a weak one does not", async () => {
    const strong = await attack(world, "gm", hood, [brute], 3, 1, { weapon: false });
    expect(cardOf(strong).result).toMatchObject({ success: true, shakeOffPossible: true });
    expect(offered(strong.content, brute)).toBe(true);
    const weak = await attack(world, "gm", hood, [thug], 3, 1, { weapon: false });
    expect(cardOf(weak).result).toMatchObject({ success: true, shakeOffPossible: true });
    expect(offered(weak.content, thug)).toBe(false);
    expect(weak.content).not.toContain('data-fracas-follow-up="shakeOff"');
  });

  it("the click still checks: Strength lowered below 14 after the card was posted is refused, nothing rolled", async () => {
    const m = await attack(world, "gm", hood, [brute], 3, 1, { weapon: false });
    expect(offered(m.content, brute)).toBe(true);
    world.login("gm");
    await brute.update({ "system.characteristics.str": 12 } as never);
    world.login("alice");
    world.dice.queue(10);
    await clickAttackFollowUp(adapter, "shakeOff", m, brute);
    expect(world.notified("warn").at(-1)).toBe("Shake Off is not allowed here (Strength under 14).");
    expect(world.dice.remaining).toEqual([10]);
  });
});
