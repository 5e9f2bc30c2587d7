/**
 * A cleared number input submits null, and Foundry then refuses the whole sheet update ("may not be
 * null") with a generic error, leaving the box empty. Fracas sheets instead drop a null that would
 * replace a number the document holds — the field keeps its value — and name the field in a clear
 * warning. Pure over plain objects, so it is tested without Foundry.
 */

/** Removes, in place, each null leaf of `submitted` whose current value is a number; returns their paths. */
export function dropClearedNumbers(submitted: Record<string, unknown>, current: (path: string) => unknown): string[] {
  const dropped: string[] = [];
  const walk = (node: Record<string, unknown>, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value === null && typeof current(path) === "number") {
        delete node[key];
        dropped.push(path);
      } else if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        walk(value as Record<string, unknown>, path);
      }
    }
  };
  walk(submitted, "");
  return dropped;
}

/** The name a user knows a form field by: its label's text, else its aria-label, else the path. */
export function fieldLabel(form: { querySelector(selector: string): Element | null } | null | undefined, path: string): string {
  // Paths come from Fracas's own field names (letters, digits, dots), so no escaping is needed.
  const input = form?.querySelector(`[name="${path}"]`) as (Element & { labels?: NodeListOf<HTMLLabelElement> | null }) | null | undefined;
  const label = input?.labels?.[0]?.textContent?.trim() || input?.getAttribute("aria-label")?.trim();
  return label || path;
}
