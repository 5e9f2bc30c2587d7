// One build, two entries: the Foundry entry (dist/fracas.mjs) and the pure kernel alone
// (dist/engine.mjs, which a test imports in bare Node). Every kernel module goes into one shared
// chunk (dist/kernel.mjs) that both import, so the kernel ships once. esbuild strips types; tsc
// checks them separately.
import esbuild from "rollup-plugin-esbuild";

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
    plugins: [esbuild({ target: "es2022", sourceMap: true, minify: false })],
  },
];
