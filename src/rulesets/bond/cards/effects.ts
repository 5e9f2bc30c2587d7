/**
 * What the bond cards do to a target, pure over (stored result, target data). The target's own
 * answers to an attack — Hero Points spent, a Shake Off roll, the knockout roll — are stored on the target actor
 * (system.attackResponses[attackId]) by its owner, so a player need not write the GM's card:
 * Apply replays them through the kernel every time, and Undo restores the wound exactly. The
 * recovery effect also reads the target's recovery count, a Fracas flag the Apply passes with the
 * target (core CardActor.flags; D66).
 */
import { isRuleError } from "../../../engine/errors.js";
import { effectRefusal } from "../rule-error.js";
import type { StatusEvent } from "../../../engine/events.js";
import type { CardActor, CardEffect, Json, JsonObject } from "../../../foundry/registry.js";
import { activeTable } from "../../../foundry/tables.js";
import {
  applyFirstAid,
  applyHeroPointsToResult,
  applyWound,
  qualityResultsTable,
  resolveKnockoutResist,
  resolveRecovery,
  resolveCheck,
  resolveShakeOff,
  woundAccumulationTable,
  woundTable,
  type AttackResult,
  type CheckResult,
  type ShakeOffInput,
  type WoundState,
} from "../rules/index.js";
import { DROPPED_KEY, safeWoundState } from "../data/derive.js";
import { bondDownReason } from "../down.js";
import { recoveryOutcome } from "./views.js";
import { rollCountUpdate, staleRecoveryRefusal } from "./recovery-count.js";
import { pluralKey } from "../../../foundry/i18n.js";

export const ACTOR_TYPE = "bondCharacter";

/** The attack card's stored result: the kernel's AttackResult plus what the card needs later. */
export interface AttackCardResult extends AttackResult {
  /** Links the target's answers (Hero Points, Shake Off) to this attack. */
  attackId: string;
  /** A D6 rolled with the attack, used for the hours unconscious if the wound reaches IN. */
  hoursRoll: number;
  attackerName: string;
  weaponName: string;
  /** The attacker's weapon's draw modifier (for a draw the target may call). Older cards: absent = 0. */
  drawModifier?: number;
  /** The combat and round the attack was made in ("" / 0 outside combat): a draw is called only then. */
  combatId?: string;
  combatRound?: number;
  /** The attacker's declared action this round (D47), when one was made; older cards: absent. */
  declaration?: string;
}

/** A draw called against this attack: who shot first, and the draw card that says so. */
export interface DrawRecord {
  first: "attacker" | "target";
  messageId: string;
  /** The combat and round of the draw (a won draw's shot is fired out of step that round only); older records: absent. */
  combat?: string;
  round?: number;
}

/** The target's Willpower roll against a landed knockout: made once per attack (its recovery card). */
export interface KnockoutRecord {
  messageId: string;
  success: boolean;
}

export interface AttackResponse {
  heroPoints: number;
  shakeOff: ShakeOffInput | null;
  draw: DrawRecord | null;
  knockout: KnockoutRecord | null;
  /** The GM's round start has prompted this knockout roll (knockout-prompt.ts): it is prompted once. */
  knockoutPrompted: boolean;
}

function readKnockout(v: unknown): KnockoutRecord | null {
  if (!v || typeof v !== "object") return null;
  const k = v as Partial<KnockoutRecord>;
  return { messageId: typeof k.messageId === "string" ? k.messageId : "", success: k.success === true };
}

function readDraw(v: unknown): DrawRecord | null {
  if (!v || typeof v !== "object") return null;
  const d = v as Partial<DrawRecord>;
  if (d.first !== "attacker" && d.first !== "target") return null;
  return {
    first: d.first,
    messageId: typeof d.messageId === "string" ? d.messageId : "",
    ...(typeof d.combat === "string" ? { combat: d.combat } : {}),
    ...(typeof d.round === "number" ? { round: d.round } : {}),
  };
}

