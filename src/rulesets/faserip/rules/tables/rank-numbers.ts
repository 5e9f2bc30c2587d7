/**
 * Rank numbers and the range each rank covers. A rank's range runs from its `min` up to one
 * below the next rank's `min`; Beyond is open-ended.
 */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { RANK_KEYS } from "../rank-keys.js";

export const rankNumbersTable: Grid = {
  id: "faserip.rankNumbers",
  ruleset: "faserip",
  source: "peers",
  citation:
    "Rank numbers and ranges as in the public FASERIP implementations (kazem666/faserip-foundry, " +
    "bkurtisadams/msh-faserip, worldsofwondergames/faserip, FASERIPJudge data) and the 1984 rules: " +
    "Shift 0 0, Feeble 2 (1–2), Poor 4 (3–4), Typical 6 (5–7), Good 10 (8–15), Excellent 20 (16–25), " +
    "Remarkable 30 (26–35), Incredible 40 (36–45), Amazing 50 (46–62), Monstrous 75 (63–87), " +
    "Unearthly 100 (88–125), Shift X 150 (126–175), Shift Y 200 (176–350), Shift Z 500 (351–999). " +
    "Provisional: peers give the Class ranks single values and Beyond 'above 5000' with no number; " +
    "Fracas lets Class 1000 cover 1000–2999, Class 3000 3000–4999, Class 5000 exactly 5000, and gives " +
    "Beyond the number 5001 (the first value above Class 5000) so sums stay finite.",
  rows: RANK_KEYS,
  rowLabels: "FRACAS.Faserip.Rank",
  columns: ["number", "min"],
  cells: [
    [0, 0],
    [2, 1],
    [4, 3],
    [6, 5],
    [10, 8],
    [20, 16],
    [30, 26],
    [40, 36],
    [50, 46],
    [75, 63],
    [100, 88],
    [150, 126],
    [200, 176],
    [500, 351],
    [1000, 1000],
    [3000, 3000],
    [5000, 5000],
    [5001, 5001],
  ],
  cell: { kind: "int", min: 0, max: 1_000_000_000 },
  check: rankNumbersCheck,
};

/** Ranges start at 0, ascend strictly, and each rank number lies inside its own range. */
export function rankNumbersCheck(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    const [num, min] = cells[r] as readonly number[];
    if (r === 0 && min !== 0) return { row: 0, column: 1, reason: "the lowest rank's range must start at 0", why: "lowestRankFromZero" };
    if (num === undefined || min === undefined) return { row: r, column: 0, reason: "needs a number and a min", why: "needsNumberAndMin" };
    if (num < min) return { row: r, column: 0, reason: "rank number must not be below its range's minimum", why: "rankNumberInRange" };
    const next = cells[r + 1] as readonly number[] | undefined;
    if (next) {
      const nextMin = next[1] ?? 0;
      if (nextMin <= min) return { row: r + 1, column: 1, reason: "range minimums must ascend", why: "rangesAscend" };
      if (num >= nextMin) return { row: r, column: 0, reason: "rank number must lie below the next rank's range", why: "rankNumberBelowNext" };
    }
  }
  return null;
}
