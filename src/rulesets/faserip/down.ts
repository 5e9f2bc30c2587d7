/**
 * Who cannot act now (the combat mapping's isDown, the FEAT roll's refusal, and which members
 * count for side initiative). Seed: a dead, dying or unconscious character (0 Health) does
 * nothing; "stunned 1-10 rounds" is read as no action for those rounds.
 *
 * The hero's own status (system.status) and the token's status icons both count, so a status the
 * GM sets by hand on the token is respected too; Foundry's defeated mark (the tracker's skull)
 * also takes a combatant out. The most telling reason is returned (dead before defeated).
 */
import { statusEffectId } from "../../engine/events.js";
import { DEFEATED_REASON } from "../../foundry/registry.js";
import { heroView } from "./data/state.js";

/** What deciding needs: the actor's system data, its status effect ids, Foundry's defeated mark. */
export interface DownInput {
  system: unknown;
  statuses: readonly string[];
  defeated: boolean;
}

export const DOWN_STATUSES = ["dead", "dying", "unconscious", "stunned"] as const;
export type DownStatus = (typeof DOWN_STATUSES)[number];

/** i18n key of each reason (FRACAS.Faserip.Down.*); defeated uses the core key. */
export const DOWN_KEYS: Record<DownStatus | "defeated", string> = {
  dead: "FRACAS.Faserip.Down.dead",
  dying: "FRACAS.Faserip.Down.dying",
  unconscious: "FRACAS.Faserip.Down.unconscious",
  stunned: "FRACAS.Faserip.Down.stunned",
  defeated: DEFEATED_REASON,
};

/** Why this character cannot act now (an i18n key), or null when it can. */
export function downReason(c: DownInput): string | null {
  const { status } = heroView(c.system);
  const has = (s: DownStatus) => c.statuses.includes(statusEffectId(s));
  const on: Record<DownStatus, boolean> = {
    dead: status.dead || has("dead"),
    dying: status.dying || has("dying"),
    unconscious: status.unconscious || has("unconscious"),
    stunned: status.stunnedRounds > 0 || has("stunned"),
  };
  for (const s of DOWN_STATUSES) if (on[s]) return DOWN_KEYS[s];
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
