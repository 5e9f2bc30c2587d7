/**
 * Why a Bond character cannot act now (an i18n key), or null: the tracker passes over its steps
 * (CombatMapping.isDown) and the sheet refuses its attacks. From the wound state it carries
 * (rules/wound-state.ts, the sheet's FRACAS.Bond.State.* lines):
 * - Killed: removed from play;
 * - Incapacitated: unconscious for 1D6 hours; knocked out: until woken;
 * - a Stun roll due, or rounds without action after a failed one ("stunned", D18);
 * - a Light/Medium/Heavy Wound's Willpower roll not yet made ("no activity until it succeeds").
 * Foundry's defeated mark (tracker skull, or the DEFEATED status) counts too, and so do the
 * statuses a GM sets by hand on the token with no wound behind them (a ruling).
 */
import { statusEffectId } from "../../engine/events.js";
import { DEFEATED_REASON } from "../../foundry/registry.js";
import { safeWoundState } from "./data/derive.js";

export interface DownInput {
  /** The actor's stored wound state (system.wound). */
  wound: unknown;
  /** The actor's status effect ids. */
  statuses: readonly string[];
  /** Foundry's defeated mark. */
  defeated: boolean;
}


export function bondDownReason(x: DownInput): string | null {
  const s = safeWoundState(x.wound);
  if (s.level === "KL") return "FRACAS.Bond.Down.killed";
  if (s.level === "IN") return "FRACAS.Bond.Down.incapacitated";
  if (s.knockedOut) return "FRACAS.Bond.Down.knockedOut";
  if (s.stunRollPending) return "FRACAS.Bond.Down.stunRoll";
  if (s.stunRounds > 0) return "FRACAS.Bond.Down.stunned";
  if (s.woundRollPending) return "FRACAS.Bond.Down.woundRoll";
  if (x.defeated) return DEFEATED_REASON;
  const has = (status: string) => x.statuses.includes(statusEffectId(status));
  if (has("dead")) return "FRACAS.Bond.Down.killed";
  if (has("unconscious")) return "FRACAS.Bond.Down.unconscious";
  if (has("stunned")) return "FRACAS.Bond.Down.stunned";
  return null;
}
