/**
 * Session 4, wave 2, task 1: an Agent's State follows a Rank change made by editing their Areas
 * (the Rank is the highest Area: seed ¶11 "an Agent Rank equal to their highest Area Rank", "once
 * an Agent has Wagers equal or greater than his Rank he is considered Almost Dead"), with the Wager
 * hand edit's rules: a head shot's kill, a Setback shot and a State chosen in the same submit are
 * left alone. V13 submits the whole form, so "changed" means "differs from what is stored".
 * Before, only a changed Wager count moved the State: Jeremy with 3 Wagers against Rank, his Virgo
 * lowered from 4 to 3, stayed Healthy at Rank.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { rankAfterHandEdit, stateAfterCountEdit } from "../../../../src/rulesets/zodiac/sheets/hand-edit.js";
import { jeremyAreas } from "./mike-jeremy-data.js";
import { mikeAndJeremy, startZodiacCombat, zodiacWorld, type Sheets } from "./world.js";

describe("rankAfterHandEdit / stateAfterCountEdit (pure)", () => {
  it("the Rank after a submit: the highest Area, each rating as the model stores it (a select sends text)", () => {
    expect(rankAfterHandEdit(jeremyAreas, {})).toBe(4);
    expect(rankAfterHandEdit(jeremyAreas, { a5: 3 })).toBe(3);
    expect(rankAfterHandEdit(jeremyAreas, { a5: "3" })).toBe(3);
    expect(rankAfterHandEdit(jeremyAreas, { a5: 3, a2: "5" })).toBe(5);
    // Not a rating the model would store: the stored one stands.
    expect(rankAfterHandEdit(jeremyAreas, { a5: "x", a1: 9, a2: 2.5, a3: "" })).toBe(4);
  });

  it("a Rank change moves the State as a Wager change does; an unchanged Rank and count move nothing", () => {
    const healthy = { status: "healthy", wagersAgainst: 3, almostDeadSince: null, almostDeadBy: "none" };
    const same = { wagersAgainst: 3, status: "healthy" };
    expect(stateAfterCountEdit(healthy, same, { before: 4, after: 3 }, 2)).toEqual({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "rank" });
    expect(stateAfterCountEdit(healthy, same, { before: 4, after: 5 }, 2)).toBeNull();
    expect(stateAfterCountEdit({ ...healthy, wagersAgainst: 4 }, { wagersAgainst: 4, status: "healthy" }, { before: 4, after: 4 }, 2)).toBeNull();
    const byRank = { status: "almostDead", wagersAgainst: 3, almostDeadSince: 1, almostDeadBy: "rank" };
    expect(stateAfterCountEdit(byRank, { wagersAgainst: 3, status: "almostDead" }, { before: 3, after: 4 }, 2)).toEqual({ status: "healthy", almostDeadSince: null, almostDeadBy: "none" });
    // No recorded cause, at the old Rank: the Rank was the cause (as Setback's cancel reads it).
    expect(stateAfterCountEdit({ ...byRank, almostDeadBy: "none" }, { wagersAgainst: 3, status: "almostDead" }, { before: 3, after: 4 }, 2)).toMatchObject({ status: "healthy" });
    // Both at once: count and Rank as submitted.
    expect(stateAfterCountEdit(healthy, { wagersAgainst: 2, status: "healthy" }, { before: 4, after: 2 }, 2)).toMatchObject({ status: "almostDead" });
  });

  it("what a Rank change leaves alone: a Setback shot, a hand-set Almost Dead below the old Rank, Dead, a State chosen in the same submit", () => {
    const rank = { before: 3, after: 5 };
    expect(stateAfterCountEdit({ status: "almostDead", wagersAgainst: 3, almostDeadSince: 1, almostDeadBy: "setback" }, { wagersAgainst: 3, status: "almostDead" }, rank, 2)).toBeNull();
    expect(stateAfterCountEdit({ status: "almostDead", wagersAgainst: 1, almostDeadSince: 1, almostDeadBy: "none" }, { wagersAgainst: 1, status: "almostDead" }, rank, 2)).toBeNull();
    expect(stateAfterCountEdit({ status: "dead", wagersAgainst: 0, almostDeadSince: null, almostDeadBy: "none" }, { wagersAgainst: 0, status: "dead" }, { before: 4, after: 1 }, 2)).toBeNull();
    expect(stateAfterCountEdit({ status: "healthy", wagersAgainst: 3, almostDeadSince: null, almostDeadBy: "none" }, { wagersAgainst: 3, status: "dead" }, { before: 4, after: 3 }, 2)).toBeNull();
  });
});

describe("on Jeremy's real sheet (typed fake, whole-form submits)", () => {
  let world: FakeWorld;
  let sheets: Sheets;
  let jeremy: FakeActor;
  type Health = { status: string; wagersAgainst: number; almostDeadSince: number | null; almostDeadBy: string };
  const health = (a: FakeActor) => (a.system as unknown as { health: Health }).health;
  const sheetOf = (a: FakeActor) => new sheets.ZodiacAgentSheet({ document: a } as never) as unknown as { submitForm(f: Record<string, unknown>): Promise<void> };
  const set = (h: Partial<Health>) => world.as("gm", async () => jeremy.update(Object.fromEntries(Object.entries(h).map(([k, v]) => [`system.health.${k}`, v])) as never));

  beforeEach(async () => {
    ({ world, sheets } = await zodiacWorld());
    ({ jeremy } = mikeAndJeremy(world));
    await set({ wagersAgainst: 3 });
  });

  it("his Virgo lowered from 4 to 3 in round 2: Rank 3, so Almost Dead by the Rank since round 2, icon on; raised back: Healthy, icon off", async () => {
    const combat = await startZodiacCombat(world, [jeremy]);
    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
    const sheet = sheetOf(jeremy);
    await world.as("gm", () => sheet.submitForm({ "system.areas.a5.rating": 3 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 3, almostDeadSince: 2, almostDeadBy: "rank" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
    // The whole form again, nothing changed (another field): the State stays.
    await world.as("gm", () => sheet.submitForm({ "system.agentPoints.value": 2 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "rank" });
    await world.as("gm", () => sheet.submitForm({ "system.areas.a5.rating": 4 }));
    expect(health(jeremy)).toMatchObject({ status: "healthy", wagersAgainst: 3, almostDeadSince: null, almostDeadBy: "none" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);
  });

  it("outside a fight the Almost Dead is since round 0 (before any fight), as a Wager edit's", async () => {
    await world.as("gm", () => sheetOf(jeremy).submitForm({ "system.areas.a5.rating": 2 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 0, almostDeadBy: "rank" });
  });

  it("left alone: shot with Setback, killed, or a State the GM chose in the same submit", async () => {
    const sheet = sheetOf(jeremy);
    await set({ status: "almostDead", almostDeadSince: 0, almostDeadBy: "setback" });
    await world.as("gm", () => sheet.submitForm({ "system.areas.a5.rating": 5 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadBy: "setback" });

    await set({ status: "dead", almostDeadBy: "none" });
    await world.as("gm", () => sheet.submitForm({ "system.areas.a5.rating": 1, "system.areas.a1.rating": 1 }));
    expect(health(jeremy).status).toBe("dead");

    await set({ status: "healthy", almostDeadSince: null });
    await world.as("gm", () => sheet.submitForm({ "system.areas.a1.rating": 3, "system.areas.a5.rating": 4 }));
    expect(health(jeremy).status).toBe("healthy");
    // Rank 3 would make him Almost Dead, but the GM set him Dead in the same submit: Dead.
    await world.as("gm", () => sheet.submitForm({ "system.areas.a5.rating": 3, "system.health.status": "dead" }));
    expect(health(jeremy).status).toBe("dead");
  });
});
