/**
 * Model-based (stateful) property test of the core combat tracker: random sequences of what a GM and
 * players do in a fight (begin, declare, next, back, next/previous round, add/remove a combatant,
 * delete its token or actor, defeat, hide, end), driven through the typed fake for each of the four
 * rulesets' real combat mappings, with the invariants of harness.ts checked after every command.
 */
import { beforeAll, describe, it } from "vitest";
import fc from "fast-check";
import { beginCommand, commandArbs, endCommand } from "./commands.js";
import { fighterArb, freshRun, sharedWorld, type RulesetName, type Shared } from "./harness.js";

/** Runs per ruleset (up to 30 commands each): 4 × 150 runs take ~10 s here. FRACAS_FUZZ_RUNS / FRACAS_FUZZ_SEED override. */
export const NUM_RUNS = Number(process.env.FRACAS_FUZZ_RUNS ?? 150);
const SEED = process.env.FRACAS_FUZZ_SEED ? Number(process.env.FRACAS_FUZZ_SEED) : undefined;

const RULESETS: RulesetName[] = ["bond", "radio", "zodiac", "faserip"];

describe.each(RULESETS)("the core combat tracker under random fights: %s", (ruleset) => {
  let shared: Shared;
  beforeAll(async () => {
    shared = await sharedWorld();
  });

  it("keeps a GM's invariants through any sequence of tracker commands", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), fc.array(fighterArb, { minLength: 1, maxLength: 5 }), fc.commands(commandArbs, { maxCommands: 30, size: "max" }), async (seed, roster, cmds) => {
        const setup = await freshRun(shared, ruleset, seed, roster);
        await fc.asyncModelRun(() => setup, [beginCommand(), ...cmds, endCommand()]);
      }),
      { numRuns: NUM_RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });
});
