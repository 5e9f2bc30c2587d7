/** The zodiac sheets: Agent (Areas, Agent Points, health, roll, weapons), Other Agent and Everyone Else (with weapons), Weapon. */
import { handlebarsActorSheet, handlebarsItemSheet } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import { AREA_SLOTS, type AreaSlot } from "../data/areas.js";
import { agentSheetView, crowdSheetView, otherAgentSheetView, weaponSheetView, type AgentSystem } from "./view.js";
import { ZodiacRollDialog } from "./roll-dialog.js";
import { openOnce } from "../../../foundry/sheets/open-once.js";
import { healthAfterHandEdit, otherAgentStatusAfterHandEdit, rankAfterHandEdit, splitAfterHandEdit, stateAfterCountEdit } from "./hand-edit.js";
import { combatRefFor } from "../cards/flow.js";
import { withFightOfSince } from "../cards/duel-round.js";
import { deadIconFollows, iconsFollowState } from "./status-sync.js";
import { agentRank } from "../cards/agent-cancel.js";
import { operationsView } from "./operations-view.js";
import { cancelEverywhere, duelsSeen, lostDuels, revealAt, tellRemote } from "../cards/duel-remote.js";
import { cachedLists, remoteDuelsOfChanged } from "../cards/duel-list-cache.js";
import { cancelIn, drawnWagers, giveBackOn, report, shootIn, storeFor, undoOffer, undoOn } from "../operations.js";
import { readPool } from "../../../foundry/pools.js";
import { SETBACK_POOL } from "../cards/effects.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { WEAPON_ACTIONS } from "./weapons.js";
import type { CarriedItem } from "./view.js";

const ActorBase = handlebarsActorSheet();
const ItemBase = handlebarsItemSheet();
const T = "systems/fracas/templates/zodiac";

/**
 * The sheet's "Operations (GM)" section: Setback spends on this actor, for the GM only
 * (operations-view.ts); on an Agent's, their pending duels wherever a connected GM's client holds
 * them, and those none does (cards/duel-remote.ts).
 */
function operationsOf(a: Actor.Implementation, firstRender = false) {
  const isGM = game.user.isGM;
  const agent = (a.type as string) === "zodiacAgent";
  // The other GMs' lists from this client's cache, never awaited (review-s7-perf #4): asked in the
  // background when stale, this sheet redrawn when they answer; asked again when the sheet opens.
  if (isGM && agent && firstRender) remoteDuelsOfChanged(a.uuid);
  const lists = isGM && agent ? cachedLists(a.uuid) : { asked: { answered: [], unanswered: [] }, checking: false, stale: false };
  // Stale lists (a card changed since they were asked, review s7 R5) are still listed, but name no
  // side as elsewhere and no duel as lost: the card just posted is not in them yet.
  const seen = isGM && agent ? duelsSeen(a.uuid, lists.asked, lists.checking || lists.stale) : { duels: [], unanswered: [] };
  return operationsView({
    isGM,
    type: a.type as string,
    name: a.name,
    system: a.system as unknown as JsonObject,
    setback: readPool(SETBACK_POOL).value,
    undo: isGM ? undoOffer(a) : null,
    duels: seen.duels,
    // Not yet: a duel no GM was asked about is not lost (the first answers redraw the sheet).
    lost: isGM && agent && !lists.checking && !lists.stale ? lostDuels(a.uuid, seen.duels, seen.unanswered) : [],
    checking: lists.checking,
  });
}

type ActorSheetThis = { actor: Actor.Implementation; render(): Promise<unknown> };

/** The actor's items as the sheet's Weapons list reads them (view.ts weaponsView). */
function carriedItems(a: Actor.Implementation): CarriedItem[] {
  return a.items.contents.map((i) => ({ id: i.id ?? "", name: i.name, img: i.img ?? "", type: i.type as string, system: i.system as unknown as CarriedItem["system"] }));
}

/**
 * Runs a duel button's work with the button disabled meanwhile (UX review s6 #10.3): a Reveal or
 * Cancel sent to another GM's client waits up to 15 s for its answer, and a second click on this
 * button would send a second signed request. Enabled again after (the sheet then redraws anyway).
 * It guards this button only: a duel card changing during the ask redraws the open sheet
 * (operations-refresh.ts) with a new, enabled button, whose click is answered by the holder (by
 * then the duel is revealed or cancelled there: `Duel.NotPending`), not acted on twice.
 */
