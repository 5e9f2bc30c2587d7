import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("sealWagers / reveal", () => {
  it("reveals nothing until every side has committed", () => {
    const open = zodiac.openWagers(["a", "b"]);
    expect(zodiac.reveal(open)).toEqual({ revealed: false, committed: [], waiting: ["a", "b"] });
    const one = zodiac.sealWagers(open, "a", 4);
    const shown = zodiac.reveal(one);
    expect(shown.revealed).toBe(false);
    expect(JSON.stringify(shown)).not.toContain("4");
    expect(zodiac.reveal(zodiac.sealWagers(one, "b", 0))).toEqual({ revealed: true, wagers: { a: 4, b: 0 } });
  });

  it("is pure: sealing returns a new state", () => {
    const open = zodiac.openWagers(["a", "b"]);
    zodiac.sealWagers(open, "a", 2);
    expect(open.sealed).toEqual({ a: null, b: null });
  });

  it("a commitment is final; strangers, bad amounts and Almost Dead Wagers are refused", () => {
    const one = zodiac.sealWagers(zodiac.openWagers(["a", "b"]), "a", 1);
    expect(codeOf(() => zodiac.sealWagers(one, "a", 2))).toBe("alreadySealed");
    expect(codeOf(() => zodiac.sealWagers(one, "c", 2))).toBe("unknownId");
    expect(codeOf(() => zodiac.sealWagers(one, "b", -1))).toBe("badNumber");
    expect(codeOf(() => zodiac.sealWagers(one, "b", 1, true))).toBe("almostDeadCannotWager");
    expect(zodiac.reveal(zodiac.sealWagers(one, "b", 0, true))).toEqual({ revealed: true, wagers: { a: 1, b: 0 } });
  });

  it("needs two or more distinct sides", () => {
    expect(codeOf(() => zodiac.openWagers(["a"]))).toBe("badInput");
    expect(codeOf(() => zodiac.openWagers(["a", "a"]))).toBe("duplicateId");
  });
});
