/**
 * World settings: which rulesets the world uses, each ruleset's options, the GM's table overrides,
 * GM-owned ledger pools and the schema version migrations read.
 */
import type { RulesetDescriptor, RulesetOption } from "./registry.js";
import { RULESET_IDS, type RulesetId } from "../rulesets/types.js";
import { registerKeybindings } from "./keybindings.js";
import { redrawFightSheets } from "./sheets/fight-sheets.js";

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
      // The compendium sidebar hides a ruleset that is off (onboarding/compendium-sidebar.ts).
      onChange: () => void ui.compendium?.render(),
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
  // Hidden: whether the GM has answered the first-run question (onboarding/first-run.ts).
  (game.settings as unknown as WidenedSettings).register(SYSTEM_ID, ONBOARDED, { scope: "world", config: false, type: Boolean, default: false });
  // Hidden: the GM's seals on cards' applications (chat/card-seals.ts); only a GM writes a world setting.
  (game.settings as unknown as WidenedSettings).register(SYSTEM_ID, "cardSeals", { scope: "world", config: false, type: Object, default: {} });
  registerKeybindings(SYSTEM_ID);
}

/** Setting keys registered outside the typed SettingConfig (configuration.ts lists the shipped ones). */
interface WidenedSettings {
  register(ns: string, key: string, data: object): void;
  get(ns: string, key: string): unknown;
  set(ns: string, key: string, value: unknown): Promise<unknown>;
}

/** The hidden world setting: true once the GM has chosen the world's rulesets on its first run. */
export const ONBOARDED = "onboarded";

export function isOnboarded(): boolean {
  return (game.settings as unknown as WidenedSettings).get(SYSTEM_ID, ONBOARDED) === true;
}

export async function markOnboarded(): Promise<void> {
  await (game.settings as unknown as WidenedSettings).set(SYSTEM_ID, ONBOARDED, true);
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
    // What an option rules shows at once on every client: the tracker and the sheets following a
    // fight (FASERIP's side turn greys attack buttons; before, they waited for the next step).
    onChange: () => {
      redrawFightSheets(() => true);
      void ui.combat?.render();
    },
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
