/**
 * A miss's Setback taken at once (rules review s11 RZ4). RULES §3: "A miss: nobody dies and
 * Operations gains 1 Setback" — no choice in it, so the active GM's client takes it as the card
 * appears, as the card's "Operations takes the Setback (GM)" would (setback-follow-up.ts take: once
 * per card and per duel side, under the card's lock, its Undo on the card). A GM who would rather
 * take it by hand turns the world option off (zodiac.autoSetback); with no GM connected the card
 * keeps its button for later.
 */
import { isActiveGM } from "../../../foundry/active-gm.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { withCardLock } from "../../../foundry/locks.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { backgroundWork } from "../../../foundry/background-work.js";
import { take } from "./setback-follow-up.js";

const work = backgroundWork("zodiac: taking a miss's Setback at once (the card still offers it)");

/** Settles once every Setback take started so far has (tests, macros). */
export function autoSetbacksSettled(): Promise<unknown> {
  return work.settled();
}

/** The card kinds a miss earns Setback on, and the slots each has (a duel: one per side). */
const SLOTS: Record<string, readonly JsonObject[]> = {
  fight: [{}],
  kill: [{}],
  strike: [{}],
  duel: [{ side: "a" }, { side: "b" }],
};

interface PostedCard {
  ruleset?: string;
  kind?: string;
}

/** createChatMessage (every client; acts on the active GM's one tab only). */
export function onMissCardPosted(message: ChatMessage.Implementation | null | undefined): void {
  const card = message?.system as PostedCard | undefined;
  if (!message || card?.ruleset !== "zodiac" || !card.kind || !(card.kind in SLOTS)) return;
  if (!isActiveGM() || !rulesetOption("zodiac", "autoSetback", true)) return;
  work.add(takeMissSetbacks(message, SLOTS[card.kind]!));
}

/** Takes each slot's Setback; a hit (nothing earned) or one taken already is passed over quietly. */
async function takeMissSetbacks(message: ChatMessage.Implementation, slots: readonly JsonObject[]): Promise<void> {
  for (const args of slots) await withCardLock(message.id, () => take(message, game.user.id ?? "", args));
}