async function whileBusy(target: HTMLElement, work: () => Promise<void>): Promise<void> {
  const button = target as HTMLElement & { disabled?: boolean };
  if (button.disabled === true) return;
  button.disabled = true;
  try {
    await work();
  } finally {
    button.disabled = false;
  }
}

/**
 * The section's buttons, the same on the Agent and Other Agent sheets: the panel's flows
 * (operations.ts), recorded in the fight the actor is in, else on the actor; each refuses a player.
 */
const OPERATIONS_ACTIONS = {
  async operationsShoot(this: ActorSheetThis): Promise<void> {
    report(await shootIn(storeFor(this.actor), this.actor.uuid));
    await this.render();
  },
  async operationsCancel(this: ActorSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    report(await cancelIn(storeFor(this.actor), this.actor.uuid, drawnWagers(target.dataset.wagers)));
    await this.render();
  },
  async operationsUndo(this: ActorSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    report(await undoOn(this.actor, target.dataset.spendId ?? ""));
    await this.render();
  },
  /**
   * A pending duel ended from the sheet, its card gone or not: every side, on whichever GM clients
   * hold them (cards/duel-remote.ts cancelEverywhere: a split duel's too, UX review s6b #1).
   */
  async operationsCancelDuel(this: ActorSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    await whileBusy(target, async () => tellRemote(await cancelEverywhere(target.dataset.duelKey ?? "")));
    await this.render();
  },
  /**
   * A pending duel both sides committed to, revealed from the sheet (UX review s5 #3): the card's
   * Reveal (flow.ts revealDuel) on the GM's client that holds the commits — this one, or another
   * GM's, asked (cards/duel-remote.ts); it says why when it cannot.
   */
  async operationsRevealDuel(this: ActorSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    await whileBusy(target, () => revealAt(target.dataset.duelKey ?? "", target.dataset.holder ?? ""));
    await this.render();
  },
  /** A refused Undo's Setback step, done by the GM in place of a macro (operations.ts giveBackIn). */
  async operationsGiveBack(this: ActorSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    report(await giveBackOn(this.actor, target.dataset.spendId ?? ""));
    await this.render();
  },
};

export class ZodiacAgentSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-agent"],
    position: { width: 560, height: 620 },
    actions: { roll: ZodiacAgentSheet.#onRoll, ...OPERATIONS_ACTIONS, ...WEAPON_ACTIONS },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/agent-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    const system = a.system as unknown as AgentSystem;
    const view = agentSheetView({ name: a.name, img: a.img ?? "", system, items: carriedItems(a) }, this.isEditable, await enrichHtml(a, system.notes), combatRefFor(a)?.id ?? null);
    const firstRender = (options as { isFirstRender?: boolean } | undefined)?.isFirstRender === true;
    return { ...base, ...view, operations: operationsOf(a, firstRender) } as never;
  }

  /** A hand edit of the state toggles the token's icons after its own update (status-sync.ts). */
  protected override async _processSubmitData(event: never, form: never, submitData: never, options?: never): Promise<void> {
    const before = (this.actor.system as unknown as AgentSystem).health.status;
    await super._processSubmitData(event, form, submitData, options);
    await iconsFollowState(this.actor, before);
  }

  /**
   * A hand edit of the Wagers against Rank carries the spent/free split with it, and a hand edit of
   * the Wagers or of an Area (the Rank) the State that follows from the Rank; a hand-set Almost Dead
   * its round (hand-edit.ts): the panel's cancel and the duel read them all.
   */
  protected override _processFormData(event: never, form: never, formData: never): never {
    const data = super._processFormData(event, form, formData) as unknown as Record<string, unknown>;
    const stored = this.actor.system as unknown as AgentSystem & { health: { spent: number; free: number; almostDeadBy: string } };
    const get = (path: string) => foundry.utils.getProperty(data, path);
    const split = splitAfterHandEdit({ ...stored.health }, get("system.health.wagersAgainst"));
    if (split) {
      foundry.utils.setProperty(data, "system.health.spent", split.spent);
      foundry.utils.setProperty(data, "system.health.free", split.free);
    }
    const fight = combatRefFor(this.actor);
    const round = fight?.round ?? 0;
    const submitted = { wagersAgainst: get("system.health.wagersAgainst"), status: get("system.health.status") };
    // The Rank is the highest Area: an Area edit moves it as a Wager edit moves the count.
    const rank = {
      before: agentRank(this.actor.system as unknown as JsonObject),
      after: rankAfterHandEdit(stored.areas, Object.fromEntries(AREA_SLOTS.map((slot) => [slot, get(`system.areas.${slot}.rating`)]))),
    };
    const health = healthAfterHandEdit(stored.health, submitted.status, round) ?? stateAfterCountEdit(stored.health, submitted, rank, round);
    // A round written is this fight's (duel-round.ts): another fight reads it as "before this fight".
    for (const [k, v] of Object.entries(health ? withFightOfSince(health, fight?.id ?? null) : {})) foundry.utils.setProperty(data, `system.health.${k}`, v);
    return data as never;
  }

  static async #onRoll(this: ZodiacAgentSheet, _event: Event, target: HTMLElement): Promise<void> {
    const slot = target.dataset.slot;
    const s = (AREA_SLOTS as readonly string[]).includes(slot ?? "") ? (slot as AreaSlot) : undefined;
    // One dialog per Agent (core openOnce, review s8 F8): a double click on Roll opened two, each
    // with its own Roll. A Roll of another Area while it is open, or still opening, brings it up on
    // that Area (showSlot). A dialog made by this click opens on its Area already: it is not
    // switched again after its render, which could undo a later click's Area (as FASERIP's FEAT dialog).
    let made: ZodiacRollDialog | null = null;
    const dialog = await openOnce(`zodiac.roll:${this.actor.uuid}`, () => (made = new ZodiacRollDialog({ actor: this.actor, ...(s ? { slot: s } : {}) })));
    if (s && dialog !== made) dialog.showSlot(s);
  }
}

