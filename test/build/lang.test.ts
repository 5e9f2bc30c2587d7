// lang/en.json is generated from lang/src/*.json; the committed file must match the fragments.
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
// @ts-expect-error plain ESM script without types
import { mergedLang } from "../../scripts/merge-lang.mjs";

describe("lang/en.json", () => {
  it("is the merge of lang/src/*.json (run node scripts/merge-lang.mjs)", () => {
    const committed = readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8");
    expect(committed).toBe((mergedLang as () => string)());
  });
});
