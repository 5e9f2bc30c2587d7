/**
 * The Quench batch's flows (see src/foundry/quench.ts, which loads this module on demand): for
 * each enabled ruleset that ships a sample, create actor → roll → chat card → apply → undo → a
 * combat round (and one passing over a defeated combatant); and, once, the core's once-only roll
 * claim, the round plan against core's own controls and a removed combatant, an invalid update
 * left out by V13's client without a throw (which Apply and Undo check for), Apply and Undo sent as
 * a signed query to the active GM, and what Fracas changes of V13's defaults (linked PC tokens,
 * item guard, one Rules tables, roll mode).
 */
import { allDescriptors } from "../rulesets.js";
import { enabledRulesets } from "../settings.js";
import { FLOW_TIMEOUT_MS, type QuenchContext } from "./context.js";
import { Batch } from "./batch.js";
import { coreFlows } from "./core-flows.js";
import { defaultsFlow } from "./defaults-flow.js";
import { rulesetFlows } from "./ruleset-flows.js";
import { queryFlow } from "./query-flow.js";

/** Quench calls this at each run, so the rulesets enabled then are the ones run. */
export function quenchFlows(context: QuenchContext): void {
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
