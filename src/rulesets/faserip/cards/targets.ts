import { lookupUuidSync } from "../../../foundry/typed.js";

/** Whom a FEAT is rolled at (the user's targeted tokens) and the token an actor acts from (for knock-back). */
export interface TargetRef {
  uuid: string;
  name: string;
  tokenUuid: string;
}

/**
 * The current user's targeted tokens, with their token uuids (for knock-back). A token whose actor
 * was deleted (a linked token left on the scene, a target set still holding a deleted token) is no
 * target: there is no defender to roll at (core target-gone.ts; the FEAT dialog drops it and says so).
 */
export function currentTargets(): TargetRef[] {
  const out: TargetRef[] = [];
  for (const token of game.user.targets) {
    const actor = token.actor;
    if (actor && !lookupUuidSync(actor.uuid)) continue;
    // A target is a placed token; its document uuid is what knock-back moves.
    const doc = (token as { document?: { uuid?: string } }).document;
    if (actor) out.push({ uuid: actor.uuid, name: token.name ?? actor.name, tokenUuid: doc?.uuid ?? "" });
  }
  return out;
}

/** The uuid of `actor`'s token on the viewed scene ("" when it has none): knock-back pushes from it. */
export function tokenUuidOf(actor: Actor.Implementation): string {
  // No scene viewed (or no canvas at all): the actor has no token to push from.
  const tokens = typeof actor.getActiveTokens === "function" ? actor.getActiveTokens() : [];
  const token = tokens[0] as { document?: { uuid?: string } } | undefined;
  return token?.document?.uuid ?? "";
}
