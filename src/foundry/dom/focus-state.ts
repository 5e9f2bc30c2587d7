/**
 * Keeps the keyboard focus on the same control when an application part is drawn again.
 *
 * V13 records the focused element of a part before replacing it (by `#id`, else `tag[name]`) and
 * focuses that selector in the new part. Two things defeat it in Fracas (review-s11 A2): ids are
 * scoped to the application after each render (scope-ids.ts), so the recorded `#<app>-x` is not in
 * the freshly rendered part; and many action buttons have neither id nor name. Focus then fell to
 * the page, where keys reach the canvas (Backspace deletes a selected token). Here the focused
 * control is remembered by its unscoped id, its name, what it does (tag, data-action and its data-*
 * values) and its place among the part's controls, and the first of these found in the new part is
 * focused, unless V13 already restored the focus.
 */

export interface FocusKey {
  id: string | null;
  name: string | null;
  signature: string;
  index: number;
}

const CONTROLS = "button, input, select, textarea, a[href], [tabindex]";

function controls(part: ParentNode): HTMLElement[] {
  return [...part.querySelectorAll<HTMLElement>(CONTROLS)];
}

/** What a control does: its tag, and its data-action and other data-* values. */
function signature(el: Element): string {
  const data = [...el.attributes]
    .filter((a) => a.name.startsWith("data-") && a.name !== "data-tooltip")
    .map((a) => `${a.name}=${a.value}`)
    .sort();
  return [el.tagName, ...data].join("|");
}

/** The control focused in `part` (ids scoped to `appId`), or null when the focus is elsewhere. */
export function focusKeyOf(part: HTMLElement, appId: string): FocusKey | null {
  const focus = part.querySelector<HTMLElement>(":focus");
  if (!focus) return null;
  const prefix = `${appId}-`;
  const id = focus.id.startsWith(prefix) ? focus.id.slice(prefix.length) : focus.id;
  return { id: id || null, name: focus.getAttribute("name"), signature: signature(focus), index: controls(part).indexOf(focus) };
}

/** Focuses in `part` the control `key` names, unless the focus is already inside it. */
export function restoreFocus(part: HTMLElement, key: FocusKey): void {
  const active = part.ownerDocument.activeElement;
  if (active && active !== part.ownerDocument.body && part.contains(active)) return;
  const all = controls(part);
  const found =
    (key.id ? part.querySelector<HTMLElement>(`#${CSS.escape(key.id)}`) : null) ??
    (key.name ? all.find((el) => el.getAttribute("name") === key.name) : undefined) ??
    all.find((el) => signature(el) === key.signature) ??
    (key.index >= 0 ? all[key.index] : undefined);
  found?.focus();
}
