/**
 * Foundry's plural convention (the lead's decision for every ruleset): a counted string has two
 * keys, `<key>One` and `<key>Other`, chosen here by the count, never "(s)" in the text.
 */
export function plural(key: string, count: number): string {
  return `${key}${count === 1 ? "One" : "Other"}`;
}
