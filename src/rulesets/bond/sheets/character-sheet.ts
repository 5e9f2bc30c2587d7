/** The bond character sheet (AppV2): characteristics, skills, weapons with one-click attack, wounds, points, Fame, scars. */
import { isRuleError } from "../../../engine/errors.js";
import { ruleErrorText } from "../rule-error.js";
import { handlebarsActorSheet } from "../../../foundry/typed.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { setStatuses } from "../../../foundry/status-toggles.js";
import { applyFirstAid, applyHospital, applyRest, endHospitalStay, passHours, wakeUp, type StateChange } from "../rules/index.js";
import { BondCharacterData } from "../data/character.js";
import { BondSkillData } from "../data/skill.js";
import { BondWeaponData } from "../data/weapon.js";
import { safeWoundState, type SkillLike } from "../data/derive.js";
import { addScar } from "../cards/scars.js";
import { stepHeroPoints } from "../cards/hero-point-ledger.js";
import { recoverOnce } from "../cards/recovery.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { isNpc, warn } from "../cards/notes.js";
import { openAttackDialog, refuseIfDown } from "./attack-dialog.js";
import { BondTaskDialog } from "./task-dialog.js";
import { openOnce } from "../../../foundry/sheets/open-once.js";
import { pickUp, pickUpInputOf } from "./pick-up.js";
import { actorDownReason } from "./attack-setup.js";
import { BondFirstAidDialog, buildFirstAidSetup } from "./first-aid-dialog.js";
import { characterView } from "./character-view.js";
import { enrichField } from "./enrich.js";
import { followFight } from "../../../foundry/sheets/fight-sheets.js";
import { deleteItemAfterYes } from "../../../foundry/sheets/confirm-delete.js";
import { hospitalNotice, hospitalStayEndNotice, hospitalStayEndQuestion } from "./hospital-notice.js";
import { t } from "../../../foundry/i18n.js";

const Base = handlebarsActorSheet();

