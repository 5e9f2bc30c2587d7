/**
 * When each combat action acts in the four phases of a round. "test" = makes a combat test
 * (for a spell: releases its effect), "prepare" = prepares or sustains a spell, "none" = no roll.
 */
import type { Grid } from "../../../../engine/tables.js";

export const PHASE_ACTIVITIES = ["test", "prepare", "none"] as const;
export type PhaseActivity = (typeof PHASE_ACTIVITIES)[number];

export const actionPhasesTable: Grid = {
  id: "radio.actionPhases",
  ruleset: "radio",
  source: "seed",
  citation:
    "Seed 001, Melee and Ranged Combat, the five actions: frenzied tests each phase; standard on the " +
    "first and third; targeted on the second and fourth; spell prepares or sustains in the first and " +
    "third and releases in the second and fourth; defensive makes no test (Step 5: skip this step).",
  rows: ["frenzied", "standard", "targeted", "spell", "defensive"],
  rowLabels: "FRACAS.Radio.TableRow",
  choiceLabels: "FRACAS.Radio.PhaseActivity",
  columns: ["phase1", "phase2", "phase3", "phase4"],
  cells: [
    ["test", "test", "test", "test"],
    ["test", "none", "test", "none"],
    ["none", "test", "none", "test"],
    ["prepare", "test", "prepare", "test"],
    ["none", "none", "none", "none"],
  ],
  cell: { kind: "choice", choices: PHASE_ACTIVITIES },
};
