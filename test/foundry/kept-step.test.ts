import { describe, expect, it } from "vitest";
import { keptStep } from "../../src/foundry/documents/kept-step.js";
import type { RoundPlan, Step } from "../../src/engine/order.js";

/** A plan from "kind:combatant" labels (phase 1 for declarations, 2 for actions). */
function plan(...labels: string[]): RoundPlan {
  const steps: Step[] = labels.map((label, index) => {
    const [kind, combatantId] = label.split(":") as [Step["kind"], string];
    return { index, kind, combatantId, phase: kind === "declare" ? 1 : 2 };
  });
  return { mode: "speed", round: 1, steps, order: [], sideOrder: [], tieBreaks: {} };
}

describe("keptStep: where the round stands when its plan is rebuilt", () => {
  it("stays on the step it stood on when a combatant before it left (not on the position)", () => {
    const old = plan("declare:thug", "declare:agent", "declare:hood", "act:hood", "act:agent", "act:thug");
    expect(keptStep(old, 1, plan("declare:agent", "declare:hood", "act:hood", "act:agent"))).toBe(0);
  });

  it("stays on its step when a newcomer's step comes before it", () => {
    const old = plan("declare:agent", "declare:hood", "act:hood", "act:agent");
    expect(keptStep(old, 1, plan("declare:felix", "declare:agent", "declare:hood", "act:hood", "act:agent", "act:felix"))).toBe(2);
  });

  it("a step gone (its combatant removed) gives way to the first step not yet taken this round", () => {
    const old = plan("declare:thug", "declare:agent", "declare:hood");
    expect(keptStep(old, 1, plan("declare:thug", "declare:hood"))).toBe(1);
  });

  it("a group's step passed from its fallen leader to the next member stays in its place", () => {
    const old = plan("declare:jake", "declare:falzetti", "declare:goons");
    expect(keptStep(old, 1, plan("declare:jake", "declare:sal", "declare:goons"))).toBe(1);
  });

  it("a late joiner (review-s8 F10): passed this round while the current step stands; reached when the current step is gone", () => {
    const old = plan("declare:agent", "declare:hood", "act:hood", "act:agent");
    // Felix joins with a declaration before the current one (the Hood's): the round stays on the Hood's.
    expect(keptStep(old, 1, plan("declare:felix", "declare:agent", "declare:hood", "act:hood", "act:agent", "act:felix"))).toBe(2);
    // The Hood also left: the first step not taken this round is Felix's declaration.
    expect(keptStep(old, 1, plan("declare:felix", "declare:agent", "act:agent", "act:felix"))).toBe(0);
  });

  it("with every step taken, the position is kept within the rebuilt plan", () => {
    const old = plan("declare:a", "declare:b", "act:b");
    expect(keptStep(old, 2, plan("declare:a", "declare:b"))).toBe(1);
  });
});
