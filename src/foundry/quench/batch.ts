/**
 * The batch's frame: what it checks before any flow runs, and what every flow and the batch as a
 * whole clean up, pass or fail.
 */
import { isActiveGM } from "../active-gm.js";
import { fightEndSettled } from "../documents/fight-end.js";
import type { QuenchAssert } from "./context.js";
import { Made } from "./made.js";
import { readPools, recordCombats, restoreCombats, restorePools, type CombatState } from "./world-state.js";

export class Batch {
  readonly made = new Made();
  #combats: CombatState | null = null;

  /**
   * Before any flow: the tester must be the active GM. A player's flows fail on unrelated
   * permission errors, and a GM who is not the active one sends round starts and claims through
   * queries to another client (a different path from the one these flows check).
   */
  start(assert: QuenchAssert): void {
    assert.ok(game.user.isGM, "Run the Fracas batch as a GM.");
    assert.ok(isActiveGM(), "Run the Fracas batch as the active GM: the only GM connected, in one browser tab.");
    this.#combats = recordCombats();
    this.made.listen();
  }

  /** After every flow: whatever is still left of the batch's documents (e.g. cards a fight's end posted late), then the world's combats as they were. */
  async finish(): Promise<void> {
    if (!this.#combats) return;
    const problems: string[] = [];
    try {
      await fightEndSettled();
      problems.push(...(await this.made.deleteFrom(0)));
    } finally {
      this.made.stop();
      await restoreCombats(this.#combats);
      this.#combats = null;
    }
    if (problems.length > 0) throw new Error(`Fracas | the batch could not delete: ${problems.join("; ")}`);
  }

  /**
   * A flow that cleans up after itself whether it passes or fails: every document created while it
   * ran is deleted, and the GM pools are put back. A failure of the flow is reported before any of
   * its cleanup's.
   */
  flow(body: () => Promise<void>): () => Promise<void> {
    return async () => {
      const from = this.made.size;
      const pools = readPools();
      let failure: { error: unknown } | null = null;
      try {
        await body();
      } catch (error) {
        failure = { error };
      }
      const problems = await this.made.deleteFrom(from);
      await restorePools(pools).catch((e: unknown) => problems.push(`the GM pools: ${(e as Error).message}`));
      if (failure) throw failure.error;
      if (problems.length > 0) throw new Error(`Fracas | the flow could not delete: ${problems.join("; ")}`);
    };
  }
}
