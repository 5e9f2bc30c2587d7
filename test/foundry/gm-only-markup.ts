/**
 * A rendered card's controls and whether each sits inside a `data-fracas-gm-only` element (the
 * marker core chat/gm-only-controls.ts disables on a player's copy) or a `data-fracas-author-only`
 * one (disabled on the copies of players other than the card's author). A small tag walk, as node
 * tests have no DOM: enough for the cards' own markup (no comments or scripts with tags inside).
 */
export interface CardControl {
  tag: string;
  /** data-fracas-follow-up, else data-fracas-action, else the name: what the control does. */
  does: string;
  gmOnly: boolean;
  authorOnly: boolean;
  disabled: boolean;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const CONTROLS = new Set(["button", "input", "select", "textarea"]);
const attr = (attrs: string, name: string) => new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>]|$)`).exec(attrs);

export function cardControls(html: string): CardControl[] {
  const open: { tag: string; gm: boolean; author: boolean }[] = [];
  const found: CardControl[] = [];
  for (const [, close, rawTag, attrs = ""] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const tag = rawTag!.toLowerCase();
    if (close) {
      const at = open.map((o) => o.tag).lastIndexOf(tag);
      if (at >= 0) open.length = at;
      continue;
    }
    const gm = attr(attrs, "data-fracas-gm-only") !== null;
    const author = attr(attrs, "data-fracas-author-only") !== null;
    if (CONTROLS.has(tag)) {
      const does = attr(attrs, "data-fracas-follow-up")?.[1] ?? attr(attrs, "data-fracas-action")?.[1] ?? attr(attrs, "name")?.[1] ?? "";
      found.push({ tag, does, gmOnly: open.some((o) => o.gm), authorOnly: open.some((o) => o.author), disabled: false });
    }
    if (!VOID.has(tag) && !attrs.trimEnd().endsWith("/")) open.push({ tag, gm, author });
  }
  return found;
}

/** What the author-only controls do (the card's author's or a GM's). */
export function authorOnlyControls(html: string): string[] {
  return cardControls(html).filter((c) => c.authorOnly).map((c) => c.does);
}

/** What the GM-only controls do, and what the others do. */
export function splitControls(html: string): { gmOnly: string[]; others: string[] } {
  const all = cardControls(html);
  return { gmOnly: all.filter((c) => c.gmOnly).map((c) => c.does), others: all.filter((c) => !c.gmOnly).map((c) => c.does) };
}

/**
 * The card's rendered element as the render hook (core render.ts) sees it: querySelectorAll with the
 * core's "[data-fracas-gm-only] …" or "[data-fracas-author-only] …" selector yields the controls
 * inside that marker; the rest of the hook's calls find nothing.
 */
export function cardElement(html: string) {
  const controls = cardControls(html);
  return {
    controls,
    querySelectorAll: (sel: string) =>
      sel.includes("[data-fracas-gm-only]") ? controls.filter((c) => c.gmOnly) : sel.includes("[data-fracas-author-only]") ? controls.filter((c) => c.authorOnly) : [],
    querySelector: () => null,
    addEventListener: () => undefined,
  };
}
