import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser tests share one Chromium per file; two cores on CI.
    maxWorkers: 2,
  },
});
