/** What the bond card templates show, built purely from the stored results (also used by fixtures). */
import type { AttackCardResult, RecoveryCardResult } from "./effects.js";
import type { CheckResult, WoundState } from "../rules/index.js";

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export interface CardTarget {
  uuid: string;
  name: string;
  /** The target is a player character (may spend Hero Points against an NPC's roll). */
  isPC: boolean;
}

export function attackCardView(result: AttackCardResult, targets: readonly CardTarget[]) {
  const hit = result.success;
  return {
    attackerName: result.attackerName,
    weaponName: result.weaponName,
    kindLabel: `FRACAS.Bond.AttackKind.${result.attackKind}`,
    primaryChance: result.primaryChance,
    easeItems: result.ease.items.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    easeTotal: result.ease.total,
    successChance: result.successChance,
    roll: result.roll,
    hit,
    qualityLabel: `FRACAS.Bond.Quality.${result.qualityRating}`,
    damageClass: result.damageClass,
    damageShifts: result.damageShifts.map((i) => ({ label: i.labelKey, value: signed(i.value) })),
    woundLabel: `FRACAS.Bond.Wound.${result.woundLevel}`,
    wounds: result.woundLevel !== "none",
    blowLabel: result.specificBlow ? `FRACAS.Bond.Blow.${result.specificBlow}` : null,
    blowEffectLabel: hit && result.specificBlow ? `FRACAS.Bond.BlowEffect.${result.specificBlow}` : null,
    knockoutEase: result.knockoutEase,
    scarPossible: result.scarPossible,
    shakeOffPossible: result.shakeOffPossible,
    heroPointsOffered: hit && result.attackerIsNpc,
    targets: targets.map((t) => ({
      uuid: t.uuid,
      name: t.name,
      heroPoint: hit && result.attackerIsNpc && t.isPC,
      shakeOff: result.shakeOffPossible,
      knockout: result.knockoutEase !== null,
      scar: result.scarPossible,
      any: (hit && result.attackerIsNpc && t.isPC) || result.shakeOffPossible || result.knockoutEase !== null || result.scarPossible,
    })),
  };
}

export function recoveryCardView(result: RecoveryCardResult, check: CheckResult, after: WoundState) {
  return {
    actorName: result.actorName,
    whichLabel: `FRACAS.Bond.Recovery.${result.which}`,
    primaryChance: result.primaryChance,
    easeFactor: check.easeFactor,
    successChance: check.successChance,
    roll: check.roll,
    success: check.success,
    outcomeLabel: `FRACAS.Bond.Recovery.Outcome.${result.which}.${check.success ? "Passed" : "Failed"}`,
    stunRounds: after.stunRounds,
    woundLabel: `FRACAS.Bond.Wound.${after.level}`,
  };
}
