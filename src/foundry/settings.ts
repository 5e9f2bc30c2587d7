/**
 * World settings: which rulesets the world uses, each ruleset's options, the GM's table overrides,
 * GM-owned ledger pools and the schema version migrations read.
 */
import type { RulesetDescriptor, RulesetOption } from "./registry.js";
import { RULESET_IDS, type RulesetId } from "../rulesets/types.js";

export const SYSTEM_ID = "fracas";

export function registerCoreSettings(): void {
  for (const id of RULESET_IDS) {
    game.settings.register(SYSTEM_ID, `enabled.${id}`, {
      name: `FRACAS.Settings.Enabled.${id}.Name`,
      hint: "FRACAS.Settings.Enabled.Hint",
      scope: "world",
      config: true,
      type: Boolean,
      default: true,
      requiresReload: false,
    });
  }
  game.settings.register(SYSTEM_ID, "tableOverrides", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
  game.settings.register(SYSTEM_ID, "gmPools", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    // Everyone sees the Setback pool: redraw the tracker panel on every client when it changes.
    onChange: () => void ui.combat?.render(),
  });
  game.settings.register(SYSTEM_ID, "schemaVersion", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
  });
}

/** Registers a ruleset's own options (RULES.md's settings) as world settings under `<ruleset>.<key>`. */
export function registerRulesetOptions(descriptor: RulesetDescriptor): void {
  for (const option of descriptor.options ?? []) registerOption(descriptor.id, option);
}

function registerOption(ruleset: RulesetId, option: RulesetOption): void {
  const key = `${ruleset}.${option.key}`;
  const base = {
    name: `FRACAS.Settings.${ruleset}.${option.key}.Name`,
    hint: `FRACAS.Settings.${ruleset}.${option.key}.Hint`,
    scope: "world" as const,
    config: true,
  };
  // Setting keys are registered dynamically from descriptors; the typed SettingConfig lists the
  // shipped ones, so the namespaced key is widened here in one place.
  const settings = game.settings as unknown as { register(ns: string, key: string, data: object): void };
  if (option.type === "boolean") settings.register(SYSTEM_ID, key, { ...base, type: Boolean, default: option.default });
  else if (option.type === "choice") settings.register(SYSTEM_ID, key, { ...base, type: String, default: option.default, choices: option.choices });
  else settings.register(SYSTEM_ID, key, { ...base, type: String, default: option.default });
}

/** The value of a ruleset option, falling back to its default when settings are not ready. */
export function rulesetOption<T extends boolean | string>(ruleset: RulesetId, key: string, fallback: T): T {
  const settings = game.settings as unknown as { get(ns: string, key: string): unknown } | undefined;
  try {
    const v = settings?.get(SYSTEM_ID, `${ruleset}.${key}`);
    return (typeof v === typeof fallback ? v : fallback) as T;
  } catch {
    return fallback;
  }
}

export function isRulesetEnabled(id: RulesetId): boolean {
  return game.settings.get(SYSTEM_ID, `enabled.${id}`) !== false;
}

export function enabledRulesets(): RulesetId[] {
  return RULESET_IDS.filter(isRulesetEnabled);
}