export class ZodiacOtherAgentSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-other-agent"],
    position: { width: 440, height: 460 },
    actions: { ...OPERATIONS_ACTIONS, ...WEAPON_ACTIONS },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/other-agent-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    const notesHTML = await enrichHtml(a, (a.system as unknown as { notes: string }).notes);
    return { ...base, ...otherAgentSheetView({ name: a.name, img: a.img ?? "", system: a.system as never, items: carriedItems(a) }, this.isEditable, notesHTML), operations: operationsOf(a) } as never;
  }

  /**
   * A hand edit of the Wagers against Rank carries the spent/free split with it, and a hand edit of
   * the Wagers or the Rank the status (Dead at Rank, alive below it: hand-edit.ts).
   */
  protected override _processFormData(event: never, form: never, formData: never): never {
    const data = super._processFormData(event, form, formData) as unknown as Record<string, unknown>;
    const stored = this.actor.system as unknown as { wagersAgainst: number; rank: number; status: string; headShot: boolean; breakdown: { spent: number; free: number } };
    const get = (path: string) => foundry.utils.getProperty(data, path);
    const split = splitAfterHandEdit({ wagersAgainst: stored.wagersAgainst, ...stored.breakdown }, get("system.wagersAgainst"));
    if (split) {
      foundry.utils.setProperty(data, "system.breakdown.spent", split.spent);
      foundry.utils.setProperty(data, "system.breakdown.free", split.free);
    }
    const status = otherAgentStatusAfterHandEdit(stored, { wagersAgainst: get("system.wagersAgainst"), rank: get("system.rank") });
    if (status) foundry.utils.setProperty(data, "system.status", status);
    return data as never;
  }

  /** A status the hand edit changed shows on the token: the Dead icon, as a strike's Apply toggles it (status-sync.ts). */
  protected override async _processSubmitData(event: never, form: never, submitData: never, options?: never): Promise<void> {
    const before = (this.actor.system as unknown as { status: string }).status;
    await super._processSubmitData(event, form, submitData, options);
    await deadIconFollows(this.actor, before);
  }
}

export class ZodiacCrowdSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-crowd"],
    position: { width: 420, height: 420 },
    actions: { ...WEAPON_ACTIONS },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/crowd-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    const notesHTML = await enrichHtml(a, (a.system as unknown as { notes: string }).notes);
    return { ...base, ...crowdSheetView({ name: a.name, img: a.img ?? "", system: a.system as never, items: carriedItems(a) }, this.isEditable, notesHTML) } as never;
  }
}

export class ZodiacWeaponSheet extends ItemBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-weapon"],
    position: { width: 420, height: 400 },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/weapon-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const i = this.item;
    const system = i.system as unknown as { range: string; description: string };
    const descriptionHTML = await enrichHtml(i, system.description);
    return { ...base, ...weaponSheetView({ name: i.name, img: i.img ?? "", system }, this.isEditable, descriptionHTML) } as never;
  }
}
