import { describe, expect, it } from "vitest";
import * as zodiac from "../../../../src/rulesets/zodiac/rules/index.js";
import { codeOf } from "./helpers.js";

describe("operationsOrder", () => {
  it("defaults to the table's clockwise order", () => {
    expect(zodiac.operationsOrder(["ann", "bob", "cy"])).toEqual(["ann", "bob", "cy"]);
  });

  it("Operations can move anyone", () => {
    expect(zodiac.operationsOrder(["ann", "bob", "cy"], [{ id: "cy", to: 0 }])).toEqual(["cy", "ann", "bob"]);
    expect(zodiac.operationsOrder(["ann", "bob", "cy"], [{ id: "ann", to: 2 }, { id: "bob", to: 1 }])).toEqual(["cy", "bob", "ann"]);
  });

  it("refuses unknown ids, bad places, duplicates", () => {
    expect(codeOf(() => zodiac.operationsOrder(["ann"], [{ id: "zed", to: 0 }]))).toBe("unknownId");
    expect(codeOf(() => zodiac.operationsOrder(["ann", "bob"], [{ id: "ann", to: 2 }]))).toBe("badNumber");
    expect(codeOf(() => zodiac.operationsOrder(["ann", "ann"]))).toBe("duplicateId");
  });
});

describe("roundComplete", () => {
  it("every Agent present rolls every round", () => {
    expect(zodiac.roundComplete(["ann", "bob", "cy"], ["bob"])).toEqual({ complete: false, missing: ["ann", "cy"] });
    expect(zodiac.roundComplete(["ann", "bob"], ["bob", "ann", "bob"])).toEqual({ complete: true, missing: [] });
    expect(zodiac.roundComplete([], [])).toEqual({ complete: true, missing: [] });
  });

  it("refuses a roll from someone not present", () => {
    expect(codeOf(() => zodiac.roundComplete(["ann"], ["bob"]))).toBe("unknownId");
  });
});
