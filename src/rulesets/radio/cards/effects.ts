/**
 * What each radio card does to a target, pure over the stored result and the target's data
 * (CardKind.effect). Every rule is the kernel's: applyDamage, henchmenFlee, fleeCheck. Summaries
 * are a key and its data (names and numbers), worded on each reader's client when the card renders;
 * a counted summary stores its base key and counts, and its form is picked for the reader
 * (summaries.ts), never here in the applying client's language.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { CardEffect, JsonObject } from "../../../foundry/registry.js";
import { applyDamage, fleeCheck, henchmenFlee } from "../rules/index.js";
import type { DamageResult } from "../rules/index.js";
import { stateUpdate, targetState } from "../data/state.js";
import { cleanFallId } from "../data/leader-fall.js";
import { FLEE_ROW, GONE_ROW } from "./summaries.js";

export type EffectInput = { result: JsonObject; target: { type: string; system: JsonObject; name: string } };
export type EffectOutput = CardEffect | { refused: string };

/**
 * The Apply row's summaries (session 4 UX review #12): the row already names the target, so these
 * keys leave the name out ("takes 3 (2 left)"). They still receive `name` in their data. The named
 * `Summary.*` keys stay in the lang file for the Apply rows of cards posted before (their stored
 * key is translated on every render: DECISIONS "Apply-row summaries"), and the flee card's outcome line uses them.
 */
const ROW = "FRACAS.Radio.Summary.Row";

const refusal = (e: unknown): { refused: string } => {
  if (isRuleError(e)) return { refused: `FRACAS.Error.${e.code}` };
  throw e;
};

/**
 * The attack card only reports the test: damage is applied from the damage card it leads to. The
 * kind is not applicable (no Apply rows); this refusal stays for any request that names it anyway.
 */
export function attackEffect(): EffectOutput {
  return { refused: "FRACAS.Radio.Refused.RollDamageFirst" };
}

/** Prompt cards (final heroic action, escape offer) carry buttons, nothing to apply. */
export function promptEffect(): EffectOutput {
  return { refused: "FRACAS.Radio.Refused.PromptOnly" };
}

export function damageEffect({ result, target }: EffectInput): EffectOutput {
  const state = targetState(target.type, target.system);
  if (!state) return { refused: "FRACAS.Radio.Refused.NotRadio" };
  const damage = result.damage as unknown as DamageResult | undefined;
  if (!damage || typeof damage !== "object") return { refused: "FRACAS.Chat.Refused.BadRequest" };
  try {
    const applied = applyDamage(state, damage);
    const s = applied.state;
    const name = target.name;
    let summary: CardEffect["summary"];
    if (s.kind === "henchmen") {
      // The last ones down: the base key and the count, its form picked for each reader (summaries.ts).
      // With the count's arithmetic (seed: "as many of them as the damage points you inflict allow";
      // RULES.md §2 D): the damage (and a head or heart shot's raise), the damage carried in before,
      // the wounds each, and what is carried over, so the GM can check "3 down, 1 left".
      const key = s.count === 0 ? GONE_ROW : `${ROW}.Henchmen`;
      const pool = { damage: damage.damage, dealt: applied.dealt ?? damage.damage, each: s.woundsEach, before: state.kind === "henchmen" ? state.carried : 0, carried: s.carried };
      summary = { key, data: { name, removed: applied.removed, count: s.count, ...pool } };
    } else if (s.kind === "pc" && s.finalAction) {
      summary = { key: `${ROW}.FinalAction`, data: { name } };
    } else if (s.state === "dead") {
      summary = { key: `${ROW}.Dead`, data: { name } };
    } else if (s.state === "unconscious") {
      summary = { key: `${ROW}.Unconscious`, data: { name, wounds: s.wounds } };
    } else {
      summary = { key: `${ROW}.Wounded`, data: { name, damage: damage.damage, wounds: s.wounds } };
    }
    const update = stateUpdate(applied);
    // A minion or boss felled by this card: its damage card offers the followers' flee checks, so
    // the GM's fall check (cards/leader-fall.ts) must not prompt again for this fall. A fall not yet
    // noted is this card's: it gets the card's id, by which its flee checks are claimed once
    // whichever card offers them (cards/flee.ts). A leader already down (noted, say by the GM's
    // dead mark) keeps its fall's id. An Undo restores the prior values with the wounds.
    if (target.type === "radioOpponent" && s.kind !== "henchmen" && s.state !== "active") {
      if (target.system.fallNoted !== true) update["system.fallId"] = cleanFallId(result.fallId);
      update["system.fallNoted"] = true;
    }
    return { update, statuses: applied.events, summary };
  } catch (e) {
    return refusal(e);
  }
}

/** A follower's check after its leader fell: one d6 per henchman (a 6 runs), one for a minion. */
export function fleeEffect({ result, target }: EffectInput): EffectOutput {
  const rolls = Array.isArray(result.rolls) ? (result.rolls as unknown[]).filter((r): r is number => typeof r === "number") : [];
  try {
    if (target.type === "radioHenchmen") {
      const state = targetState(target.type, target.system);
      if (!state || state.kind !== "henchmen") return { refused: "FRACAS.Radio.Refused.NotRadio" };
      if (rolls.length < state.count) return { refused: "FRACAS.Radio.Refused.GroupGrew" };
      const fled = henchmenFlee(state, rolls.slice(0, state.count));
      return {
        update: { "system.count": fled.group.count, "system.carried": fled.group.carried },
        statuses: [],
        // The base key and the numbers, not their words nor their forms: each reader's client picks
        // the forms in its own language (summaries.ts). Rows stored before with the words
        // (Summary.HenchmenFleeOutcome) or a form already picked still render: DECISIONS.
        summary: { key: FLEE_ROW, data: { name: target.name, fled: fled.fled, count: fled.group.count } },
      };
    }
    if (target.type === "radioOpponent") {
      const roll = rolls[0];
      if (roll === undefined) return { refused: "FRACAS.Chat.Refused.BadRequest" };
      const flees = fleeCheck(roll) === "flees";
      return {
        update: { "system.fled": flees },
        statuses: [],
        summary: { key: flees ? `${ROW}.Flees` : `${ROW}.Stays`, data: { name: target.name } },
      };
    }
    return { refused: "FRACAS.Radio.Refused.NoFlee" };
  } catch (e) {
    return refusal(e);
  }
}

/** A defensive participant's escape at round end: on success they leave the fight (a hero escaped; a minion, boss or henchmen group fled). */
export function escapeEffect({ result, target }: EffectInput): EffectOutput {
  if (target.type !== "radioHero" && target.type !== "radioOpponent" && target.type !== "radioHenchmen") return { refused: "FRACAS.Radio.Refused.NotRadio" };
  if (result.outcome !== "escapes") return { refused: "FRACAS.Radio.Refused.EscapeFailed" };
  const path = target.type === "radioHero" ? "system.escaped" : "system.fled";
  return { update: { [path]: true }, statuses: [], summary: { key: `${ROW}.Escaped`, data: { name: target.name } } };
}
