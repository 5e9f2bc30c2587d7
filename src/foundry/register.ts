/**
 * Registration from descriptors (self-registration): data models, sheets, token bars, statuses,
 * options, templates. Called once from init by src/fracas.ts.
 */
import type { RulesetDescriptor } from "./registry.js";
import { registerDescriptor } from "./rulesets.js";
import { registerRulesetOptions } from "./settings.js";
import type { DataModelClass } from "./typed.js";

export function registerRuleset(d: RulesetDescriptor): string[] {
  registerDescriptor(d);
  const actorModels = CONFIG.Actor.dataModels as unknown as Record<string, DataModelClass>;
  const itemModels = CONFIG.Item.dataModels as unknown as Record<string, DataModelClass>;
  Object.assign(actorModels, d.actorModels);
  Object.assign(itemModels, d.itemModels);

  const { Actors, Items } = foundry.documents.collections;
  for (const s of d.actorSheets) {
    Actors.registerSheet("fracas", s.sheet as never, { types: [...s.types], makeDefault: true, label: s.label });
  }
  for (const s of d.itemSheets) {
    Items.registerSheet("fracas", s.sheet as never, { types: [...s.types], makeDefault: true, label: s.label });
  }

  const trackable = CONFIG.Actor.trackableAttributes as unknown as Record<string, { bar: string[]; value: string[] }>;
  Object.assign(trackable, d.trackable);

  registerRulesetOptions(d);
  return d.templates ?? [];
}
