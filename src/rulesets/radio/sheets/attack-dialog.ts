/**
 * The attack dialog (AppV2 form): weapon, target, the round's action (the declaration when in
 * combat), terrain, the description that earns tokens, cashing in 5 tokens, a called shot — and
 * the exact hit chance from the kernel, updated on every change, before anything is rolled. In a
 * started combat it also says when the attack is out of turn (cards/turn.ts): a player's Roll is
 * disabled with the reason, the GM is told; an open dialog follows the combat's steps (the
 * core's following dialogs tell it: `follow`), so a player may prepare the attack early and
 * roll it when the tracker reaches their step; its targets' sheets, so a target's armour
 * ticked meanwhile shows; and the user's targets, so a token targeted meanwhile can be chosen.
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";
import { isDeletionOf, warnTargetDropped, warnTargetGone } from "../../../foundry/sheets/target-gone.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { openOnce } from "../../../foundry/sheets/open-once.js";
import { userTargets } from "../../../foundry/chat/cards.js";
import { t, ruleErrorMessage } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import { weaponChoice, type Sys, type WeaponChoice } from "../data/state.js";
import { attackView, describedWords, initialState, stateFromForm, type AttackSetupInput, type AttackState, type AttackTarget } from "./attack-view.js";
import { attackerDownReason, declaredAction, liveSetup, liveTargets, rollAttack, targetDefence } from "../cards/flow.js";
import { radioOptions, radioTables } from "../cards/runtime.js";
import { turnOf } from "../cards/turn.js";

const Base = handlebarsApplication();

/** What the dialog needs from the combat: the declared action, the acting phase, whose step it is. */
export function combatSetup(actor: Actor.Implementation, final: boolean): Pick<AttackSetupInput, "phase" | "declared" | "turn"> {
  const { action, phase } = declaredAction(actor);
  return { phase, declared: action, turn: turnOf(actor, final) };
}

/** What the dialog needs from Foundry: the attacker, its weapons, the user's targets, the combat. */
export function attackSetup(actor: Actor.Implementation, final = false): AttackSetupInput {
  const weapons = actor.items.contents
    .map((i) => weaponChoice({ id: i.id, name: i.name, type: i.type, system: i.system as unknown as Sys }))
    .filter((w): w is WeaponChoice => w !== null);
  return {
    attacker: { name: actor.name, type: actor.type, system: actor.system as unknown as Sys },
    weapons,
    targets: targetsNow(),
    ...combatSetup(actor, final),
    options: radioOptions(),
    tables: radioTables(),
    ...(final ? { final: true } : {}),
  };
}

/** The user's targets now, each with its sheet and its declared defence (a token whose actor is gone is left out). */
function targetsNow(): AttackTarget[] {
  const targets: AttackTarget[] = [];
  for (const tgt of userTargets()) {
    const doc = lookupUuidSync(tgt.uuid);
    if (!(doc instanceof Actor)) continue;
    targets.push({ uuid: tgt.uuid, name: tgt.name, type: doc.type, system: doc.system as unknown as Sys, ...targetDefence(tgt.uuid) });
  }
  return targets;
}

