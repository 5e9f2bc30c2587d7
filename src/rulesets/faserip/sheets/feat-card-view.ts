/** The FEAT card's labels (a dodge or a plain ability FEAT). Pure: the roll and the browser fixtures both call it. */
import type { FeatResult } from "../rules/index.js";
import { cardTalents, type CardTalent } from "./talents.js";
import { whoLine } from "./card-who-line.js";
import { abilityLabel, columnDerivation, csText, rankLabel } from "./view-format.js";

const L = "FRACAS.Faserip";

/**
 * Labels for a FEAT card (dodge, plain ability FEAT); `actorName` is who rolled (absent on older
 * cards), `talents` the ticked ones, `ability` the one rolled (stored since session 7).
 */
export function featCardView(feat: FeatResult, actorName?: string, talents?: CardTalent[], ability?: string) {
  const ticked = cardTalents(talents);
  // Only the stored one: the dialog lets a user roll another ability than the action's (attack-card-view.ts).
  const rolled = ability ?? "";
  return {
    who: whoLine(actorName),
    ability: rolled ? abilityLabel(rolled) : "",
    /** Each shift in the total by what made it, talents by name (view-format.ts columnDerivation). */
    columnFrom: columnDerivation(feat.shifts, ticked),
    action: `${L}.Action.${feat.action}`,
    rank: rankLabel(feat.abilityRank),
    column: rankLabel(feat.column),
    shift: feat.totalShift,
    shiftText: csText(feat.totalShift),
    roll: feat.roll,
    effectiveRoll: feat.effectiveRoll,
    karmaSpent: feat.karmaSpent,
    color: feat.color,
    colorLabel: `${L}.Color.${feat.color}`,
    effectLabel: `${L}.Effect.${feat.effect}`,
    isDodge: feat.action === "dodging",
    /** A dodge that shifts attacks on the dodger: "Attacks on {name} this round: −4 CS." (no name on an older card). */
    dodgeShiftKey: feat.dodgeShift < 0 ? `${L}.Card.${actorName ? "DodgeShift" : "DodgeShiftUnnamed"}` : null,
    /** A dodge that failed (White: no shift) says so, not the attack word "Miss". */
    dodgeFailLabel: `${L}.Effect.fail`,
    actorName: actorName ?? "",
    dodgeShift: feat.dodgeShift,
    dodgeShiftText: csText(feat.dodgeShift),
  };
}
