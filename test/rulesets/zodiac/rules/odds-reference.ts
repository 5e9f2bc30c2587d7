/**
 * Zodiac's own odds code as it was before it moved onto the shared engine (audit s15): a DP over how
 * many dice show each face, 6 down to 1. Kept only as a reference the engine-backed
 * chanceToMeet/totalDistribution must match (to 1e-12); never imported by src/.
 */
const MAX_DICE = 60;

const BINOMIAL: number[][] = (() => {
  const rows: number[][] = [[1]];
  for (let n = 1; n <= MAX_DICE; n++) {
    const prev = rows[n - 1]!;
    const row = [1];
    for (let k = 1; k < n; k++) row.push(prev[k - 1]! + prev[k]!);
    row.push(1);
    rows.push(row);
  }
  return rows;
})();

/** Outcome counts of the sum of the highest `keep` of `pool` d6, indexed by total. */
function keptCounts(pool: number, keep: number): number[] {
  const maxTotal = 6 * Math.min(pool, keep);
  let ways: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(maxTotal + 1).fill(0));
  ways[0]![0] = 1;
  for (let face = 6; face >= 1; face--) {
    const next: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(maxTotal + 1).fill(0));
    for (let m = 0; m <= pool; m++) {
      const row = ways[m]!;
      const cMin = face === 1 ? pool - m : 0;
      for (let c = cMin; c <= pool - m; c++) {
        const kept = Math.min(c, Math.max(0, keep - m));
        const w = BINOMIAL[pool - m]![c]!;
        const target = next[m + c]!;
        for (let s = 0; s + face * kept <= maxTotal; s++) {
          const here = row[s]!;
          if (here !== 0) target[s + face * kept]! += here * w;
        }
      }
    }
    ways = next;
  }
  return ways[pool]!;
}

/** Outcome counts of the sum of `pool` d6 where a 1 counts as nothing. */
function withoutOnesCounts(pool: number): number[] {
  let counts = [1];
  for (let d = 0; d < pool; d++) {
    const next = new Array<number>(counts.length + 6).fill(0);
    counts.forEach((w, s) => {
      next[s]! += w;
      for (let face = 2; face <= 6; face++) next[s + face]! += w;
    });
    counts = next;
  }
  return counts;
}

/** The old outcome counts of each total from 0 (6^pool in all). */
export function referenceCounts(pool: number, keep: number, mode: "keepArea" | "sumWithoutOnes" = "keepArea"): number[] {
  return mode === "keepArea" ? keptCounts(pool, keep) : withoutOnesCounts(pool);
}

/** The old totalDistribution: P(total = t) for every t from 0. */
export function referenceDistribution(pool: number, keep: number, mode: "keepArea" | "sumWithoutOnes" = "keepArea", c = referenceCounts(pool, keep, mode)): number[] {
  return c.map((x) => x / 6 ** pool);
}

/** The old chanceToMeet: counts summed before dividing. */
export function referenceChance(pool: number, keep: number, tn: number, mode: "keepArea" | "sumWithoutOnes" = "keepArea", c = referenceCounts(pool, keep, mode)): number {
  let meeting = 0;
  for (let t = tn; t < c.length; t++) meeting += c[t]!;
  return Math.min(1, meeting / 6 ** pool);
}
