import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError, throwsOnlyRuleErrors } from "./helpers.js";

describe("applyWounds — player characters", () => {
  it("stays active above 0 and falls unconscious at exactly 0", () => {
    expect(radio.applyWounds({ wounds: 5, isPC: true }, 2)).toEqual({ wounds: 3, state: "active", finalAction: false });
    expect(radio.applyWounds({ wounds: 3, isPC: true }, 3)).toEqual({ wounds: 0, state: "unconscious", finalAction: false });
  });

  it("dies below 0 and, having been conscious, is owed one final heroic action", () => {
    expect(radio.applyWounds({ wounds: 2, isPC: true }, 3)).toEqual({ wounds: -1, state: "dead", finalAction: true });
  });

  it("an unconscious PC is killed by any further hit (no final action: they cannot act)", () => {
    expect(radio.applyWounds({ wounds: 0, isPC: true }, 1)).toEqual({ wounds: -1, state: "dead", finalAction: false });
    expect(radio.applyWounds({ wounds: 4, isPC: true, state: "unconscious" }, 1)).toEqual({ wounds: 3, state: "dead", finalAction: false });
  });

  it("a knockout never spares a PC (the seed's knockout protects NPCs)", () => {
    expect(radio.applyWounds({ wounds: 1, isPC: true, knockout: true }, 3).state).toBe("dead");
  });

  it("a dead PC is unchanged by further hits and keeps any owed final action", () => {
    expect(radio.applyWounds({ wounds: -2, isPC: true, finalAction: true }, 5)).toEqual({ wounds: -2, state: "dead", finalAction: true });
  });
});

describe("applyWounds — NPCs", () => {
  it("unconscious at 0, dead below 0", () => {
    expect(radio.applyWounds({ wounds: 2, isPC: false }, 2).state).toBe("unconscious");
    expect(radio.applyWounds({ wounds: 2, isPC: false }, 3)).toEqual({ wounds: -1, state: "dead", finalAction: false });
  });

  it("a knockout leaves them unconscious below 0 unless the weapon is an area weapon", () => {
    expect(radio.applyWounds({ wounds: 2, isPC: false, knockout: true }, 5)).toEqual({ wounds: -3, state: "unconscious", finalAction: false });
    expect(radio.applyWounds({ wounds: 2, isPC: false, knockout: true, areaWeapon: true }, 5).state).toBe("dead");
  });

  it("a knocked-out NPC dies from a later hit meant to kill", () => {
    expect(radio.applyWounds({ wounds: -3, isPC: false, state: "unconscious" }, 1).state).toBe("dead");
    expect(radio.applyWounds({ wounds: -3, isPC: false, state: "unconscious", knockout: true }, 1).state).toBe("unconscious");
  });

  it("an unconscious NPC at 0 is not killed by a knockout blow", () => {
    expect(radio.applyWounds({ wounds: 0, isPC: false, knockout: true }, 4).state).toBe("unconscious");
  });
});

describe("applyHit", () => {
  it("reports the status changes for the token", () => {
    expect(radio.applyHit({ wounds: 1, isPC: true }, 1).events).toEqual([{ status: "unconscious", on: true }]);
    expect(radio.applyHit({ wounds: 0, isPC: true }, 1).events).toEqual([
      { status: "unconscious", on: false },
      { status: "dead", on: true },
    ]);
    // A PC owed a final action shows as dying until it is taken.
    expect(radio.applyHit({ wounds: 1, isPC: true }, 2).events).toEqual([{ status: "dying", on: true }]);
    expect(radio.applyHit({ wounds: 5, isPC: false }, 1).events).toEqual([]);
    expect(radio.applyHit({ wounds: -1, isPC: false }, 1).events).toEqual([]);
  });

  it("completeFinalAction turns dying into dead", () => {
    const dying = radio.applyHit({ wounds: 1, isPC: true }, 2);
    expect(radio.completeFinalAction(dying)).toEqual({
      wounds: -1,
      state: "dead",
      finalAction: false,
      events: [
        { status: "dying", on: false },
        { status: "dead", on: true },
      ],
    });
    expectRuleError(() => radio.completeFinalAction({ wounds: 3, state: "active", finalAction: false }), "noFinalAction");
  });

  it("refuses bad tracks and damage", () => {
    expectRuleError(() => radio.applyWounds({ wounds: 3, isPC: true }, 0), "badNumber");
    expectRuleError(() => radio.applyWounds({ wounds: 1.5, isPC: true }, 1), "badNumber");
    expectRuleError(() => radio.applyWounds({ wounds: 0, isPC: true, state: "active" }, 1), "inconsistentWounds");
    expectRuleError(() => radio.applyWounds({ wounds: 3, isPC: true, state: "asleep" as radio.WoundState }, 1), "badChoice");
    expectRuleError(() => radio.applyWounds({ wounds: 3, isPC: "yes" as unknown as boolean }, 1), "badFlag");
  });

  it("wounds only fall, state only worsens for a PC, and the events match the states (property)", () => {
    const rank = { active: 0, unconscious: 1, dead: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.boolean(), fc.boolean(), (wounds, dmg, isPC, knockout, areaWeapon) => {
        const before = radio.woundStateOf(wounds);
        const r = radio.applyHit({ wounds, isPC, knockout, areaWeapon }, dmg);
        expect(r.wounds).toBeLessThanOrEqual(wounds);
        if (before !== "dead") expect(r.wounds).toBe(wounds - dmg);
        if (isPC) expect(rank[r.state]).toBeGreaterThanOrEqual(rank[before]);
        if (r.finalAction) expect(isPC && before === "active" && r.state === "dead").toBe(true);
        if (!isPC && r.wounds < 0 && before !== "dead") expect(r.state).toBe(knockout && !areaWeapon ? "unconscious" : "dead");
        for (const ev of r.events) expect(radio.statusesOf(r.state, r.finalAction).includes(ev.status)).toBe(ev.on);
      }),
      { numRuns: 1000 },
    );
  });

  it("throws only typed errors on arbitrary input (property)", () => {
    fc.assert(
      fc.property(fc.record({ wounds: fc.anything(), isPC: fc.anything(), state: fc.anything(), knockout: fc.anything() }), fc.anything(), (t, d) =>
        throwsOnlyRuleErrors(() => radio.applyHit(t as unknown as radio.WoundTrack, d as number)),
      ),
      { numRuns: 1000 },
    );
  });
});
