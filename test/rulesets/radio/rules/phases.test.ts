import { describe, expect, it } from "vitest";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("phasesFor", () => {
  it("matches the seed's five actions", () => {
    expect(radio.phasesFor("frenzied")).toEqual([1, 2, 3, 4]);
    expect(radio.phasesFor("standard")).toEqual([1, 3]);
    expect(radio.phasesFor("targeted")).toEqual([2, 4]);
    expect(radio.phasesFor("spell")).toEqual([2, 4]);
    expect(radio.phasesFor("defensive")).toEqual([]);
  });

  it("spells prepare in phases 1 and 3; no other action prepares", () => {
    expect(radio.spellPreparesIn()).toEqual([1, 3]);
    for (const a of radio.ACTIONS) if (a !== "spell") expect(radio.preparesIn(a)).toEqual([]);
  });

  it("phaseActivity names what happens in each phase", () => {
    expect(radio.phaseActivity("spell", 1)).toBe("prepare");
    expect(radio.phaseActivity("spell", 2)).toBe("test");
    expect(radio.phaseActivity("standard", 2)).toBe("none");
    expect(radio.phaseActivity("defensive", 4)).toBe("none");
  });

  it("refuses unknown actions and phases", () => {
    expectRuleError(() => radio.phasesFor("dodge" as radio.Action), "badChoice");
    expectRuleError(() => radio.phaseActivity("standard", 5 as radio.Phase), "badNumber");
    expectRuleError(() => radio.phaseActivity("standard", 0 as radio.Phase), "badNumber");
  });
});

describe("roundPlan", () => {
  it("runs phase by phase, in initiative order within a phase, skipping idle participants", () => {
    const plan = radio.roundPlan(["jake", "gang", "malefice", "doc", "ducker"], {
      jake: "standard",
      gang: "frenzied",
      malefice: "spell",
      doc: "targeted",
      ducker: "defensive",
    });
    expect(plan.map((s) => `${s.phase}:${s.id}:${s.activity}`)).toEqual([
      "1:jake:test",
      "1:gang:test",
      "1:malefice:prepare",
      "2:gang:test",
      "2:malefice:test",
      "2:doc:test",
      "3:jake:test",
      "3:gang:test",
      "3:malefice:prepare",
      "4:gang:test",
      "4:malefice:test",
      "4:doc:test",
    ]);
  });

  it("refuses a participant without an action, and duplicate ids", () => {
    expectRuleError(() => radio.roundPlan(["a", "b"], { a: "standard" }), "missingAction");
    expectRuleError(() => radio.roundPlan(["a", "a"], { a: "standard" }), "duplicateId");
    expectRuleError(() => radio.roundPlan(["toString"], {}), "missingAction");
    expectRuleError(() => radio.roundPlan(["a"], { a: "nap" as radio.Action }), "badChoice");
  });
});
