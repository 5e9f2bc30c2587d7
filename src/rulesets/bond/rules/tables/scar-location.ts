/** Scar Location Chart: a d10 face → where the scar is. */
import type { Grid } from "../../../../engine/tables.js";

export const SCAR_LOCATIONS = ["face", "neck", "hand", "arm", "torso", "leg"] as const;
export type ScarLocation = (typeof SCAR_LOCATIONS)[number];

/** Scars here show in ordinary clothes, so they make an agent recognisable (RULES.md §1). */
export const VISIBLE_SCAR_LOCATIONS: readonly ScarLocation[] = ["face", "neck", "hand"];

export const scarLocationTable: Grid = {
  id: "bond.scarLocation",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text shows a Scar Location Chart that did not " +
    "survive in its text; Fracas's default on a d10: 1 face, 2 neck, 3–4 hand, 5–6 arm, " +
    "7–8 torso, 9–10 leg. Face, neck and hands are the visible locations.",
  rows: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
  choiceLabels: "FRACAS.Bond.Scar",
  columns: ["location"],
  cells: [["face"], ["neck"], ["hand"], ["hand"], ["arm"], ["arm"], ["torso"], ["torso"], ["leg"], ["leg"]],
  cell: { kind: "choice", choices: SCAR_LOCATIONS },
};