function inputNumber(root: HTMLElement, selector: string, min: number, max: number): number | null {
  const el = root.querySelector<HTMLInputElement>(selector);
  const n = Number(el?.value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

type SheetAction = (this: BondCharacterSheet, event: Event, target: HTMLElement) => Promise<void>;

/**
 * A healing button whose amount adds up (Rest's weeks, Hospital's days, hours passed): the later
 * clicks of a double click (a click event's `detail` counts them, as the browser and the OS time a
 * double click) are ignored, so a double click rests once (D65). A keyboard press has detail 0.
 */
function singleClick(action: SheetAction): SheetAction {
  return async function (this: BondCharacterSheet, event: Event, target: HTMLElement): Promise<void> {
    if (((event as Partial<MouseEvent>).detail ?? 0) > 1) return;
    return action.call(this, event, target);
  };
}

/** A wound state as a comparable string (the sheet's healing buttons act on the one it drew). */
function woundKey(wound: unknown): string {
  return JSON.stringify(safeWoundState(wound as never));
}

/**
 * The sheet's own actions are its editors' (the owner's or the GM's): their buttons render only on
 * an editable sheet (UX review s3 #14), and a click that still arrives from anyone else (a sheet
 * opened before the ownership changed, a macro) is refused before anything is rolled or written.
 */
function editorsOnly(action: SheetAction): SheetAction {
  return async function (this: BondCharacterSheet, event: Event, target: HTMLElement): Promise<void> {
    if (!this.actor.isOwner) return warn("FRACAS.Bond.Refused.NotOwner", { name: this.actor.name });
    return action.call(this, event, target);
  };
}

export class BondCharacterSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "bond", "bond-character-sheet"],
    position: { width: 640, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      attack: editorsOnly(BondCharacterSheet.#onAttack),
      pickUp: editorsOnly(BondCharacterSheet.#onPickUp),
      task: editorsOnly(BondCharacterSheet.#onTask),
      recover: editorsOnly(BondCharacterSheet.#onRecover),
      rest: editorsOnly(singleClick(BondCharacterSheet.#onRest)),
      hospital: editorsOnly(singleClick(BondCharacterSheet.#onHospital)),
      // The GM's alone (D67): rendered only for the GM, and refused for anyone else.
      endHospitalStay: editorsOnly(BondCharacterSheet.#onEndHospitalStay),
      // First Aid is also a viewer's, with a healer of their own (the dialog lists only theirs).
      firstAid: BondCharacterSheet.#onFirstAid,
      firstAidRuling: BondCharacterSheet.#onFirstAidRuling,
      wakeUp: editorsOnly(BondCharacterSheet.#onWakeUp),
      passHours: editorsOnly(singleClick(BondCharacterSheet.#onPassHours)),
      addScar: editorsOnly(BondCharacterSheet.#onAddScar),
      removeScar: editorsOnly(BondCharacterSheet.#onRemoveScar),
      points: editorsOnly(BondCharacterSheet.#onPoints),
      createItem: editorsOnly(BondCharacterSheet.#onCreateItem),
      // Opens the item's sheet, read-only for a viewer who may not edit it.
      editItem: BondCharacterSheet.#onEditItem,
      deleteItem: editorsOnly(BondCharacterSheet.#onDeleteItem),
    },
  } as never;

  static PARTS = {
    main: { template: "systems/fracas/templates/bond/sheets/character.hbs", scrollable: [""] },
  };

  /** The wound state this sheet last drew: its healing buttons act on that one only (D65). */
  #woundShown: string | null = null;

  get bond(): BondCharacterData {
    return this.actor.system as unknown as BondCharacterData;
  }

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    // A new round gives the attacks back, the step says whose action it is: drawn again as the fight moves.
    followFight(this);
    const sys = this.bond;
    this.#woundShown = woundKey(sys.wound);
    const skills: SkillLike[] = [];
    const weapons: { id: string; name: string; weapon: ReturnType<BondWeaponData["asWeapon"]>; inHand: boolean; dropped: boolean }[] = [];
    for (const item of this.actor.items) {
      if (item.system instanceof BondSkillData) skills.push(item.system.asSkill(item.id ?? "", item.name));
      if (item.system instanceof BondWeaponData) {
        const id = item.id ?? "";
        weapons.push({ id, name: item.name, weapon: item.system.asWeapon(), inHand: sys.weaponInHand?.id === id, dropped: sys.droppedWeapons.includes(id) });
      }
    }
    const view = characterView({
      name: this.actor.name,
      img: this.actor.img ?? "",
      editable: this.isEditable,
      isGM: game.user.isGM,
      npc: isNpc(this.actor),
      characteristics: sys.characteristics as never,
      fame: sys.fame,
      cover: sys.cover,
      notes: await enrichField(this.actor, sys.notes),
      scars: sys.scars as never,
      derived: sys,
      skills,
      weapons,
      downReason: actorDownReason(this.actor),
      woundPenaltyApplies: rulesetOption("bond", "woundPenaltyApplies", false),
      // The round's counts in a started combat: the Attack buttons and Pick up say when none is left (D4, D46).
      round: pickUpInputOf(this.actor),
      // Only asked of a viewer who may not edit: may they give First Aid here with a healer of their own?
      ownsHealer: !this.isEditable && buildFirstAidSetup(this.actor).healers.length > 0,
    });
    return { ...base, view } as never;
  }

  static async #onAttack(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.dataset.itemId;
    const weapon = id ? (this.actor.items.get(id) ?? null) : null;
    await openAttackDialog(this.actor, weapon as Item.Implementation | null);
  }

  /**
   * A weapon knocked away by a Disarm: picked up, it is in hand again (D41). Picking up is acting:
   * not while the character cannot act, and in a fight it uses one of the round's attacks (D46).
   */
  static async #onPickUp(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    await pickUp(this.actor, target.dataset.itemId ?? "");
  }

  /** Any other task (a skill or characteristic at the EF the GM calls): the task roll dialog, unless the character cannot act. */
  static async #onTask(this: BondCharacterSheet): Promise<void> {
    if (refuseIfDown(this.actor)) return;
    // One task dialog per character: a second click brings the open one to the front (D64).
    await openOnce(`bond.task:${this.actor.uuid}`, () => new BondTaskDialog(this.actor));
  }

  static async #onRecover(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    const which = target.dataset.which === "stun" ? "stun" : "wound";
    await recoverOnce(this.actor, which);
  }

  /**
   * A healing button's change to the wound (Rest, Hospital, hours passed, waking, a First Aid
   * ruling), applied once per click (D65): a click while this character's last one is still being
   * written on this client is ignored, and a click on a sheet drawn for another wound state than the
   * character has now (the previous click already applied, or another client's, and the redraw has
   * not reached this sheet) applies nothing, says so and redraws. Two clients at the same instant
   * both compute from the same state and write the same result.
   */
  async applyChange<C extends StateChange>(fn: () => C): Promise<C | null> {
    let applied = null as C | null;
    await oneSubmitAtATime(`bond.heal:${game.user.id ?? ""}:${this.actor.uuid}`, async () => {
      if (this.#woundShown !== null && woundKey(this.bond.wound) !== this.#woundShown) {
        warn("FRACAS.Bond.Heal.Changed", { name: this.actor.name });
        if (this.rendered) void this.render();
        return;
      }
      let change: C;
      try {
        change = fn();
      } catch (e) {
        if (!isRuleError(e)) throw e;
        return void ui.notifications?.warn(ruleErrorText(e));
      }
      await this.actor.update({ "system.wound": change.state } as never);
      await setStatuses(this.actor, change.events);
      applied = change;
    });
    return applied;
  }

  static async #onRest(this: BondCharacterSheet): Promise<void> {
    const weeks = inputNumber(this.element, "[data-bond-weeks]", 1, 52);
    if (weeks === null) return warn("FRACAS.Bond.Heal.BadNumber");
    await this.applyChange(() => applyRest(safeWoundState(this.bond.wound), weeks));
  }

  static async #onHospital(this: BondCharacterSheet): Promise<void> {
    const days = inputNumber(this.element, "[data-bond-days]", 1, 365);
    if (days === null) return warn("FRACAS.Bond.Heal.BadNumber");
    const change = await this.applyChange(() => applyHospital(safeWoundState(this.bond.wound), days));
    // A press that healed nothing (days carried, or the stay's two levels used) says why (D25).
    const notice = change ? hospitalNotice(this.actor.name, change) : null;
    if (notice) ui.notifications?.[notice.level](t(notice.key, notice.data));
  }

  /**
   * The GM ends the hospital stay by hand (D67): the agent discharged early, or the GM decides. Its
   * carried days are lost, so when there are some the GM is asked first; the wounds stay as they
   * are. The question is about the stay the sheet showed: if the wounds changed while it was open
   * (a Hospital press on another client), nothing is ended, it is said, and the sheet redrawn.
   */
  static async #onEndHospitalStay(this: BondCharacterSheet): Promise<void> {
    if (!game.user.isGM) return warn("FRACAS.Bond.Refused.GmOnly");
    const asked = woundKey(this.bond.wound);
    const question = hospitalStayEndQuestion(this.actor.name, safeWoundState(this.bond.wound).hospitalDays);
    if (question) {
      const escape = foundry.utils.escapeHTML;
      const yes = await foundry.applications.api.DialogV2.confirm({
        window: { title: t(question.titleKey, question.data) },
        content: `<p>${escape(t(question.bodyKey, question.data))}</p>`,
        rejectClose: false,
        modal: true,
      } as never);
      if (yes !== true) return;
      if (woundKey(this.bond.wound) !== asked) {
        warn("FRACAS.Bond.Heal.Changed", { name: this.actor.name });
        if (this.rendered) void this.render();
        return;
      }
    }
    const end = await this.applyChange(() => endHospitalStay(safeWoundState(this.bond.wound)));
    if (!end) return;
    const notice = hospitalStayEndNotice(this.actor.name, end);
    ui.notifications?.[notice.level](t(notice.key, notice.data));
  }

  /** First Aid: the roll dialog (healer, Ease Factor, exact odds); its card applies the kernel's applyFirstAid. */
  static async #onFirstAid(this: BondCharacterSheet): Promise<void> {
    // One First Aid dialog per patient: a second click brings the open one to the front (D64).
    await openOnce(`bond.firstAid:${this.actor.uuid}`, () => new BondFirstAidDialog(this.actor));
  }

  /** The GM's fallback when First Aid was settled off the sheet: record a success or a failure (no card). */
  static async #onFirstAidRuling(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    if (!game.user.isGM) return warn("FRACAS.Bond.Refused.GmOnly");
    const success = target.dataset.success === "true";
    await this.applyChange(() => applyFirstAid(safeWoundState(this.bond.wound), success));
  }

  static async #onWakeUp(this: BondCharacterSheet): Promise<void> {
    await this.applyChange(() => wakeUp(safeWoundState(this.bond.wound)));
  }

  static async #onPassHours(this: BondCharacterSheet): Promise<void> {
    const hours = inputNumber(this.element, "[data-bond-hours]", 1, 1000);
    if (hours === null) return warn("FRACAS.Bond.Heal.BadNumber");
    await this.applyChange(() => passHours(safeWoundState(this.bond.wound), hours));
  }

  static async #onAddScar(this: BondCharacterSheet): Promise<void> {
    await addScar(this.actor);
  }

  static async #onRemoveScar(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    const index = Number(target.dataset.index);
    const scars = [...this.bond.scars];
    const removed = scars.splice(index, 1)[0];
    if (!removed) return;
    await this.actor.update({ "system.scars": scars, "system.fame": Math.max(0, this.bond.fame - removed.fame) } as never);
  }

  /** +1 / −1 Hero (or Survival) Point through the ledger, so every change has an entry, written where card spends are (hero-point-ledger.ts). */
  static async #onPoints(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    await stepHeroPoints(this.actor, target.dataset.delta === "-1" ? -1 : 1);
  }

  static async #onCreateItem(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    const type = target.dataset.type === "bondSkill" ? "bondSkill" : "bondWeapon";
    const name = game.i18n.localize(type === "bondSkill" ? "FRACAS.Bond.NewSkill" : "FRACAS.Bond.NewWeapon");
    await this.actor.createEmbeddedDocuments("Item", [{ type, name }] as never);
  }

  static async #onEditItem(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    const item = this.actor.items.get(target.dataset.itemId ?? "");
    await item?.sheet?.render(true);
  }

  /** Deleted after a Yes (core confirm-delete.ts). */
  static async #onDeleteItem(this: BondCharacterSheet, _event: Event, target: HTMLElement): Promise<void> {
    await deleteItemAfterYes(this.actor, this.actor.items.get(target.dataset.itemId ?? ""));
  }
}
