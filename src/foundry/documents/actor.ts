/**
 * FracasActor: the Create Actor dialog offers only the enabled rulesets' types; everything else
 * about an actor lives in its ruleset's data model.
 */
import { enabledRulesets } from "../settings.js";
import { ACTOR_TYPES, ITEM_TYPES } from "../../rulesets/types.js";

export function enabledActorTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ACTOR_TYPES[r]]);
}

export function enabledItemTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ITEM_TYPES[r]]);
}

export class FracasActor extends Actor {
  static override async createDialog(data?: never, createOptions?: never, options?: never): Promise<never> {
    const opts = { ...((options ?? {}) as object), types: enabledActorTypes() };
    return (await super.createDialog(data, createOptions, opts as never)) as never;
  }
}
