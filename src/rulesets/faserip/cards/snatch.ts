/**
 * Snatching's Grab takes the object (seed: "Grabbing an object away from someone"): the attack card
 * lists the defender's objects when it is rolled (its weapons), and a click on one moves that item
 * from the defender to the snatcher. It writes both actors, so it runs on the active GM's client
 * (gmFollowUp "snatchObject"), asked by the GM or the snatcher's owner, under the card's lock: one
 * object per card, taken once. The card then says what was taken. Break (Red) is not defined by the
 * seed, so it moves nothing (DECISIONS.md). No Undo: the GM gives the item back by dragging it.
 */
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { withCardLock } from "../../../foundry/locks.js";
import { claimHere, isClaimed } from "../../../foundry/claims.js";
import { snatchObjects, snatchView } from "../sheets/snatch-view.js";
import type { AttackResult } from "../rules/index.js";
import { actorAt, renderAttack, type StoredAttackCard } from "./attack-content.js";

type Outcome = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

/** Moves the listed object `itemIdIn` from the card's defender to its snatcher (active GM's client). */
export function takeObject(message: ChatMessage.Implementation, itemIdIn: unknown): Promise<Outcome> {
  return withCardLock(message.id, async (): Promise<Outcome> => {
    // Read inside the lock: a take queued before this one has written the card by now.
    const card = message.system as unknown as StoredAttackCard;
    const r = card.result;
    const grab = snatchView({ action: String(r["action"] ?? ""), attack: (r["attack"] ?? {}) as unknown as Pick<AttackResult, "feat">, objects: r["objects"], snatched: r["snatched"] });
    if (!grab) return { ok: false, reason: "FRACAS.Faserip.Refused.SnatchNoGrab" };
    if (grab.taken) return { ok: false, reason: "FRACAS.Faserip.Refused.SnatchTaken", data: { name: grab.taken.name } };
    const listed = snatchObjects(r["objects"]).find((o) => o.id === itemIdIn);
    if (!listed) return { ok: false, reason: "FRACAS.Faserip.Refused.NothingToApply" };
    // The card is its author's to edit (audit s14 H4), its targets too, so the defender's being one
    // of them only keeps the card consistent; what holds is that the item is one of the defender's
    // weapons (what objectsOf lists) and the take is kept on the defender, where the author of a card
    // against someone else's character cannot clear it: one object per card and defender.
    const targets = Array.isArray((card as unknown as { targets?: unknown }).targets) ? ((card as unknown as { targets: { uuid?: unknown }[] }).targets) : [];
    if (!targets.some((t) => t?.uuid === r["targetUuid"])) return { ok: false, reason: "FRACAS.Chat.Refused.NotATarget" };
    const holder = actorAt(r["targetUuid"]);
    const snatcher = actorAt(card.sourceUuid);
    if (!holder || !snatcher) return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
    const once = `faserip.snatch.${message.id ?? ""}`;
    if (isClaimed(holder, once)) return { ok: false, reason: "FRACAS.Faserip.Refused.SnatchTaken", data: { name: listed.name } };
    const item = holder.items.get(listed.id);
    if (!item || (item.type as string) !== "faseripWeapon") return { ok: false, reason: "FRACAS.Faserip.Refused.SnatchGone", data: { target: holder.name, name: listed.name } };
    await claimHere(holder, once);
    // The copy first: a failed delete leaves the object twice (the GM deletes one), never lost.
    const { _id: _drop, ...data } = item.toObject() as unknown as Record<string, unknown>;
    await snatcher.createEmbeddedDocuments("Item", [data] as never);
    await holder.deleteEmbeddedDocuments("Item", [listed.id]);
    const snatched = { id: listed.id, name: item.name };
    const content = await renderAttack(card, { ...r, snatched } as unknown as JsonObject);
    await message.update({ "system.result.snatched": snatched, content } as never);
    return { ok: true };
  });
}

/** Asked by the GM or the snatcher's owner (the card's source); the item id comes from the button's args (checked above). */
export const snatchObjectFollowUp: GmFollowUp = {
  allowed: ({ user, message }) => {
    if (user.isGM) return true;
    const snatcher = actorAt((message.system as unknown as StoredAttackCard).sourceUuid);
    return !!snatcher && snatcher.testUserPermission(user, "OWNER");
  },
  run: ({ message, args }) => takeObject(message, args["itemId"]),
};
