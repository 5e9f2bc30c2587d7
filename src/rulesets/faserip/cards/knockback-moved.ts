/**
 * A Slam? card's knock-back moves the token once (session 9; closing-s8: a second click on Move,
 * after the first had finished, moved the token again, and again at each click). D: the card's
 * Move acts once. Before the token moves, the move is recorded on the card (result.moved: the
 * areas) by the GM follow-up "knockbackMoved", on the active GM's client under the card's lock, so
 * of two clicks (a double click, or the GM and the defender's owner at once) one moves and the
 * other is told the card already moved it. The card is rendered again: it says "Token moved N areas
 * back." in place of Move and of the GM's areas row (the number it moved by stays). A move that
 * fails after the record (the token's update refused) gives the record back, so Move works again.
 * To move the token further, the GM drags it: the card does not undo or redo a move.
 */
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { withCardLock } from "../../../foundry/locks.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { movedAreas } from "../sheets/knockback-areas-view.js";
import { renderSecondary, type Outcome, type StoredCard } from "./knockback-areas.js";

/** The refusal of a Move on a card that already moved its token `areas` back. */
export function alreadyMoved(areas: number): Outcome {
  return { ok: false, reason: pluralKey("FRACAS.Faserip.Refused.AlreadyMoved", areas), data: { areas } };
}

/**
 * Records the card's move (`moved` true: the clicker is about to move the token by `areas`, which
 * must still be the card's number) or gives it back (`moved` false: the move failed). Run on the
 * active GM's client, under the card's lock.
 */
export function recordKnockbackMove(message: ChatMessage.Implementation, args: JsonObject): Promise<Outcome> {
  return withCardLock(message.id, async () => {
    const card = message.system as unknown as StoredCard;
    const done = movedAreas(card.result);
    if (args["moved"] === false) {
      if (done === 0) return { ok: true };
      const result = { ...card.result, moved: 0 } as JsonObject;
      await message.update({ "system.result.moved": 0, content: await renderSecondary(card, result) } as never);
      return { ok: true };
    }
    if (done > 0) return alreadyMoved(done);
    const check = card.result["check"] as { areas?: unknown } | undefined;
    const areas = typeof check?.areas === "number" ? check.areas : 0;
    if (areas <= 0) return { ok: false, reason: "FRACAS.Faserip.Refused.NothingToApply" };
    // The GM set another number since this client read the card: the clicker checks it first.
    if (args["areas"] !== areas) return { ok: false, reason: "FRACAS.Faserip.Refused.AreasChangedMove" };
    const result = { ...card.result, moved: areas } as JsonObject;
    await message.update({ "system.result.moved": areas, content: await renderSecondary(card, result) } as never);
    return { ok: true };
  });
}

/** Who may move the token may record its move: the GM or the defender's owner (knockback-token.ts). */
export const knockbackMovedFollowUp: GmFollowUp = {
  allowed: ({ user, result }) => {
    if (user.isGM) return true;
    const defender = lookupUuidSync(String(result["targetUuid"] ?? ""));
    return defender instanceof Actor && defender.testUserPermission(user, "OWNER");
  },
  run: ({ message, args }) => recordKnockbackMove(message, args),
};
