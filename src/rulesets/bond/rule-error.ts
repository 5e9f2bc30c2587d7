/**
 * A kernel rule error as Bond shows it — in the attack dialog, on the sheet, in a card's refusal —
 * through core `ruleErrorRefusal` (src/foundry/i18n.ts): its FRACAS.Error.<code> string filled with
 * the error's own data, never a raw "{name}", and the core's one fallback (the error's English
 * sentence) when the data cannot fill it. Bond's part is its words: the data's values that are the
 * kernel's own words (a parameter's name, a modifier, a Shake Off reason, a wound level) are read
 * in Bond's lang (`bondWord`), so a player reads "Performance must be a whole number from
 * −10 to 10", not "performanceModifier …"; and a card's Apply refused by a malformed value says the
 * card is damaged (`effectRefusal`, D55).
 */
import type { FracasRuleError } from "../../engine/errors.js";
import { ruleErrorRefusal, t } from "../../foundry/i18n.js";

export type RuleErrorLike = Pick<FracasRuleError, "code" | "message" | "data">;
type Data = Record<string, string | number>;

/** A message to show: an i18n key and the data that fills every one of its placeholders. */
export interface RuleRefusal {
  key: string;
  data: Data;
}

/** What a tie was being broken for (kernel tie-break.ts's `what`, an English phrase). */
const TIE_WHAT: Record<string, string> = { draw: "FRACAS.Bond.Term.draw", "declaration order": "FRACAS.Bond.Term.declarationOrder" };

/** Where a data value that is a kernel word is read in Bond's lang (null: shown as given); core's `word`. */
export function bondWord(code: string, field: string, value: string): string | null {
  if (field === "name" || field === "modifier" || field === "purpose") return `FRACAS.Bond.Term.${value}`;
  // Only Shake Off's reasons are Bond's words; a ledger error's "reason" is free text.
  if (field === "reason" && code === "shakeOffNotAllowed") return `FRACAS.Bond.ShakeOff.${value}`;
  if (field === "what") return TIE_WHAT[value] ?? null;
  if (field === "attackKind") return `FRACAS.Bond.AttackKind.${value}`;
  if (field === "level") return `FRACAS.Bond.Wound.${value}`;
  return null;
}

/**
 * The key and data to show for a rule error (core ruleErrorRefusal with Bond's words). A key and
 * data, not a sentence, so a refusal sent between clients (a GM follow-up's outcome) is read in the
 * reader's language where it can be.
 */
export function ruleRefusal(e: RuleErrorLike): RuleRefusal {
  return ruleErrorRefusal(e, bondWord);
}

/** The rule error as a sentence in this client's language. */
export function ruleErrorText(e: RuleErrorLike): string {
  const r = ruleRefusal(e);
  return t(r.key, r.data);
}

/**
 * Codes of a kernel error that says a value given to it is malformed: not a whole number in range,
 * not one of the choices, a die or a roll missing. An effect reads only the card's stored roll and
 * the target's sanitised state (its wound through safeWoundState, its answers through responseFor),
 * so such an error in an effect means the stored roll is damaged. Table errors (`badTable*`) are not
 * here: they are the GM's table override in force, and say which table.
 */
const MALFORMED = new Set(["badNumber", "notFinite", "badChoice", "badBoolean", "badInput", "badDie", "badId", "badList", "missingRoll", "missingAttackKind"]);

/**
 * A card effect's refusal (CardKind.effect): a key and the data that fills it (core fills it for
 * the Apply's outcome and the clicker's warning). A rule that refuses on the target's state (First
 * Aid tried, too many Hero Points, a broken table override) is said as the rule says it; a
 * malformed value can only come from the stored roll, so that says the card is damaged, and what in
 * it (the error worded on the client that checked it, D55).
 */
export function effectRefusal(e: RuleErrorLike): { refused: string; data?: Data } {
  if (MALFORMED.has(e.code)) return { refused: "FRACAS.Bond.Refused.BadCardWhy", data: { detail: ruleErrorText(e) } };
  const r = ruleRefusal(e);
  return Object.keys(r.data).length === 0 ? { refused: r.key } : { refused: r.key, data: r.data };
}
