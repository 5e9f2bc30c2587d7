// Purity is proven, not promised: dist/engine.mjs runs in a bare Node child process with no
// Foundry globals and answers real questions.
import { describe, it, expect } from "vitest";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const engine = fileURLToPath(new URL("../../dist/engine.mjs", import.meta.url));

function runBare(script: string): unknown {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  return JSON.parse(out);
}

describe("dist/engine.mjs in bare Node", () => {
  it("exists (run npm run build first)", () => {
    expect(existsSync(engine)).toBe(true);
  });

  it("loads with no Foundry globals and exports every namespace", () => {
    const result = runBare(`
      const before = ["game", "foundry", "CONFIG", "window", "document", "Hooks", "ui"].filter((g) => g in globalThis);
      const k = await import(${JSON.stringify(engine)});
      console.log(JSON.stringify({ before, keys: Object.keys(k).sort() }));
    `) as { before: string[]; keys: string[] };
    expect(result.before).toEqual([]);
    for (const ns of ["order", "ledger", "wounds", "odds", "bond", "radio", "zodiac", "faserip"]) {
      expect(result.keys).toContain(ns);
    }
  });

  it("computes with the shared engines", () => {
    const result = runBare(`
      const { odds, ledger, order, FracasRuleError } = await import(${JSON.stringify(engine)});
      const twoD6 = odds.sumOfDice(2, 6);
      let refused = null;
      try { ledger.change(ledger.createPool(1), { id: "a", delta: -2, reason: "spend", by: "u", at: 0 }); }
      catch (e) { refused = e instanceof FracasRuleError ? e.code : "wrong error"; }
      const plan = order.freePlan(["x", "y"]);
      console.log(JSON.stringify({ seven: odds.atLeast(twoD6, 7), refused, steps: plan.steps.map((s) => s.combatantId) }));
    `) as { seven: number; refused: string; steps: string[] };
    expect(result.seven).toBeCloseTo(21 / 36, 12);
    expect(result.refused).toBe("insufficient");
    expect(result.steps).toEqual(["x", "y"]);
  });

  it("computes each ruleset's rules", () => {
    const result = runBare(`
      const { bond, radio, zodiac, faserip } = await import(${JSON.stringify(engine)});
      console.log(JSON.stringify({
        sc: bond.successChance(15, 5),
        hit: radio.isHit(12),
        profile: zodiac.agentProfile({ a: 4, b: 2, c: 3 }),
        color: faserip.universalColor(50, "typical"),
      }));
    `) as { sc: number; hit: boolean; profile: { rank: number; tn: number }; color: string };
    expect(result).toEqual({ sc: 75, hit: true, profile: { rank: 4, tn: 10 }, color: "white" });
  });
});
