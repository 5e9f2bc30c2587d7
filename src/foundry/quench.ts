/**
 * A Quench batch (registered only when the Quench module is active) that a Foundry licence
 * holder runs to exercise, in real Foundry, the flows the typed fake tests here: create actor →
 * roll → chat card → apply → undo → a combat round (and one passing over a defeated combatant),
 * for each enabled ruleset that ships a sample; and, once, the core's once-only roll claim, the
 * round plan against core's own controls and a removed combatant, an invalid update left out by
 * V13's client without a throw (which Apply and Undo check for), Apply and Undo sent as a signed
 * query to the active GM, and what Fracas changes of V13's defaults (linked PC tokens, item guard,
 * one Rules tables, roll mode).
 *
 * Run it as the active GM in a scratch world (CONTRIBUTING.md): it creates and deletes its own
 * actors, combats and cards, and puts back the world's active combat and GM pools, but deleting a
 * combat makes V13 activate another for a moment, and rounds advance world time when the world
 * sets a round or turn time.
 */
import { allDescriptors } from "./rulesets.js";
import { enabledRulesets } from "./settings.js";
import { FLOW_TIMEOUT_MS, type Quench, type QuenchContext } from "./quench/context.js";
import { Batch } from "./quench/batch.js";
import { coreFlows } from "./quench/core-flows.js";
import { defaultsFlow } from "./quench/defaults-flow.js";
import { rulesetFlows } from "./quench/ruleset-flows.js";
import { queryFlow } from "./quench/query-flow.js";

export function registerQuench(): void {
  Hooks.on("quenchReady" as never, ((quench: Quench) => {
    quench.registerBatch("fracas.flows", (context) => quenchFlows(context), { displayName: "Fracas: roll → card → apply → undo → round" });
  }) as never);
}

/** Quench calls this at each run, so the rulesets enabled then are the ones run. */
function quenchFlows(context: QuenchContext): void {
  const { describe, it, before, after, assert } = context;
  const enabled = new Set<string>(enabledRulesets());
  const withSample = allDescriptors().filter((x) => enabled.has(x.id) && x.sample);
  describe("Fracas", function () {
    // Set on the suite before anything is added to it: Mocha copies a suite's timeout into each
    // test, hook and suite when it is added, so a `.timeout()` chained on the returned suite would
    // reach none of them.
    this.timeout(FLOW_TIMEOUT_MS);
    const batch = new Batch();
    before(async () => batch.start(assert));
    after(async () => batch.finish());
    const first = withSample[0];
    if (!first) {
      // Never a green run of nothing.
      it("has an enabled ruleset with a sample to run", async () => {
        assert.ok(false, `No enabled ruleset ships a sample (enabled: ${[...enabled].join(", ") || "none"}): enable one in the system settings.`);
      });
      return;
    }
    describe("core", () => {
      coreFlows(context, batch, first.sample!);
      queryFlow(context, batch, first.sample!);
    });
    describe("core: what Fracas changes of V13's defaults", () => defaultsFlow(context, batch, first));
    for (const d of withSample) describe(d.id, () => rulesetFlows(context, batch, d));
  });
}
