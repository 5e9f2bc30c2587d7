/**
 * A kernel rule error as Bond shows it — in the attack dialog, on the sheet, in a card's refusal:
 * its FRACAS.Error.<code> string formatted with the error's own data, never with a raw "{name}".
 * The data's values that are the kernel's own words (a parameter's name, a modifier, a Shake Off
 * reason, a wound level) are read in Bond's lang first, so a player reads "Weapon Performance must
 * be a whole number from −10 to 10", not "performanceModifier …". A string whose placeholders the
 * error's data cannot fill (a throw site that gave too little) falls back to the error's own English
 * sentence, as core `ruleErrorMessage` does: precise English beats "{min}".
 */
import type { FracasRuleError } from "../../engine/errors.js";
import { t } from "../../foundry/i18n.js";

export type RuleErrorLike = Pick<FracasRuleError, "code" | "message" | "data">;
type Data = Record<string, string | number>;

/** A message to show: an i18n key and the data that fills every one of its placeholders. */
export interface RuleRefusal {
  key: string;
  data: Data;
}

/** What a tie was being broken for (kernel tie-break.ts's `what`, an English phrase). */
const TIE_WHAT: Record<string, string> = { draw: "FRACAS.Bond.Term.draw", "declaration order": "FRACAS.Bond.Term.declarationOrder" };

/** Where a data value that is a kernel word is read in Bond's lang (null: shown as given). */
function termKey(code: string, field: string, value: string): string | null {
  if (field === "name" || field === "modifier" || field === "purpose") return `FRACAS.Bond.Term.${value}`;
  // Only Shake Off's reasons are Bond's words; a ledger error's "reason" is free text.
  if (field === "reason" && code === "shakeOffNotAllowed") return `FRACAS.Bond.ShakeOff.${value}`;
  if (field === "what") return TIE_WHAT[value] ?? null;
  if (field === "attackKind") return `FRACAS.Bond.AttackKind.${value}`;
  if (field === "level") return `FRACAS.Bond.Wound.${value}`;
  return null;
}

/** The error's data with its kernel words read in Bond's lang (a word with no string stays as it is). */
export function ruleErrorData(e: RuleErrorLike): Data {
  const out: Data = {};
  for (const [field, value] of Object.entries(e.data)) {
    const key = typeof value === "string" ? termKey(e.code, field, value) : null;
    out[field] = key !== null && game.i18n.has(key) ? game.i18n.localize(key) : value;
  }
  return out;
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

/**
 * The key and data to show for a rule error: FRACAS.Error.<code> with its data when the data fills
 * it; else FRACAS.Bond.Refused.RuleError with the error's English sentence. A key and data, not a
 * sentence, so a refusal sent between clients (a GM follow-up's outcome) is read in the reader's
 * language where it can be.
 */
export function ruleRefusal(e: RuleErrorLike): RuleRefusal {
  const key = `FRACAS.Error.${e.code}`;
  const data = ruleErrorData(e);
  if (game.i18n.has(key) && placeholders(game.i18n.localize(key)).every((p) => p in data)) return { key, data };
  return { key: "FRACAS.Bond.Refused.RuleError", data: { message: e.message } };
}

/** The rule error as a sentence in this client's language. */
export function ruleErrorText(e: RuleErrorLike): string {
  const r = ruleRefusal(e);
  return t(r.key, r.data);
}

/**
 * A card effect's refusal (CardKind.effect): the core carries only a key there, no data, so a
 * message that needs data cannot be shown whole. An effect reads only the card's stored roll and
 * the target's sanitised state, so a rule error that names a value (a number out of range, a missing
 * die) means the stored roll is damaged: it says so. Messages without placeholders are kept.
 */
export function effectRefusal(e: RuleErrorLike): { refused: string } {
  const r = ruleRefusal(e);
  return { refused: placeholders(game.i18n.localize(r.key)).length === 0 ? r.key : "FRACAS.Bond.Refused.BadCard" };
}
