/**
 * What applying each faserip card does to its target: pure over the stored result and the
 * target's system data, calling the kernel (applyAttack, applySecondary, zeroHealthFeat,
 * dyingTick). The CardKinds in cards/index.ts pass the tables in force.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { StatusEvent } from "../../../engine/events.js";
import type { CardEffect, JsonObject } from "../../../foundry/registry.js";
import { applyAttack, applySecondary, dyingTick, rankNumber, releaseHold, standUp, zeroHealthFeat } from "../rules/index.js";
import type { AttackResult, SecondaryCheck, StateChange, StunTiming } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { stateOf, updateOf } from "../data/state.js";
import { pluralKey } from "../../../foundry/i18n.js";

export const HERO_TYPE = "faseripHero";

export type EffectInput = { result: JsonObject; target: { type: string; system: JsonObject; name: string; uuid?: string }; source?: { uuid: string } };
export type EffectOutcome = CardEffect | { refused: string; data?: Record<string, string | number> };
export interface EffectTables {
  universal?: Grid;
}

/** Runs a kernel call; a rule error becomes a refusal with its FRACAS.Error.<code> message and data (review-s11 T3). */
function guarded(fn: () => EffectOutcome): EffectOutcome {
  try {
    return fn();
  } catch (e) {
    if (isRuleError(e)) return { refused: `FRACAS.Error.${e.code}`, data: { ...e.data } };
    throw e;
  }
}

function outcome(system: unknown, change: StateChange, summary: CardEffect["summary"]): CardEffect {
  return { update: updateOf(system, change.state), statuses: change.events as StatusEvent[], summary };
}

/** Escaping's results that break the hold (seed: "Breaking a grapple. Miss/Escape/Reverse"). */
export const BREAKS_HOLD = ["escape", "reverse"] as const;

/** Does this attack card free its own roller (a successful Escaping)? */
export function freesEscaper(action: unknown, attack: Pick<AttackResult, "feat"> | undefined): boolean {
  const effect = attack?.feat?.effect;
  return action === "escaping" && (BREAKS_HOLD as readonly unknown[]).includes(effect);
}

/**
 * Attack card: damage off Health, unconscious at 0, Kill → dying, Hold → restrained; Escaping's
 * Reverse restrains the holder (the target). A successful Escaping also lists its roller among
 * the card's targets (`escaperUuid`): applied there, it ends the roller's Restrained (releaseHold).
 * A Hold or a Reverse records who holds the target (`status.heldBy`: the card's source, the roller),
 * so the hold can end when that holder falls or leaves the fight (holds.ts); Undo restores it.
 */
export function attackEffect({ result, target, source }: EffectInput): EffectOutcome {
  if (target.type !== HERO_TYPE) return { refused: "FRACAS.Faserip.Refused.NotAHero" };
  const attack = result["attack"] as unknown as AttackResult | undefined;
  if (!attack || typeof attack !== "object") return { refused: "FRACAS.Faserip.Refused.NothingToApply" };
  const escaper = typeof result["escaperUuid"] === "string" ? result["escaperUuid"] : "";
  if (escaper !== "" && target.uuid === escaper) {
    if (!freesEscaper(result["action"], attack)) return { refused: "FRACAS.Faserip.Refused.NoEffect" };
    return guarded(() => outcome(target.system, releaseHold(stateOf(target.system)), { key: "FRACAS.Faserip.Summary.Released" }));
  }
  const effect = attack.feat?.effect;
  if (effect === "miss" || effect === "partial" || effect === "grab" || effect === "break" || effect === "escape") {
    return { refused: "FRACAS.Faserip.Refused.NoEffect" };
  }
  return guarded(() => {
    const change = applyAttack(stateOf(target.system), attack);
    const s = change.state;
    const data = { damage: attack.damage, health: s.health, max: s.healthMax };
    const key = attack.kill
      ? "FRACAS.Faserip.Summary.Kill"
      : effect === "hold" || effect === "reverse"
        ? "FRACAS.Faserip.Summary.Hold"
        : s.health === 0
          ? "FRACAS.Faserip.Summary.DamageUnconscious"
          : "FRACAS.Faserip.Summary.Damage";
    const done = outcome(target.system, change, { key, data });
    // The roller holds the target now (a card whose source is gone names no holder: the GM's to lift).
    if (change.state.statuses.includes("restrained") && (effect === "hold" || effect === "reverse")) done.update["system.status.heldBy"] = source?.uuid ?? "";
    return done;
  });
}

