/**
 * V13's TooltipManager opens a tooltip on pointer events only (pointerenter/pointerleave on the
 * body), so a keyboard user never reads a `data-tooltip`: an icon button's name, a rule's hint on a
 * heading or a field. Inside Fracas's own UI (`.fracas`: sheets, dialogs, cards, the tracker's
 * plan), an element reached by keyboard (`:focus-visible`) shows its tooltip through the same
 * manager, and leaving it hides the tooltip it showed (never one the pointer opened elsewhere).
 * A mouse click's focus is left to V13's hover. Plain DOM.
 */
export interface TooltipManagerLike {
  activate(element: HTMLElement, options?: { text?: string }): void;
  deactivate(): void;
}

const TOOLTIPPED = ".fracas [data-tooltip]";

export function followFocusWithTooltips(root: Document | HTMLElement, tooltip: () => TooltipManagerLike | undefined): void {
  let shown: HTMLElement | null = null;
  root.addEventListener("focusin", (event) => {
    const element = event.target instanceof HTMLElement ? event.target : null;
    if (!element?.matches(TOOLTIPPED) || !element.matches(":focus-visible")) return;
    // As V13: an empty data-tooltip shows the element's aria-label.
    const text = element.dataset.tooltip ? undefined : (element.getAttribute("aria-label") ?? undefined);
    if (!element.dataset.tooltip && !text) return;
    tooltip()?.activate(element, text ? { text } : {});
    shown = element;
  });
  root.addEventListener("focusout", (event) => {
    if (shown === null || event.target !== shown) return;
    shown = null;
    tooltip()?.deactivate();
  });
}
