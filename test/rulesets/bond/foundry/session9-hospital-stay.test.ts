/**
 * Session 9, wave 2 (audit-s9 R1/R3, D25): the Hospital button healed up to two levels per press,
 * not per stay, and a press of 1 or 2 days healed nothing, lost its days and said nothing. The stay
 * is now recorded in the wound (levels healed, days carried); a press that heals nothing says why.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bruteWorld, characterSheet, standInEnrichHTML, wound } from "./helpers.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
let world: FakeWorld;
let brute: FakeActor;
let thug: FakeActor;

const hw = { level: "HW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };

/** Alice's sheet of the brute, pressing Hospital with `days` typed in; redrawn before each press (a new press, not a double click). */
async function hospital(days: number) {
  const s = await characterSheet(world, brute, "alice");
  (s.sheet as unknown as { element: unknown }).element = { querySelector: () => ({ value: String(days) }) };
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
  await world.as("alice", () => actions.hospital!.call(s.sheet, { detail: 1 }, { dataset: {} }));
}

beforeEach(async () => {
  ({ world, brute, thug } = await bruteWorld());
  standInEnrichHTML();
  world.login("gm");
  await brute.update({ "system.wound": hw } as never);
  world.notifications.length = 0;
});

describe("session 9 wave 2: a hospital stay heals two levels, and days carry over", () => {
  it("two 6-day presses on a Heavy Wound: Light Wound after the first, nothing more from the second, and said why", async () => {
    await hospital(6);
    expect(wound(brute)).toMatchObject({ level: "LW", hospitalLevels: 2, hospitalDays: 0 });
    expect(world.notifications).toEqual([]);
    await hospital(6);
    expect(wound(brute)).toMatchObject({ level: "LW", hospitalLevels: 2 });
    expect(world.notified("warn")).toEqual(["Brute's hospital stay has already healed 2 levels, the most a stay heals, so nothing was healed. Rest heals the rest (1 level a week), until a new wound."]);
  });

  it("2 + 2 days heal one level; the first press says its days were counted, and the sheet shows the stay", async () => {
    await hospital(2);
    expect(wound(brute)).toMatchObject({ level: "HW", hospitalLevels: 0, hospitalDays: 2 });
    expect(world.notified("info")).toEqual(["Nothing healed yet: Brute has now spent 2 of the 3 days a level takes in hospital. They count towards the next level when you add more days."]);
    const shown = await characterSheet(world, brute, "alice");
    expect(shown.html).toContain("Hospital stay: 0 of 2 levels healed; 2 of the 3 days to the next level already spent.");
    await hospital(2);
    expect(wound(brute)).toMatchObject({ level: "MW", hospitalLevels: 1, hospitalDays: 1 });
    expect((await characterSheet(world, brute, "alice")).html).toContain("Hospital stay: 1 of 2 levels healed; 1 of the 3 days to the next level already spent.");
  });

  it("a press past the stay's last level says how many days healed nothing; the sheet says the stay is used", async () => {
    await hospital(4); // one level, 1 day carried
    world.notifications.length = 0;
    await hospital(9); // 1 + 9 = 10 days: the second level (3), then 7 days for nothing
    expect(wound(brute)).toMatchObject({ level: "LW", hospitalLevels: 2, hospitalDays: 0 });
    expect(world.notified("info")).toEqual(["Brute's hospital stay has now healed its 2 levels, the most a stay heals, so 7 of the days healed nothing. Rest heals the rest (1 level a week)."]);
    expect((await characterSheet(world, brute, "alice")).html).toContain("Hospital stay: its 2 levels are healed (the most a stay heals). Rest heals the rest, until a new wound.");
  });

  it("a new wound (the attack card's Apply) ends the stay: the next press heals again", async () => {
    await hospital(6);
    expect(wound(brute)).toMatchObject({ level: "LW", hospitalLevels: 2 });
    const hit = await attack(world, "gm", thug, [brute], 5, 3);
    const { requestApply } = (await import("../../../../src/foundry/queries.js"));
    await requestApply(hit.id, brute.uuid, true);
    expect(wound(brute).level).not.toBe("LW");
    expect(wound(brute)).toMatchObject({ hospitalLevels: 0, hospitalDays: 0 });
    world.notifications.length = 0;
    const before = wound(brute).level;
    await hospital(3);
    expect(wound(brute).level).not.toBe(before);
    expect(world.notifications).toEqual([]);
  });
});
