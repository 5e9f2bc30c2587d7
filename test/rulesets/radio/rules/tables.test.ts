import { describe, expect, it } from "vitest";
import { overrideGrid } from "../../../../src/engine/tables.js";
import { FracasRuleError } from "../../../../src/engine/errors.js";
import * as radio from "../../../../src/rulesets/radio/rules/index.js";
import { expectRuleError } from "./helpers.js";

describe("radio tables", () => {
  it("ships five tables, each a radio seed table with a citation", () => {
    expect(radio.tables.map((t) => t.id).sort()).toEqual(
      ["radio.actionModifiers", "radio.actionPhases", "radio.damage", "radio.tiers", "radio.tokens"],
    );
    for (const t of radio.tables) {
      expect(t.ruleset).toBe("radio");
      expect(t.source).toBe("seed");
      expect(t.citation).toMatch(/Seed 001/);
      expect(t.cells.length).toBe(t.rows.length);
      for (const row of t.cells) expect(row.length).toBe(t.columns.length);
    }
  });

  it("every shipped table passes its own validation unchanged", () => {
    for (const t of radio.tables) expect(overrideGrid(t, t.cells).cells).toEqual(t.cells);
  });

  it("damage table follows the seed's weapon list", () => {
    const t = radio.damageTable;
    const at = (w: string, c: string) => t.cells[t.rows.indexOf(w)]![t.columns.indexOf(c)];
    expect(at("hand", "unskilled")).toBe(1);
    expect(at("rocks", "unskilled")).toBe(1);
    expect(at("rocks", "skilled")).toBe(2);
    expect(at("club", "unskilled")).toBe(2);
    expect(at("blade", "unskilled")).toBe(3);
    expect(at("projectile", "unskilled")).toBe(3);
    expect(at("area", "unskilled")).toBe(4);
  });

  it("refuses a damage override where skill lowers damage, or a hit deals 0", () => {
    const lower = radio.damageTable.cells.map((r) => [...r]);
    lower[1] = [2, 1];
    expectRuleError(() => overrideGrid(radio.damageTable, lower), "badTableCell");
    const zero = radio.damageTable.cells.map((r) => [...r]);
    zero[0] = [0, 0];
    expectRuleError(() => overrideGrid(radio.damageTable, zero), "badTableCell");
  });

  it("refuses a tier override where a better tier fights worse", () => {
    expectRuleError(() => overrideGrid(radio.tiersTable, [[-2], [3], [2], [5]]), "badTableCell");
  });

  it("refuses an unknown phase activity", () => {
    const cells = radio.actionPhasesTable.cells.map((r) => [...r]);
    cells[0]![0] = "dance";
    try {
      overrideGrid(radio.actionPhasesTable, cells);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FracasRuleError);
      expect((e as FracasRuleError).data.row).toBe("frenzied");
    }
  });

  it("functions read a GM's override when given one", () => {
    const rocksAlways2 = overrideGrid(radio.damageTable, radio.damageTable.cells.map((r, i) => (i === 1 ? [2, 2] : [...r])));
    expect(radio.damage({ weapon: "rocks" }, rocksAlways2)).toBe(2);
    const eliteIs6 = overrideGrid(radio.tiersTable, [[-2], [0], [2], [6]]);
    expect(radio.tierModifier("expert", eliteIs6)).toBe(6);
    const generous = overrideGrid(radio.tokensTable, [[1], [3], [2], [2], [1]]);
    expect(radio.tokensEarned("standard", true, generous)).toBe(3);
    const spellPlus1 = overrideGrid(radio.actionModifiersTable, radio.actionModifiersTable.cells.map((r, i) => (i === 3 ? [1, 0] : [...r])));
    expect(radio.actionModifier("spell", {}, spellPlus1)).toBe(1);
    const standardEveryPhase = overrideGrid(
      radio.actionPhasesTable,
      radio.actionPhasesTable.cells.map((r, i) => (i === 1 ? ["test", "test", "test", "test"] : [...r])),
    );
    expect(radio.phasesFor("standard", standardEveryPhase)).toEqual([1, 2, 3, 4]);
  });
});