/**
 * Where one answer to an attack is recorded on its target. Every writer writes only its own key
 * (`system.attackResponses.<attackId>.<key>`: a dotted key into the ObjectField merges, in Foundry
 * as in the fake), never the whole record: a record read before an await (a claim's round trip to
 * the GM, a roll, a posted card) and written back whole would undo whatever another client
 * recorded meanwhile, e.g. a Hero Point paid for but no longer counted.
 */
/**
 * The path of one answer to one attack on the target. The attack id comes from a card, which its
 * author may edit: anything but a plain id (dots, "__proto__") would write elsewhere in the target's
 * data, so it is refused here, before any write (audit s14).
 */
export const responsePath = (attackId: string, key: keyof AttackResponse): string => {
  if (typeof attackId !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(attackId)) throw new Error(`Fracas | not an attack id: ${String(attackId).slice(0, 80)}`);
  return `system.attackResponses.${attackId}.${key}`;
};

/** The once-per-attack rolls, claimed on the target before they are rolled (core claims.ts). */
export type OnceRoll = "knockout" | "shakeOff" | "scar";

/**
 * The claim key of one once-per-attack roll on one target: the attack and the roll. The stored
 * record (attackResponses) still says what was rolled; the claim only stops two clients (a GM and
 * an owner clicking at the same instant) from both rolling before either has written it.
 */
export const claimKey = (attackId: string, roll: OnceRoll): string => `${attackId}:${roll}`;

export function responseFor(targetSystem: JsonObject, attackId: string): AttackResponse {
  const all = (targetSystem.attackResponses ?? {}) as Record<string, Partial<AttackResponse> | undefined>;
  const r = all[attackId] ?? {};
  return {
    heroPoints: typeof r.heroPoints === "number" && Number.isInteger(r.heroPoints) ? Math.max(0, Math.min(4, r.heroPoints)) : 0,
    shakeOff: r.shakeOff && typeof r.shakeOff === "object" ? r.shakeOff : null,
    draw: readDraw(r.draw),
    knockout: readKnockout(r.knockout),
    knockoutPrompted: r.knockoutPrompted === true,
  };
}

export function attackTablesInForce() {
  return { qualityResults: activeTable(qualityResultsTable), wounds: activeTable(woundTable) };
}

/** The attack as it lands on this target: Hero Points lower the QR, then a made Shake Off roll lowers the wound. */
export function finalAttack(result: AttackCardResult, targetSystem: JsonObject): AttackCardResult {
  const tables = attackTablesInForce();
  const response = responseFor(targetSystem, result.attackId);
  let out: AttackResult = result;
  if (response.heroPoints > 0 && out.attackerIsNpc) out = applyHeroPointsToResult(out, response.heroPoints, { spenderIsTarget: true }, tables);
  if (response.shakeOff && out.shakeOff === null) {
    try {
      out = resolveShakeOff(out, response.shakeOff, tables);
    } catch (e) {
      // Hero Points may since have turned the hit into a miss: nothing left to shake off.
      if (!isRuleError(e)) throw e;
    }
  }
  return { ...result, ...out };
}

/** The target's weapon in hand (derived on the actor, D41), or null. */
function heldWeapon(system: JsonObject): { id: string; name: string } | null {
  const w = system.weaponInHand as { id?: unknown; name?: unknown } | null | undefined;
  return w && typeof w.id === "string" && DROPPED_KEY.test(w.id) ? { id: w.id, name: typeof w.name === "string" ? w.name : "" } : null;
}

/** A card effect's refusal: an i18n key and, when its string needs it, the data that fills it (core registry.ts). */
export type EffectRefusal = { refused: string; data?: Record<string, string | number> };

const refusal = (e: unknown): EffectRefusal => {
  if (isRuleError(e)) return effectRefusal(e);
  throw e;
};

function isAttackResult(v: JsonObject): boolean {
  return typeof v.attackId === "string" && typeof v.woundLevel === "string" && typeof v.attackKind === "string";
}

