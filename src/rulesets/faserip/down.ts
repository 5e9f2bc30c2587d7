/**
 * Who cannot act now (the combat mapping's isDown, the FEAT roll's refusal, and which members
 * count for side initiative). Which statuses keep a character from acting is the kernel's list
 * (rules/condition.ts CANNOT_ACT), the same one standUp refuses on.
 *
 * The hero's own status (system.status) and the token's status icons both count, so a status the
 * GM sets by hand on the token is respected too; Foundry's defeated mark (the tracker's skull)
 * also takes a combatant out. The most telling reason is returned (dead before defeated).
 */
import { statusEffectId } from "../../engine/events.js";
import { DEFEATED_REASON } from "../../foundry/registry.js";
import { heroView } from "./data/state.js";
import { CANNOT_ACT, cannotActStatus, type CannotAct } from "./rules/index.js";

/** What deciding needs: the actor's system data, its status effect ids, Foundry's defeated mark. */
export interface DownInput {
  system: unknown;
  statuses: readonly string[];
  defeated: boolean;
}

/** The statuses that keep a character from acting: the kernel's one list (rules/condition.ts). */
export const DOWN_STATUSES = CANNOT_ACT;
export type DownStatus = CannotAct;

/** i18n key of each reason (FRACAS.Faserip.Down.*); defeated uses the core key. */
export const DOWN_KEYS: Record<DownStatus | "defeated", string> = {
  dead: "FRACAS.Faserip.Down.dead",
  dying: "FRACAS.Faserip.Down.dying",
  unconscious: "FRACAS.Faserip.Down.unconscious",
  stunned: "FRACAS.Faserip.Down.stunned",
  defeated: DEFEATED_REASON,
};

/**
 * Why this character cannot act now (an i18n key), or null when it can: the kernel's
 * cannotActStatus over the hero's own status and the token's status icons together.
 */
export function downReason(c: DownInput): string | null {
  const { status } = heroView(c.system);
  const statuses = DOWN_STATUSES.filter((s) => (s !== "stunned" && status[s]) || c.statuses.includes(statusEffectId(s)));
  const down = cannotActStatus({ statuses, stunnedRounds: status.stunnedRounds });
  if (down) return DOWN_KEYS[down];
  return c.defeated ? DOWN_KEYS.defeated : null;
}

/**
 * Who is down once round `round` has begun: from round 2 on, the round start counts each stun
 * down by one (cards/round-start.ts, just after the plan is built), so a hero with one round of
 * stun left is up again for this round and counts now — for side initiative, which is rolled
 * before that count-down runs.
 */
export function downAtRoundStart(c: DownInput, round: number): string | null {
  const rounds = heroView(c.system).status.stunnedRounds;
  if (round <= 1 || rounds === 0) return downReason(c);
  const system = c.system as { status?: Record<string, unknown> };
  const after = { ...system, status: { ...(system.status ?? {}), stunnedRounds: rounds - 1 } };
  const statuses = rounds === 1 ? c.statuses.filter((s) => s !== statusEffectId("stunned")) : c.statuses;
  return downReason({ system: after, statuses, defeated: c.defeated });
}
