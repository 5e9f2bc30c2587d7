/**
 * Templates use plain ids for <label for> and aria references ("bond-a-range"); two sheets open at
 * once would then share ids and one sheet's labels would point into the other. After each render
 * every id inside an application, and every reference to it, is prefixed with the application's
 * own unique id. Idempotent: parts not re-rendered keep their already-scoped ids.
 */
const REFERENCE_ATTRIBUTES = ["for", "aria-labelledby", "aria-describedby", "aria-controls", "list"] as const;

export function scopeIds(root: HTMLElement, appId: string): void {
  const prefix = `${appId}-`;
  const renamed = new Map<string, string>();
  for (const el of root.querySelectorAll<HTMLElement>("[id]")) {
    if (el === root || el.id.startsWith(prefix)) continue;
    const scoped = prefix + el.id;
    renamed.set(el.id, scoped);
    el.id = scoped;
  }
  if (renamed.size === 0) return;
  for (const attr of REFERENCE_ATTRIBUTES) {
    for (const el of root.querySelectorAll<HTMLElement>(`[${attr}]`)) {
      const value = el.getAttribute(attr) ?? "";
      const next = value
        .split(/\s+/)
        .map((ref) => renamed.get(ref) ?? ref)
        .join(" ");
      if (next !== value) el.setAttribute(attr, next);
    }
  }
}
