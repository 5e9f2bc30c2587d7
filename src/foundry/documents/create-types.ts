/**
 * The types a Create Actor / Create Item dialog offers: the enabled rulesets' types, narrowed to the
 * caller's own list when it gives one (a module's button, a macro), never widened. V13's dialog
 * throws on an empty list, so with nothing left the GM is told why and no dialog opens.
 */
import { t } from "../i18n.js";

/** The dialog's options with `types` set, or null (after a warning) when no type is left. */
export function createDialogOptions(enabled: readonly string[], options: unknown): Record<string, unknown> | null {
  const given = (options ?? {}) as Record<string, unknown>;
  const asked = Array.isArray(given.types) ? (given.types as unknown[]) : null;
  const types = asked ? enabled.filter((type) => asked.includes(type)) : [...enabled];
  if (types.length === 0) {
    ui.notifications?.warn(t(asked ? "FRACAS.Sheet.NoTypeOffered" : "FRACAS.Sheet.NoRulesetOn"));
    return null;
  }
  return { ...given, types };
}
