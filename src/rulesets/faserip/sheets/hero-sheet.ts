/** The faseripHero sheet: the seven abilities as rank chips, Health, Karma, powers, talents, weapons. */
import { handlebarsActorSheet } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import { ABILITY_KEYS, FaseripHeroData, type AbilityKey } from "../data/hero.js";
import { actorDownReason, attackRefusalOf, sideTurnOf, sideTurnText } from "../cards/may-act.js";
import { karmaHistory } from "./karma-history.js";
import { followFight } from "../../../foundry/sheets/fight-sheets.js";
import { passDyingRound } from "../cards/dying-round.js";
import { passStunRound } from "../cards/stun-round.js";
import { restoreActor } from "../cards/restore.js";
import { faseripTables } from "../cards/tables.js";
import { changeKarma, karmaLedgerOf, karmaRefusal, resetKarma } from "../cards/karma.js";
import { mayRollFor, openFeatDialog } from "./open-feat.js";
import { chipAction, heroSheetView } from "./hero-sheet-view.js";
import { parseKarmaAmount } from "./karma-amount.js";
import { startedCombatOf } from "../../../foundry/documents/combatant-of.js";
import { holderName } from "./holder-name.js";
import { heroView } from "../data/state.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { confirmAsk, deleteItemAfterYes } from "../../../foundry/sheets/confirm-delete.js";

const Base = handlebarsActorSheet();

/**
 * In a started combat each round start counts the hero's stun down and posts and applies their
 * dying card (cards/round-start.ts): the sheet's "A round passes" (for outside a fight) would
 * count a round twice. The buttons are not rendered then; a click from an older render is refused here.
 */
function roundsByTracker(actor: Actor.Implementation): boolean {
  if (startedCombatOf(actor) === null) return false;
  ui.notifications?.warn(t("FRACAS.Faserip.Refused.RoundsByTracker", { name: actor.name }));
  return true;
}

/** The sheet's actions that write the hero, each let run one click at a time (FaseripHeroSheet#oneAtATime). */
type WritingAction = "karmaSpend" | "karmaGain" | "resetKarma" | "healFull" | "dyingRound" | "stunRound";

/**
 * Why this user may not roll an attack for `actor` now (not their side's turn, or the round's attack
 * rolled), as the FEAT dialog words it, or null: always null for the GM (told in the dialog, never
 * refused) and outside a started FASERIP fight.
 */
function attackTurnRefusal(actor: Actor.Implementation): string | null {
  const turn = sideTurnOf(actor);
  return turn.refused ? sideTurnText(turn, actor.name) : null;
}

const ITEM_TYPES = ["faseripWeapon", "faseripPower", "faseripTalent"] as const;

