/**
 * A card's GM-only controls (inside an element marked `data-fracas-gm-only`, e.g. FASERIP's White
 * Slam? areas field and its Set) are disabled on a player's copy; its author-only controls (inside
 * `data-fracas-author-only`: the card's author or a GM may press them, e.g. Radio's Roll damage, as
 * only they may mark the card) on every other player's copy. A card's content is rendered once,
 * when posted, and is the same on every client, so the template cannot know who reads it: a player
 * could type a number and press Set (GM), or press another player's Roll damage, only to be refused.
 * Done on render (renderChatMessageHTML), for this client only; the handlers still refuse.
 */

interface ControlRoot {
  querySelectorAll(selector: string): Iterable<{ disabled: boolean }>;
}

const controlsIn = (marker: string) => ["input", "button", "select", "textarea"].map((tag) => `[${marker}] ${tag}`).join(", ");
const GM_ONLY_CONTROLS = controlsIn("data-fracas-gm-only");
const AUTHOR_ONLY_CONTROLS = controlsIn("data-fracas-author-only");

function disableAll(root: ControlRoot, selector: string): number {
  let n = 0;
  for (const el of root.querySelectorAll(selector)) {
    el.disabled = true;
    n++;
  }
  return n;
}

/** Disables `root`'s GM-only controls unless the reader is a GM; returns how many were disabled. */
export function lockGmOnlyControls(root: ControlRoot | null | undefined, readerIsGM: boolean): number {
  if (readerIsGM || !root) return 0;
  return disableAll(root, GM_ONLY_CONTROLS);
}

/** Disables `root`'s author-only controls unless the reader is a GM or wrote the card; returns how many were disabled. */
export function lockAuthorOnlyControls(root: ControlRoot | null | undefined, reader: { isGM: boolean; isAuthor: boolean }): number {
  if (reader.isGM || reader.isAuthor || !root) return 0;
  return disableAll(root, AUTHOR_ONLY_CONTROLS);
}
