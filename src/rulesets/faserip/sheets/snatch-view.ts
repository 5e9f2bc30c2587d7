/**
 * Snatching's Grab on its attack card (seed: "Grabbing an object away from someone"): the objects
 * the defender carried when it was rolled (its weapons), each a button that takes it, or what was
 * taken. Pure: the card, its re-render after the take, and the browser fixtures call it.
 */
import type { AttackResult } from "../rules/index.js";

const L = "FRACAS.Faserip";

/** An object the defender carried when the Snatching was rolled (a weapon item: its id and name). */
export interface SnatchObject {
  id: string;
  name: string;
}

/** The listed objects kept in a card's result, read safely (an older or hand-made card has none). */
export function snatchObjects(stored: unknown): SnatchObject[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((o: unknown) => {
    const r = (typeof o === "object" && o !== null ? o : {}) as Record<string, unknown>;
    return typeof r["id"] === "string" && r["id"] !== "" && typeof r["name"] === "string" ? [{ id: r["id"], name: r["name"] }] : [];
  });
}

/**
 * The Grab's part of the card: null unless the card is a Snatching whose result is Grab. `taken`:
 * the name of what was taken (then no buttons); else a button per listed object (its data-args
 * name the item), or `none` when the defender carried nothing listed (the GM rules what is grabbed).
 */
export function snatchView(result: { action: string; attack: Pick<AttackResult, "feat">; objects?: unknown; snatched?: unknown; actorName?: string; targetName?: string }) {
  if (result.action !== "snatching" || result.attack.feat?.effect !== "grab") return null;
  const actor = result.actorName ?? "";
  const target = result.targetName ?? "";
  const snatched = typeof result.snatched === "object" && result.snatched !== null ? (result.snatched as Record<string, unknown>) : null;
  // `actor` and `target` are in every line: who may take (the snatcher's player or the GM, said on
  // each button's tooltip), and after the take how to give it back (there is no Undo).
  if (snatched && typeof snatched["name"] === "string") return { taken: { key: `${L}.Card.Snatched`, actor, name: snatched["name"] }, objects: [], none: false, noteKey: "", actor, target };
  const objects = snatchObjects(result.objects).map((o) => ({ name: o.name, args: JSON.stringify({ itemId: o.id }), labelKey: `${L}.Card.SnatchTake`, whoKey: `${L}.Card.SnatchTakeWho` }));
  return { taken: null, objects, none: objects.length === 0, noteKey: objects.length === 0 ? `${L}.Card.SnatchNone` : `${L}.Card.SnatchNote`, actor, target };
}
