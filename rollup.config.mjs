// Two bundles: the Foundry entry (everything) and the pure kernel alone (dist/engine.mjs),
// which a test imports in bare Node. esbuild strips types; tsc checks them separately.
import esbuild from "rollup-plugin-esbuild";

const plugins = () => [esbuild({ target: "es2022", sourceMap: true, minify: false })];

export default [
  {
    input: "src/fracas.ts",
    output: { file: "dist/fracas.mjs", format: "es", sourcemap: true },
    plugins: plugins(),
  },
  {
    input: "src/engine/index.ts",
    output: { file: "dist/engine.mjs", format: "es", sourcemap: true },
    plugins: plugins(),
  },
];
