/**
 * A card's HTML is rendered once, at posting, but what the kill, fight, strike and duel cards show depends on
 * their applications too: an Apply on a crowd carries a miss's Setback, so the card must stop
 * offering "Operations takes the Setback (GM)" and say it was taken (and offer it again after that
 * Apply's Undo); and a kill's "Operations saves one (GM)" is offered only while no Apply stands.
 * - An Apply, an Undo and their rollback write the re-rendered content with the applications, in
 *   one update (`cardUpdate`, core's CardKind hook): every card write redraws it on every client.
 * - Any other write of the applications (a GM follow-up's) is caught by this hook, on the active
 *   GM's client: it re-renders the content from the card's whole state, under the card's lock
 *   (queued behind the write, never nested in it), and writes only when the HTML changed, so after
 *   an Apply, and after its own write, it writes nothing.
 */
import { withCardLock } from "../../../foundry/locks.js";
import type { JsonObject } from "../../../foundry/registry.js";
import type { Application } from "../../../foundry/data/card-data.js";
import { cardContent } from "./flow.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { backgroundWork } from "../../../foundry/background-work.js";

/**
 * The card kinds whose content shows something of their applications: the miss's Setback line (a
 * duel's per side, since session 4 wave 2), and a strike's count on Rank, the Apply's (views.ts).
 */
export const REFRESHED_KINDS: readonly string[] = ["kill", "fight", "strike", "duel"];

/** The re-renders card writes started (the hook cannot await them; a failure is logged). */
const work = backgroundWork("zodiac: card refresh");

/** Settles once every re-render started so far has (tests wait on it). */
export function cardRefreshesSettled(): Promise<unknown> {
  return work.settled();
}

interface CardSystem {
  ruleset?: string;
  kind?: string;
  result?: JsonObject;
}

async function refresh(message: ChatMessage.Implementation): Promise<void> {
  const sys = message.system as unknown as CardSystem;
  const content = await cardContent(message, sys.kind ?? "", sys.result ?? {});
  if (content !== message.content) await message.update({ content } as never);
}

/** CardKind.cardUpdate for the refreshed kinds: the content for the applications about to be written. */
export async function contentWithApplications({ message, applications }: { message: ChatMessage.Implementation; applications: readonly Application[] }): Promise<Record<string, unknown> | null> {
  const sys = message.system as unknown as CardSystem;
  if (!REFRESHED_KINDS.includes(sys.kind ?? "")) return null;
  return { content: await cardContent(message, sys.kind ?? "", sys.result ?? {}, applications) };
}

/** updateChatMessage: every client sees it; only the active GM re-renders, and only on an applications change. */
export function onCardUpdate(message: ChatMessage.Implementation, changed: object): void {
  if (!isActiveGM()) return;
  if (message.type !== "card") return;
  const sys = message.system as unknown as CardSystem;
  if (sys.ruleset !== "zodiac" || !REFRESHED_KINDS.includes(sys.kind ?? "")) return;
  if (foundry.utils.getProperty(changed, "system.applications") === undefined) return;
  const id = message.id;
  const run = withCardLock(id, async () => {
    // Re-read under the lock: the message may have been deleted or changed again meanwhile.
    const current = id ? game.messages.get(id) : undefined;
    if (current) await refresh(current as ChatMessage.Implementation);
  });
  work.add(run);
}
