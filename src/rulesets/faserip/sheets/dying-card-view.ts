/** The dying card's labels. Pure: the dying round and the browser fixtures both call it. */
import type { RankKey } from "../rules/index.js";
import { rankLabel } from "./view-format.js";

/** Labels for a dying card. */
export function dyingCardView(result: { name: string; enduranceBefore: RankKey; enduranceAfter: RankKey | null }) {
  return {
    name: result.name,
    before: rankLabel(result.enduranceBefore),
    after: result.enduranceAfter ? rankLabel(result.enduranceAfter) : "",
    dies: result.enduranceAfter === null,
  };
}
