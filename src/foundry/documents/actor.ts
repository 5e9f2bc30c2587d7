/**
 * FracasActor: the Create Actor dialog offers only the enabled rulesets' types, and a player's
 * character gets a linked token (V13 makes every actor's unlinked, so a PC's wounds would land on a
 * token's copy); everything else about an actor lives in its ruleset's data model.
 */
import { enabledRulesets } from "../settings.js";
import { defaultArtOf, descriptorForType } from "../rulesets.js";
import { isMigrationUpdate } from "../migration-option.js";
import { createDialogOptions } from "./create-types.js";
import { ACTOR_TYPES, ITEM_TYPES } from "../../rulesets/types.js";


export function enabledActorTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ACTOR_TYPES[r]]);
}

export function enabledItemTypes(): string[] {
  return enabledRulesets().flatMap((r) => [...ITEM_TYPES[r]]);
}

type Prototype = { actorLink: boolean; disposition: number; sight: { enabled: boolean } };
type Ownership = Record<string, number | undefined>;

/** A player character's token: linked, friendly, with vision. */
export const PLAYER_TOKEN = (): Prototype => ({ actorLink: true, disposition: CONST.TOKEN_DISPOSITIONS.FRIENDLY, sight: { enabled: true } });
/** Foundry's default for a new actor's token: unlinked, hostile, no vision. */
export const FOUNDRY_TOKEN = (): Prototype => ({ actorLink: false, disposition: CONST.TOKEN_DISPOSITIONS.HOSTILE, sight: { enabled: false } });

/** Whether an ownership map gives a player (not a GM) the actor: an owner entry, or everyone as owner. */
export function ownedByAPlayer(ownership: Ownership | undefined): boolean {
  const OWNER = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
  return Object.entries(ownership ?? {}).some(([id, level]) => (level ?? 0) >= OWNER && (id === "default" || game.users.get(id)?.isGM === false));
}

/** The ruleset's judgement (descriptor.isPlayerCharacter); false for a type no ruleset claims. */
export function isPlayerCharacter(type: string, system: unknown, hasPlayerOwner: boolean): boolean {
  return descriptorForType(type)?.isPlayerCharacter?.({ type, system: (system ?? {}) as Record<string, unknown>, hasPlayerOwner }) ?? false;
}

/**
 * The prototype token an update turns to when it makes an actor a player's character or stops it
 * being one (the Bond NPC box, a FASERIP side, a player given the actor), or null. Only a token
 * still at the other default changes: one the GM set up by hand is theirs.
 */
export function tokenAfterRoleChange(now: Prototype, was: boolean, becomes: boolean): Prototype | null {
  if (was === becomes) return null;
  const player = PLAYER_TOKEN();
  const foundryDefault = FOUNDRY_TOKEN();
  if (becomes && !now.actorLink && now.disposition === foundryDefault.disposition) return player;
  if (!becomes && now.actorLink && now.disposition === player.disposition) return foundryDefault;
  return null;
}

/**
 * A new actor's token shows its ruleset's bar (descriptor.trackable's first: Health, wounds, Agent
 * Points) to its owners on hover; V13 would leave bar1 empty and bars hidden, as a system's single
 * primaryTokenAttribute cannot serve types whose bars sit at different paths. Data that names its
 * bar (a compendium's villain, a duplicate) keeps it; a type with no bar (a Bond character's wound
 * levels are not a bar) keeps V13's.
 */
export function defaultBar(type: string, data: CreateData): { bar1: { attribute: string }; displayBars?: number } | null {
  const attribute = descriptorForType(type)?.trackable?.[type]?.bar[0];
  if (!attribute || data.prototypeToken?.bar1?.attribute !== undefined) return null;
  const keepDisplay = data.prototypeToken?.displayBars !== undefined || overriddenDisplayBars(type);
  return { bar1: { attribute }, ...(keepDisplay ? {} : { displayBars: CONST.TOKEN_DISPLAY_MODES.OWNER_HOVER }) };
}

/**
 * Whether the GM set when bars show in V13's Prototype Token Overrides (for this type, or for all):
 * V13 has already applied it to the new token (PrototypeToken#_initializeSource), so it stands.
 */
function overriddenDisplayBars(type: string): boolean {
  type Overrides = Record<string, { displayBars?: unknown } | undefined>;
  const overrides = (foundry.data as unknown as { PrototypeTokenOverrides?: { overrides?: Overrides | null } }).PrototypeTokenOverrides?.overrides;
  const set = (v: unknown) => v !== undefined && v !== null;
  return set(overrides?.[type]?.displayBars) || set(overrides?.base?.displayBars);
}

interface CreateData {
  prototypeToken?: { actorLink?: unknown; bar1?: { attribute?: unknown }; displayBars?: unknown };
  ownership?: Ownership;
}

export class FracasActor extends Actor {
  /** A new actor's picture and token image by its type (its descriptor's defaultArt), else V13's. */
  static override getDefaultArtwork(data?: Actor.CreateData): { img: string; texture: { src: string } } {
    const art = defaultArtOf(String((data as { type?: unknown } | undefined)?.type));
    return art ? { img: art, texture: { src: art } } : (super.getDefaultArtwork(data as never) as { img: string; texture: { src: string } });
  }

  static override async createDialog(data?: never, createOptions?: never, options?: never): Promise<never> {
    const opts = createDialogOptions("Actor", enabledActorTypes(), options);
    return (opts ? await super.createDialog(data, createOptions, opts as never) : null) as never;
  }

  protected override async _preCreate(...args: Parameters<Actor["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const [data, , user] = args as unknown as [CreateData, unknown, User.Implementation];
    const bar = defaultBar(this.type, data);
    if (bar) this.updateSource({ prototypeToken: bar } as never);
    // Data that says actorLink itself (a compendium's villain, a duplicate) keeps it.
    if (data.prototypeToken?.actorLink !== undefined) return;
    const playerOwned = !user.isGM || ownedByAPlayer(data.ownership);
    if (isPlayerCharacter(this.type, this.system, playerOwned)) this.updateSource({ prototypeToken: PLAYER_TOKEN() } as never);
  }

  protected override async _preUpdate(...args: Parameters<Actor["_preUpdate"]>): Promise<boolean | void> {
    const allowed = await super._preUpdate(...args);
    if (allowed === false) return false;
    // A migration reshapes stored data; it does not change who plays the character.
    if (isMigrationUpdate(args[1])) return;
    const changed = args[0] as unknown as { system?: object; ownership?: Ownership; "==ownership"?: Ownership; prototypeToken?: { actorLink?: unknown } };
    // V13's Configure Ownership dialog replaces the whole map ("==ownership"); a macro may merge into it.
    const replaced = changed["==ownership"];
    if (changed.prototypeToken?.actorLink !== undefined || (changed.system === undefined && changed.ownership === undefined && replaced === undefined)) return;
    // The stored source, read only (mergeObject below copies): toObject() cloned the whole actor,
    // items and effects included, on every write of a character.
    const source = this._source as unknown as { system: object; ownership: Ownership; prototypeToken: Prototype };
    const was = isPlayerCharacter(this.type, source.system, this.hasPlayerOwner);
    const system = changed.system ? foundry.utils.mergeObject(source.system, changed.system, { inplace: false }) : source.system;
    const ownership = replaced ? { ...replaced } : changed.ownership ? { ...source.ownership, ...changed.ownership } : source.ownership;
    const token = tokenAfterRoleChange(source.prototypeToken, was, isPlayerCharacter(this.type, system, ownedByAPlayer(ownership)));
    if (token) changed.prototypeToken = { ...(changed.prototypeToken ?? {}), ...token };
  }
}
