/**
 * The attack dialog (AppV2 form): weapon, target, the round's action (the declaration when in
 * combat), terrain, the description that earns tokens, cashing in 5 tokens, a called shot — and
 * the exact hit chance from the kernel, updated on every change, before anything is rolled.
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { userTargets } from "../../../foundry/chat/cards.js";
import { t, ruleErrorMessage } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import { weaponChoice, type Sys, type WeaponChoice } from "../data/state.js";
import { attackView, initialState, stateFromForm, type AttackSetupInput, type AttackState, type AttackTarget } from "./attack-view.js";
import { attackerDownReason, declaredAction, isDefensive, rollAttack } from "../cards/flow.js";
import { radioOptions, radioTables } from "../cards/runtime.js";

const Base = handlebarsApplication();

/** What the dialog needs from Foundry: the attacker, its weapons, the user's targets, the combat. */
export function attackSetup(actor: Actor.Implementation): AttackSetupInput {
  const weapons = actor.items.contents
    .map((i) => weaponChoice({ id: i.id, name: i.name, type: i.type, system: i.system as unknown as Sys }))
    .filter((w): w is WeaponChoice => w !== null);
  const targets: AttackTarget[] = [];
  for (const tgt of userTargets()) {
    const doc = lookupUuidSync(tgt.uuid);
    if (!(doc instanceof Actor)) continue;
    targets.push({ uuid: tgt.uuid, name: tgt.name, type: doc.type, system: doc.system as unknown as Sys, defensive: isDefensive(tgt.uuid) });
  }
  const { action, phase } = declaredAction(actor);
  return {
    attacker: { name: actor.name, type: actor.type, system: actor.system as unknown as Sys },
    weapons,
    targets,
    phase,
    declared: action,
    options: radioOptions(),
    tables: radioTables(),
  };
}

export class RadioAttackDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "radio", "radio-attack-dialog"],
    position: { width: 440, height: "auto" },
    window: { title: "FRACAS.Radio.Attack.Title", icon: "fa-solid fa-crosshairs" },
    form: { handler: RadioAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/radio/attack-dialog.hbs" },
    odds: { template: "systems/fracas/templates/radio/attack-odds.hbs" },
  } as never;

  readonly actor: Actor.Implementation;
  readonly setup: AttackSetupInput;
  attackState: AttackState;
  /** Set when this attack is a dying hero's final heroic action (and the prompt card it answers, if any). */
  readonly final: FinalAttack | null;

  constructor(actor: Actor.Implementation, final: FinalAttack | null = null, options: object = {}) {
    super(options as never);
    this.actor = actor;
    this.final = final;
    this.setup = { ...attackSetup(actor), final: final !== null };
    this.attackState = initialState(this.setup);
  }

  override get title(): string {
    return t("FRACAS.Radio.Attack.TitleFor", { name: this.actor.name });
  }

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    return { ...base, view: attackView(this.setup, this.attackState) } as never;
  }

  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const form = this.element instanceof HTMLFormElement ? this.element : this.element.querySelector("form");
    if (!form) return;
    const data = new foundry.applications.ux.FormDataExtended(form).object as Record<string, unknown>;
    const before = this.attackState.targetUuid;
    this.attackState = stateFromForm(this.attackState, data);
    if (this.attackState.targetUuid !== before) {
      // A new target brings its own defensive declaration and armour.
      const target = this.setup.targets.find((x) => x.uuid === this.attackState.targetUuid);
      this.attackState = { ...this.attackState, targetDefensive: target?.defensive ?? false, targetArmoured: target?.system.armoured === true };
      void this.render({ parts: ["form", "odds"] } as never);
      return;
    }
    const limb = form.querySelector<HTMLSelectElement>("select[name=limb]");
    if (limb) limb.disabled = this.attackState.called !== "limb";
    void this.render({ parts: ["odds"] } as never);
  }

  static async #onSubmit(this: RadioAttackDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.attackState = stateFromForm(this.attackState, formData.object);
    // The attacker may have gone down while the dialog was open.
    if (refusedAttack(this.actor)) return;
    try {
      await rollAttack(this.actor, this.setup, this.attackState, this.final ? { final: true, ...(this.final.cardId ? { finalCardId: this.final.cardId } : {}) } : {});
    } catch (e) {
      if (isRuleError(e)) ui.notifications?.warn(ruleErrorMessage(e));
      else throw e;
    }
  }
}

/** A dying hero's final heroic action: the attack card says so, and rolling it completes the action. */
export interface FinalAttack {
  /** The final-action prompt card (completed through it); none from the sheet without a prompt. */
  cardId?: string;
}

/**
 * Warns and returns true when the actor cannot attack now (unconscious, dead, fled, escaped, a
 * group with nobody left, or marked defeated). A dying hero owed the final heroic action is not
 * refused: their attack is that action.
 */
export function refusedAttack(actor: Actor.Implementation): boolean {
  const reason = attackerDownReason(actor);
  if (reason === null) return false;
  ui.notifications?.warn(t("FRACAS.Radio.Refused.CannotAct", { name: actor.name, reason: t(reason) }));
  return true;
}

export function openAttackDialog(actor: Actor.Implementation, final: FinalAttack | null = null): void {
  if (refusedAttack(actor)) return;
  void new RadioAttackDialog(actor, final).render({ force: true } as never);
}
