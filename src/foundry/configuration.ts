/**
 * Declaration merging for fvtt-types: tells the compiler which document classes, data models and
 * settings Fracas registers, so `game.settings.get("fracas", …)` and `actor.system` are typed.
 */
import type { FracasCombatData } from "./data/combat-data.js";
import type { FracasCardData } from "./data/card-data.js";

export {};

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface DataModelConfig {
    Combat: { base: typeof FracasCombatData };
    ChatMessage: { card: typeof FracasCardData };
  }
  interface SettingConfig {
    "fracas.enabled.bond": boolean;
    "fracas.enabled.radio": boolean;
    "fracas.enabled.zodiac": boolean;
    "fracas.enabled.faserip": boolean;
    "fracas.tableOverrides": Record<string, unknown>;
    "fracas.gmPools": Record<string, unknown>;
    "fracas.schemaVersion": number;
  }
}
