/**
 * The Quench batch's sample: Mike strikes The Baron, as the roll dialog would (sheets/view.ts): the
 * Area's rating as the dice kept, Mike's own Agent Points, the world's total mode, one Wager. He
 * rolls his best Area (Capricorn 5: four dice after the Wager, all kept, against TN 10 — about 9 in
 * 10 meet it), and a miss is rolled again (core firstHit): a miss's Apply writes only the GM's
 * Setback pool, never The Baron, so the batch's "Undo restores the target" could not fail on it.
 */
import { dialogTarget } from "./sheets/roll-dialog.js";
import { rollModel } from "./cards/roll-model.js";
import { rollAndPost, totalMode } from "./cards/flow.js";
import { calledShotCosts } from "./rules/index.js";
import { AREA_SLOTS, type AreaSlot } from "./data/areas.js";
import { firstHit } from "../../foundry/quench/first-hit.js";

/** Misses in a row before the flow fails: about 1 in 10 each, so 10⁻¹² for all of them. */
const TRIES = 12;

interface AgentSystem {
  areas: Record<AreaSlot, { rating: number }>;
  agentPoints: { value: number };
}

export const sample = {
  source: {
    name: "Mike",
    type: "zodiacAgent",
    system: { areas: { a1: { name: "Aries", rating: 3 }, a2: { name: "Capricorn", rating: 5 }, a3: { name: "Gemini", rating: 2 }, a4: { name: "Scorpio", rating: 2 }, a5: { name: "Virgo", rating: 1 } } },
  },
  target: { name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } },
  async roll(source: Actor.Implementation, target: Actor.Implementation): Promise<ChatMessage.Implementation> {
    const strike = async () => {
      const sys = source.system as unknown as AgentSystem;
      const slot = AREA_SLOTS.reduce((best, s) => (sys.areas[s].rating > sys.areas[best].rating ? s : best));
      const aimed = dialogTarget(target.uuid, target.name);
      const choice = { kind: "strike" as const, area: sys.areas[slot].rating, spend: 0, gathered: 0, wagers: 1, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: totalMode() };
      const model = rollModel(choice, { agentPoints: sys.agentPoints.value, almostDead: false }, aimed?.tn ?? 10, calledShotCosts);
      const message = await rollAndPost(source, slot, choice, model, aimed);
      if (!message) throw new Error("Fracas | zodiac sample: no card posted");
      return message;
    };
    return firstHit(strike, (result) => (result.strike as { success?: unknown } | undefined)?.success === true, TRIES);
  },
};
