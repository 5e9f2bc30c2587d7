/** Strings through lang/en.json only. Thin wrappers so call sites stay short. */
export function t(key: string, data?: Record<string, string | number>): string {
  if (!data) return game.i18n.localize(key);
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) strings[k] = String(v);
  return game.i18n.format(key, strings);
}

/** The localized message of a kernel FracasRuleError (FRACAS.Error.<code>), falling back to its English. */
export function ruleErrorMessage(e: { code: string; message: string; data: Readonly<Record<string, string | number>> }): string {
  const key = `FRACAS.Error.${e.code}`;
  return game.i18n.has(key) ? t(key, { ...e.data }) : e.message;
}
