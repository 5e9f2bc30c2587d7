/**
 * Strings a player reads in other words than the GM (audit s15 F14): a player cannot act on "see
 * the console", so they are told to ask the GM. Read on the reader's client, whatever sent the key.
 */
const PLAYER_WORDING: Readonly<Record<string, string>> = {
  "FRACAS.Chat.Failed": "FRACAS.Chat.FailedPlayer",
};

/** Strings through lang/en.json only. Thin wrappers so call sites stay short. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (game.user?.isGM === false) key = PLAYER_WORDING[key] ?? key;
  if (!data) return game.i18n.localize(key);
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) strings[k] = String(v);
  return game.i18n.format(key, strings);
}

type RuleErrorLike = { code: string; message: string; data: Readonly<Record<string, string | number>> };

/**
 * A kernel FracasRuleError as a message to show: FRACAS.Error.<code> and the data that fills it, as
 * a key and data (not a sentence), so a refusal sent between clients is read in the reader's
 * language. `word(code, field, value)` names the i18n key of a kernel word in the data (a
 * parameter's name, a wound level), read in the reader's language when it exists. When there is
 * no string, or this throw site gives too little data to fill its {placeholders}, the error's own
 * English sentence is shown (FRACAS.Error.Unworded): precise English beats "{min}".
 */
export function ruleErrorRefusal(e: RuleErrorLike, word?: (code: string, field: string, value: string) => string | null): { key: string; data: Record<string, string | number> } {
  const key = `FRACAS.Error.${e.code}`;
  const data: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(e.data)) {
    const wordKey = typeof value === "string" ? (word?.(e.code, field, value) ?? null) : null;
    data[field] = wordKey !== null && game.i18n.has(wordKey) ? game.i18n.localize(wordKey) : value;
  }
  const filled = game.i18n.has(key) && [...game.i18n.localize(key).matchAll(/\{(\w+)\}/g)].every(([, name]) => name! in data);
  return filled ? { key, data } : { key: "FRACAS.Error.Unworded", data: { message: e.message } };
}

/** A kernel FracasRuleError's message in this client's language (ruleErrorRefusal, read here). */
export function ruleErrorMessage(e: RuleErrorLike): string {
  const r = ruleErrorRefusal(e);
  return t(r.key, r.data);
}

/**
 * The key for a counted string: `<base>One`, `<base>Other` (and `<base>Few`, `<base>Many`… where a
 * translation's language has those forms), chosen by the language's plural rules (Intl.PluralRules,
 * as other Foundry systems do). A form the language file lacks falls back to `<base>Other`, so
 * English needs only the two keys; no string writes "(s)". Views also run where no game exists
 * (template fixtures in bare Node): there the rules are English's.
 */
export function pluralKey(base: string, count: number): string {
  const i18n = (globalThis as { game?: { i18n?: { lang?: string; has(key: string): boolean } } }).game?.i18n;
  const rule = new Intl.PluralRules(i18n?.lang || "en").select(count);
  const key = `${base}${rule.charAt(0).toUpperCase()}${rule.slice(1)}`;
  return rule === "other" || !i18n || i18n.has(key) ? key : `${base}Other`;
}
