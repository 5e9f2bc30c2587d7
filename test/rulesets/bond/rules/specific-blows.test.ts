import { describe, expect, it } from "vitest";
import { SPECIFIC_BLOWS, specificBlowAllowed, specificBlowEase, specificBlowEffect } from "../../../../src/rulesets/bond/rules/index.js";
import type { SpecificBlow } from "../../../../src/rulesets/bond/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("Specific Blows", () => {
  it("are the seed's six", () => {
    expect([...SPECIFIC_BLOWS]).toEqual(["disarm", "trip", "rise", "restrain", "release", "knockout"]);
  });
  it("cost −2 EF; a knockout −4", () => {
    expect(SPECIFIC_BLOWS.map(specificBlowEase)).toEqual([-2, -2, -2, -2, -2, -4]);
  });
  it("have their effects", () => {
    expect(specificBlowEffect("trip").target).toEqual([{ status: "prone", on: true }]);
    expect(specificBlowEffect("knockout").knockoutRoll).toBe(true);
    expect(specificBlowEffect("disarm")).toEqual({ target: [], attacker: [], disarm: true, knockoutRoll: false });
  });
  it("rise only when prone, release only when restrained", () => {
    const free = { prone: false, restrained: false };
    expect(specificBlowAllowed("rise", free)).toBe(false);
    expect(specificBlowAllowed("rise", { ...free, prone: true })).toBe(true);
    expect(specificBlowAllowed("release", free)).toBe(false);
    expect(specificBlowAllowed("release", { ...free, restrained: true })).toBe(true);
    expect(specificBlowAllowed("trip", free)).toBe(true);
    expectRuleError(() => specificBlowAllowed("bite" as SpecificBlow, free), "badChoice");
    expectRuleError(() => specificBlowAllowed("trip", null as unknown as typeof free), "badInput");
  });
});
