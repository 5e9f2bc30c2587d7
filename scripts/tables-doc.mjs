// docs/TABLES.md is generated from the kernel's shipped tables (dist/engine.mjs): every table, its
// source and citation, and its cells. Run `node scripts/tables-doc.mjs` after changing a table; a
// test keeps the committed file in sync.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const SOURCE = { seed: "seed text", peers: "public implementations' consensus", provisional: "**provisional** — replace from your rulebook" };
const RULESETS = { bond: "James Bond 007", radio: "Old Time Radio Drama", zodiac: "Zodiac spy game", faserip: "Marvel Super Heroes (FASERIP)" };

export async function tablesDoc(enginePath = new URL("../dist/engine.mjs", import.meta.url).href) {
  const k = await import(enginePath);
  const out = [
    "# Fracas rules tables",
    "",
    "Generated from the shipped tables (`node scripts/tables-doc.mjs`). A GM replaces any cell, or a whole",
    "table, in **Game Settings → Configure Settings → Fracas → Rules tables**; a bad cell is refused with a",
    "message naming it and the previous table is kept. **Reset to default** restores the table below.",
    "",
  ];
  for (const [id, title] of Object.entries(RULESETS)) {
    out.push(`## \`${id}\` — ${title}`, "");
    for (const g of k[id].tables) {
      out.push(`### ${g.id}`, "", `Source: ${SOURCE[g.source]}. ${g.citation.replace(/^provisional\s*[—-]\s*replace from your rulebook\.?\s*/i, "")}`, "");
      out.push(`| | ${g.columns.join(" | ")} |`, `|---|${g.columns.map(() => "---").join("|")}|`);
      g.rows.forEach((row, r) => out.push(`| ${row} | ${g.cells[r].join(" | ")} |`));
      out.push("");
    }
  }
  return out.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(new URL("../docs/TABLES.md", import.meta.url), await tablesDoc());
  console.log("docs/TABLES.md written");
}
