/**
 * A card's GM-only controls (inside an element marked `data-fracas-gm-only`, e.g. FASERIP's White
 * Slam? areas field and its Set) are disabled on a player's copy. A card's content is rendered once, when posted, and is the
 * same on every client, so the template cannot know who reads it: a player could type a number and
 * press Set (GM), only to be refused. Done on render (renderChatMessageHTML), for this client only.
 */

interface ControlRoot {
  querySelectorAll(selector: string): Iterable<{ disabled: boolean }>;
}

const GM_ONLY_CONTROLS = "[data-fracas-gm-only] input, [data-fracas-gm-only] button, [data-fracas-gm-only] select, [data-fracas-gm-only] textarea";

/** Disables `root`'s GM-only controls unless the reader is a GM; returns how many were disabled. */
export function lockGmOnlyControls(root: ControlRoot | null | undefined, readerIsGM: boolean): number {
  if (readerIsGM || !root) return 0;
  let n = 0;
  for (const el of root.querySelectorAll(GM_ONLY_CONTROLS)) {
    el.disabled = true;
    n++;
  }
  return n;
}
