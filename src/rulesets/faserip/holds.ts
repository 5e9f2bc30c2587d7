/**
 * A hold ends with its holder (DECISIONS.md "A hold ends with its holder"). Seed: Grappling
 * "Hold/Reverse", Escaping "Breaking a grapple"; it says nothing of a holder who falls, so the hold
 * (Restrained, `status.heldBy` naming the holder: cards/effects.ts) outlasted a holder knocked out or
 * killed, and the GM had to remember to take the icon off. A hold is a wrestler's grip:
 * - the holder cannot act (dead, dying, unconscious, stunned: down.ts, flags or icons; or its
 *   combatant marked defeated on the tracker) → it ends;
 * - the holder or the held one leaves a begun fight (its combatant is deleted) → it ends;
 * - the fight ends → it ends (after-fight.ts, through the core's descriptor.fightEnded);
 * - the holder is deleted (its actor, or an unlinked holder's token) → it ends (session 8).
 * Written once, on the active GM's client (the document hooks run on every client), one at a time
 * (a card's flags and its icons are two hooks for one fall). The GM is told whose hold ended and
 * why (a toast), and so are the held one's and the holder's owners: a chat line whispered to them and
 * the GMs, which stays in the log (cards/hold-ended-line.ts). A Restrained with no holder recorded
 * (set by hand, from a power, from before) is the GM's.
 */
import { isActiveGM } from "../../foundry/active-gm.js";
import { backgroundWork } from "../../foundry/background-work.js";
import { isCombatantOf } from "../../foundry/documents/combatant-of.js";
import { t } from "../../foundry/i18n.js";
import { statusEffectId } from "../../engine/events.js";
import { releaseHold } from "./rules/index.js";
import { heroView, stateOf } from "./data/state.js";
import { HERO_TYPE } from "./cards/effects.js";
import { writeState } from "./cards/write-state.js";
import { downReason, DOWN_STATUSES } from "./down.js";
import { postHoldEnded } from "./cards/hold-ended-line.js";

/** Is this hero held by `holderUuid` (a recorded hold, still on)? */
export function isHeldBy(system: unknown, holderUuid: string): boolean {
  const { status } = heroView(system);
  return status.restrained && status.heldBy !== "" && status.heldBy === holderUuid;
}

/**
 * Why an Escaping FEAT may not be rolled, or null. Seed: Escaping is "Breaking a grapple": the
 * roller must be held (Restrained), and when the hold names its holder the FEAT is rolled at that
 * holder alone (review-s11 RF3: a free hero's Escaping Red "Reverse" held a villain who held no one,
 * a Grappling hold on Escaping's odds). A Restrained with no holder recorded (set by hand, from a
 * power) may aim at anyone: the GM's to judge, as that hold is.
 */
export function escapingRefusal(actor: Actor.Implementation, targetUuids: readonly string[]): { key: string; data: Record<string, string> } | null {
  const { status } = heroView(actor.system);
  const name = actor.name;
  if (!status.restrained) return { key: "FRACAS.Faserip.Refused.EscapeNotHeld", data: { name } };
  if (status.heldBy !== "" && (targetUuids.length !== 1 || targetUuids[0] !== status.heldBy)) {
    return { key: "FRACAS.Faserip.Refused.EscapeNotHolder", data: { name, holder: holderOf(status.heldBy)?.name ?? "?" } };
  }
  return null;
}

const work = backgroundWork("faserip: holds ending with their holder");
let chain: Promise<unknown> = Promise.resolve();

/** The hold ends started by the hooks (tests wait for them). */
export function holdsSettled(): Promise<unknown> {
  return work.settled();
}

/** One after another: a fall is often two hooks (the flags, then the icon); the second finds nothing left. */
function queue(fn: () => Promise<void>): void {
  const next = chain.then(fn, fn);
  chain = next.catch(() => undefined);
  work.add(next);
}

/** The holder recorded by UUID, among the heroes this client reaches (null when gone). */
function holderOf(uuid: string): Actor.Implementation | null {
  return reachableHeroes().find((a) => a.uuid === uuid) ?? null;
}

function isHero(actor: unknown): actor is Actor.Implementation {
  return actor instanceof Actor && (actor.type as string) === HERO_TYPE;
}

/**
 * Every hero the GM's client can reach, once each: the world's actors, the combatants' (unlinked
 * tokens included), and the unlinked tokens on the scenes (closing-s6: a mook held on the canvas but
 * in no combat was not found when its holder fell, and stayed Restrained). A linked token's actor is
 * the world's. An unlinked token's actor is its own, with the token's UUID, which is what a hold records.
 */
function reachableHeroes(): Actor.Implementation[] {
  const seen = new Map<string, Actor.Implementation>();
  const add = (a: unknown) => {
    if (isHero(a) && !seen.has(a.uuid)) seen.set(a.uuid, a);
  };
  for (const a of game.actors ?? []) add(a);
  for (const combat of game.combats ?? []) for (const c of combat.combatants) add(c.actor);
  for (const scene of game.scenes ?? []) for (const token of scene.tokens) if (!token.actorLink) add(token.actor);
  return [...seen.values()];
}

/** Frees one held hero (Restrained off, holder forgotten), flags before the icon. */
async function free(held: Actor.Implementation): Promise<void> {
  await writeState(held, releaseHold(stateOf(held.system)));
}

