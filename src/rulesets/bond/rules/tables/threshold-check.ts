/** Shared check for one-column "minimum value for this row" tables. */
import type { Cell, TableProblem } from "../../../../engine/tables.js";

/** The first row starts at 0 (every value has a row) and each later row needs strictly more. */
export function strictlyRisingFromZero(cells: readonly (readonly Cell[])[]): TableProblem | null {
  if (cells[0]?.[0] !== 0) return { row: 0, column: 0, reason: "the first row must start at 0", why: "firstRowFromZero" };
  for (let r = 1; r < cells.length; r++) {
    if ((cells[r]![0] as number) <= (cells[r - 1]![0] as number)) {
      return { row: r, column: 0, reason: "must be greater than the minimum in the row above", why: "aboveRowAbove" };
    }
  }
  return null;
}
