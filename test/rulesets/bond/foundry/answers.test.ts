/**
 * The target's answers to an attack card, through the real adapter in the fake: the knockout
 * Willpower roll is made once per attack (B2: a failed second click cannot overturn a pass), and
 * both it and Shake Off carry the roller's own wound penalty (B1: RULES §1 "every task"; D31),
 * shown on the card or note as the penalised EF and Success Chance.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, responses, wound, clickAttackFollowUp, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's strong PC (STR 18, WIL 10), Speed 1
let thug: FakeActor; // the GM's NPC

const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };

const clickFollowUp = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

const recoveryCards = () => [...world.messages].filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "recovery");

beforeEach(async () => {
  ({ world, adapter, brute, thug } = await bruteWorld({ bruteHeroPoints: 1 }));
});

describe("the knockout Willpower roll is made once per attack (B2)", () => {
  it("a passed roll stands: a second click is refused, rolls nothing and posts nothing", async () => {
    // EF 5 − 1 − 2 − 2 → ½: SC 4; roll 1 is QR2 → Willpower at EF 4 (WIL 10 → SC 40).
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    const attackId = String(cardOf(m).result.attackId);
    world.login("alice");
    world.dice.queue(20, 1); // 20 ≤ 40: stays conscious
    await clickFollowUp("knockout", m, brute);
    expect(world.notified("warn")).toEqual([]);
    expect(wound(brute).knockedOut).toBe(false);
    const first = recoveryCards();
    expect(first).toHaveLength(1);
    expect(responses(brute)[attackId]).toMatchObject({ knockout: { messageId: first[0]!.id, success: true } });

    world.dice.queue(90, 1); // would fail: must never be rolled
    await clickFollowUp("knockout", m, brute);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Bond.Refused.KnockoutRolled").replace("{name}", "Brute")]);
    expect(wound(brute).knockedOut).toBe(false);
    expect(brute.statuses.has("fracas-unconscious")).toBe(false);
    expect(recoveryCards()).toHaveLength(1);
    // The GM is refused too: the roll belongs to the attack, not to who clicks.
    world.login("gm");
    await clickFollowUp("knockout", m, brute);
    expect(recoveryCards()).toHaveLength(1);
    expect(wound(brute).knockedOut).toBe(false);
  });

  it("the record is per attack: a new knockout calls for a new roll; other answers keep it", async () => {
    const m1 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    world.dice.queue(20, 1);
    await clickFollowUp("knockout", m1, brute);
    const m2 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    world.dice.queue(90, 1); // fails: knocked out by the second blow
    await clickFollowUp("knockout", m2, brute);
    expect(world.notified("warn")).toEqual([]);
    expect(wound(brute).knockedOut).toBe(true);
    expect(responses(brute)[String(cardOf(m1).result.attackId)]).toMatchObject({ knockout: { success: true } });
    expect(responses(brute)[String(cardOf(m2).result.attackId)]).toMatchObject({ knockout: { success: false } });
  });
});

describe("Shake Off and the knockout roll carry the roller's wound penalty (B1)", () => {
  beforeEach(async () => {
    world.login("gm");
    await brute.update({ "system.wound": mw });
  });

  it("Shake Off: a Medium-Wounded Brute rolls at EF 5 − 2 = 3 (STR 18 → SC 54), and the note says so", async () => {
    // Thug's punch: H-t-H PC 9 × EF (5 − Speed 1) = SC 36; roll 3 is QR1; DC B → Heavy Wound.
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    const attackId = String(cardOf(m).result.attackId);
    world.login("alice");
    world.dice.queue(60); // unwounded (SC 90) this would pass
    await clickFollowUp("shakeOff", m, brute);
    expect([...world.messages].at(-1)!.content).toContain("Brute fails to shake off the blow: rolled 60 vs SC 54 (Strength PC 18 × EF 3: Shake Off&#39;s 5, −2 Medium Wound). Heavy Wound.");
    expect(responses(brute)[attackId]).toMatchObject({ shakeOff: { roll: 60, woundLevel: "MW" } });
    // Apply replays the stored roll with its penalty: the Heavy Wound lands (MW + HW accumulates).
    world.login("gm");
    const applied = await adapter.queries.requestApply(m.id, brute.uuid, true);
    expect(applied).toMatchObject({ ok: true });
    expect(wound(brute).level).not.toBe("MW");
  });

  it("Knockout: a Medium-Wounded Brute resists at EF 4 − 2 = 2 (WIL 10 → SC 20); the recovery card shows it", async () => {
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    expect(cardOf(m).result).toMatchObject({ knockoutEase: 4 });
    world.login("alice");
    world.dice.queue(30, 1); // unwounded (SC 40) this would pass
    await clickFollowUp("knockout", m, brute);
    const card = recoveryCards().at(-1)!;
    expect(card.content).toContain("Rolled 30 vs SC 20 (PC 10 × EF 2)");
    expect(wound(brute)).toMatchObject({ level: "MW", knockedOut: true });
  });
});