/**
 * The Apply row's line. Incapacitated now (by the hit or by accumulation): how long, from the
 * attack's D6. A Disarm that also wounds (the `specificBlowWounds` option) names the weapon that
 * fell beside the wound, so the GM is told either way (D41).
 * (Older cards' rows name Summary.NowUnconscious, without One/Other: kept in the lang file, D43.)
 */
/**
 * The attack card's Apply row worded on the reader's client (CardKind.summaryText): an accumulation
 * row names its two levels in words, "now Medium Wound (Light Wound + Light Wound, by the wound
 * accumulation table)", not the book's codes (ux-review-s7 #17.1). Null for every other row.
 */
export function attackSummaryText(summary: { key: string; data?: Record<string, string | number> }, translate: (key: string, data?: Record<string, string | number>) => string): string | null {
  if (!summary.key.startsWith("FRACAS.Bond.Summary.Accumulated.") || !summary.data) return null;
  const word = (code: string | number | undefined) => (WOUND_CODES.has(String(code)) ? translate(`FRACAS.Bond.Wound.${code}`) : String(code ?? ""));
  return translate(summary.key, { ...summary.data, before: word(summary.data.before), wound: word(summary.data.wound) });
}
const WOUND_CODES = new Set(["ST", "LW", "MW", "HW", "IN", "KL"]);

function attackSummary(name: string, result: AttackCardResult, before: WoundState, after: WoundState, held: { name: string } | null): CardEffect["summary"] {
  const weapon = held?.name ?? "";
  if (after.level === "IN" && before.level !== "IN") {
    const hours = after.unconsciousHours;
    return held ? { key: pluralKey("FRACAS.Bond.Summary.Disarm.DropsUnconscious", hours), data: { name, hours, weapon } } : { key: pluralKey("FRACAS.Bond.Summary.NowUnconscious", hours), data: { name, hours } };
  }
  if (result.woundLevel !== "none" && held) return { key: `FRACAS.Bond.Summary.Disarm.DropsNow.${after.level}`, data: { name, weapon } };
  // The accumulation table made the level other than this hit's own (session 7 audit): the row
  // stores the two levels' codes ("LW", "LW"), worded per reader by attackSummaryText.
  if (result.woundLevel !== "none" && before.level !== "none" && after.level !== result.woundLevel) {
    return { key: `FRACAS.Bond.Summary.Accumulated.${after.level}`, data: { name, before: before.level, wound: result.woundLevel } };
  }
  if (result.woundLevel !== "none") return { key: `FRACAS.Bond.Summary.Now.${after.level}`, data: { name } };
  if (result.effect?.disarm) return held ? { key: "FRACAS.Bond.Summary.Disarm.Drops", data: { name, weapon } } : { key: "FRACAS.Bond.Summary.Disarm.Nothing", data: { name } };
  if (result.effect && result.specificBlow) return { key: `FRACAS.Bond.Summary.Blow.${result.specificBlow}`, data: { name } };
  return { key: "FRACAS.Bond.Summary.NoHarm", data: { name } };
}

/**
 * The draw (D48): a shot the draw put after the target's — the target called a draw against it and
 * won — is fired only if its shooter can still act when its turn comes. The Apply is that moment:
 * the source actor as it is now (core passes it, with its statuses) down by Bond's own check
 * (down.ts, the tracker's and the sheet's "cannot act") means the shot was never fired. A shooter
 * that won the draw, or a shot no draw was called against, is not affected; nor is a card whose
 * source actor no longer exists (nothing to read: the GM decides).
 */
export function drawLoserDown(result: AttackCardResult, targetSystem: JsonObject, source: CardActor | undefined): string | null {
  if (responseFor(targetSystem, result.attackId).draw?.first !== "target") return null;
  if (!source || source.type !== ACTOR_TYPE) return null;
  // Foundry's defeated mark: the DEFEATED status (fracas-dead) among the statuses, or the tracker's skull on its combatant.
  return bondDownReason({ wound: source.system.wound, statuses: source.statuses ?? [], defeated: source.defeated === true });
}