/** Ends every hold `holder` has; returns those freed. */
async function freeHeldBy(holder: Actor.Implementation): Promise<Actor.Implementation[]> {
  const freed: Actor.Implementation[] = [];
  for (const held of reachableHeroes()) {
    if (held.uuid === holder.uuid || !isHeldBy(held.system, holder.uuid)) continue;
    try {
      await free(held);
      freed.push(held);
    } catch (err) {
      console.error("Fracas | a hold could not be ended for", held.name, err);
    }
  }
  return freed;
}

/**
 * Says a hold ended: the GM's toast (all freed at once), then a chat line per freed character to
 * the GMs and the owners of it and of the holder. A chat line that fails is logged: the hold is
 * already ended, and the toast said so.
 */
async function tell(freed: Actor.Implementation[], holder: Actor.Implementation | null, key: string, data: Record<string, string>): Promise<void> {
  if (freed.length === 0) return;
  ui.notifications?.info(t(key, { ...data, names: freed.map((a) => a.name).join(", ") }));
  for (const held of freed) {
    try {
      await postHoldEnded(held, holder, key, { ...data, names: held.name });
    } catch (err) {
      console.error("Fracas | the end of a hold could not be posted for", held.name, err);
    }
  }
}

/**
 * The holder cannot act: its holds end, and the GM and the owners are told why. `defeated`: its
 * combatant was just marked defeated on the tracker (the mark alone, without the status V13 adds).
 */
function holderFalls(holder: Actor.Implementation, defeated = false): void {
  queue(async () => {
    const reason = downReason({ system: holder.system, statuses: [...(holder.statuses ?? [])], defeated });
    if (!reason) return;
    await tell(await freeHeldBy(holder), holder, "FRACAS.Faserip.HoldEnded.HolderDown", { holder: holder.name, reason: t(reason) });
  });
}

/** updateActor: a hero whose status changed may have fallen (the active GM's client only). */
export function onHeroUpdated(actor: unknown, changes: { system?: { status?: unknown } }): void {
  if (!isActiveGM() || !isHero(actor) || changes.system?.status === undefined) return;
  holderFalls(actor);
}

const DOWN_ICONS: string[] = DOWN_STATUSES.map((s) => statusEffectId(s));

/** createActiveEffect: a down icon set on a hero (by hand, or Foundry's defeated mark) is a fall too. */
export function onEffectCreated(effect: { parent?: unknown; statuses?: Iterable<string> }): void {
  if (!isActiveGM() || !isHero(effect.parent)) return;
  if (![...(effect.statuses ?? [])].some((s) => DOWN_ICONS.includes(s))) return;
  holderFalls(effect.parent);
}

/**
 * updateCombatant: the tracker's defeated mark set on a hero's combatant is a fall too (closing-s6:
 * it counted only through the DEFEATED status V13 toggles with it, so the mark set alone — by a
 * macro, a module or an update of the combatant — left the holder's grip on). The active GM's
 * client writes; the status V13 adds with the mark is a second trigger, which finds no one left.
 */
export function onCombatantUpdated(combatant: { parent?: unknown; actor?: unknown }, changes: { defeated?: unknown }): void {
  const combat = combatant.parent as Combat.Implementation | undefined;
  if (!isActiveGM() || changes.defeated !== true || !combat || !isHero(combatant.actor)) return;
  holderFalls(combatant.actor, true);
}

/**
 * deleteCombatant in a begun fight: one who leaves it lets go of whom they hold, and one held is
 * no longer held (the holder stays in the fight without them). Not while another combatant of
 * the same character stays in that fight.
 */
export function onCombatantDeleted(combatant: { parent?: unknown; actor?: unknown }): void {
  const combat = combatant.parent as Combat.Implementation | undefined;
  const actor = combatant.actor;
  if (!isActiveGM() || !combat || (combat.round ?? 0) < 1 || !isHero(actor)) return;
  if (combat.combatants.some((c) => isCombatantOf(c, actor))) return;
  queue(async () => {
    await tell(await freeHeldBy(actor), actor, "FRACAS.Faserip.HoldEnded.HolderLeft", { holder: actor.name });
    const holderUuid = heroView(actor.system).status.heldBy;
    if (!isHeldBy(actor.system, holderUuid)) return;
    await free(actor);
    await tell([actor], holderOf(holderUuid), "FRACAS.Faserip.HoldEnded.HeldLeft", {});
  });
}

/**
 * deleteActor, or deleteToken of an unlinked token (its own actor goes with it): a holder removed
 * from the world holds no one (session 8, "hard to break"). Before, the held one stayed Restrained
 * with a holder no fall could ever free, until the GM found the icon. A linked token's deletion
 * leaves its actor in the world: nothing ends. The deleted actor is still in memory here, so its
 * name and owners are told.
 */
export function onHeroDeleted(actor: unknown): void {
  if (!isActiveGM() || !isHero(actor)) return;
  queue(async () => {
    await tell(await freeHeldBy(actor), actor, "FRACAS.Faserip.HoldEnded.HolderGone", { holder: actor.name });
  });
}

export function onTokenDeleted(token: { actorLink?: unknown; actor?: unknown }): void {
  if (token.actorLink === true) return;
  onHeroDeleted(token.actor);
}