/** The attack dialogs constructed and not closed (refreshed when the combat moves on). */
export class RadioAttackDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "radio", "radio-attack-dialog"],
    position: { width: 440, height: "auto" },
    window: { title: "FRACAS.Radio.Attack.Title", icon: "fa-solid fa-crosshairs" },
    // Not closeOnSubmit: V13 closes after every submit event's handler, so the second click of a
    // double click (ignored by oneSubmitAtATime) closed the dialog while the first Roll was still
    // rolling (review-s8 F4). The Roll closes the dialog itself once its card is posted.
    form: { handler: RadioAttackDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/radio/attack-dialog.hbs" },
    odds: { template: "systems/fracas/templates/radio/attack-odds.hbs" },
  } as never;

  readonly actor: Actor.Implementation;
  setup: AttackSetupInput;
  attackState: AttackState;
  /** Targets dropped because their actor was deleted (uuid → name): a Roll still naming one is refused by name. */
  private readonly dropped = new Map<string, string>();
  /** Set when this attack is a dying hero's final heroic action (and the prompt card it answers, if any). */
  readonly final: FinalAttack | null;

  constructor(actor: Actor.Implementation, final: FinalAttack | null = null, options: object = {}) {
    super(options as never);
    this.actor = actor;
    this.final = final;
    this.setup = { ...attackSetup(actor, final !== null), final: final !== null };
    this.attackState = initialState(this.setup);
    watchDialog(this);
  }

  /**
   * What the dialog shows changed elsewhere (core following-dialogs.ts): the combat moved on (the
   * acting phase, the declaration, whose step it is) or a target's sheet changed (the armour line:
   * the GM ticks "Armoured" while a player aims a head shot). It re-reads them and redraws only when
   * what it shows changed, keeping what was typed, so typing is not interrupted for nothing.
   */
  follow(event: DialogEvent): void {
    // The attacker deleted (core's "actor" event on deletion, an unlinked token's too, review s8b
    // G9): nothing left to roll for, so the dialog closes and says so in core's words.
    if (closedIfRollerGone(this, event, this.actor)) return;
    if (event.kind === "targets") {
      if (this.followTargets()) void this.render({ parts: ["form", "odds"] } as never);
      return;
    }
    if (event.kind === "setting") {
      // A rules table or an option changed: the odds are read anew at the render; what was typed stays.
      this.readForm();
      void this.render({ parts: ["form", "odds"] } as never);
      return;
    }
    // A target deleted (core: the "actor" event on deletion; an unlinked token deleted alone sends
    // its synthetic actor's): dropped from the dialog now, not only at Roll, and said in core's words.
    const gone = this.setup.targets.find((x) => isDeletionOf(event, x.uuid));
    if (gone) {
      this.readForm();
      if (this.dropTarget(gone.uuid, gone.name)) warnTargetDropped(gone.name);
      void this.render({ parts: ["form", "odds"] } as never);
      return;
    }
    // The attacker's own sheet changed (the GM edits a skill, the tier, the tokens…): the roll reads
    // the attacker as it is then (flow.ts liveSetup), so the dialog shows it now: never odds from
    // one skill and a card from another (session 8, "hard to break" 4).
    const attackerChanged = event.kind === "actor" && event.uuid === this.actor.uuid && this.attackerRedraws();
    if (event.kind === "actor" && !attackerChanged && !this.setup.targets.some((x) => x.uuid === event.uuid)) return;
    if (this.refreshCombat() || attackerChanged) void this.render({ parts: ["form", "odds"] } as never);
  }

  /**
   * The user aimed elsewhere while the dialog was open (as Bond's and FASERIP's dialogs follow it):
   * its target list becomes the user's targets now. The chosen target stays chosen while still
   * aimed at; otherwise the first target now is chosen, with its declared defence and armour (as
   * when the dialog opens), or none. True when the list changed; what was typed is kept first.
   */
  private followTargets(): boolean {
    const targets = targetsNow();
    const uuids = (list: readonly AttackTarget[]) => list.map((x) => x.uuid).join("\n");
    if (uuids(targets) === uuids(this.setup.targets)) return false;
    this.readForm();
    this.setup = { ...this.setup, targets };
    if (!targets.some((x) => x.uuid === this.attackState.targetUuid)) {
      const first = targets[0];
      this.attackState = { ...this.attackState, targetUuid: first?.uuid ?? "", targetDefensive: first?.defensive ?? false, targetArmoured: first?.system.armoured === true };
    }
    return true;
  }

  /**
   * A target whose actor (or unlinked token) was deleted leaves the list (core target-gone.ts: the
   * dialog stays open and stops aiming at it). The chosen one is replaced as when the user aims
   * elsewhere (the first target left, with its declared defence and armour, or none). The name is
   * kept, so a Roll whose form still names it (drawn before the redraw) is refused by name. True
   * when it was the chosen target (the caller says so); what was typed must be read first.
   */
  private dropTarget(uuid: string, name: string): boolean {
    this.dropped.set(uuid, name);
    const targets = this.setup.targets.filter((x) => x.uuid !== uuid);
    if (targets.length !== this.setup.targets.length) this.setup = { ...this.setup, targets };
    if (this.attackState.targetUuid !== uuid) return false;
    const first = targets[0];
    this.attackState = { ...this.attackState, targetUuid: first?.uuid ?? "", targetDefensive: first?.defensive ?? false, targetArmoured: first?.system.armoured === true };
    return true;
  }

  /**
   * The name of the chosen target when it is gone (dropped since the form was drawn, or deleted and
   * not yet dropped: a Roll racing the deletion's event), else null.
   */
  private goneTarget(uuid: string): string | null {
    if (uuid === "") return null;
    const dropped = this.dropped.get(uuid);
    if (dropped !== undefined) return dropped;
    if (lookupUuidSync(uuid) instanceof Actor) return null;
    return this.setup.targets.find((x) => x.uuid === uuid)?.name ?? null;
  }

  /**
   * Whether what the dialog shows changed with the attacker's data (its view, computed as the next
   * render would): a change it does not show (the notes) does not redraw it. The form's values are
   * kept first when it does.
   */
  private attackerRedraws(): boolean {
    const now = { ...this.setup, attacker: liveSetup(this.actor, this.setup).attacker };
    if (JSON.stringify(attackView(now, this.attackState)) === JSON.stringify(attackView(this.setup, this.attackState))) return false;
    this.readForm();
    return true;
  }

  /**
   * The combat may have moved on (a step, a declaration), or a target's sheet changed: the phase,
   * whose step it is, the targets' declared defence and their armour, read again. True when they
   * changed; the form's current values are kept first (a re-render follows).
   */
  refreshCombat(): boolean {
    const next = combatSetup(this.actor, this.final !== null);
    const targets = liveTargets(this.setup.targets);
    const defences = (list: readonly AttackTarget[]) => list.map((x) => [x.defensive, x.fromCombat === true, x.system.armoured === true]);
    const { phase, declared, turn } = this.setup;
    if (JSON.stringify({ phase, declared, turn }) === JSON.stringify(next) && JSON.stringify(defences(targets)) === JSON.stringify(defences(this.setup.targets))) return false;
    this.readForm();
    this.setup = { ...this.setup, ...next, targets };
    return true;
  }

  /**
   * The form's values into the state (the rendered form, when there is one: core renderedFormValues);
   * true when there was one.
   */
  private readForm(): boolean {
    const values = renderedFormValues(this);
    if (values) this.attackState = stateFromForm(this.attackState, values);
    return values !== null;
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  override get title(): string {
    return t("FRACAS.Radio.Attack.TitleFor", { name: this.actor.name });
  }

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    this.refreshCombat();
    // The attacker as it is now (its tokens may have been spent since the dialog opened): each
    // render's odds and refusal read it; the roll reads it again anyway (flow.ts tryAttack).
    this.setup = { ...this.setup, attacker: liveSetup(this.actor, this.setup).attacker };
    const view = attackView(this.setup, this.attackState);
    this.#wordsShown = view.descriptionWords;
    return { ...base, view } as never;
  }

  /** The description's word count the odds part last showed (the token hint's live line). */
  #wordsShown = 0;
  #listening = false;

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    // V13 reads the form on `change`, which a textarea fires only when it loses focus: the token
    // hint's word count (audit s15 F2) follows each word as it is typed. The form element
    // outlives re-renders (only its parts are replaced): listen once.
    if (this.#listening) return;
    this.#listening = true;
    (this.element as HTMLElement).addEventListener("input", (event) => {
      if ((event.target as { name?: unknown } | null)?.name === "description") this.descriptionTyped();
    });
  }

  /**
   * The player typed in the description: the odds part (the hint's "4 of 5 words") is redrawn when
   * the count of words changed, not on every key, and the form part (the textarea being typed in)
   * is left alone.
   */
  descriptionTyped(): void {
    if (!this.readForm()) return;
    const words = describedWords(this.attackState.description);
    if (words === this.#wordsShown) return;
    this.#wordsShown = words;
    void this.render({ parts: ["odds"] } as never);
  }

  protected override _onChangeForm(formConfig: never, event: Event): void {
    super._onChangeForm(formConfig, event);
    const before = this.attackState.targetUuid;
    if (!this.readForm()) return;
    if (this.attackState.targetUuid !== before) {
      // A new target brings its own defensive declaration and armour.
      const target = this.setup.targets.find((x) => x.uuid === this.attackState.targetUuid);
      this.attackState = { ...this.attackState, targetDefensive: target?.defensive ?? false, targetArmoured: target?.system.armoured === true };
      void this.render({ parts: ["form", "odds"] } as never);
      return;
    }
    const limb = (this.element as HTMLElement | undefined)?.querySelector?.<HTMLSelectElement>("select[name=limb]");
    if (limb) limb.disabled = this.attackState.called !== "limb";
    void this.render({ parts: ["odds"] } as never);
  }

  /** V13's form handler, run for every submit event. */
  static async #onSubmit(this: RadioAttackDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    // A second submit while this Roll is under way (a double click on Roll, Enter twice) is ignored:
    // one Roll rolls its 2d10 and cashes in or earns its tokens once, posting one card (core
    // oneSubmitAtATime; the dialog closes only after the card). A GM's second click in a step the
    // first just claimed would otherwise roll again (the GM is never refused: cards/turn.ts).
    await oneSubmitAtATime(this, async () => {
      // As closeOnSubmit did, but after the Roll: the attack was rolled, or refused with its reason
      // said. A Roll refused because its target was deleted keeps the dialog open, redrawn without
      // the target (core target-gone.ts). A thrown (non-rule) error leaves it open, as V13 does.
      if (await this.submitOnce(formData)) await this.close();
    });
  }

  /**
   * One Roll: the form read, the attacker checked, the attack rolled and its card posted. False when
   * the dialog stays open: its target was deleted (nothing rolled or spent, the step not used up;
   * the dialog redraws without it and says so).
   */
  private async submitOnce(formData: { object: Record<string, unknown> }): Promise<boolean> {
    this.attackState = stateFromForm(this.attackState, formData.object);
    // The attacker may have gone down while the dialog was open, or the step moved on.
    if (refusedAttack(this.actor)) return true;
    const aimed = this.attackState.targetUuid;
    // A form drawn before its target was dropped (a submit racing the redraw), or a target deleted
    // and not yet dropped: nothing rolled, the dialog redrawn without it.
    const gone = this.goneTarget(aimed);
    if (gone !== null) {
      warnTargetGone(gone);
      this.dropTarget(aimed, gone);
      void this.render({ parts: ["form", "odds"] } as never);
      return false;
    }
    this.refreshCombat();
    let card: unknown;
    try {
      card = await rollAttack(this.actor, this.setup, this.attackState, this.final ? { final: true, ...(this.final.cardId ? { finalCardId: this.final.cardId } : {}) } : {});
    } catch (e) {
      if (isRuleError(e)) ui.notifications?.warn(ruleErrorMessage(e));
      else throw e;
      return true;
    }
    // Deleted during the Roll's round trip (the step's claim through the GM): rollAttack rolled
    // nothing, gave the step back and said so (core's words); the dialog redraws without the target.
    if (card === undefined && aimed !== "" && !(lookupUuidSync(aimed) instanceof Actor)) {
      this.dropTarget(aimed, this.dropped.get(aimed) ?? this.setup.targets.find((x) => x.uuid === aimed)?.name ?? "");
      void this.render({ parts: ["form", "odds"] } as never);
      return false;
    }
    return true;
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

/**
 * Opens the actor's attack dialog; one already open (or still opening) on this client for the same
 * actor and the same kind of attack (a final heroic action or not) is brought to the front instead
 * (core openOnce). A double click on the sheet's Attack opened two dialogs, each with its own Roll:
 * rolling the one in front and then the one left behind it attacked twice (session 8, wave 2).
 */
export function openAttackDialog(actor: Actor.Implementation, final: FinalAttack | null = null): void {
  if (refusedAttack(actor)) return;
  const kind = final === null ? "attack" : "finalAttack";
  void openOnce(`radio.${kind}:${actor.uuid}`, () => new RadioAttackDialog(actor, final));
}