/**
 * Secondary card: the defender's Slam?/Stun? check, or the Endurance FEAT at 0 Health. `when`:
 * whether the defender had already used this round's action when the Apply lands (a stun then
 * counts from the next round: rules stunCount; the summary says so).
 */
export function secondaryEffect({ result, target }: EffectInput, tables: EffectTables = {}, when: StunTiming = {}): EffectOutcome {
  if (target.type !== HERO_TYPE) return { refused: "FRACAS.Faserip.Refused.NotAHero" };
  const kind = result["kind"];
  return guarded(() => {
    if (kind === "zeroHealth") {
      // The colour the card shows: the d100 plus any Karma spent on it (kept as effectiveRoll; a
      // card from before Karma was offered has only its roll). The Karma itself was spent when rolled.
      const roll = (typeof result["effectiveRoll"] === "number" ? result["effectiveRoll"] : result["roll"]) as number;
      const feat = zeroHealthFeat(stateOf(target.system), roll, undefined, tables.universal);
      return outcome(target.system, feat, { key: feat.startsDying ? "FRACAS.Faserip.Summary.StartsDying" : "FRACAS.Faserip.Summary.StaysUnconscious" });
    }
    const check = result["check"] as unknown as SecondaryCheck | undefined;
    if (!check || (kind !== "slam" && kind !== "stun")) return { refused: "FRACAS.Faserip.Refused.NothingToApply" };
    const change = applySecondary(stateOf(target.system), check, when);
    const fromNext = check.kind === "stun" && check.rounds > 0 && when.actedThisRound === true;
    // One/Other by the count (plural.ts). Applications stored on older cards keep the former
    // keys Summary.KnockedBack / Summary.Stunned, which stay in the lang file, worded without "(s)".
    const key =
      check.kind === "slam"
        ? check.areas > 0
          ? pluralKey("FRACAS.Faserip.Summary.KnockedBack", check.areas)
          : "FRACAS.Faserip.Summary.NoEffect"
        : check.rounds > 0
          ? pluralKey(fromNext ? "FRACAS.Faserip.Summary.StunnedNext" : "FRACAS.Faserip.Summary.Stunned", check.rounds)
          : "FRACAS.Faserip.Summary.NoEffect";
    return outcome(target.system, change, { key, data: { areas: check.areas, rounds: check.rounds } });
  });
}

/** Dying card: one Endurance rank lost this round (below Shift 0: dead). */
export function dyingTickEffect({ target }: EffectInput): EffectOutcome {
  if (target.type !== HERO_TYPE) return { refused: "FRACAS.Faserip.Refused.NotAHero" };
  return guarded(() => {
    const tick = dyingTick(stateOf(target.system));
    if (tick.died) return outcome(target.system, tick, { key: "FRACAS.Faserip.Summary.Died" });
    return outcome(target.system, tick, {
      key: "FRACAS.Faserip.Summary.EnduranceLost",
      data: { before: rankNumber(tick.enduranceBefore), after: rankNumber(tick.enduranceAfter!) },
    });
  });
}

/** Stand-up card (round start): prone ends, unless something keeps the character down (standUp). */
export function standUpEffect({ target }: EffectInput): EffectOutcome {
  if (target.type !== HERO_TYPE) return { refused: "FRACAS.Faserip.Refused.NotAHero" };
  return guarded(() => outcome(target.system, standUp(stateOf(target.system)), { key: "FRACAS.Faserip.Summary.StoodUp" }));
}

/** FEAT cards (a dodge, an ability FEAT) change no one. */
export function featEffect(): EffectOutcome {
  return { refused: "FRACAS.Faserip.Refused.NothingToApply" };
}
