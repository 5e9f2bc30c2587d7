/**
 * The secondary card's labels (Slam?, Stun?, the Endurance FEAT at 0 Health), and whether its
 * knock-back can move tokens. Pure: the rolls, the knock-back areas follow-up and the browser
 * fixtures all call it.
 */
import type { Color, RankKey, SecondaryCheck } from "../rules/index.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { whoLine } from "./card-who-line.js";
import { areasInput, movedAreas } from "./knockback-areas-view.js";
import { rankLabel } from "./view-format.js";

const L = "FRACAS.Faserip";

/**
 * A Slam?/Stun? outcome's label key. A counted outcome (areas knocked back, rounds stunned) takes
 * the language's form for its count (core pluralKey: `knockedBackOne`/`knockedBackOther`,
 * `stunnedOne`/`stunnedOther`); the others (staggered, none) are named by the table's result.
 * Used by the card and by the Karma prompt's odds (endurance-view.ts). Card HTML is rendered when
 * posted, so no stored card names these keys.
 */
export function secondaryOutcomeKey(c: { result: string; areas: number; rounds: number } | undefined): string {
  if (!c) return `${L}.Outcome.none`;
  // Literal bases: the lang test (test/build/lang.test.ts) checks each has its One and Other.
  if (c.areas > 0) return pluralKey("FRACAS.Faserip.Outcome.knockedBack", c.areas);
  if (c.rounds > 0) return pluralKey("FRACAS.Faserip.Outcome.stunned", c.rounds);
  return `${L}.Outcome.${c.result}`;
}

/** Labels for a secondary card (Slam?, Stun?, Endurance FEAT at 0 Health). */
export function secondaryCardView(result: {
  kind: "slam" | "stun" | "zeroHealth";
  name?: string;
  check?: SecondaryCheck;
  roll: number;
  /** Karma spent on the FEAT and the roll it made (absent on cards from before Karma was offered). */
  karmaSpent?: number;
  effectiveRoll?: number;
  /** A 0-Health FEAT the round start rolled: no Karma was offered on it. */
  roundStart?: boolean;
  color: Color;
  startsDying?: boolean;
  enduranceRank: RankKey;
  canKnockback?: boolean;
  /**
   * The areas the card's Move moved the token (cards/knockback-moved.ts; absent: not moved). The
   * Move acts once per card: the card then says so instead of offering it again, and its number is
   * no longer the GM's to change.
   */
  moved?: number;
}) {
  const c = result.check;
  const moved = movedAreas(result);
  const karmaSpent = result.karmaSpent ?? c?.karmaSpent ?? 0;
  return {
    /** The defender makes this roll: its name (absent on older cards). */
    who: whoLine(result.name),
    kindLabel: `${L}.Secondary.${result.kind}`,
    rank: rankLabel(result.enduranceRank),
    roll: result.roll,
    karmaSpent,
    effectiveRoll: result.effectiveRoll ?? c?.effectiveRoll ?? result.roll,
    roundStart: result.kind === "zeroHealth" && result.roundStart === true,
    color: result.color,
    colorLabel: `${L}.Color.${result.color}`,
    outcomeLabel:
      result.kind === "zeroHealth"
        ? // The card has room for the whole outcome; the prompt's chips use the short Outcome keys.
          result.startsDying
          ? `${L}.Card.ZeroHealthDies`
          : `${L}.Card.ZeroHealthHolds`
        : secondaryOutcomeKey(c),
    areas: c?.areas ?? 0,
    rounds: c?.rounds ?? 0,
    /**
     * A Yellow Slam? ("staggered") is a provisional cell (RULES.md §4, graded as the Advanced table)
     * that the kernel gives no effect: no areas, no status, no Apply row. Without a word the GM
     * cannot tell whether Fracas missed something, so the card says it does nothing lasting and
     * leaves any momentary effect to the GM (DECISIONS.md, session 9: audit R4). The Karma prompt's
     * odds chips keep the short "Staggered".
     */
    staggeredNote: result.kind === "slam" && c?.result === "staggered" ? `${L}.Card.StaggeredNote` : null,
    canKnockback: result.canKnockback === true && (c?.areas ?? 0) > 0 && moved === 0,
    /** "Token moved N areas back." once Move has moved it (null: not moved). */
    movedKey: moved > 0 ? pluralKey(`${L}.Knockback.Moved`, moved) : null,
    moved,
    /**
     * Move's label. On a White Slam? Move moves by the number in the areas field above it (a number
     * the GM typed and did not Set is set first, cards/knockback-move.ts), which may not be the
     * card's: so its label names no number ("…that many areas", pointing at the field), never a
     * stale one. The card is rendered once for every reader, so it cannot follow the GM's typing.
     */
    knockbackKey: areasInput(c) ? `${L}.Knockback.MoveByField` : pluralKey(`${L}.Knockback.Move`, c?.areas ?? 0),
    /** The GM's number field for a White Slam?'s areas: its value and bounds (null: no choice). */
    areasInput: moved > 0 ? null : areasInput(c),
  };
}

/** Can a Slam? card move the defender's token: both tokens were known when it was rolled. */
export function tokensKnown(r: { attackerTokenUuid?: unknown; defenderTokenUuid?: unknown }): boolean {
  return typeof r.attackerTokenUuid === "string" && r.attackerTokenUuid !== "" && typeof r.defenderTokenUuid === "string" && r.defenderTokenUuid !== "";
}
