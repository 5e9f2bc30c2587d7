/**
 * Review s6b D1: Bond read a typed number with two copies of one algorithm (the attack dialog's GM
 * modifier and the Task/First Aid Ease Factor). Both went through one pure reader; since session 7
 * that reader is core's (src/foundry/sheets/typed-number.ts) and Bond's copy is deleted: Bond keeps
 * only its step, range and words, with core's "above"/"below" read as "range".
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTypedNumber } from "../../../../src/foundry/sheets/typed-number.js";
import { readTypedEase } from "../../../../src/rulesets/bond/sheets/typed-ease.js";
import { GM_MODIFIER_RANGE, readGmModifier } from "../../../../src/rulesets/bond/sheets/attack-view.js";

const RAW: unknown[] = ["7", 7, "-20", -21, "25", "-30", 2.5, "2.5", "3.5", "2.3", "abc", "", "  ", null, undefined, "1e1", " 4 ", "0x10", Infinity, NaN];

describe("readTypedNumber (core) as Bond reads it", () => {
  it("empty keeps the previous; on the step and in range is used; outside, the nearer end; off the step, the previous", () => {
    // Bond's rule: core's defaults (empty "previous", outside "nearest").
    const whole = { min: -20, max: 20, step: 1 };
    expect(readTypedNumber("", 3, whole)).toEqual({ value: 3, adjusted: null });
    expect(readTypedNumber(null, 3, whole)).toEqual({ value: 3, adjusted: null });
    expect(readTypedNumber(" 4 ", 3, whole)).toEqual({ value: 4, adjusted: null });
    expect(readTypedNumber("25", 3, whole)).toEqual({ value: 20, adjusted: { typed: "25", used: 20, reason: "above" } });
    expect(readTypedNumber(-30, 3, whole)).toEqual({ value: -20, adjusted: { typed: "-30", used: -20, reason: "below" } });
    expect(readTypedNumber("2.5", 3, whole)).toEqual({ value: 3, adjusted: { typed: "2.5", used: 3, reason: "step" } });
    expect(readTypedNumber("2.5", 3, { ...whole, step: 0.5 })).toEqual({ value: 2.5, adjusted: null });
    expect(readTypedNumber("abc", 3, whole)).toEqual({ value: 3, adjusted: { typed: "abc", used: 3, reason: "step" } });
    expect(readTypedNumber(Infinity, 3, whole)).toMatchObject({ value: 3, adjusted: { reason: "step" } });
    // What was typed is kept short (it is quoted in a line and a warning).
    expect(readTypedNumber("9".repeat(40), 3, whole).adjusted?.typed).toHaveLength(20);
  });

  it("the GM modifier and the Ease Factor are that one reader (their reasons named for their words)", () => {
    const name = { above: "range", below: "range", step: "whole" } as const;
    const half = { above: "range", below: "range", step: "half" } as const;
    for (const raw of RAW) {
      const gm = readTypedNumber(raw, 3, { ...GM_MODIFIER_RANGE, step: 1 });
      expect(readGmModifier(raw, 3)).toEqual({ value: gm.value, adjusted: gm.adjusted && { ...gm.adjusted, reason: name[gm.adjusted.reason] } });
      const ef = readTypedNumber(raw, 5, { min: -20, max: 20, step: 0.5 });
      expect(readTypedEase(raw, 5, { min: -20, max: 20 })).toEqual({ value: ef.value, adjusted: ef.adjusted && { ...ef.adjusted, reason: half[ef.adjusted.reason] } });
    }
  });

  it("no copy of the algorithm is left in Bond: attack-view.ts and typed-ease.ts use core's reader", () => {
    expect(existsSync(join(process.cwd(), "src/rulesets/bond/sheets/typed-number.ts"))).toBe(false);
    for (const file of ["attack-view.ts", "typed-ease.ts"]) {
      const src = readFileSync(join(process.cwd(), "src/rulesets/bond/sheets", file), "utf8");
      expect(src).toContain("readTypedNumber(");
      expect(src).toContain('from "../../../foundry/sheets/typed-number.js"');
      expect(src).not.toMatch(/Math\.min\([^)]*\.max, Math\.max\([^)]*\.min, n\)\)/);
    }
  });
});

describe("UX review s6b #11.6: no blank band under an adjusted line", () => {
  it(".bond-adjusted has no margin: the fields' grid gap spaces it", () => {
    const scss = readFileSync(join(process.cwd(), "styles/_bond.scss"), "utf8").replace(/\/\/.*$/gm, "");
    expect(scss).toMatch(/\.bond-adjusted \{\s*margin: 0;/);
  });
});
