/**
 * Counted Apply-row summaries worded for each reader (review s4 #9). A row stores a base key and
 * its counts (`Summary.Row.HenchmenFlee` with `fled` and `count`; `Summary.Row.HenchmenGone` with
 * `removed`), never a One/Other form: which form a count takes is the reader's language's rule
 * (French says "0 s'enfuit", English "0 flee"), so it is picked here, on the client that renders
 * the row. The core calls this through the card kind's `summaryText` (kinds.ts); the stored base
 * key's own string is worded so that no count needs agreement ("0 fled, 5 stayed"), for any
 * reader without it. Rows stored before with a compound key (a form already picked) are left to
 * the core's translation, as they were stored (null here).
 */
import { pluralKey } from "../../../foundry/i18n.js";
import { henchmenFleeKey } from "./views.js";

export type Translate = (key: string, data?: Record<string, string | number>) => string;
export type StoredSummary = { key: string; data?: Record<string, string | number> };

export const ROW = "FRACAS.Radio.Summary.Row";
export const FLEE_ROW = `${ROW}.HenchmenFlee`;
export const GONE_ROW = `${ROW}.HenchmenGone`;

const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : Number(v) || 0);

export const HENCHMEN_ROW = `${ROW}.Henchmen`;
const POOL = "FRACAS.Radio.Summary.Pool";

/** The row's words in this client's language, or null when the stored key is worded as it is. */
export function radioSummaryText(summary: StoredSummary, translate: Translate): string | null {
  const data = summary.data ?? {};
  if (summary.key === FLEE_ROW) return translate(henchmenFleeKey(count(data.fled), count(data.count), FLEE_ROW), data);
  if (summary.key === GONE_ROW) return withPoolMath(translate(pluralKey(GONE_ROW, count(data.removed)), data), data, translate);
  if (summary.key === HENCHMEN_ROW) return data.each === undefined ? null : withPoolMath(translate(HENCHMEN_ROW, data), data, translate);
  return null;
}

/**
 * A henchmen pool's Apply row with the count's arithmetic after it (seed 001: "You can dispense
 * with as many of them as the damage points you inflict allow"; RULES.md §2 D: `woundsEach`, the
 * remainder carried into the next hit): "3 down, 1 left: 6 damage + 1 from before = 7, 2 wounds
 * each; 1 left for the next hit". Rows stored before session 7 have no `each`: their words alone.
 */
function withPoolMath(outcome: string, data: Record<string, string | number>, translate: Translate): string {
  if (data.each === undefined) return outcome;
  const damage = count(data.damage);
  const dealt = count(data.dealt ?? damage);
  const before = count(data.before);
  const carried = count(data.carried);
  const numbers = { damage, dealt, before, carried, each: count(data.each) };
  const raised = dealt !== damage ? "Lethal" : "Damage";
  const hit = translate(`${POOL}.${raised}${before > 0 ? "Before" : ""}`, numbers);
  const each = translate(pluralKey(`${POOL}.Each`, numbers.each), numbers);
  // The sum the wounds each divide is shown when damage from before is added to it ("4 damage + 1
  // from before = 5"), not when it is the damage alone ("4 damage = 4" says nothing); what is left
  // over is named apart from "from before" (ux-review-s7 #8: "carried" meant both).
  const line = `${before > 0 ? "Line" : "LineFresh"}${carried > 0 && count(data.count) > 0 ? "Carried" : ""}`;
  return translate(`${POOL}.${line}`, { outcome, damage: hit, total: dealt + before, each, carried });
}
