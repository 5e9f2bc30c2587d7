/**
 * One fight runs one ruleset (review-s10 G3). A fight's ruleset is the one it stored when it began,
 * else its combatants' (FracasCombat#rulesetId); a combatant whose actor is of another ruleset would
 * be run by the wrong mapping (Bond gave a FASERIP thug Speed 0, and it showed only at Apply), so it
 * is refused on the client that adds it (FracasCombatant#_preCreate: V13 runs a document's
 * _preCreate there, before the server; Combat#_preCreateDescendantDocuments runs on every client
 * after the server has stored it, too late to refuse).
 *
 * Decisions:
 * - An actor whose type belongs to no Fracas ruleset is refused too: no mapping can run it.
 * - A combatant with no actor (V13 lets a GM or a macro add a placeholder, e.g. a lair or a
 *   hazard) is accepted: it has no ruleset to disagree with, and the plan shows it down, "No
 *   character", and passes over its steps (FracasCombat#downReason).
 * - Several combatants added at once to a fight with no ruleset yet (tokens dragged in together):
 *   the first Fracas one decides for the rest of that batch (V13 passes the same options object to
 *   each document's _preCreate in one operation).
 */
import { descriptorForType } from "../rulesets.js";
import { t } from "../i18n.js";

/** The ruleset the first Fracas combatant of an operation chose, per operation (its options object). */
const chosenInBatch = new WeakMap<object, string>();

export interface JoiningCombatant {
  name: string;
  /** The actor's type, or null when the combatant has no actor. */
  actorType: string | null;
}

export type JoinVerdict = { ok: true } | { ok: false; key: string; data: Record<string, string> };

/** The ruleset's display name (FRACAS.Ruleset.<id>), else its id. */
export function rulesetName(id: string): string {
  const key = `FRACAS.Ruleset.${id}`;
  return game.i18n.has(key) ? t(key) : id;
}

/**
 * Whether a combatant may join a fight that runs `fightRuleset` ("" = none yet). `batch` is the
 * create operation's options object, shared by the combatants added with it.
 */
export function mayJoin(joining: JoiningCombatant, fightRuleset: string, batch: object): JoinVerdict {
  if (joining.actorType === null) return { ok: true };
  const own = descriptorForType(joining.actorType)?.id;
  if (!own) return { ok: false, key: "FRACAS.Combat.Refused.NotFracas", data: { name: joining.name, type: joining.actorType } };
  const fight = fightRuleset || chosenInBatch.get(batch) || "";
  if (!fight) {
    chosenInBatch.set(batch, own);
    return { ok: true };
  }
  if (own === fight) return { ok: true };
  return { ok: false, key: "FRACAS.Combat.Refused.OtherRuleset", data: { name: joining.name, fight: rulesetName(fight), ruleset: rulesetName(own) } };
}
