/** The attack card's labels. Pure: the roll and the browser fixtures both call it. */
import type { AttackResult } from "../rules/index.js";
import { cardTalents, type CardTalent } from "./talents.js";
import { whoLine } from "./card-who-line.js";
import { abilityLabel, columnDerivation, csText, rankLabel } from "./view-format.js";
import { snatchView } from "./snatch-view.js";

const L = "FRACAS.Faserip";

/** Labels for an attack card; `talents`: the ticked talents whose shifts are in its column (absent on older cards). */
export function attackCardView(result: { attack: AttackResult; action: string; ability?: string; actorName?: string; weaponName?: string; targetName?: string; zeroHealthPrompt?: boolean; talents?: CardTalent[]; objects?: unknown; snatched?: unknown }) {
  const a = result.attack;
  const f = a.feat;
  const talents = cardTalents(result.talents);
  // The ability rolled, stored since session 7. Not the action's own on an older card: the dialog
  // lets a user roll another ability, so `feat.ability` may not be the one whose rank was used.
  const ability = result.ability ?? "";
  return {
    who: whoLine(result.actorName, result.targetName),
    action: `${L}.Action.${result.action}`,
    ability: ability ? abilityLabel(ability) : "",
    /** Each shift in the total by what made it, talents by name (view-format.ts columnDerivation). */
    columnFrom: columnDerivation(f.shifts, talents),
    rank: rankLabel(f.abilityRank),
    column: rankLabel(f.column),
    shift: f.totalShift,
    shiftText: csText(f.totalShift),
    roll: f.roll,
    effectiveRoll: f.effectiveRoll,
    karmaSpent: f.karmaSpent,
    color: f.color,
    colorLabel: `${L}.Color.${f.color}`,
    effectLabel: `${L}.Effect.${f.effect}`,
    landed: a.landed,
    rawDamage: a.rawDamage,
    /** What the damage before armor is (a key: Strength, Endurance, "weapon"); null on older cards. */
    damageFrom: damageFromKey(a.damageFrom),
    armor: a.armor,
    /**
     * Body Armor stops the whole blow: the card says so instead of "20 − 20 = 0" or "6 − 20 = 0",
     * which reads as wrong arithmetic (ux-review-s7 #16).
     */
    damageStopped: a.armor > 0 && a.armor >= a.rawDamage,
    damage: a.damage,
    kill: a.kill,
    /** A Kill that Body Armor stopped whole: the card says there is no Kill (D RF2). */
    killStopped: f.effect === "kill" && a.armorStopped === true,
    weaponName: result.weaponName ?? "",
    targetName: result.targetName ?? "",
    secondary: a.secondary.kind === "none" ? null : secondaryView(a.secondary),
    zeroHealthPrompt: result.zeroHealthPrompt === true,
    /** A Snatching's Grab: the defender's objects to take, or what was taken (null otherwise). */
    snatch: snatchView(result),
  };
}

/**
 * A Slam/Stun result's follow-up: the roll button when it applies, else why not. The blocked line
 * shows the two rank numbers compared (stored since session 7 wave 2; an older card has the
 * line without them).
 */
function secondaryView(s: AttackResult["secondary"]) {
  const numbers = typeof s.strength === "number" && typeof s.endurance === "number";
  return {
    kind: s.kind,
    label: `${L}.Secondary.${s.kind}`,
    applies: s.applies,
    blockedKey: s.armorStopped === true ? `${L}.Card.SecondaryArmorStopped` : numbers ? `${L}.Card.SecondaryBlockedBy` : `${L}.Card.SecondaryBlocked`,
    strength: s.strength ?? 0,
    endurance: s.endurance ?? 0,
  };
}

/**
 * The source of a blow's damage as the card names it: the ability's key, or "weapon" (the weapon's
 * name is already the tag on the column line: ux-review-s7 #17.5).
 */
function damageFromKey(from: AttackResult["damageFrom"]): string | null {
  if (!from) return null;
  return from === "weapon" ? `${L}.Card.DamageWeapon` : abilityLabel(from);
}
