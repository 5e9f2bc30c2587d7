/** Advanced Set initiative: a modifier from the side's highest Intuition rank number. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";

export const initiativeModifiersTable: Grid = {
  id: "faserip.initiativeModifiers",
  ruleset: "faserip",
  source: "provisional",
  citation:
    "Provisional — replace from your rulebook. Only used by the 'advanced' initiative setting (the source text " +
    "adds the Intuition rank number itself). Bands as publicly transcribed from the Advanced Set: " +
    "Intuition rank number 0–10 +0, 11–20 +1, 21–30 +2, 31–40 +3, 41–50 +4, 51–75 +5, 75 and up +6; " +
    "the printed bands overlap at 75, which Fracas gives +5 (76 and up +6).",
  rows: ["band0", "band1", "band2", "band3", "band4", "band5", "band6"],
  rowLabels: "FRACAS.Faserip.TableRow",
  columns: ["minIntuition", "modifier"],
  cells: [
    [0, 0],
    [11, 1],
    [21, 2],
    [31, 3],
    [41, 4],
    [51, 5],
    [76, 6],
  ],
  cell: { kind: "int", min: 0, max: 1_000_000_000 },
  check: bandsAscend,
};

/** The first band starts at 0; band minimums ascend strictly and modifiers never fall. */
export function bandsAscend(cells: readonly (readonly Cell[])[]): TableProblem | null {
  if (cells[0]?.[0] !== 0) return { row: 0, column: 0, reason: "the first band must start at 0", why: "firstBandFromZero" };
  for (let r = 1; r < cells.length; r++) {
    const [min, mod] = cells[r] as readonly number[];
    const [prevMin, prevMod] = cells[r - 1] as readonly number[];
    if ((min ?? 0) <= (prevMin ?? 0)) return { row: r, column: 0, reason: "band minimums must ascend", why: "bandsAscend" };
    if ((mod ?? 0) < (prevMod ?? 0)) return { row: r, column: 1, reason: "modifiers must not fall as Intuition rises", why: "modifiersRise" };
  }
  return null;
}
