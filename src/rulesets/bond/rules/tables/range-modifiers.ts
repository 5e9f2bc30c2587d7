/** Fire Combat range bands: the Ease Factor and Damage Class shift each gives. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";

export const RANGE_BANDS = ["pointBlank", "close", "medium", "long"] as const;
export type RangeBand = (typeof RANGE_BANDS)[number];

export const rangeModifiersTable: Grid = {
  id: "bond.rangeModifiers",
  ruleset: "bond",
  source: "peers",
  citation:
    "Public reviews of the game; the source text only says range modifies Fire Combat. " +
    "Close +1 EF and +1 DC, medium 0, long −1 EF and −1 DC, point-blank +2 EF. No source gives a " +
    "point-blank DC; Fracas uses +1 (as close) so nearer is never less deadly — replace from your rulebook.",
  rows: RANGE_BANDS,
  rowLabels: "FRACAS.Bond.Range",
  columns: ["ease", "damageClass"],
  cells: [
    [2, 1],
    [1, 1],
    [0, 0],
    [-1, -1],
  ],
  cell: { kind: "int", min: -10, max: 10 },
  check: nearerNeverWorse,
};

/** Each band farther out gives no better EF or DC shift than the band before it. */
function nearerNeverWorse(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 1; r < cells.length; r++) {
    for (let c = 0; c < cells[r]!.length; c++) {
      if ((cells[r]![c] as number) > (cells[r - 1]![c] as number)) {
        return { row: r, column: c, reason: "a farther range must not give a larger modifier than a nearer one", why: "fartherRangeLarger" };
      }
    }
  }
  return null;
}
