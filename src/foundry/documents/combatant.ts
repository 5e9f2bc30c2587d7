/**
 * Declarations and combatant memory through the GM. A combatant's declaration and ruleset memory
 * live on its Combat (FracasCombat.combatantState), which only the GM writes, so a player's own
 * writes to the Combatant change nothing. A player's declaration goes to the GM as a query; the GM
 * re-checks that the player owns the combatant's actor, that the combat is in its declaration
 * phase, that the combatant can act and that the choice is one the ruleset offers, then writes it
 * and rebuilds the plan. A memory patch is the ruleset's to accept (CombatMapping.memoryPatch).
 */
import type { FracasCombat } from "./combat.js";
import { combatantStateOf } from "../combatant-state.js";
import { mayJoin } from "./combatant-ruleset.js";
import { t } from "../i18n.js";
import { withCombatLock } from "../locks.js";
import type { JsonObject } from "../registry.js";
import { isDeclareTurn } from "../tracker/declare-turn.js";

export class FracasCombatant extends Combatant {
  /** This round's declaration ("" = none), as the Combat keeps it. */
  get declaration(): string {
    return combatantStateOf(this).declaration;
  }

  /**
   * One fight runs one ruleset (combatant-ruleset.ts): a combatant whose actor is of another ruleset
   * is refused here, on the client that adds it, with a warning naming both rulesets.
   */
  protected override async _preCreate(...args: Parameters<Combatant["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    // A FracasCombat (read by shape: combat.ts reaches this module through queries.ts).
    const fightRuleset = (this.parent as Partial<Pick<FracasCombat, "rulesetId">> | null)?.rulesetId;
    if (typeof fightRuleset !== "string") return allowed;
    const verdict = mayJoin({ name: this.name ?? "", actorType: this.actor?.type ?? null }, fightRuleset, args[1] as object);
    if (verdict.ok) return allowed;
    ui.notifications?.warn(t(verdict.key, verdict.data));
    return false;
  }
}


export interface DeclareRequest {
  combatId: string;
  combatantId: string;
  value: string;
  userId: string;
}

export type DeclareOutcome = { ok: true } | { ok: false; reason: string };

/** The combat and combatant a request names, if the requesting user owns the combatant's actor. */
function ownedCombatant(req: { combatId: string; combatantId: string; userId: string }): { combat: FracasCombat; combatant: Combatant.Implementation } | { ok: false; reason: string } {
  const combat = game.combats.get(req.combatId) as FracasCombat | undefined;
  const combatant = combat?.combatants.get(req.combatantId);
  const user = game.users.get(req.userId);
  if (!combat || !combatant || !user) return { ok: false, reason: "FRACAS.Tracker.Refused.NotFound" };
  const owns = user.isGM || (combatant.actor?.testUserPermission(user, "OWNER") ?? false);
  if (!owns) return { ok: false, reason: "FRACAS.Tracker.Refused.NotYours" };
  return { combat, combatant };
}

/** Runs where the write is allowed (the GM's client). */
export function executeDeclare(req: DeclareRequest): Promise<DeclareOutcome> {
  return withCombatLock(req.combatId, () => declareNow(req));
}

async function declareNow(req: DeclareRequest): Promise<DeclareOutcome> {
  const found = ownedCombatant(req);
  if ("ok" in found) return found;
  const { combat, combatant } = found;
  if (combat.fracas.phase !== "declare") return { ok: false, reason: "FRACAS.Tracker.Refused.NotDeclaring" };
  const player = !game.users.get(req.userId)?.isGM;
  if (player && combat.mapping?.declareInTurn && !isDeclareTurn(combat.fracas.plan, combat.fracas.step, combatant.id ?? "")) return { ok: false, reason: "FRACAS.Tracker.Refused.NotYourTurn" };
  const info = combat.combatantInfos().find((c) => c.id === combatant.id);
  if (info && combat.downReason(info) && req.value !== "") return { ok: false, reason: "FRACAS.Tracker.Refused.Down" };
  const options = info && combat.mapping ? combat.mapping.declarations(info) : [];
  if (req.value !== "" && !options.some((o) => o.value === req.value)) return { ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" };
  const all = combat.combatantInfos();
  const mapping = combat.mapping;
  // Those who declare together with this one (a ruleset's group), written in the same update.
  const together = info && mapping?.declaresWith ? mapping.declaresWith(info, req.value, all) : [];
  const joins = all.filter((c) => together.includes(c.id) && c.id !== combatant.id && combat.downReason(c) === null && (req.value === "" || mapping!.declarations(c).some((o) => o.value === req.value)));
  const declared = Object.fromEntries([combatant.id ?? "", ...joins.map((c) => c.id)].map((id) => [id, req.value]));
  await combat.refreshPlan(undefined, declared);
  return { ok: true };
}

export interface MemoryRequest {
  combatId: string;
  combatantId: string;
  patch: Record<string, unknown>;
  userId: string;
}

/** Merges a ruleset-approved patch into a combatant's memory (GM's client); owners only. */
export function executeMemoryPatch(req: MemoryRequest): Promise<DeclareOutcome> {
  return withCombatLock(req.combatId, () => patchNow(req));
}

async function patchNow(req: MemoryRequest): Promise<DeclareOutcome> {
  const found = ownedCombatant(req);
  if ("ok" in found) return found;
  const { combat, combatant } = found;
  const info = combat.combatantInfos().find((c) => c.id === combatant.id);
  const accept = combat.mapping?.memoryPatch;
  if (!info || !accept) return { ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" };
  const patch = JSON.parse(JSON.stringify(req.patch ?? {})) as Record<string, never>;
  const verdict = accept({ combatant: info, patch, round: combat.round ?? 0, phase: combat.fracas.phase, byGM: game.users.get(req.userId)?.isGM === true });
  if ("refused" in verdict && typeof verdict.refused === "string") return { ok: false, reason: verdict.refused };
  await combat.patchCombatantMemory(combatant.id ?? "", verdict as JsonObject);
  return { ok: true };
}
