// One build, two entries: the Foundry entry (dist/fracas.mjs) and the pure kernel alone
// (dist/engine.mjs, which a test imports in bare Node). Every kernel module goes into one shared
// chunk (dist/kernel.mjs) that both import, so the kernel ships once. The Quench flows are a chunk
// of their own (dist/flows.mjs), which the entry imports only where Quench is active. esbuild strips types (tsc
// checks them separately); terser minifies, with source maps for debugging. keep_classnames:
// Foundry keys a sheet by its class name ("fracas.BondCharacterSheet"), users' sheet choices are
// saved under that key, and render hooks are named after classes; so class names must survive
// minification, while every other name is mangled (esbuild's keepNames would wrap every function).
import esbuild from "rollup-plugin-esbuild";
import terser from "@rollup/plugin-terser";

const isKernel = (id) => /[\\/]src[\\/](engine|rulesets[\\/][^\\/]+[\\/]rules)[\\/]/.test(id);

export default [
  {
    input: { fracas: "src/fracas.ts", engine: "src/engine/index.ts" },
    output: {
      dir: "dist",
      format: "es",
      sourcemap: true,
      entryFileNames: "[name].mjs",
      chunkFileNames: "[name].mjs",
      manualChunks: (id) => (isKernel(id) ? "kernel" : undefined),
    },
    plugins: [esbuild({ target: "es2022", sourceMap: true, minify: false }), terser({ module: true, ecma: 2020, keep_classnames: true, compress: { passes: 2 } })],
  },
];
