// npm run bench: the performance budgets of DESIGN.md §6 that this tree can measure.
// Odds vs Monte Carlo (scripts/bench-odds.mjs) and the minified size of the shipped JS.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { build, transform } from "esbuild";
import { benchDialogs, benchOdds, printDialogTable } from "./bench-odds.mjs";
import { benchSimulator } from "./bench-sim.mjs";

const BUDGET_KB = 150;
let failed = false;

const rows = benchOdds();
console.log("Odds: exact vs Monte Carlo (speed vs 100k samples; agreement ≤ 0.1 pp, judged against 4M samples)");
console.table(rows.map((r) => ({ helper: r.helper, question: r.question, "exact ms": r.exactMs.toFixed(4), "100k MC ms": r.mcMs.toFixed(1), ratio: Math.round(r.ratio) + "×", "|diff| pp (4M)": r.diffPp.toFixed(3), "|diff| pp (100k)": r.mc100kDiffPp.toFixed(3), ok: r.fast && r.agrees })));
if (rows.some((r) => !r.fast || !r.agrees)) failed = true;
const dialogs = benchDialogs();
printDialogTable(dialogs);
if (dialogs.some((r) => !r.ok)) failed = true;

// Every shipped module. A world loads dist/fracas.mjs and the kernel chunk it imports; dist/flows.mjs
// (the Quench flows) only where the Quench module is active; dist/engine.mjs only re-exports the kernel.
const ON_DEMAND = new Set(["flows.mjs", "engine.mjs"]);
let totalKb = 0;
let gzipKb = 0;
let loadedKb = 0;
for (const file of readdirSync(new URL("../dist/", import.meta.url)).filter((f) => f.endsWith(".mjs")).sort()) {
  const code = readFileSync(new URL(`../dist/${file}`, import.meta.url), "utf8");
  const min = await transform(code, { minify: true, format: "esm", target: "es2022" });
  const kb = Buffer.byteLength(min.code) / 1024;
  const gz = gzipSync(min.code, { level: 9 }).length / 1024;
  totalKb += kb;
  gzipKb += gz;
  if (!ON_DEMAND.has(file)) loadedKb += kb;
  console.log(`dist/${file}: ${kb.toFixed(1)} KB minified, ${gz.toFixed(1)} KB gzipped${ON_DEMAND.has(file) ? " (not loaded by a world)" : ""}`);
}
// Where the bytes are: the shipped Foundry entry minified as one bundle, split by source area.
const meta = (await build({ entryPoints: [new URL("../src/fracas.ts", import.meta.url).pathname], bundle: true, format: "esm", minify: true, write: false, metafile: true, logLevel: "silent" })).metafile;
const areas = {};
for (const [file, { bytesInOutput }] of Object.entries(Object.values(meta.outputs)[0].inputs)) {
  const m = /src\/(rulesets\/[^/]+\/rules|rulesets\/[^/]+(?=\/)|engine|foundry)/.exec(file);
  const area = m ? m[1].replace(/^rulesets\/([^/]+)\/rules$/, "$1 kernel").replace(/^rulesets\//, "") : "other";
  areas[area] = (areas[area] ?? 0) + bytesInOutput;
}
console.table(Object.fromEntries(Object.entries(areas).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, { "KB minified": (v / 1024).toFixed(1) }])));
const ok = totalKb <= BUDGET_KB;
console.log(`dist JS in all: ${totalKb.toFixed(1)} KB minified (budget ${BUDGET_KB} KB) ${ok ? "ok" : "OVER BUDGET"}; ${gzipKb.toFixed(1)} KB gzipped (level 9); a world without Quench loads ${loadedKb.toFixed(1)} KB of it`);
if (!ok) failed = true;
const sim = benchSimulator({ seconds: 2 });
console.log(`simulator: ${sim.combatantRounds} combatant-rounds in ${sim.battles} Bond battles, ${Math.round(sim.perSecond).toLocaleString("en")}/s (goal ≥ 100,000/s) ${sim.ok ? "ok" : "BELOW GOAL"}`);
if (!sim.ok) failed = true;

if (failed) process.exitCode = 1;
