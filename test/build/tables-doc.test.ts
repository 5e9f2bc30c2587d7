// docs/TABLES.md lists every shipped table with its source; it must match the kernel.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
// @ts-expect-error plain ESM script without types
import { tablesDoc } from "../../scripts/tables-doc.mjs";

describe("docs/TABLES.md", () => {
  it("is generated from the shipped tables (run node scripts/tables-doc.mjs)", async () => {
    const committed = readFileSync(new URL("../../docs/TABLES.md", import.meta.url), "utf8");
    expect(committed).toBe(await (tablesDoc as () => Promise<string>)());
  });
});
