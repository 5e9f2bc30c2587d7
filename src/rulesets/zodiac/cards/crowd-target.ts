/**
 * The one crowd a kill card targets, as it stands now: an Apply kills at most those standing
 * (kernel applyKills), so what Operations' save can spare depends on it (save-follow-up.ts, the
 * card's view). A card with no target, several, or one that is not a crowd has none.
 */
import { lookupUuid } from "../../../foundry/typed.js";
import type { Crowd } from "../rules/index.js";

function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0;
}

export async function crowdTarget(targets: readonly { uuid: string }[]): Promise<Crowd | null> {
  if (targets.length !== 1) return null;
  const doc = await lookupUuid(targets[0]!.uuid);
  if (!(doc instanceof Actor) || (doc.type as string) !== "zodiacCrowd") return null;
  const s = doc.system as unknown as { standing?: unknown; captured?: unknown };
  return { standing: count(s.standing), captured: count(s.captured) };
}
