/**
 * The Quench batch a Foundry licence holder runs to exercise, in real Foundry, the flows the typed
 * fake tests here (src/foundry/quench/flows.ts lists them). Run it as the active GM in a scratch
 * world (CONTRIBUTING.md): it creates and deletes its own actors, combats and cards, and puts back
 * the world's active combat and GM pools, but deleting a combat makes V13 activate another for a
 * moment, and rounds advance world time when the world sets a round or turn time.
 *
 * The flows are a module of their own (dist/flows.mjs), imported only in a world where the Quench
 * module is active: no other world loads them. The import starts at "init"; Quench asks for
 * batches at "setup" and registration must be synchronous (Mocha builds its suites at once), so the
 * batch is registered at once and reaches the flows when it is run. Should that be before the
 * import has finished (or if it failed), the run shows one failing test that says so.
 */
import type { Quench, QuenchContext } from "./quench/context.js";

type Flows = (context: QuenchContext) => void;

let flows: Flows | null = null;
let loadError: unknown = null;
let loading: Promise<void> | null = null;

export function registerQuench(): void {
  Hooks.once("init", () => {
    if (!game.modules?.get("quench")?.active) return;
    loading = import("./quench/flows.js").then(
      (m) => void (flows = m.quenchFlows),
      (e: unknown) => {
        loadError = e;
        console.error("Fracas | the Quench flows could not be loaded", e);
      },
    );
  });
  Hooks.on("quenchReady" as never, ((quench: Quench) => {
    quench.registerBatch("fracas.flows", (context) => (flows ?? notLoaded)(context), { displayName: "Fracas: roll → card → apply → undo → round" });
  }) as never);
}

/** Settles when the flows have been imported (or failed to be); null where Quench is not active. */
export function quenchFlowsLoading(): Promise<void> | null {
  return loading;
}

function notLoaded({ describe, it, assert }: QuenchContext): void {
  describe("Fracas", () => {
    it("has loaded its flows", async () => {
      const why = loadError ? `they failed to load: ${(loadError as Error).message ?? String(loadError)}` : "they are still loading: run the batch again";
      assert.ok(false, `Fracas's Quench flows did not run: ${why}.`);
    });
  });
}
