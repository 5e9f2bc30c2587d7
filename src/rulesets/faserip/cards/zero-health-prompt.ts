/**
 * The attack card's "Roll the 0-Health FEAT" button follows the blow's Apply (rules audit s13).
 * DECISIONS F4: the FEAT is made "on the blow that takes Health to 0". It used to be decided when
 * the attack was rolled, from the target's Health then: two attacks rolled before either was
 * applied, the second of which took the target to 0, offered it on neither card (the FEAT came a
 * round late, at the round start); one rolled at a target healed before its Apply offered it for
 * nothing. Now the card offers it once its own Apply took Health from above 0 to 0 and left the
 * target neither dying nor dead; an Undo takes the button away again.
 */
import type { Application } from "../../../foundry/data/card-data.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { renderAttack, type StoredAttackCard } from "./attack-content.js";

const HEALTH = "system.health.value";

/** A path's value in an application's recorded values (prior or after), or undefined. */
function valueAt(values: readonly { path: string; value: unknown }[] | undefined, path: string): unknown {
  return values?.find((v) => v.path === path)?.value;
}

/**
 * Does the card's standing Apply on `targetUuid` owe the 0-Health FEAT: it took Health from above 0
 * to 0, and turned on neither dying nor dead (a Kill starts dying: no FEAT to make)?
 */
export function zeroHealthOwed(applications: readonly Application[], targetUuid: string): boolean {
  const standing = applications.filter((a) => a.targetUuid === targetUuid && !a.undone).at(-1);
  if (!standing) return false;
  const before = valueAt(standing.prior, HEALTH);
  const after = valueAt(standing.after, HEALTH);
  if (typeof before !== "number" || before <= 0 || after !== 0) return false;
  return !standing.statuses.some((s) => s.on && (s.status === "dying" || s.status === "dead"));
}

/**
 * CardKind.cardUpdate for attack cards: the button and the card's flag written with the
 * applications that change it (core's card lock, one write), the body rendered again.
 */
export async function attackCardUpdate({ message, applications }: { message: ChatMessage.Implementation; applications: readonly Application[] }): Promise<Record<string, unknown> | null> {
  const card = message.system as unknown as StoredAttackCard;
  const result = card.result ?? {};
  const targetUuid = typeof result["targetUuid"] === "string" ? result["targetUuid"] : "";
  if (!targetUuid) return null;
  const owed = zeroHealthOwed(applications, targetUuid);
  if (owed === (result["zeroHealthPrompt"] === true)) return null;
  const changed: JsonObject = { ...result, zeroHealthPrompt: owed };
  return { "system.result.zeroHealthPrompt": owed, content: await renderAttack(card, changed) };
}
