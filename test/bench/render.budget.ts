// Render budgets (DESIGN.md §6), run by `npm run bench`, not by `npm test`:
//   the largest sheet render ≤ 4 ms median; the tracker plan for 100 combatants ≤ 16 ms.
// Real Handlebars with every fixture context the browser tests use.
import { describe, it, expect } from "vitest";
import { createHandlebars, discover, FIXTURES_ROOT, TEMPLATES_ROOT } from "../browser/harness.js";
import { speedPlan } from "../../src/engine/order.js";
import { seededDice } from "../../src/engine/dice.js";
import { planView } from "../../src/foundry/tracker/plan-view.js";

const SHEET_BUDGET_MS = 4;
const TRACKER_BUDGET_MS = 16;

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => unknown, runs = 60): number {
  for (let i = 0; i < 10; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

describe("render budgets", () => {
  it(`every sheet and dialog renders in ≤ ${SHEET_BUDGET_MS} ms (median)`, async () => {
    const env = createHandlebars();
    const found = await discover(TEMPLATES_ROOT, FIXTURES_ROOT);
    const rows = found.cases.map((c) => ({
      template: `${c.template} › ${c.name}`,
      ms: time(() => env.renderTemplate(c.template, c.fixture.context, c.fixture.partialBlock ? { partialBlock: c.fixture.partialBlock } : {})),
    }));
    rows.sort((a, b) => b.ms - a.ms);
    console.table(rows.slice(0, 8).map((r) => ({ template: r.template, "median ms": r.ms.toFixed(3) })));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows[0]!.ms, rows[0]!.template).toBeLessThanOrEqual(SHEET_BUDGET_MS);
  });

  it(`the tracker plan for 100 combatants is built and rendered in ≤ ${TRACKER_BUDGET_MS} ms (median)`, () => {
    const env = createHandlebars();
    const combatants = Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, name: `Combatant ${i}`, speed: i % 4 }));
    const options = ["fire", "hth", "kick", "move", "other"].map((v) => ({ value: v, label: "FRACAS.Tracker.Undeclared" }));
    const ms = time(() => {
      const plan = speedPlan(combatants, seededDice(1), { round: 1 });
      const view = planView({
        plan, phase: "declare", step: 10, round: 1, ruleset: "bond", isGM: true,
        combatants: combatants.map((c) => ({ id: c.id, name: c.name, img: "", declaration: "", canDeclare: true, down: null, options })),
      });
      return env.renderTemplate("tracker/plan.hbs", { fracas: view, fracasPanel: null });
    }, 30);
    console.log(`tracker plan, 100 combatants: ${ms.toFixed(2)} ms median (budget ${TRACKER_BUDGET_MS} ms)`);
    expect(ms).toBeLessThanOrEqual(TRACKER_BUDGET_MS);
  });
});
