/** The attack card's labels. Pure: the roll and the browser fixtures both call it. */
import type { AttackResult } from "../rules/index.js";
import { cardTalents, type CardTalent } from "./talents.js";
import { whoLine } from "./card-who-line.js";
import { abilityLabel, csText, rankLabel } from "./view-format.js";
import { snatchView } from "./snatch-view.js";

const L = "FRACAS.Faserip";

/** Labels for an attack card; `talents`: the ticked talents whose shifts are in its column (absent on older cards). */
export function attackCardView(result: { attack: AttackResult; action: string; actorName?: string; weaponName?: string; targetName?: string; zeroHealthPrompt?: boolean; talents?: CardTalent[]; objects?: unknown; snatched?: unknown }) {
  const a = result.attack;
  const f = a.feat;
  return {
    who: whoLine(result.actorName, result.targetName),
    /** The talents that moved the column (their shifts are in the total shift shown beside it). */
    talents: cardTalents(result.talents),
    action: `${L}.Action.${result.action}`,
    ability: f.ability ? abilityLabel(f.ability) : "",
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
    armor: a.armor,
    damage: a.damage,
    kill: a.kill,
    weaponName: result.weaponName ?? "",
    targetName: result.targetName ?? "",
    secondary: a.secondary.kind === "none" ? null : { kind: a.secondary.kind, label: `${L}.Secondary.${a.secondary.kind}`, applies: a.secondary.applies },
    zeroHealthPrompt: result.zeroHealthPrompt === true,
    /** A Snatching's Grab: the defender's objects to take, or what was taken (null otherwise). */
    snatch: snatchView(result),
  };
}
