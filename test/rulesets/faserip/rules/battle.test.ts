import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { overrideGrid } from "../../../../src/engine/tables.js";
import {
  ACTION_ABILITY,
  ATTACK_ACTIONS,
  BATTLE_EFFECT_PROVISIONAL_CELLS,
  COLORS,
  battleEffect,
  battleEffectsTable,
  dodgeShift,
  dodgeShiftsTable,
} from "../../../../src/rulesets/faserip/rules/index.js";
import type { AttackAction, BattleEffect, Color } from "../../../../src/rulesets/faserip/rules/index.js";
import { expectRuleError, throwsRuleError } from "./helpers.js";

// Seed 004 Attack Actions (+ RULES.md §4 for the P cells), White/Green/Yellow/Red.
const SPEC: Record<AttackAction, [BattleEffect, BattleEffect, BattleEffect, BattleEffect]> = {
  slugfest: ["miss", "hit", "slam", "stun"],
  hackSlash: ["miss", "hit", "stun", "kill"],
  shooting: ["miss", "hit", "bullseye", "kill"],
  throwing: ["miss", "hit", "bullseye", "kill"],
  grappling: ["miss", "miss", "partial", "hold"],
  escaping: ["miss", "miss", "escape", "reverse"],
  snatching: ["miss", "miss", "grab", "break"],
  charging: ["miss", "hit", "slam", "stun"],
};

describe("Battle Effects", () => {
  const cells = ATTACK_ACTIONS.flatMap((a) => COLORS.map((c, i) => [a, c, SPEC[a][i]!] as const));
  it.each(cells)("%s %s → %s", (action, color, effect) => {
    expect(battleEffect(action, color)).toBe(effect);
  });

  it("abilities follow the seed's Attack Actions table", () => {
    expect(ACTION_ABILITY).toEqual({
      slugfest: "fighting",
      hackSlash: "fighting",
      shooting: "agility",
      throwing: "agility",
      dodging: "agility",
      grappling: "strength",
      escaping: "strength",
      snatching: "strength",
      charging: "endurance",
    });
  });

  it("Throwing reads the same effects as Shooting", () => {
    for (const c of COLORS) expect(battleEffect("throwing", c)).toBe(battleEffect("shooting", c));
  });

  it("provisional cells are listed and are exactly the seed's unnamed ones", () => {
    expect(BATTLE_EFFECT_PROVISIONAL_CELLS).toEqual([
      { action: "grappling", color: "green" },
      { action: "grappling", color: "yellow" },
      { action: "escaping", color: "green" },
      { action: "snatching", color: "green" },
    ]);
    expect(battleEffectsTable.citation).toMatch(/Provisional/);
  });

  it("passes its own check; an override making White hit is refused", () => {
    expect(battleEffectsTable.check?.(battleEffectsTable.cells)).toBeNull();
    const cells = battleEffectsTable.cells.map((r) => [...r]);
    cells[0]![0] = "hit";
    expectRuleError(() => overrideGrid(battleEffectsTable, cells), "badTableCell");
    cells[0]![0] = "miss";
    cells[4]![2] = "hold";
    expect(battleEffect("grappling", "yellow", overrideGrid(battleEffectsTable, cells))).toBe("hold");
  });

  it("bad input is a typed error (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const validAction = (ATTACK_ACTIONS as readonly string[]).includes(s);
        const validColor = (COLORS as readonly string[]).includes(s);
        return (validAction || throwsRuleError(() => battleEffect(s as AttackAction, "green"))) &&
          (validColor || throwsRuleError(() => battleEffect("slugfest", s as Color)));
      }),
      { numRuns: 1000 },
    );
    expectRuleError(() => battleEffect("dodging" as AttackAction, "green"), "badChoice");
  });
});

describe("dodgeShift", () => {
  it("Green −2, Yellow −4, Red −6, White none", () => {
    expect(dodgeShift("white")).toBe(0);
    expect(dodgeShift("green")).toBe(-2);
    expect(dodgeShift("yellow")).toBe(-4);
    expect(dodgeShift("red")).toBe(-6);
  });

  it("refuses an override where a better dodge shifts less", () => {
    expectRuleError(() => overrideGrid(dodgeShiftsTable, [[0, -4, -2, -6]]), "badTableCell");
    expect(dodgeShift("red", overrideGrid(dodgeShiftsTable, [[0, -1, -3, -5]]))).toBe(-5);
  });

  it("bad colour is a typed error", () => {
    expectRuleError(() => dodgeShift("blue" as Color), "badChoice");
  });
});
