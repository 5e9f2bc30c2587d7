import { describe, expect, it } from "vitest";
import { overrideGrid } from "../../../../src/engine/tables.js";
import { tables } from "../../../../src/rulesets/faserip/rules/index.js";

describe("faserip tables", () => {
  it("exports the seven tables with distinct faserip ids", () => {
    const ids = tables.map((t) => t.id);
    expect(ids).toEqual([
      "faserip.universalTable",
      "faserip.rankNumbers",
      "faserip.battleEffects",
      "faserip.dodgeShifts",
      "faserip.slamStun",
      "faserip.coverShifts",
      "faserip.initiativeModifiers",
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(tables.map((t) => [t.id, t] as const))("%s is well formed and accepts itself as an override", (_id, t) => {
    expect(t.ruleset).toBe("faserip");
    expect(t.citation.length).toBeGreaterThan(20);
    expect(t.cells).toHaveLength(t.rows.length);
    for (const row of t.cells) expect(row).toHaveLength(t.columns.length);
    expect(t.check?.(t.cells) ?? null).toBeNull();
    expect(overrideGrid(t, JSON.parse(JSON.stringify(t.cells))).cells).toEqual(t.cells);
  });

  it("provisional tables say so and ask to be replaced", () => {
    for (const t of tables.filter((x) => x.source === "provisional")) expect(t.citation).toMatch(/replace from your rulebook/);
    expect(tables.filter((x) => x.source === "provisional").map((t) => t.id)).toEqual([
      "faserip.slamStun",
      "faserip.coverShifts",
      "faserip.initiativeModifiers",
    ]);
  });
});