export class FaseripHeroSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "faserip", "sheet", "actor"],
    position: { width: 640, height: 760 },
    window: { resizable: true },
    actions: {
      rollAbility: FaseripHeroSheet.#onRollAbility,
      rollWeapon: FaseripHeroSheet.#onRollWeapon,
      createItem: FaseripHeroSheet.#onCreateItem,
      editItem: FaseripHeroSheet.#onEditItem,
      deleteItem: FaseripHeroSheet.#onDeleteItem,
      karma: FaseripHeroSheet.#onKarma,
      resetKarma: FaseripHeroSheet.#onResetKarma,
      healFull: FaseripHeroSheet.#onHealFull,
      dyingRound: FaseripHeroSheet.#onDyingRound,
      stunRound: FaseripHeroSheet.#onStunRound,
    },
    form: { submitOnChange: true },
  } as never;

  /**
   * Runs `write` unless `action` is still writing this hero (core oneSubmitAtATime, keyed
   * "faserip.<action>:<actor uuid>"): V13 runs an action's handler for every click, so a double
   * click on Spend wrote the pool twice and one on "A round of dying passes" lost two Endurance
   * ranks. A click while the same action's write on the same hero is under way is ignored; a click
   * after it acts again (session 8, wave 2). The key is the hero's, not the sheet's (session 9): two
   * sheets of one hero open at once (its actor sheet and its linked token's) act once between them.
   * Spend and Gain are two actions: a Gain clicked while a Spend writes is not a second click of
   * the same button, so it is made, not dropped (review-s8 F9); after the Spend, as every write of
   * the hero's Karma pool is made one at a time (cards/karma.ts, core withPoolLock; review-s8b G3).
   */
  #oneAtATime(action: WritingAction, write: () => Promise<void>): Promise<boolean> {
    return oneSubmitAtATime(`faserip.${action}:${this.actor.uuid}`, write);
  }

  static PARTS = {
    sheet: { template: "systems/fracas/templates/faserip/hero-sheet.hbs", scrollable: [""] },
  } as never;

  override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const actor = this.actor;
    const system = actor.system as unknown as FaseripHeroData;
    const pool = karmaLedgerOf(actor);
    const notesHTML = await enrichHtml(actor, system.notes);
    // Whose side acts, a dodge this round, a new round: drawn again as the fight moves.
    followFight(this as never);
    const view = heroSheetView({
      name: actor.name,
      img: actor.img ?? "",
      system: actor.system,
      karma: { value: pool.value, start: system.karmaStart ?? 0, history: karmaHistory(pool, t) },
      items: [...actor.items].map((i) => ({ id: i.id ?? "", name: i.name, img: i.img ?? "", type: i.type as string, system: i.system as unknown as Record<string, unknown> })),
      editable: this.isEditable,
      isGM: game.user.isGM,
      notesHTML,
      ranks: faseripTables().ranks,
      coverTable: faseripTables().cover,
      // The roll's own refusal reason (status, token icons, the combatant's defeated mark).
      downReason: actorDownReason(actor),
      // Dodged this round: the roll refuses an attack (performFeat), so the buttons say it first.
      attackRefusal: attackRefusalOf(actor),
      turnRefusal: attackTurnRefusal(actor),
      inCombat: startedCombatOf(actor) !== null,
      holderName: holderName(heroView(actor.system).status.heldBy),
    });
    return { ...base, view, notesRaw: system.notes ?? "" } as never;
  }

  static #onRollAbility(this: FaseripHeroSheet, _event: Event, target: HTMLElement): void {
    if (!mayRollFor(this.actor)) return;
    const ability = target.dataset.ability as AbilityKey | undefined;
    if (!ability || !ABILITY_KEYS.includes(ability)) return;
    // Down, or dodged this round: the chip opens a plain FEAT (an attack or a dodge would be refused).
    const action = chipAction(ability, actorDownReason(this.actor) !== null || attackRefusalOf(this.actor) !== null);
    openFeatDialog(this.actor, { ability, action });
  }

  static #onRollWeapon(this: FaseripHeroSheet, _event: Event, target: HTMLElement): void {
    if (!mayRollFor(this.actor)) return;
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    if (!id) return;
    // The button is rendered disabled then; a sheet drawn before the hero went down still refuses here.
    const down = actorDownReason(this.actor);
    if (down) {
      ui.notifications?.warn(t("FRACAS.Faserip.Refused.CannotAct", { name: this.actor.name, reason: t(down) }));
      return;
    }
    const dodged = attackRefusalOf(this.actor);
    if (dodged) {
      ui.notifications?.warn(t(dodged, { name: this.actor.name }));
      return;
    }
    const outOfTurn = attackTurnRefusal(this.actor);
    if (outOfTurn) {
      ui.notifications?.warn(outOfTurn);
      return;
    }
    openFeatDialog(this.actor, { weaponId: id });
  }

  static async #onCreateItem(this: FaseripHeroSheet, _event: Event, target: HTMLElement): Promise<void> {
    const type = target.dataset.type as (typeof ITEM_TYPES)[number] | undefined;
    if (!type || !ITEM_TYPES.includes(type)) return;
    await this.actor.createEmbeddedDocuments("Item", [{ type, name: t(`TYPES.Item.${type}`) }] as never);
  }

  static #onEditItem(this: FaseripHeroSheet, _event: Event, target: HTMLElement): void {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.actor.items.get(id) : undefined;
    void item?.sheet?.render({ force: true } as never);
  }

  /** Deleted after a Yes (core confirm-delete.ts). */
  static async #onDeleteItem(this: FaseripHeroSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await deleteItemAfterYes(this.actor, id ? this.actor.items.get(id) : undefined);
  }

  /** Gains or spends Karma through the ledger (so every change has a reason and can be traced). */
  static async #onKarma(this: FaseripHeroSheet, _event: Event, target: HTMLElement): Promise<void> {
    const input = this.element.querySelector<HTMLInputElement>("input.faserip-karma-delta");
    // Read strictly (karma-amount.ts): "-3" with Spend gained 3 before; anything else is said, not guessed.
    const typed = parseKarmaAmount(input?.value ?? "");
    if ("refused" in typed) {
      ui.notifications?.warn(t(typed.refused, typed.data));
      return;
    }
    const spend = target.dataset.direction === "spend";
    const delta = spend ? -typed.amount : typed.amount;
    await this.#oneAtATime(spend ? "karmaSpend" : "karmaGain", async () => {
      try {
        await changeKarma(this.actor, delta, t(delta > 0 ? "FRACAS.Faserip.Karma.Gained" : "FRACAS.Faserip.Karma.Spent"));
      } catch (e) {
        const said = karmaRefusal(e);
        if (said === null) throw e;
        ui.notifications?.warn(said);
      }
    });
  }

  /** Starts a fresh Karma pool at Reason + Intuition + Psyche, after a Yes: the pool's history goes with it (UX audit s15 #4). */
  static async #onResetKarma(this: FaseripHeroSheet): Promise<void> {
    const system = this.actor.system as unknown as FaseripHeroData;
    const data = { name: this.actor.name ?? "", start: system.karmaStart ?? 0, value: karmaLedgerOf(this.actor).value };
    if (!(await confirmAsk(t("FRACAS.Faserip.Sheet.KarmaResetTitle", data), t("FRACAS.Faserip.Sheet.KarmaResetConfirm", data)))) return;
    await this.#oneAtATime("resetKarma", async () => {
      try {
        await resetKarma(this.actor, system.karmaStart ?? 0);
      } catch (e) {
        // Refused or not confirmed by the GM's client (core's actor ledger): said, not left to the console (review-s9 H4).
        const said = karmaRefusal(e);
        if (said === null) throw e;
        ui.notifications?.warn(said);
      }
    });
  }

  /** Restore: full Health and base Endurance, ending the unconsciousness and dying of 0 Health (cards/restore.ts). */
  static async #onHealFull(this: FaseripHeroSheet): Promise<void> {
    await this.#oneAtATime("healFull", () => restoreActor(this.actor));
  }

  static async #onDyingRound(this: FaseripHeroSheet): Promise<void> {
    if (roundsByTracker(this.actor)) return;
    await this.#oneAtATime("dyingRound", async () => {
      await passDyingRound(this.actor);
    });
  }

  static async #onStunRound(this: FaseripHeroSheet): Promise<void> {
    if (roundsByTracker(this.actor)) return;
    await this.#oneAtATime("stunRound", () => passStunRound(this.actor));
  }
}
