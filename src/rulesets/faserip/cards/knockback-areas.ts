/**
 * The GM sets how far a White Slam? knocks the defender back. Seed: "Failure = knocked back 1 or
 * more areas"; the kernel's White result is "several" areas, 2 by default (DECISIONS.md), and the
 * card offered no way to say otherwise, so a GM who ruled 4 had to move the token by hand and the
 * card and its Apply still said 2. The card's buttons (gmFollowUp "knockbackAreas", GM only) set
 * the number they name, within the kernel's range; the card's result (which its Apply summary
 * and its token move read) and its text are rewritten. A card that is applied is refused until
 * its Apply is undone, so the Apply row never names another number than the card.
 */
import { isRuleError } from "../../../engine/errors.js";
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { withCardLock } from "../../../foundry/locks.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { MAX_KNOCKBACK_AREAS, MIN_KNOCKBACK_AREAS, slamResult } from "../rules/index.js";
import type { SecondaryCheck } from "../rules/index.js";
import { secondaryCardView, tokensKnown } from "../sheets/secondary-card-view.js";
import { movedAreas, parseAreas } from "../sheets/knockback-areas-view.js";
import { t } from "../../../foundry/i18n.js";
import { requestFollowUp, warnRefused } from "../../../foundry/queries.js";
import { faseripTables } from "./tables.js";

export const SECONDARY_TEMPLATE = "faserip/cards/secondary.hbs";

export type Outcome = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

export interface StoredCard {
  sourceUuid?: string;
  targets?: { uuid: string; name: string }[];
  result: JsonObject;
  applications?: { undone: boolean }[];
}

/** The secondary card's body, rendered again from a changed result (the core renders it once, when posted). */
export async function renderSecondary(card: StoredCard, result: JsonObject): Promise<string> {
  const found = card.sourceUuid ? lookupUuidSync(card.sourceUuid) : null;
  const source = found instanceof Actor ? { name: found.name, img: found.img, uuid: found.uuid } : null;
  const r = result as unknown as Parameters<typeof secondaryCardView>[0] & { attackerTokenUuid?: string; defenderTokenUuid?: string };
  const view = secondaryCardView({ ...r, canKnockback: tokensKnown(r) });
  return foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${SECONDARY_TEMPLATE}`, { result, source, targets: card.targets ?? [], view });
}

/** Sets the card's knock-back to `areasIn` (run on the active GM's client, under the card's lock). */
export function setKnockbackAreas(message: ChatMessage.Implementation, areasIn: unknown): Promise<Outcome> {
  return withCardLock(message.id, async () => {
    // Read inside the lock: an Apply queued before this click has written its row by now.
    const card = message.system as unknown as StoredCard;
    const check = card.result["check"] as unknown as SecondaryCheck | undefined;
    if (card.result["kind"] !== "slam" || !check || check.result !== "knockedBack") return { ok: false, reason: "FRACAS.Faserip.Refused.NoKnockbackAreas" };
    if (typeof areasIn !== "number" || !Number.isInteger(areasIn) || areasIn < MIN_KNOCKBACK_AREAS || areasIn > MAX_KNOCKBACK_AREAS) {
      return { ok: false, reason: "FRACAS.Faserip.Refused.AreasRange", data: { min: MIN_KNOCKBACK_AREAS, max: MAX_KNOCKBACK_AREAS } };
    }
    if ((card.applications ?? []).some((a) => !a.undone)) return { ok: false, reason: "FRACAS.Faserip.Refused.AreasAfterApply" };
    // The token was moved by this number (the card's Move acts once, knockback-moved.ts): it stays.
    if (movedAreas(card.result) > 0) return { ok: false, reason: "FRACAS.Faserip.Refused.AreasAfterMove" };
    let areas: number;
    try {
      // The kernel's reading of the card's colour on the table in force, with the GM's number.
      const slam = slamResult(check.color, areasIn, faseripTables().slamStun);
      if (slam.result !== "knockedBack") return { ok: false, reason: "FRACAS.Faserip.Refused.NoKnockbackAreas" };
      areas = slam.areas;
    } catch (e) {
      if (!isRuleError(e)) throw e;
      return { ok: false, reason: `FRACAS.Error.${e.code}`, data: { ...e.data } };
    }
    if (areas === check.areas) return { ok: true };
    const result = { ...card.result, check: { ...check, areas } } as unknown as JsonObject;
    const content = await renderSecondary(card, result);
    await message.update({ "system.result.check.areas": areas, content } as never);
    return { ok: true };
  });
}

/**
 * The card's "Set (GM)" button beside the number field: the typed number is read strictly here
 * (parseAreas: a clear warning, nothing sent, for anything but a whole number from 1 to 100), then
 * sent to the GM follow-up below, which checks again (the GM's client decides).
 */
export async function setTypedAreas(message: ChatMessage.Implementation, button: HTMLElement): Promise<void> {
  const field = button.closest?.(".faserip-card-areas")?.querySelector<HTMLInputElement>("input[name='areas']");
  await sendTypedAreas(message, field?.value ?? "");
}

/**
 * The typed text checked on this client, then sent to the GM follow-up; the number set, or null
 * after a warning (a refusal here or on the GM's side). Set (GM) and the Move button (when the
 * field holds a number not Set yet: knockback-move.ts) both use it.
 */
export async function sendTypedAreas(message: ChatMessage.Implementation, text: string): Promise<number | null> {
  const typed = parseAreas(text);
  if ("refused" in typed) {
    ui.notifications?.warn(t(typed.refused, typed.data));
    return null;
  }
  const done = await requestFollowUp(message.id ?? "", "knockbackAreas", { areas: typed.areas });
  if (!done.ok) {
    // Not "No GM" again: the core's request has already said it (as an error).
    warnRefused(done);
    return null;
  }
  return typed.areas;
}

/** The card's GM follow-up: only a GM may ask; the areas come from the button's args (checked above). */
export const knockbackAreasFollowUp: GmFollowUp = {
  allowed: ({ user }) => user.isGM,
  run: ({ message, args }) => setKnockbackAreas(message, args["areas"]),
};
