/** Strings through lang/en.json only. Thin wrappers so call sites stay short. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n.localize(key);
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) strings[k] = String(v);
  return game.i18n.format(key, strings);
}

/**
 * The localized message of a kernel FracasRuleError (FRACAS.Error.<code>). Falls back to the error's
 * own English when there is no string, or when this throw site gives too little data to fill the
 * string's {placeholders}: a precise English sentence beats a localized one with "{min}" in it.
 */
export function ruleErrorMessage(e: { code: string; message: string; data: Readonly<Record<string, string | number>> }): string {
  const key = `FRACAS.Error.${e.code}`;
  if (!game.i18n.has(key)) return e.message;
  const unfilled = [...game.i18n.localize(key).matchAll(/\{(\w+)\}/g)].some(([, name]) => !(name! in e.data));
  return unfilled ? e.message : t(key, { ...e.data });
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
