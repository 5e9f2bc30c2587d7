/**
 * A hit's Wagers on Rank applied at once (rules audit s14 F2). Seed 003 ¶11: once an Agent has
 * Wagers equal or greater than his Rank he is Almost Dead, and the finishing Wager comes in a later
 * round. Counted only at the card's Apply, a round-1 duel card the GM forgot to apply made the seed's
 * own round-2 finish refused ("not Almost Dead"). The rules leave no choice in a hit landing, so the
 * active GM's client applies it as the card appears, through the card's own Apply (core
 * executeApply: sealed, its Undo on the card; Setback's cancel works on the Wagers it wrote).
 *
 * Applied: a strike that hit, to its Other Agent; a duel, to each side the other side's strike or
 * finishing Wager reached. Not applied: a kill (Operations may still save Everyone Else, which an
 * Apply would refuse), and a miss (its Setback is auto-setback.ts's). A GM who would rather apply
 * by hand turns the world option off (zodiac.autoApplyHits); with no GM connected the card keeps
 * its Apply buttons.
 */
import { isActiveGM } from "../../../foundry/active-gm.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { backgroundWork } from "../../../foundry/background-work.js";
import { executeApply } from "../../../foundry/chat/apply.js";
import type { JsonObject } from "../../../foundry/registry.js";

const work = backgroundWork("zodiac: applying a hit's Wagers at once (the card still offers the Apply)");

/** Settles once every Apply started so far has (tests, macros). */
export function autoAppliesSettled(): Promise<unknown> {
  return work.settled();
}

interface PostedCard {
  ruleset?: string;
  kind?: string;
  result?: JsonObject;
  targets?: { uuid?: unknown }[];
}

type SideRoll = { strike?: { success?: unknown }; finish?: { killed?: unknown } | null } | undefined;

/** A side's roll reached the other side: its strike hit, or its finishing Wager killed (as duelEffect's summary reads it). */
const landed = (side: SideRoll) => side?.strike?.success === true || side?.finish?.killed === true;
const uuidOf = (v: unknown) => (v as { uuid?: unknown } | undefined)?.uuid;

/** The targets a card's hits land on (uuids), as its result tells; none for a miss or another kind. */
export function hitTargets(card: PostedCard): string[] {
  const result = card.result ?? {};
  if (card.kind === "strike") {
    if ((result.strike as { success?: unknown } | undefined)?.success !== true) return [];
    return (card.targets ?? []).map((t) => t.uuid).filter((u): u is string => typeof u === "string" && u !== "");
  }
  if (card.kind === "duel") {
    const duel = (result.duel ?? {}) as { a?: SideRoll; b?: SideRoll };
    // Side a's strike lands on side b, and the other way round (effects.ts duelEffect).
    const hit = [landed(duel.a) ? uuidOf(result.b) : null, landed(duel.b) ? uuidOf(result.a) : null];
    return hit.filter((u): u is string => typeof u === "string" && u !== "");
  }
  return [];
}

/** createChatMessage (every client; acts on the active GM's client only). */
export function onHitCardPosted(message: ChatMessage.Implementation | null | undefined): void {
  const card = message?.system as PostedCard | undefined;
  if (!message?.id || card?.ruleset !== "zodiac" || !isActiveGM() || !rulesetOption("zodiac", "autoApplyHits", true)) return;
  const targets = hitTargets(card);
  if (targets.length > 0) work.add(applyEach(message.id, targets));
}

/**
 * Each in turn (each Apply takes the card's lock). A refusal leaves that target's Apply on the card
 * for the GM (an Other Agent changed into something else since the roll, say) and is logged.
 */
async function applyEach(messageId: string, targets: readonly string[]): Promise<void> {
  for (const targetUuid of targets) {
    const outcome = await executeApply({ messageId, targetUuid, userId: game.user.id ?? "" });
    if (!outcome.ok) console.info(`Fracas | zodiac: a hit was not applied at once (${outcome.reason}); the card keeps its Apply.`);
  }
}
