/** The three radio actor sheets (hero, opponent, henchmen group) on one shared base. */
import { handlebarsActorSheet, lookupUuidSync } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import { followFight } from "../../../foundry/sheets/fight-sheets.js";
import { activeTable } from "../../../foundry/tables.js";
import { isRuleError } from "../../../engine/errors.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { tokensEarned, tokensTable } from "../rules/index.js";
import { readPool, type Sys } from "../data/state.js";
import { heroView, henchmenView, opponentView, type ItemRow, type LeaderCandidate, type LeaderInput, type SheetMeta } from "./views.js";
import { openAttackDialog } from "./attack-dialog.js";
import { declaredAction, finishFinalAction, markedDefeated, rollEscape } from "../cards/flow.js";
import { defenceRound, defensiveNow, escapeRefusal, escapeRound, offerFor } from "../cards/defence-round.js";
import { defenceEarned, defenceRef } from "../data/defence.js";
import { radioTables } from "../cards/runtime.js";
import { earnStepAction, stepOf } from "../cards/step-action.js";
import { TokensRefused, writeTokens } from "../cards/token-writes.js";
import { deleteItemAfterYes } from "../../../foundry/sheets/confirm-delete.js";
import { TOKEN_REASON } from "../data/token-reasons.js";

const Base = handlebarsActorSheet();

type Target = HTMLElement;

class RadioActorSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "radio", "radio-sheet"],
    position: { width: 560, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      attack: RadioActorSheet.#onAttack,
      itemCreate: RadioActorSheet.#onItemCreate,
      itemEdit: RadioActorSheet.#onItemEdit,
      itemDelete: RadioActorSheet.#onItemDelete,
      escape: RadioActorSheet.#onEscape,
      earnDefence: RadioActorSheet.#onEarnDefence,
      stepAction: RadioActorSheet.#onStepAction,
      tokenAdjust: RadioActorSheet.#onTokenAdjust,
      restoreLimb: RadioActorSheet.#onRestoreLimb,
      finalAttack: RadioActorSheet.#onFinalAttack,
      finalDone: RadioActorSheet.#onFinalDone,
      weaponSkillAdd: RadioActorSheet.#onWeaponSkillAdd,
      weaponSkillRemove: RadioActorSheet.#onWeaponSkillRemove,
    },
  } as never;

  protected get system(): Sys {
    return this.document.system as unknown as Sys;
  }

  protected override async _prepareContext(options: never): Promise<never> {
    // The Attack button's reason, the turn's described-action row, the defence row: drawn again as the fight moves.
    followFight(this as never);
    return (await super._prepareContext(options)) as never;
  }

  protected meta(): SheetMeta {
    const { action } = declaredAction(this.document);
    return {
      name: this.document.name,
      img: this.document.img ?? "",
      editable: this.isEditable,
      isGM: game.user.isGM,
      inCombat: action !== null,
      declared: action ?? "",
      defensiveLastRound: escapeRound(this.document) !== null,
      defeated: markedDefeated(this.document),
      defenceEarned: this.defenceEarnedNow(),
      step: stepOf(this.document),
    };
  }

  /** The meta with a reader's notes enriched for display (an editor edits them in the box instead). */
  protected async viewMeta(): Promise<SheetMeta> {
    const meta = this.meta();
    return this.isEditable ? meta : { ...meta, notesHTML: await enrichHtml(this.document, this.system.notes) };
  }

  /**
   * The leader select's input: the world's minions and bosses other than this actor (who may lead
   * henchmen or minions: their followers' flee checks follow the leader's fall), and the stored leader's name.
   */
  protected leaderInput(): LeaderInput {
    const candidates: LeaderCandidate[] = game.actors
      .filter((a) => (a.type as string) === "radioOpponent" && a.id !== this.document.id)
      .map((a) => ({ uuid: a.uuid, name: a.name, kindLabel: `FRACAS.Radio.Kind.${(a.system as unknown as Sys).kind === "boss" ? "boss" : "minion"}` }));
    const stored = typeof this.system.leader === "string" ? this.system.leader : "";
    const found = stored ? lookupUuidSync(stored) : null;
    return { candidates, name: found instanceof Actor ? found.name : null };
  }

  /** Whether the described defence's token for the current defensive round is already on the ledger. */
  protected defenceEarnedNow(): boolean {
    const at = defenceRound(this.document);
    return at !== null && defenceEarned(readPool(this.system.tokens), defenceRef(at.combatId, at.round));
  }

  protected itemRows(): ItemRow[] {
    return this.document.items.contents.map((i) => ({ id: i.id ?? "", name: i.name, img: i.img ?? "", type: i.type, system: i.system as unknown as Sys }));
  }

  /** Form arrays arrive as {"0": …, "1": …}; the weapon-skill list is stored as an array. */
  protected override _processFormData(event: never, form: never, formData: never): never {
    const data = super._processFormData(event, form, formData) as unknown as { system?: Sys };
    const list = data.system?.weaponSkills;
    if (list && typeof list === "object" && !Array.isArray(list)) data.system!.weaponSkills = Object.values(list as Sys);
    return data as never;
  }

  /**
   * Writes a token entry where every token writer queues (cards/token-writes.ts: the active GM's
   * client, one write at a time per actor, each reading the pool the previous one left, whichever
   * client clicked). "refused" when the ledger or the GM's client refused it (warned), so a caller
   * that claimed something for it can give it back; "earned" when `unlessEarned` was already earned
   * (nothing written). A failed update throws.
   */
  protected async changeTokens(delta: number, reason: string, ref?: string, unlessEarned?: string): Promise<"written" | "earned" | "refused"> {
    try {
      return (await writeTokens(this.document, [{ id: foundry.utils.randomID(), delta, reason, ...(ref ? { ref } : {}) }], unlessEarned)) ? "written" : "earned";
    } catch (e) {
      if (isRuleError(e)) ui.notifications?.warn(ruleErrorMessage(e));
      else if (e instanceof TokensRefused) ui.notifications?.warn(t(e.reason));
      else throw e;
      return "refused";
    }
  }

  static async #onAttack(this: RadioActorSheet): Promise<void> {
    openAttackDialog(this.document);
  }

  static async #onItemCreate(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    const type = target.dataset.type === "radioGadget" ? "radioGadget" : "radioWeapon";
    await this.document.createEmbeddedDocuments("Item", [{ name: game.i18n.localize(`TYPES.Item.${type}`), type }] as never);
  }

  static async #onItemEdit(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const item = id ? this.document.items.get(id) : undefined;
    await item?.sheet?.render({ force: true } as never);
  }

  /** Deleted after a Yes (core confirm-delete.ts). */
  static async #onItemDelete(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await deleteItemAfterYes(this.document, id ? this.document.items.get(id) : undefined);
  }

  /**
   * The escape check, once per defensive round and at its end: while the round just ended was
   * defensive (answering its offer if posted; rollEscape claims the round's escape before the die,
   * so this button and the offer's roll it once). During the defensive round itself it waits for
   * the round's end (the offer comes at the next round start).
   */
  static async #onEscape(this: RadioActorSheet): Promise<void> {
    const at = escapeRound(this.document);
    if (!at) {
      ui.notifications?.warn(t(defensiveNow(this.document) ? "FRACAS.Radio.Refused.EscapeAtRoundEnd" : "FRACAS.Error.escapeNeedsDefensive"));
      return;
    }
    const refusal = escapeRefusal(this.document.uuid, at);
    if (refusal) {
      ui.notifications?.warn(t(refusal));
      return;
    }
    await rollEscape(this.document, "defensive", offerFor(this.document.uuid, at)?.id ?? undefined, at);
  }

  /** A defensive participant who describes the defence earns its token once per defensive round (the ledger ref says which). */
  static async #onEarnDefence(this: RadioActorSheet): Promise<void> {
    const at = defenceRound(this.document);
    if (!at) {
      ui.notifications?.warn(t("FRACAS.Radio.Refused.NotDefensive"));
      return;
    }
    const ref = defenceRef(at.combatId, at.round);
    const n = tokensEarned("defensive", true, activeTable(tokensTable));
    // "Earned already?" is checked with the write, where every token writer queues (token-writes.ts
    // `unlessEarned`): a double click's second check, or the GM's click's, reads the first's write.
    const done = defenceEarned(readPool(this.system.tokens), ref) ? "earned" : n > 0 ? await this.changeTokens(n, TOKEN_REASON.describedDefence, ref, ref) : "written";
    if (done === "earned") ui.notifications?.warn(t("FRACAS.Radio.Refused.DefenceEarned", { round: at.round }));
  }

  /** A described action other than an attack in this actor's act step: its tokens, once, using the step (cards/step-action.ts). */
  static async #onStepAction(this: RadioActorSheet): Promise<void> {
    await earnStepAction(this.document, async (tokens, ref) => (await this.changeTokens(tokens, TOKEN_REASON.describedAction, ref)) === "written");
  }

  static async #onTokenAdjust(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    if (!game.user.isGM) return;
    await this.changeTokens(Number(target.dataset.delta) === -1 ? -1 : 1, TOKEN_REASON.gm);
  }

  static async #onRestoreLimb(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    const limb = target.dataset.limb;
    const limbs = Array.isArray(this.system.disabledLimbs) ? (this.system.disabledLimbs as string[]) : [];
    const next = limbs.includes(limb ?? "") ? limbs.filter((l) => l !== limb) : [...limbs, limb ?? ""].filter(Boolean);
    await this.document.update({ "system.disabledLimbs": next } as never);
  }

  /** The dying hero's final heroic action as an attack (rolling it completes the action). */
  static async #onFinalAttack(this: RadioActorSheet): Promise<void> {
    openAttackDialog(this.document, {});
  }

  /** A dying hero has taken (or given up) the final heroic action: now dead (through the open prompt card, if any). */
  static async #onFinalDone(this: RadioActorSheet): Promise<void> {
    await finishFinalAction(this.document);
  }

  static async #onWeaponSkillAdd(this: RadioActorSheet): Promise<void> {
    const list = Array.isArray(this.system.weaponSkills) ? (this.system.weaponSkills as Sys[]) : [];
    await this.document.update({ "system.weaponSkills": [...list, { name: "", skill: "melee", bonus: 0 }] } as never);
  }

  static async #onWeaponSkillRemove(this: RadioActorSheet, _e: Event, target: Target): Promise<void> {
    const index = Number(target.dataset.index);
    const list = Array.isArray(this.system.weaponSkills) ? (this.system.weaponSkills as Sys[]) : [];
    await this.document.update({ "system.weaponSkills": list.filter((_, i) => i !== index) } as never);
  }
}

export class RadioHeroSheet extends RadioActorSheet {
  static PARTS = { sheet: { template: "systems/fracas/templates/radio/hero-sheet.hbs", scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    return { ...base, view: heroView(await this.viewMeta(), this.system, this.itemRows()) } as never;
  }
}

export class RadioOpponentSheet extends RadioActorSheet {
  static PARTS = { sheet: { template: "systems/fracas/templates/radio/opponent-sheet.hbs", scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    return { ...base, view: opponentView(await this.viewMeta(), this.system, this.itemRows(), this.leaderInput(), radioTables().tiers) } as never;
  }
}

export class RadioHenchmenSheet extends RadioActorSheet {
  static PARTS = { sheet: { template: "systems/fracas/templates/radio/henchmen-sheet.hbs", scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    return { ...base, view: henchmenView(await this.viewMeta(), this.system, this.itemRows(), this.leaderInput(), radioTables().tiers) } as never;
  }
}
