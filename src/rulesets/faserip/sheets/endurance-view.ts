/**
 * The Karma prompt before a defender's Endurance FEAT (Slam?, Stun?, or at 0 Health): the exact
 * chance of each colour on the Endurance column with the Karma chosen, and what each colour does.
 * Pure (kernel colorOdds and the Slam?/Stun? table in force): the prompt, its live update and the
 * browser fixtures all build the same view. Secondary FEATs take no column shifts (DECISIONS.md).
 */
import { COLORS, DEFAULT_KNOCKBACK_AREAS, colorOdds, slamResult, stunOutcome, stunResult } from "../rules/index.js";
import type { Color, RankKey } from "../rules/index.js";
import type { Grid } from "../../../engine/tables.js";
import { rankLabel } from "./view-format.js";
import { secondaryOutcomeKey } from "./secondary-card-view.js";

const L = "FRACAS.Faserip";

export type EnduranceKind = "slam" | "stun" | "zeroHealth";

export interface EnduranceOddsInput {
  kind: EnduranceKind;
  /** The hero making the FEAT. */
  name: string;
  enduranceRank: RankKey;
  karmaPool: number;
  /** Karma points chosen (clamped to 0..pool). */
  karma?: number;
  tables?: { universal?: Grid; slamStun?: Grid };
}

/** Karma points as the prompt takes them: a whole number within 0..pool (anything else is 0). */
export function clampKarma(points: unknown, pool: number): number {
  const n = typeof points === "number" ? points : Number(points);
  if (!Number.isFinite(n)) return 0;
  return Math.max(0, Math.min(Math.max(0, Math.trunc(pool)), Math.trunc(n)));
}

/** What a colour does on this FEAT: an Outcome label (with its areas for the map's knock-back). */
export function enduranceOutcome(kind: EnduranceKind, color: Color, slamStun?: Grid): { label: string; areas: number } {
  if (kind === "zeroHealth") return { label: `${L}.Outcome.${color === "white" ? "startsDying" : "staysUnconscious"}`, areas: 0 };
  if (kind === "slam") {
    // White is "several" areas: the default the roll itself uses (the GM may move the token further).
    const slam = slamResult(color, DEFAULT_KNOCKBACK_AREAS, slamStun);
    return { label: secondaryOutcomeKey({ result: slam.result, areas: slam.areas, rounds: 0 }), areas: slam.areas };
  }
  const stun = stunOutcome(color, slamStun);
  // The rounds of a White are a d10 rolled only then: the prompt names the range.
  if (stun === "stunnedD10") return { label: `${L}.Prompt.StunnedD10`, areas: 0 };
  return { label: secondaryOutcomeKey({ result: stun, areas: 0, rounds: stunResult(color, undefined, slamStun) }), areas: 0 };
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/** The odds of each colour (whole percent; the table has 100 faces, so each is exact). */
export function enduranceOdds(rank: RankKey, karma: number, universal?: Grid): Record<Color, string> {
  const odds = colorOdds(rank, 0, karma, universal);
  return Object.fromEntries(COLORS.map((c) => [c, pct(odds[c])])) as Record<Color, string>;
}

export function enduranceKarmaView(input: EnduranceOddsInput) {
  const pool = Math.max(0, Math.trunc(input.karmaPool));
  const karma = clampKarma(input.karma ?? 0, pool);
  const percents = enduranceOdds(input.enduranceRank, karma, input.tables?.universal);
  const rank = rankLabel(input.enduranceRank);
  return {
    /**
     * What the roll is for, with who makes it (UX review s3 #12: a player prompted mid-fight is
     * told they resist a Slam, a Stun, or are at 0 Health), e.g. "Rampage resists a Slam:
     * Endurance FEAT on Excellent". `rank` is a key: the template localizes it.
     */
    purpose: { key: `${L}.Prompt.Purpose.${input.kind}`, name: input.name, rank },
    kind: input.kind,
    kindLabel: `${L}.Secondary.${input.kind}`,
    /** The window title's name for the roll ("Slam check"…): the Secondary labels end in "?". */
    titleKind: `${L}.Prompt.Kind.${input.kind}`,
    rankLabel: rank,
    /** 0 Health: the chips say "Holds on"/"Begins dying"; one line says what each colour means. */
    zeroHealthNote: input.kind === "zeroHealth" ? `${L}.Prompt.ZeroHealthNote` : null,
    karmaPool: pool,
    karma,
    /** No Karma to spend: the field is shown disabled (the odds still are). */
    noKarma: pool === 0,
    odds: COLORS.map((color) => {
      const outcome = enduranceOutcome(input.kind, color, input.tables?.slamStun);
      return { color, label: `${L}.Color.${color}`, percent: percents[color], outcomeLabel: outcome.label, areas: outcome.areas };
    }),
  };
}
