// lang/en.json is generated from lang/src/*.json; the committed file must match the fragments.
import { describe, it, expect } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
// @ts-expect-error plain ESM script without types
import { mergedLang } from "../../scripts/merge-lang.mjs";

describe("lang/en.json", () => {
  it("is the merge of lang/src/*.json (run node scripts/merge-lang.mjs)", () => {
    const committed = readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8");
    expect(committed).toBe((mergedLang as () => string)());
  });
});

/** Each `new FracasRuleError(code, message, data)` in the kernel: its code and the keys its data names. */
function kernelErrors(): { file: string; code: string; keys: string[] }[] {
  const root = new URL("../../src/", import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => /^(engine|rulesets\/[^/]+\/rules)\/.*\.ts$/.test(f.replaceAll("\\", "/")));
  const out: { file: string; code: string; keys: string[] }[] = [];
  for (const file of files) {
    const src = readFileSync(new URL(file, root), "utf8");
    for (const m of src.matchAll(/new FracasRuleError\(\s*"(\w+)"/g)) {
      // Split the call's arguments at top-level commas (skipping strings and template literals).
      let depth = 0, i = m.index + m[0].length, quote = "";
      const commas: number[] = [];
      for (; i < src.length; i++) {
        const ch = src[i]!;
        if (quote) { if (ch === "\\") i++; else if (ch === quote) quote = ""; continue; }
        if (ch === '"' || ch === "'" || ch === "`") quote = ch;
        else if ("([{".includes(ch)) depth++;
        else if (")]}".includes(ch)) { if (depth === 0) break; depth--; }
        else if (ch === "," && depth === 0) commas.push(i);
      }
      const data = commas[1] === undefined ? "" : src.slice(commas[1] + 1, i);
      const keys = [...data.matchAll(/(?:^|[{,])\s*(\w+)\s*(?=[:,}]|$)/g)].map((k) => k[1]!);
      out.push({ file, code: m[1]!, keys });
    }
  }
  return out;
}

describe("kernel error messages (FRACAS.Error.<code>)", () => {
  const errors = kernelErrors();
  const strings = (JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as { FRACAS: { Error: Record<string, string> } }).FRACAS.Error;
  it("finds the kernel's errors", () => {
    expect(errors.length).toBeGreaterThan(80);
    expect(errors.find((e) => e.code === "unknownEntry")?.keys).toEqual(["entry", "limit"]);
  });
  it("every code the kernel throws has a message", () => {
    expect(errors.filter((e) => strings[e.code] === undefined).map((e) => `${e.file}: ${e.code}`)).toEqual([]);
  });
  // A site that gives no data at all is shown in its own precise English (ruleErrorMessage falls
  // back); a site that gives some must give all the string needs, or users would read "{min}".
  it("every {placeholder} in a message is filled at every throw site that gives data", () => {
    const problems: string[] = [];
    for (const e of errors.filter((x) => x.keys.length > 0)) {
      for (const [, name] of strings[e.code]!.matchAll(/\{(\w+)\}/g)) if (!e.keys.includes(name!)) problems.push(`${e.file}: ${e.code} gives no {${name}} (has ${e.keys.join(", ") || "none"})`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the Rules tables form's column headings", () => {
  it("every shipped table's columns have a FRACAS.Tables.Column string", async () => {
    const { bond, radio, zodiac, faserip } = await import("../../src/engine/index.js");
    const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as { FRACAS: { Tables: { Column: Record<string, string> } } };
    const missing = [...bond.tables, ...radio.tables, ...zodiac.tables, ...faserip.tables].flatMap((t) => t.columns.filter((c) => !(c in en.FRACAS.Tables.Column)).map((c) => `${t.id}: ${c}`));
    expect(missing).toEqual([]);
  });

  it("every row and choice is named by a string, or (rows only) is letters and numbers shown as written", async () => {
    const { bond, radio, zodiac, faserip } = await import("../../src/engine/index.js");
    const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
    const has = (key: string) => typeof key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en) === "string";
    const problems: string[] = [];
    for (const t of [...bond.tables, ...radio.tables, ...zodiac.tables, ...faserip.tables]) {
      for (const row of t.rows) {
        if (t.rowLabels ? !has(`${t.rowLabels}.${row}`) : !/^[A-Z]*[0-9]*$/.test(row)) problems.push(`${t.id} row ${row}`);
      }
      if (t.cell.choices && !t.choiceLabels) problems.push(`${t.id}: choices without choiceLabels`);
      for (const choice of t.cell.choices ?? []) if (t.choiceLabels && !has(`${t.choiceLabels}.${choice}`)) problems.push(`${t.id} choice ${choice}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("a refused Rules tables cell says why in words", () => {
  it("every `why` a table check or the cell rule gives has a FRACAS.Tables.Why string", () => {
    const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as { FRACAS: { Tables: { Why: Record<string, string> } } };
    const root = new URL("../../src/", import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && (f.startsWith("engine/") || f.includes("/rules/")));
    const whys = new Set<string>();
    for (const file of files) for (const m of readFileSync(new URL(file, root), "utf8").matchAll(/(?:why: |`, )"(\w+)"/g)) whys.add(m[1]!);
    // The cell rule's four (engine/tables.ts normaliseCell) and the tables' own checks are all found.
    expect([...whys]).toEqual(expect.arrayContaining(["notWhole", "belowMin", "aboveMax", "notAChoice", "wrongRowResult", "qr4Reaches100"]));
    expect([...whys].filter((w) => !(w in en.FRACAS.Tables.Why))).toEqual([]);
  });
});

describe("counted strings (pluralKey)", () => {
  /** Every literal base passed to pluralKey in src/, with the file that passes it. */
  function pluralBases(): { file: string; base: string }[] {
    const root = new URL("../../src/", import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const out: { file: string; base: string }[] = [];
    for (const file of files) {
      const src = readFileSync(new URL(file, root), "utf8");
      for (const m of src.matchAll(/pluralKey\(\s*"([\w.]+)"/g)) out.push({ file, base: m[1]! });
    }
    return out;
  }
  const lang = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
  const has = (key: string) => {
    let node: unknown = lang;
    for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string";
  };

  it("every base has its One and Other strings (else Foundry shows the Other form, or the raw key)", () => {
    const bases = pluralBases();
    expect(bases.length).toBeGreaterThan(10);
    const missing = bases.flatMap(({ file, base }) => ["One", "Other"].filter((form) => !has(base + form)).map((form) => `${file}: ${base}${form}`));
    expect(missing).toEqual([]);
  });
});
