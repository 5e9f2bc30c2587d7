/**
 * Posting a card: the kernel's result, the Foundry Rolls that produced its dice, and the targets
 * it may be applied to (the user's token targets by default), rendered from the kind's template.
 */
import { descriptor } from "../rulesets.js";
import type { JsonObject } from "../registry.js";
import { lookupUuidSync } from "../typed.js";
import { gmsAndOwners } from "../recipients.js";
import { t } from "../i18n.js";

export interface CardInput {
  ruleset: string;
  kind: string;
  source: Actor.Implementation | null;
  result: JsonObject;
  rolls?: Roll[];
  /** Defaults to the actors of the user's targeted tokens. */
  targets?: { uuid: string; name: string }[];
  /** Extra context for the template (labels, odds shown before the roll…). */
  context?: Record<string, unknown>;
  /** User ids to whisper the card to (e.g. a prompt for one hero's owners and the GM); default: the chat's roll mode. */
  whisper?: string[];
  /**
   * The message's id, made beforehand with foundry.utils.randomID() when something written before the
   * card must name it (e.g. a ledger entry's ref); the card is created with keepId.
   */
  id?: string;
}

/** The actors behind the current user's targeted tokens (how a GM runs an encounter from the map). */
export function userTargets(): { uuid: string; name: string }[] {
  const out: { uuid: string; name: string }[] = [];
  for (const token of game.user.targets) {
    const actor = token.actor;
    if (actor) out.push({ uuid: actor.uuid, name: token.name ?? actor.name });
  }
  return out;
}

export async function postCard(input: CardInput): Promise<ChatMessage.Implementation | undefined> {
  const kind = descriptor(input.ruleset)?.cards?.[input.kind];
  if (!kind) throw new Error(`Fracas: no card kind ${input.ruleset}.${input.kind}`);
  const targets = input.targets ?? userTargets();
  const content = await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${kind.template}`, {
    result: input.result,
    source: input.source ? { name: input.source.name, img: input.source.img, uuid: input.source.uuid } : null,
    targets,
    ...input.context,
  });
  const data = {
    type: "card",
    content,
    rolls: input.rolls ?? [],
    speaker: ChatMessage.getSpeaker({ actor: input.source ?? undefined }),
    system: { ruleset: input.ruleset, kind: input.kind, sourceUuid: input.source?.uuid ?? "", result: input.result, targets, applications: [] },
    ...(input.id ? { _id: input.id } : {}),
  };
  const { whisper, rollMode } = cardPrivacy(input, targets);
  const options = { ...(input.id ? { keepId: true } : {}), ...(rollMode ? { rollMode } : {}) };
  return (await ChatMessage.create({ ...data, ...(whisper ? { whisper } : {}) } as never, options as never)) as ChatMessage.Implementation | undefined;
}

/**
 * Who sees a card. A card whispered on purpose keeps its recipients. Otherwise a card with dice
 * follows the chat's roll mode as any V13 roll does ("roll": the poster's current mode), except:
 * - a card the GM's client posts about a player's character (a draw, a round-start roll, a reveal
 *   the player asked for) is public: the GM's private mode is for the GM's own rolls;
 * - a player's Self Roll or Blind GM Roll posts as a Private GM Roll: a combat card is the roller's
 *   and the GM's. V13 gives the GM no sight of a self roll (ChatMessage#isContentVisible), so the
 *   GM's buttons on it (a Setback to take, a scar) went unseen, and a blind roll hid the player's own
 *   Apply from them. The player is told once per session;
 * - a private or blind card at targets players own is whispered to the GMs and those players (not
 *   blind): its Apply rows and the target's answers (a draw, Hero Points) are theirs to see.
 */
function cardPrivacy(input: CardInput, targets: readonly { uuid: string }[]): { whisper?: string[]; rollMode?: string } {
  if (input.whisper) return { whisper: input.whisper };
  if (!input.rolls?.length) return {};
  if (game.user.isGM && input.source?.hasPlayerOwner) return {};
  const chosen = game.settings.get("core", "rollMode") as string;
  const hidden = !game.user.isGM && (chosen === "selfroll" || chosen === "blindroll");
  if (hidden) tellSharedOnce(chosen);
  const mode = hidden ? "gmroll" : chosen;
  if (mode === "gmroll" || mode === "blindroll") {
    const actors = targets.map((t) => lookupUuidSync(t.uuid)).filter((a): a is Actor.Implementation => a instanceof Actor);
    if (actors.some((a) => a.hasPlayerOwner)) return { whisper: gmsAndOwners(actors) };
  }
  return { rollMode: hidden ? "gmroll" : "roll" };
}

/** The users told (per user, not per module: a page has one user, the typed fake several). */
const toldShared = new Set<string>();

/** The first self or blind roll of a session says where its card went instead (a toast, once per user). */
function tellSharedOnce(mode: string): void {
  const user = game.user.id ?? "";
  if (toldShared.has(user)) return;
  toldShared.add(user);
  ui.notifications?.info(t("FRACAS.Chat.SharedWithGM", { mode: t(mode === "selfroll" ? "CHAT.RollSelf" : "CHAT.RollBlind") }));
}
