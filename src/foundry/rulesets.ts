/** The registered ruleset descriptors, filled once in init by src/fracas.ts. */
import type { RulesetDescriptor } from "./registry.js";
import type { RulesetId } from "../rulesets/types.js";

const registered = new Map<RulesetId, RulesetDescriptor>();

export function registerDescriptor(d: RulesetDescriptor): void {
  registered.set(d.id, d);
}

export function descriptor(id: string): RulesetDescriptor | undefined {
  return registered.get(id as RulesetId);
}

export function allDescriptors(): RulesetDescriptor[] {
  return [...registered.values()];
}

/** The descriptor whose actor or item types include `type`. */
export function descriptorForType(type: string): RulesetDescriptor | undefined {
  for (const d of registered.values()) if (type in d.actorModels || type in d.itemModels) return d;
  return undefined;
}

/** The picture a new actor or item of `type` starts with, as its ruleset gives it (descriptor.defaultArt). */
export function defaultArtOf(type: string): string | undefined {
  return descriptorForType(type)?.defaultArt?.[type];
}
