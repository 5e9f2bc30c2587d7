/**
 * FracasActor: the Create Actor dialog offers only the enabled rulesets' types, and a player
 * character's token is linked to it from the start; everything else about an actor lives in its
 * ruleset's data model.
 */
import { enabledRulesets } from "../settings.js";
import { ACTOR_TYPES, ITEM_TYPES, PLAYER_CHARACTER_TYPES } from "../../rulesets/types.js";

export function enabledActorTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ACTOR_TYPES[r]]);
}

export function enabledItemTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ITEM_TYPES[r]]);
}

interface CreateData {
  type?: unknown;
  system?: { npc?: unknown };
  prototypeToken?: { actorLink?: unknown };
}

/**
 * The prototype token a new actor gets, or null to keep Foundry's (unlinked, hostile, no vision):
 * a player character's token is linked, friendly and sees, as a GM expects when dragging a PC onto
 * a scene. Data that says `actorLink` itself (a compendium's villain, a duplicate) keeps it.
 */
export function playerTokenDefaults(data: CreateData): { actorLink: true; disposition: number; sight: { enabled: true } } | null {
  if (typeof data.type !== "string" || !PLAYER_CHARACTER_TYPES.includes(data.type)) return null;
  if (data.system?.npc === true || data.prototypeToken?.actorLink !== undefined) return null;
  return { actorLink: true, disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY, sight: { enabled: true } };
}

export class FracasActor extends Actor {
  static override async createDialog(data?: never, createOptions?: never, options?: never): Promise<never> {
    const opts = { ...((options ?? {}) as object), types: enabledActorTypes() };
    return (await super.createDialog(data, createOptions, opts as never)) as never;
  }

  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const token = playerTokenDefaults(args[0] as CreateData);
    if (token) this.updateSource({ prototypeToken: token } as never);
  }
}
