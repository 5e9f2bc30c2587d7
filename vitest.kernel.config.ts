import { defineConfig } from "vitest/config";

/** Inner loop: the pure kernel only (no build, no browser, no Foundry fake). */
export default defineConfig({
  test: {
    include: ["test/engine/**/*.test.ts", "test/rulesets/*/rules/**/*.test.ts"],
  },
});
