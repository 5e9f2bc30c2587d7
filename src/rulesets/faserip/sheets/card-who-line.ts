/** The first line of a faserip card: who rolled, and at whom. */
const L = "FRACAS.Faserip";

/**
 * A card's first line: who rolled, and at whom. Null on a card posted before the roller's name
 * was kept in its result (such a card still renders, without the line).
 */
export function whoLine(actorName?: string, targetName?: string): { key: string; actor: string; target: string } | null {
  const actor = actorName ?? "";
  const target = targetName ?? "";
  if (!actor && !target) return null;
  const key = !target ? "Who" : !actor ? "WhoTargetOnly" : "WhoTarget";
  return { key: `${L}.Card.${key}`, actor, target };
}
