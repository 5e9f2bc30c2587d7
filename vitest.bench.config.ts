import { defineConfig } from "vitest/config";

/** npm run bench: the render budgets (not part of npm test — budgets are not timed tests). */
export default defineConfig({
  test: { include: ["test/bench/**/*.budget.ts"], testTimeout: 120_000 },
});