export function attackEffect(input: { result: JsonObject; target: { type: string; system: JsonObject; name: string }; source?: CardActor }): CardEffect | EffectRefusal {
  if (input.target.type !== ACTOR_TYPE) return { refused: "FRACAS.Bond.Refused.NotBond" };
  if (!isAttackResult(input.result)) return { refused: "FRACAS.Bond.Refused.BadCard" };
  if (drawLoserDown(input.result as unknown as AttackCardResult, input.target.system, input.source) !== null) return { refused: "FRACAS.Bond.Refused.DrawLoserDown" };
  try {
    const result = finalAttack(input.result as unknown as AttackCardResult, input.target.system);
    const before = safeWoundState(input.target.system.wound);
    const change = applyWound(before, result.woundLevel, {
      attackKind: result.attackKind,
      hoursRoll: result.hoursRoll,
      accumulation: activeTable(woundAccumulationTable),
    });
    const statuses: StatusEvent[] = [...change.events, ...(result.effect?.target ?? [])];
    const update: Record<string, Json> = { "system.wound": change.state as unknown as Json };
    // A Stun whose roll this Apply makes due: its attack's round decides how its rounds count (D39).
    if (change.state.stunRollPending && !before.stunRollPending) update["system.stunLanded"] = { combat: result.combatId ?? "", round: result.combatRound ?? 0 };
    // A landed Disarm: the weapon in hand drops, until picked up (D41). Only that weapon's key of
    // `dropped` is written, so Undo (which writes back what the Apply changed) puts back in hand
    // exactly this weapon, and leaves on the floor any that another Disarm dropped since.
    const held = result.effect?.disarm ? heldWeapon(input.target.system) : null;
    if (held) {
      update["system.inHand"] = "";
      update[`system.dropped.${held.id}`] = true;
    }
    const summary = attackSummary(input.target.name, result, before, change.state, held);
    // The weapon in hand changes with every attack since (D41): Undo still puts back the one dropped.
    return { update, statuses, summary, ...(held ? { undoIgnores: ["system.inHand"] } : {}) };
  } catch (e) {
    return refusal(e);
  }
}

export const RECOVERY_KINDS = ["stun", "wound", "knockout"] as const;
export type RecoveryKind = (typeof RECOVERY_KINDS)[number];

/** The recovery card's stored inputs: the kernel re-runs them on the character's state when applied. */
export interface RecoveryCardResult {
  which: RecoveryKind;
  primaryChance: number;
  roll: number;
  /** A D6 for the rounds without action after a failed Stun roll. */
  durationRoll: number;
  woundPenaltyApplies: boolean;
  /** Knockout: the attack's QR (after Hero Points). */
  attackQualityRating: number;
  actorName: string;
  /** Stun: rolled in the round the Stun landed in, so its D6 rounds start with the next round (D39). Older cards: absent = false. */
  stunLandedThisRound?: boolean;
  /** The characteristic rolled (Strength for a Stun after Hand-to-Hand, else Willpower), named on the card. Older cards: absent. */
  characteristic?: "str" | "wil";
  /**
   * Stun and wound rolls: the character's count of applied rolls of this kind when it was made (its
   * claim key's count). The Apply moves the count past it, with the wound (D66, session 10). Knockout
   * rolls and older cards: absent (nothing counted).
   */
  rollCount?: number;
}

/** The recovery roll against a wound state (what the card shows and what Apply writes). */
export function resolveRecoveryCard(result: RecoveryCardResult, state: Partial<WoundState>) {
  const table = activeTable(qualityResultsTable);
  if (result.which === "knockout") {
    return resolveKnockoutResist(state, { attackQualityRating: result.attackQualityRating, primaryChance: result.primaryChance, roll: result.roll }, table);
  }
  return resolveRecovery(
    state,
    {
      which: result.which,
      primaryChance: result.primaryChance,
      roll: result.roll,
      durationRoll: result.durationRoll,
      woundPenaltyApplies: result.woundPenaltyApplies,
      stunLandedThisRound: result.stunLandedThisRound === true,
    },
    table,
  );
}

