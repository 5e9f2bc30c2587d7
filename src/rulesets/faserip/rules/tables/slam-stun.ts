/** The Slam? and Stun? columns: the defender's Endurance FEAT colour → what happens. */
import type { Cell, Grid, TableProblem } from "../../../../engine/tables.js";
import { COLORS } from "../colors.js";

/** Worst first, so each row must never get worse left to right. */
export const SLAM_RESULTS = ["knockedBack", "oneArea", "staggered", "none"] as const;
export type SlamResult = (typeof SLAM_RESULTS)[number];
export const STUN_RESULTS = ["stunnedD10", "stunnedOneRound", "none"] as const;
export type StunResult = (typeof STUN_RESULTS)[number];

export const slamStunTable: Grid = {
  id: "faserip.slamStun",
  ruleset: "faserip",
  source: "provisional",
  citation:
    "Provisional — replace from your rulebook. The source text says only: Slam failure = knocked back 1 or more " +
    "areas, Stun failure = stunned 1–10 rounds. Graded as in the later Advanced table: " +
    "Slam? White knocked back several areas, Green 1 area, Yellow staggered, Red no effect; Stun? White " +
    "stunned 1–10 rounds, Green 1 round, Yellow and Red no effect.",
  rows: ["slam", "stun"],
  rowLabels: "FRACAS.Faserip.Effect",
  choiceLabels: "FRACAS.Faserip.SlamStunResult",
  columns: COLORS,
  cells: [
    ["knockedBack", "oneArea", "staggered", "none"],
    ["stunnedD10", "stunnedOneRound", "none", "none"],
  ],
  cell: { kind: "choice", choices: [...new Set<string>([...SLAM_RESULTS, ...STUN_RESULTS])] },
  check: slamStunCheck,
};

/** Each row uses its own vocabulary, and a better Endurance colour never gives a worse result. */
export function slamStunCheck(cells: readonly (readonly Cell[])[]): TableProblem | null {
  const vocab: readonly (readonly string[])[] = [SLAM_RESULTS, STUN_RESULTS];
  for (let r = 0; r < vocab.length; r++) {
    const words = vocab[r]!;
    const row = cells[r] ?? [];
    for (let c = 0; c < row.length; c++) {
      const i = words.indexOf(String(row[c]));
      if (i < 0) return { row: r, column: c, reason: `must be one of ${words.join(", ")}`, why: "wrongRowResult" };
      if (c > 0 && i < words.indexOf(String(row[c - 1]))) {
        return { row: r, column: c, reason: "a better colour must not give a worse result", why: "betterColourWorse" };
      }
    }
  }
  return null;
}
