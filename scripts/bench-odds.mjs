/**
 * Odds budget check (DESIGN.md §6): each exact odds helper must be ≥ 100× faster than a 100k-sample
 * Monte Carlo of the same question and agree with it. Imports the built kernel (npm run build →
 * dist/engine.mjs), so it measures what ships.
 *
 * Agreement: a 100k-sample estimate of p has standard error √(p(1−p)/100000) — 0.16 pp at p = ½ —
 * so a fixed 0.1 pp bar would fail on sampling noise alone. Each row's tolerance is therefore
 * max(0.1 pp, 3 × the MC's standard error), i.e. a 3-sigma band; the table prints the tolerance it used.
 *
 * Usage: node scripts/bench-odds.mjs   (or import { benchOdds } and read the rows)
 */
import { pathToFileURL } from "node:url";
import { odds, dice } from "../dist/engine.mjs";

const SPEED_GOAL = 100;
const FIXED_TOLERANCE_PP = 0.1;
const SE_MULTIPLE = 3;

/** The questions: each has an exact answer (as probabilities) and a sampler returning the band index hit. */
function questions() {
  return [
    {
      helper: "sumOfDice",
      question: "3d6 ≥ 11",
      exact: () => [odds.atLeast(odds.sumOfDice(3, 6), 11)],
      sample: (face) => (face(6) + face(6) + face(6) >= 11 ? 0 : -1),
    },
    {
      helper: "keepHighest",
      question: "12d6 keep 3 ≥ 16",
      exact: () => [odds.atLeast(odds.keepHighest(12, 6, 3), 16)],
      sample: (() => {
        const pool = new Uint8Array(12);
        return (face) => {
          for (let i = 0; i < 12; i++) pool[i] = face(6);
          pool.sort();
          return pool[11] + pool[10] + pool[9] >= 16 ? 0 : -1;
        };
      })(),
    },
    {
      helper: "sumIgnoring",
      question: "5d6 ignoring 1s ≥ 15",
      exact: () => [odds.atLeast(odds.sumIgnoring(5, 6, [1]), 15)],
      sample: (face) => {
        let total = 0;
        for (let i = 0; i < 5; i++) {
          const f = face(6);
          if (f !== 1) total += f;
        }
        return total >= 15 ? 0 : -1;
      },
    },
    {
      helper: "d100Bands",
      question: "d100 bands ≤50/≤80/≤97/rest (worst band)",
      exact: () => odds.d100Bands([50, 80, 97]),
      sample: (face) => {
        const r = face(100);
        return r <= 50 ? 0 : r <= 80 ? 1 : r <= 97 ? 2 : 3;
      },
    },
    {
      helper: "chance2d10Over",
      question: "2d10 + 2 > 11",
      exact: () => [odds.chance2d10Over(2, 11)],
      sample: (face) => (face(10) + face(10) + 2 > 11 ? 0 : -1),
    },
  ];
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function timeMedian(fn, repeats) {
  const times = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Monte Carlo: share of `samples` runs landing in each band (band −1 = "no", not counted). */
function monteCarlo(sample, bands, samples, seed) {
  const next = dice.seededRandom(seed);
  const face = (sides) => 1 + Math.floor(next() * sides);
  const hits = new Array(bands).fill(0);
  for (let i = 0; i < samples; i++) {
    const b = sample(face);
    if (b >= 0) hits[b]++;
  }
  return hits.map((h) => h / samples);
}

/** Runs every comparison and returns one row per helper. */
export function benchOdds({ samples = 100_000, seed = 1984, exactRepeats = 201, mcRepeats = 5 } = {}) {
  return questions().map(({ helper, question, exact, sample }) => {
    for (let i = 0; i < 20; i++) exact(); // warm up the JIT before timing
    const exactMs = timeMedian(exact, exactRepeats);
    const exactP = exact();
    const mcMs = timeMedian(() => monteCarlo(sample, exactP.length, samples, seed), mcRepeats);
    const mcP = monteCarlo(sample, exactP.length, samples, seed);
    let worst = { diffPp: -1, tolerancePp: 0, sePp: 0, exact: 0, mc: 0 };
    exactP.forEach((p, i) => {
      const diffPp = Math.abs(p - mcP[i]) * 100;
      const sePp = Math.sqrt((p * (1 - p)) / samples) * 100;
      const tolerancePp = Math.max(FIXED_TOLERANCE_PP, SE_MULTIPLE * sePp);
      if (diffPp / tolerancePp > worst.diffPp / (worst.tolerancePp || 1)) worst = { diffPp, tolerancePp, sePp, exact: p, mc: mcP[i] };
    });
    const ratio = mcMs / Math.max(exactMs, 1e-6);
    return {
      helper,
      question,
      exactMs,
      mcMs,
      ratio,
      exact: worst.exact,
      mc: worst.mc,
      diffPp: worst.diffPp,
      sePp: worst.sePp,
      tolerancePp: worst.tolerancePp,
      fast: ratio >= SPEED_GOAL,
      agrees: worst.diffPp <= worst.tolerancePp,
    };
  });
}

function printTable(rows, samples) {
  const head = ["helper", "question", "exact ms", "MC ms", "ratio", "exact %", "MC %", "|diff| pp", "MC SE pp", "tol pp", "verdict"];
  const body = rows.map((r) => [
    r.helper,
    r.question,
    r.exactMs.toFixed(4),
    r.mcMs.toFixed(2),
    r.ratio >= 1e5 ? r.ratio.toExponential(1) : r.ratio.toFixed(0) + "×",
    (r.exact * 100).toFixed(3),
    (r.mc * 100).toFixed(3),
    r.diffPp.toFixed(3),
    r.sePp.toFixed(3),
    r.tolerancePp.toFixed(3),
    r.fast && r.agrees ? "ok" : [!r.fast && `slower than ${SPEED_GOAL}×`, !r.agrees && "disagrees"].filter(Boolean).join(", "),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of body) console.log(line(row));
  console.log(
    `\nGoal: exact ≥ ${SPEED_GOAL}× faster than a ${samples.toLocaleString("en")}-sample Monte Carlo, and ≤ ${FIXED_TOLERANCE_PP} pp apart.` +
      `\nA ${samples.toLocaleString("en")}-sample MC has a standard error up to ${((0.5 / Math.sqrt(samples)) * 100).toFixed(2)} pp, so each row's` +
      ` tolerance is max(${FIXED_TOLERANCE_PP} pp, ${SE_MULTIPLE} × that row's standard error). Times are medians (exact: one computation;` +
      ` MC: one full ${samples.toLocaleString("en")}-sample run). Multi-band rows show the band furthest from its tolerance.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const samples = 100_000;
  const rows = benchOdds({ samples });
  printTable(rows, samples);
  if (rows.some((r) => !r.fast || !r.agrees)) process.exitCode = 1;
}
