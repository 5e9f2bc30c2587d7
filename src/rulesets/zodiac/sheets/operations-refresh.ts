/**
 * The GM's open Agent and Other Agent sheets show Operations' Setback, the spends it allows and the
 * Undo of the latest spend (operations-view.ts). Foundry redraws a sheet only when its own actor
 * changes, so these went stale when the Setback pool (the world setting `fracas.gmPools`) changed,
 * e.g. a card's miss gave Operations Setback, or when a fight's spend list changed (a spend or an
 * Undo from the tracker's panel records it on the combat after the actor's own update; a deleted
 * fight takes its records with it). On those changes this client redraws its open zodiac sheets
 * that have the section: only the GM's (players' sheets have none). The same when the duel commits
 * this client holds change (an Agent's pending duels, each with its Cancel: cards/duel-cancel.ts).
 */
import { ZodiacAgentSheet, ZodiacOtherAgentSheet } from "./sheets.js";
import { openApps } from "../../../foundry/typed.js";
import { typingIn } from "../../../foundry/dom/typing.js";
import { onCommitsChange } from "../cards/commits.js";
import { backgroundWork } from "../../../foundry/background-work.js";
import { onRemoteDuelsRefreshed, remoteDuelsChanged } from "../cards/duel-list-cache.js";

const POOLS_SETTING = "fracas.gmPools";

interface Redrawable {
  rendered: boolean;
  element?: HTMLElement | null;
  render(): Promise<unknown>;
}

/** The redraws started from hooks (not awaited there; a failed one is logged, and tests wait on them). */
const work = backgroundWork("zodiac: an Operations section redraw");

/** Settles once every redraw started so far has. */
export function operationsRedrawsSettled(): Promise<unknown> {
  return work.settled();
}

/** Redraws every open zodiac sheet with an Operations section, on the GM's client. */
export function redrawOperationsSheets(): number {
  if (!game.user.isGM) return 0;
  let n = 0;
  for (const app of openApps()) {
    if (!(app instanceof ZodiacAgentSheet || app instanceof ZodiacOtherAgentSheet)) continue;
    const sheet = app as unknown as Redrawable;
    // The GM typing in it (notes, a number) would lose the text: it redraws at its next change.
    if (!sheet.rendered || typingIn(sheet.element)) continue;
    work.add(sheet.render());
    n += 1;
  }
  return n;
}

/**
 * The other GMs' duel lists for one Agent came in (cards/duel-list-cache.ts): that Agent's open
 * sheets on this client are redrawn with them (their render did not wait for the answers).
 */
export function redrawAgentSheets(actorUuid: string): number {
  if (!game.user.isGM) return 0;
  let n = 0;
  for (const app of openApps()) {
    if (!(app instanceof ZodiacAgentSheet)) continue;
    const sheet = app as unknown as Redrawable & { actor?: { uuid?: string } };
    if (!sheet.rendered || sheet.actor?.uuid !== actorUuid) continue;
    work.add(sheet.render());
    n += 1;
  }
  return n;
}

/** createSetting / updateSetting: the Setback pool changed. */
export function onSettingChange(setting: { key?: unknown } | null | undefined): void {
  if (setting?.key === POOLS_SETTING) redrawOperationsSheets();
}

/** updateCombat: a fight's spend list changed (not every step or round: a sheet being typed in is redrawn only when needed). */
export function onCombatChange(combat: { rulesetId?: unknown } | null | undefined, changed: object): void {
  if (combat?.rulesetId !== "zodiac") return;
  if (foundry.utils.getProperty(changed, "system.memory.spends") === undefined) return;
  redrawOperationsSheets();
}

/**
 * A duel's public trace changed — a commit card posted, updated (cancelled) or deleted, a duel card
 * posted — or a GM connected or left: another GM's client may hold those commits (cards/duel-remote.ts),
 * so every GM client redraws, not only the holder (whose own change below already did).
 */
export function onDuelCardChange(message: { type?: unknown; system?: unknown } | null | undefined): void {
  const sys = message?.system as { ruleset?: unknown; kind?: unknown } | undefined;
  if (message?.type !== "card" || sys?.ruleset !== "zodiac" || (sys.kind !== "duelCommit" && sys.kind !== "duel")) return;
  // The other GMs' lists this client keeps are asked again by the redraw (cards/duel-list-cache.ts).
  remoteDuelsChanged();
  redrawOperationsSheets();
}

/** userConnected: a GM holding duel commits came or went (their duels listed, or said to be out of reach). */
export function onUserConnected(user: { isGM?: unknown } | null | undefined): void {
  if (user?.isGM !== true) return;
  remoteDuelsChanged();
  redrawOperationsSheets();
}

/** A commit kept, a duel revealed or cancelled on this (the GM's) client: its Agents' pending duels changed. */
onCommitsChange(() => {
  remoteDuelsChanged();
  redrawOperationsSheets();
});

onRemoteDuelsRefreshed((actorUuid) => void redrawAgentSheets(actorUuid));
