/**
 * Quality Results bands: a successful roll's Quality Rating is the first band whose ceiling
 * (a percentage of the Success Chance, rounded down) the roll does not exceed.
 */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";

export const qualityResultsTable: Grid = {
  id: "bond.qualityResults",
  ruleset: "bond",
  source: "provisional",
  citation:
    "provisional — replace from your rulebook. The source text names Quality Ratings but not the Quality " +
    "Results table (it is not public); Fracas follows public descriptions of it: QR1 up to 10% " +
    "of the Success Chance, QR2 up to 25%, QR3 up to 50%, QR4 up to the Success Chance itself. Each " +
    "ceiling is ⌊Success Chance × percent / 100⌋.",
  rows: ["QR1", "QR2", "QR3", "QR4"],
  columns: ["percentOfSuccessChance"],
  cells: [[10], [25], [50], [100]],
  cell: { kind: "int", min: 0, max: 100 },
  check: checkQualityBands,
};

/** Bands must widen from QR1 to QR4, and QR4 must cover every success. */
function checkQualityBands(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 1; r < cells.length; r++) {
    if ((cells[r]![0] as number) < (cells[r - 1]![0] as number)) {
      return { row: r, column: 0, reason: "a worse Quality Rating's band must not be narrower than a better one's", why: "qualityBandNarrower" };
    }
  }
  const last = cells.length - 1;
  if (cells[last]![0] !== 100) return { row: last, column: 0, reason: "QR4 must reach 100% of the Success Chance", why: "qr4Reaches100" };
  return null;
}