export function recoveryEffect(input: { result: JsonObject; target: { type: string; system: JsonObject; name: string; uuid?: string; flags?: JsonObject } }): CardEffect | EffectRefusal {
  if (input.target.type !== ACTOR_TYPE) return { refused: "FRACAS.Bond.Refused.NotBond" };
  const r = input.result as unknown as RecoveryCardResult;
  if (!(RECOVERY_KINDS as readonly string[]).includes(r.which)) return { refused: "FRACAS.Bond.Refused.BadCard" };
  const counted = r.which !== "knockout" && Number.isInteger(r.rollCount) && (r.rollCount as number) >= 0;
  // Only the card of the roll due now moves the count (review s10 C2, D66).
  const stale = counted ? staleRecoveryRefusal(input.target, r.which as "stun" | "wound", r.rollCount as number) : null;
  if (stale) return stale;
  try {
    const change = resolveRecoveryCard(r, safeWoundState(input.target.system.wound));
    const outcome = recoveryOutcome("FRACAS.Bond.Summary.Recovery", r, change.check.success, change.state.stunRounds);
    // The roll is applied: the next one of its kind is a new roll (recovery-count.ts). In the same
    // update as the wound, so no client sees one without the other, and an Undo puts both back.
    const countUpdate = counted ? rollCountUpdate(r.which as "stun" | "wound", r.rollCount as number) : {};
    return {
      update: { "system.wound": change.state as unknown as Json, ...countUpdate },
      statuses: change.events,
      summary: { key: outcome.key, data: { name: input.target.name, rounds: outcome.rounds } },
    };
  } catch (e) {
    return refusal(e);
  }
}

/** The First Aid card's stored inputs: the healer's roll; Apply re-runs it and applyFirstAid on the patient. */
export interface FirstAidCardResult {
  healerName: string;
  healerUuid: string;
  patientName: string;
  skillName: string;
  primaryChance: number;
  /** The Ease Factor items (the GM's EF, the healer's wound penalty) and their plain sum; the kernel clamps it. */
  easeItems: { labelKey: string; value: number }[];
  easeUnclamped: number;
  roll: number;
}

/** The healer's d100 check, from the stored inputs and the Quality Results table in force. */
export function firstAidCheck(r: FirstAidCardResult): CheckResult {
  return resolveCheck(r.primaryChance, r.easeUnclamped, r.roll, activeTable(qualityResultsTable));
}

function isFirstAidResult(v: JsonObject): boolean {
  return typeof v.primaryChance === "number" && typeof v.easeUnclamped === "number" && typeof v.roll === "number" && typeof v.healerName === "string";
}

/** First Aid on the wounded character: the kernel lowers one level on a success and refuses a second try. */
export function firstAidEffect(input: { result: JsonObject; target: { type: string; system: JsonObject; name: string } }): CardEffect | EffectRefusal {
  if (input.target.type !== ACTOR_TYPE) return { refused: "FRACAS.Bond.Refused.NotBond" };
  if (!isFirstAidResult(input.result)) return { refused: "FRACAS.Bond.Refused.BadCard" };
  try {
    const check = firstAidCheck(input.result as unknown as FirstAidCardResult);
    const change = applyFirstAid(safeWoundState(input.target.system.wound), check.success);
    const summary = check.success
      ? { key: `FRACAS.Bond.Summary.Now.${change.state.level}`, data: { name: input.target.name } }
      : { key: "FRACAS.Bond.Summary.FirstAidFailed", data: { name: input.target.name } };
    return { update: { "system.wound": change.state as unknown as Json }, statuses: change.events, summary };
  } catch (e) {
    return refusal(e);
  }
}
