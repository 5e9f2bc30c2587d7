/**
 * A round start asked by a GM who is not the active GM (Begin Combat, Next Round, Next step past
 * the last). Run on the active GM's client, it shares the one combat lock that declarations and
 * memory patches already take there (documents/combatant.ts), so a change written meanwhile (Radio's
 * Change group) is not overwritten by the round start's copy; run on the asking GM's own client,
 * behind its own lock, it could be. The active GM re-checks that a GM asked.
 */
import type { FracasCombat } from "./combat.js";

export type RoundStartAction = "start" | "next";

export interface RoundStartRequest {
  combatId: string;
  action: RoundStartAction;
  userId: string;
}

export type RoundStartOutcome = { ok: true } | { ok: false; reason: string };

export async function executeRoundStart(req: RoundStartRequest): Promise<RoundStartOutcome> {
  if (!game.users.get(req.userId)?.isGM) return { ok: false, reason: "FRACAS.Chat.Refused.NotGM" };
  const combat = game.combats.get(req.combatId) as unknown as FracasCombat | undefined;
  if (!combat?.mapping) return { ok: false, reason: "FRACAS.Chat.Refused.BadRequest" };
  if (req.action === "start") {
    // Pressed twice (or by two GMs): the fight has begun already, nothing more to start.
    if ((combat.round ?? 0) === 0) await combat.startCombat();
  } else await combat.nextRound();
  return { ok: true };
}
