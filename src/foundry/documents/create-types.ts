/**
 * The types a Create Actor / Create Item dialog offers: the enabled rulesets' types, narrowed to the
 * caller's own list when it gives one (a module's button, a macro), never widened. V13's dialog
 * throws on an empty list, so with nothing left the user is told why, and no dialog opens: a GM
 * where to turn a ruleset on, a player (who may hold the Create permission) to ask the GM.
 */
import { t } from "../i18n.js";

/** A type's label as V13's Create dialog shows it (TYPES.<Document>.<type>), else the type itself. */
function typeLabel(documentName: "Actor" | "Item", type: string): string {
  const key = `TYPES.${documentName}.${type}`;
  return game.i18n.has(key) ? game.i18n.localize(key) : type;
}

/** The dialog's options with `types` set, or null (after a warning) when no type is left. */
export function createDialogOptions(documentName: "Actor" | "Item", enabled: readonly string[], options: unknown): Record<string, unknown> | null {
  const given = (options ?? {}) as Record<string, unknown>;
  const asked = Array.isArray(given.types) ? (given.types as unknown[]).filter((x): x is string => typeof x === "string") : null;
  const types = asked ? enabled.filter((type) => asked.includes(type)) : [...enabled];
  if (types.length > 0) return { ...given, types };
  const who = game.user.isGM ? "" : "Player";
  if (asked) ui.notifications?.warn(t(`FRACAS.Sheet.NoTypeOffered${who}`, { types: asked.map((type) => typeLabel(documentName, type)).join(", ") }));
  else ui.notifications?.warn(t(`FRACAS.Sheet.NoRulesetOn${who}`));
  return null;
}
