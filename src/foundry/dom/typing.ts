/**
 * Is someone typing in this element? Its focused control takes text (a textarea, an editable
 * element, or an input that is not a button, box, radio, range, colour or file picker). A redraw
 * keeps the focus (focus-state.ts) but not a value typed and not yet committed, so the sheets that
 * redraw when the fight moves skip one being typed in: it redraws at its next change (review-s11 K3).
 * False outside a browser (no document: the typed fake).
 */
const NOT_TEXT = new Set(["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"]);

export function typingIn(root: Element | null | undefined): boolean {
  if (typeof document === "undefined" || !root) return false;
  const el = document.activeElement as HTMLElement | null;
  if (!el || !root.contains(el)) return false;
  if (el instanceof HTMLTextAreaElement || el.isContentEditable) return true;
  return el instanceof HTMLInputElement && !NOT_TEXT.has(el.type);
}
