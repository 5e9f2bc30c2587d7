/**
 * The sheet's Karma amount (beside Gain and Spend), read strictly. The field is not submitted with
 * a form, so the browser's min/max/step checks never run on it. It was read with Number() and
 * truncated, so "Spend" with "-3" gained 3 Karma, "2.5" spent 2, and "abc" or "" did nothing
 * without a word. Now: a whole number from 1 to 1000 (digits only), else the refusal to show.
 */
export const MAX_KARMA_AMOUNT = 1000;

export function parseKarmaAmount(raw: string): { amount: number } | { refused: string; data: Record<string, string | number> } {
  const text = raw.trim();
  const bounds = { min: 1, max: MAX_KARMA_AMOUNT };
  if (text === "") return { refused: "FRACAS.Faserip.Refused.KarmaAmountEmpty", data: bounds };
  // "-3" most likely means "spend 3": say how to do that (the field takes the amount, the button the direction).
  const negative = /^-\d+$/.test(text) ? Number(text.slice(1)) : NaN;
  if (Number.isInteger(negative) && negative >= 1 && negative <= MAX_KARMA_AMOUNT) return { refused: "FRACAS.Faserip.Refused.KarmaAmountNegative", data: { ...bounds, value: text, amount: negative } };
  const amount = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_KARMA_AMOUNT) return { refused: "FRACAS.Faserip.Refused.KarmaAmountTyped", data: { ...bounds, value: text } };
  return { amount };
}
