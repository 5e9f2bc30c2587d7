/** Fire Combat cover: the Ease Factor modifier for the target's cover (the GM judges the amount). */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";

export const COVER_AMOUNTS = ["none", "light", "medium", "heavy"] as const;
export type CoverAmount = (typeof COVER_AMOUNTS)[number];

export const coverModifiersTable: Grid = {
  id: "bond.coverModifiers",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text says the amount of cover the target has " +
    "modifies Fire Combat but gives no numbers; Fracas's default: none 0, light −1, medium −2, " +
    "heavy −3 EF.",
  rows: COVER_AMOUNTS,
  rowLabels: "FRACAS.Bond.Cover",
  columns: ["ease"],
  cells: [[0], [-1], [-2], [-3]],
  cell: { kind: "int", min: -10, max: 0 },
  check: moreCoverNeverEasier,
};

function moreCoverNeverEasier(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 1; r < cells.length; r++) {
    if ((cells[r]![0] as number) > (cells[r - 1]![0] as number)) {
      return { row: r, column: 0, reason: "more cover must not make the shot easier than less cover", why: "coverEasier" };
    }
  }
  return null;
}
