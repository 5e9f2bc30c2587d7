/**
 * The engine's keepHighest as it was before audit s15 (a walk over faces × dice × sums × dice, too
 * slow for 60-dice pools), kept as an independent reference for the faster algorithm that replaced it.
 * Returns P(total = t) for t from 0.
 */
export function referenceKeepHighest(pool: number, sides: number, keep: number): number[] {
  const k = Math.min(keep, pool);
  if (k === 0) return [1];
  const sumSpan = k * sides + 1;
  const ways = new Array<number>(sumSpan).fill(0);
  const binom: number[][] = [[1]];
  for (let r = 1; r <= pool; r++) {
    const prev = binom[r - 1]!;
    binom.push(Array.from({ length: r + 1 }, (_, c) => (c === 0 || c === r ? 1 : prev[c - 1]! + prev[c]!)));
  }
  let states: number[][] = Array.from({ length: pool + 1 }, () => new Array<number>(sumSpan).fill(0));
  states[pool]![0] = 1;
  for (let v = sides; v >= 1; v--) {
    const next = Array.from({ length: pool + 1 }, () => new Array<number>(sumSpan).fill(0));
    for (let r = 1; r <= pool; r++) {
      const row = states[r]!;
      const room = k - (pool - r);
      for (let s = 0; s < sumSpan; s++) {
        const w = row[s]!;
        if (w === 0) continue;
        for (let c = 0; c <= r; c++) {
          const weight = w * binom[r]![c]!;
          const left = r - c;
          if (c >= room) ways[s + room * v]! += weight * (v - 1) ** left;
          else next[left]![s + c * v]! += weight;
        }
      }
    }
    states = next;
  }
  const total = ways.reduce((s, w) => s + w, 0);
  return ways.map((w) => w / total);
}
