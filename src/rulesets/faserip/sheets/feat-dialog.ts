/**
 * The FEAT dialog: ability, action (the nine of the seed, or a plain ability FEAT), weapon,
 * column shifts (dodge, cover, multiple targets, other) and Karma; it shows the exact chance of
 * each colour from the kernel's colorOdds before rolling, then rolls d100 with Foundry's Roll.
 * An attack rolls once per target, each against that target's recorded dodge this round
 * (combatant memory), so the odds are listed per target; the dodge field is used only for a
 * target with no recorded dodge (or no target at all). With several targets cover is chosen per
 * target (the seed's cover belongs to the defender); each card rolls with its target's. The hero's
 * talents for the chosen ability are offered as boxes; a ticked one adds its shift to Other.
 * While open it follows its hero and its targets (core following-dialogs: the GM's cover, a
 * status, Karma, the fight's round) and the user's targets: it redraws, keeping what was typed, and
 * a target's cover that was only the GM's floor follows the GM's change (followCoverFloors). Aiming
 * at other tokens while it is open changes its targets (retarget.ts: each target keeps its cover,
 * a new one starts at the GM's); the roll is made at the user's targets as they are at the Roll.
 * A target deleted while it is open is dropped (the dialog redraws without it and says so, core
 * target-gone.ts); a Roll pressed before that reached this client rolls and spends nothing, redraws
 * and says so. Its hero deleted (a world actor, or an unlinked token's), it closes (core roller-gone.ts).
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import type { AbilityKey } from "../data/hero.js";
import { heroView } from "../data/state.js";
import { actorDownReason, attackRefusalOf, dodgeRefusalOf, sideTurnOf } from "../cards/may-act.js";
import { combatantOf, roundOf } from "../cards/fight-round.js";
import { currentTargets, type TargetRef } from "../cards/targets.js";
import { performFeat } from "../cards/feat-roll.js";
import { readDodge } from "../cards/dodge-memory.js";
import { faseripTables } from "../cards/tables.js";
import { karmaPoolOf, karmaRefusal } from "../cards/karma.js";
import { abilityForAction, actionForWeapon, formFromFields, normaliseForm, switchedForm, type DialogAction, type FeatForm } from "./feat-form.js";
import { coverChoiceList, followCoverFloors, gmCoverOf, gmCoverShift } from "./cover-choice.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";
import { featDialogView } from "./feat-dialog-view.js";
import { multipleTargetsFor, retargetForm, sameTargets, type CoverKept } from "./retarget.js";
import { tickedTalents, withTalents, type TalentChoice } from "./talents.js";
import { readTypedNumbers, typedNote, type TypedAdjusted } from "./typed-numbers.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";
import { warnTargetDropped, warnTargetGone } from "../../../foundry/sheets/target-gone.js";

const Base = handlebarsApplication();

interface WeaponChoice {
  id: string;
  name: string;
  damage: number;
  thrown: boolean;
  range: number;
}

export interface FeatDialogOptions {
  ability?: AbilityKey;
  action?: DialogAction;
  weaponId?: string;
}

/** The hero's talents, for the dialog to offer those that help the chosen ability. */
function talentsOf(actor: Actor.Implementation): TalentChoice[] {
  return [...actor.items]
    .filter((i) => (i.type as string) === "faseripTalent")
    .map((i) => {
      const s = i.system as unknown as { ability: string; shift: number };
      return { id: i.id ?? "", name: i.name, ability: s.ability ?? "", shift: Number.isInteger(s.shift) ? s.shift : 0 };
    });
}

function weaponsOf(actor: Actor.Implementation): WeaponChoice[] {
  return [...actor.items]
    .filter((i) => (i.type as string) === "faseripWeapon")
    .map((i) => {
      const s = i.system as unknown as { damage: number; thrown: boolean; range: number };
      return { id: i.id ?? "", name: i.name, damage: s.damage, thrown: s.thrown, range: s.range };
    });
}

/** The GM's cover on the target at `uuid`, as a shift (cover-choice.ts gmCoverShift; 0 when it is not an actor). */
function coverFloorOf(uuid: string): number {
  const actor = lookupUuidSync(uuid);
  return actor instanceof Actor ? gmCoverShift(actor.system, faseripTables().cover) : 0;
}

/** The GM's cover level on the target at `uuid` (its name in the dialog's note). */
function coverLevelOf(uuid: string) {
  const actor = lookupUuidSync(uuid);
  return actor instanceof Actor ? gmCoverOf(actor.system) : "none";
}

/**
 * Whether the target, in this fight, could still roll a dodge this round (able to act, no dodge
 * yet, no other action declared: what the dodge's own roll would accept). The attacker's dialog
 * says so, so the GM asks before rolling: a dodge rolled after the attack does not shift it.
 */
function mayStillDodge(uuid: string): boolean {
  const target = lookupUuidSync(uuid);
  if (!(target instanceof Actor)) return false;
  const actor = target as Actor.Implementation;
  return combatantOf(actor) !== null && actorDownReason(actor) === null && dodgeRefusalOf(actor) === null;
}

export class FaseripFeatDialog extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "faserip", "faserip-feat-dialog"],
    tag: "form",
    position: { width: 420, height: "auto" },
    window: { title: "FRACAS.Faserip.Dialog.Title", resizable: true },
    // Closed by the handler once it has rolled: a number it cannot use as typed keeps it open (typed-numbers.ts).
    form: { handler: FaseripFeatDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/faserip/feat-dialog.hbs" },
  } as never;

  readonly actor: Actor.Implementation;
  /** The user's targets as the form holds them (brought to the user's targets now by followTargets). */
  targets: TargetRef[];
  formState: FeatForm;
  /** Numbers the form held at the last read that the roll cannot use as typed (typed-numbers.ts). */
  typed: TypedAdjusted[] = [];
  #listening = false;
  /** Each target's GM cover shift as the form last followed it (a choice equal to it follows the GM). */
  #floorsSeen: number[];
  /** The cover of targets aimed at earlier while this dialog was open, by uuid (aimed at again: kept). */
  #coverMemory = new Map<string, CoverKept>();
  /** Deleted targets already said (dropped at an event, or refused at a Roll): each is said once. */
  #toldGone = new Set<string>();

  constructor(actor: Actor.Implementation, opts: FeatDialogOptions = {}) {
    super({} as never);
    this.actor = actor;
    this.targets = currentTargets();
    const weapon = weaponsOf(actor).find((w) => w.id === opts.weaponId) ?? null;
    const action: DialogAction = opts.action ?? (weapon ? actionForWeapon(weapon) : "slugfest");
    // Cover starts at the GM's cover on each target (the least the attacker may choose).
    const floors = this.targets.map((tg) => coverFloorOf(tg.uuid));
    this.formState = {
      ability: opts.ability ?? abilityForAction(action, "fighting"),
      action,
      weaponId: weapon?.id ?? "",
      dodge: 0,
      cover: floors.length === 1 ? floors[0]! : 0,
      multipleTargets: multipleTargetsFor(this.targets.length),
      other: 0,
      karma: 0,
      targetCover: floors,
    };
    this.#floorsSeen = floors;
    watchDialog(this);
  }

  /**
   * Something the dialog shows changed elsewhere (core following-dialogs.ts): its hero or a target
   * (the GM's cover, a status, Health, Karma), the user's targets, or the round of a fight either is
   * in (the round's dodges, D: an attack after a dodge is refused). It redraws with what was typed kept.
   */
  follow(event: DialogEvent): void {
    // Its hero deleted: nothing is left to roll for, so it closes and says so (core's words).
    if (closedIfRollerGone(this, event, this.actor)) return;
    // The user aimed elsewhere: a redraw brings the form to the new targets (followTargets), unless
    // nothing the dialog holds changed (a token with no actor, the same tokens again).
    if (event.kind === "targets" && sameTargets(currentTargets(), this.targets)) return;
    const mine = (uuid: string) => uuid === this.actor.uuid || this.targets.some((tg) => tg.uuid === uuid);
    if (event.kind === "actor" && !mine(event.uuid)) return;
    if (event.kind === "combat") {
      // A new round (the round's dodges reset), or the fight's memory (a target's dodge recorded: its shift).
      if (!event.deleted && !("round" in event.changed) && !("system" in event.changed)) return;
      if (!event.combat.combatants.some((c) => isCombatantOf(c, this.actor) || mine(c.actor?.uuid ?? ""))) return;
    }
    // A number typed but not yet committed (no change event) is read first, so the redraw keeps it.
    this.readForm(null);
    // A deleted target is dropped now (and said), not at the render: a Roll before it sees the form without it.
    this.followTargets();
    void this.render();
  }

  /**
   * Another ability chip or weapon clicked on the sheet while this dialog is open (core openOnce
   * brought it to the front): it switches to what was clicked (feat-form.ts switchedForm), keeping
   * what was typed (shifts, cover, Karma, talents), and redraws (session 9, review-s8b G5). The
   * same choice again changes nothing. A dialog still opening is drawn again once it is open.
   */
  show(opts: FeatDialogOptions): void {
    const weapon = opts.weaponId ? (weaponsOf(this.actor).find((w) => w.id === opts.weaponId) ?? null) : null;
    // A weapon deleted since the click: nothing to switch to.
    if (opts.weaponId && !weapon) return;
    this.readForm(null);
    const next = switchedForm(this.formState, { ...(opts.ability ? { ability: opts.ability } : {}), ...(opts.action ? { action: opts.action } : {}), weapon });
    const f = this.formState;
    if (next.ability === f.ability && next.action === f.action && next.weaponId === f.weaponId) return;
    this.formState = next;
    void this.render(this.rendered ? {} : ({ force: true } as never));
  }

  /**
   * The form brought to the user's targets now (retarget.ts). Called at each render and at the Roll,
   * after the form was read: the fields read belong to the targets they were drawn for.
   */
  followTargets(): void {
    // A target deleted meanwhile is no longer among the user's targets (currentTargets): said once.
    for (const tg of this.targets) {
      if (lookupUuidSync(tg.uuid) || this.#toldGone.has(tg.uuid)) continue;
      this.#toldGone.add(tg.uuid);
      warnTargetDropped(tg.name);
    }
    const now = currentTargets();
    if (sameTargets(now, this.targets)) return;
    const moved = retargetForm(this.formState, this.targets, this.#floorsSeen, now, now.map((tg) => coverFloorOf(tg.uuid)), this.#coverMemory);
    this.formState = moved.form;
    this.#floorsSeen = moved.seen;
    this.#coverMemory = moved.memory;
    this.targets = now;
  }

  /** The targets' GM cover now, with the form's cover brought to it (set, raised or cleared since). */
  followFloors(): number[] {
    this.followTargets();
    const floors = this.targets.map((tg) => coverFloorOf(tg.uuid));
    this.formState = followCoverFloors(this.formState, floors, this.#floorsSeen);
    this.#floorsSeen = floors;
    return floors;
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  override get title(): string {
    return t("FRACAS.Faserip.Dialog.TitleFor", { name: this.actor.name });
  }

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const hero = heroView(this.actor.system);
    const round = roundOf(this.actor);
    const tables = faseripTables();
    const floors = this.followFloors();
    const view = featDialogView({
      actorName: this.actor.name,
      abilities: hero.abilities,
      karmaPool: karmaPoolOf(this.actor),
      weapons: weaponsOf(this.actor),
      targets: this.targets.map((tg, i) => {
        const dodge = readDodge(combatantOf({ uuid: tg.uuid, id: null }), round);
        return { name: tg.name, dodgeColor: dodge?.color ?? null, dodgeShift: dodge?.shift ?? null, coverFloor: floors[i] ?? 0, coverLevel: coverLevelOf(tg.uuid), mayStillDodge: mayStillDodge(tg.uuid) };
      }),
      form: this.formState,
      tables: { universal: tables.universal, ranks: tables.ranks, battleEffects: tables.battleEffects, dodgeShifts: tables.dodgeShifts },
      talents: talentsOf(this.actor),
      // A dodge this round was the round's action: an attack is refused (performFeat), so said here first.
      attackRefusal: attackRefusalOf(this.actor),
      // A second dodge this round, or one after another declared action: the roll's own refusal.
      dodgeRefusal: dodgeRefusalOf(this.actor),
      // Out of the side's turn: a player's attack waits (performFeat refuses it), the GM is told.
      turn: sideTurnOf(this.actor),
      typed: this.typed,
    });
    // A kernel rule error worded with its data, in this client's language (review-s11 T3).
    return { view, ruleErrorText: view.ruleError ? ruleErrorMessage(view.ruleError) : null, coverChoices: coverChoiceList(tables.cover) };
  }

  /**
   * Reads the form as it is on screen (core renderedFormValues, as V13 submits it: a number typed
   * and not yet committed counts) into formState (feat-form.ts formFromFields: cover per target with
   * several); the typed numbers strictly (typed-numbers.ts), what could not be used kept in `typed`.
   * Not rendered: nothing to read.
   */
  readForm(changed: string | null, values: Record<string, unknown> | null = renderedFormValues(this)): void {
    if (!values) return;
    const get = (k: string): unknown => values[k];
    const read = formFromFields(get, this.formState, this.targets.length, changed, talentsOf(this.actor));
    const typed = readTypedNumbers(get, read, this.formState, karmaPoolOf(this.actor));
    this.formState = typed.form;
    this.typed = typed.adjusted;
  }

  override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    // The form element outlives re-renders (only its parts are replaced): listen once.
    if (this.#listening) return;
    this.#listening = true;
    const form = this.element as HTMLFormElement;
    form.addEventListener("change", (event) => {
      const name = (event.target as HTMLInputElement | null)?.name ?? null;
      this.readForm(name);
      void this.render();
    });
  }

  /** V13's form handler: `formData` is the form as submitted (FormDataExtended). */
  static async #onSubmit(this: FaseripFeatDialog, _event: Event, _form: HTMLFormElement, formData?: { object: Record<string, unknown> }): Promise<void> {
    // A second submit while this Roll is under way (a double click on Roll d100) is ignored, so one
    // Roll takes its Karma and posts its card(s) once (session 8, "hard to break").
    await oneSubmitAtATime(this, () => this.#submitOnce(formData));
  }

  /** One Roll: the form read, any refused typed number said, then the roll and the dialog closed. */
  async #submitOnce(formData?: { object: Record<string, unknown> }): Promise<void> {
    // Its hero deleted before the event reached this client: closed as the event would have.
    if (!lookupUuidSync(this.actor.uuid)) {
      closedIfRollerGone(this, { kind: "actor", uuid: this.actor.uuid }, this.actor);
      return;
    }
    this.readForm(null, formData?.object ?? renderedFormValues(this));
    // A target deleted before its event reached this client: nothing rolled or spent; the dialog
    // redraws without it (its multiple-target shift and Karma × targets change) for the player to check.
    if (this.#refusedGoneTargets()) {
      await this.render();
      return;
    }
    // A number the roll cannot use as typed is not rolled with another: said, redrawn with the
    // number in force, and rolled at the next Roll (typed-numbers.ts).
    const refused = this.typed[0];
    if (refused) {
      const note = typedNote(refused);
      ui.notifications?.warn(t("FRACAS.Faserip.Dialog.Typed.Refused", { field: t(note.fieldKey), typed: refused.typed, used: note.data.used! }));
      await this.render();
      return;
    }
    // A GM's change since the last redraw still moves a cover that was only the floor.
    this.followFloors();
    const weapon = weaponsOf(this.actor).find((w) => w.id === this.formState.weaponId) ?? null;
    try {
      // The ticked talents' shift joins Other for the roll (the odds shown were computed the same way).
      const talents = talentsOf(this.actor);
      const form = normaliseForm(withTalents(this.formState, talents), karmaPoolOf(this.actor));
      // The cards name the ticked talents whose shifts Other now carries.
      const ticked = tickedTalents(this.formState, talents).map((x) => ({ name: x.name, shift: x.shift }));
      // The targets rolled at (a deletion's event during the roll may drop one from this.targets).
      const rolledAt = this.targets;
      const posted = await performFeat({ actor: this.actor, form, targets: rolledAt, weapon: weapon ? { name: weapon.name, damage: weapon.damage } : null, talents: ticked });
      // A target deleted during the roll's own look-up: performFeat rolled nothing and said so; redrawn, kept open.
      const gone = rolledAt.filter((tg) => !lookupUuidSync(tg.uuid));
      if (posted.length === 0 && gone.length > 0) {
        for (const tg of gone) this.#toldGone.add(tg.uuid);
        this.followTargets();
        await this.render();
        return;
      }
    } catch (e) {
      const said = karmaRefusal(e);
      if (said === null) throw e;
      ui.notifications?.warn(said);
    }
    // As closeOnSubmit did: the roll was made (or refused with its reason).
    await this.close();
  }

  /** Each target deleted since the last redraw, said as a refused Roll (core's words) and dropped; true if any. */
  #refusedGoneTargets(): boolean {
    const gone = this.targets.filter((tg) => !lookupUuidSync(tg.uuid));
    for (const tg of gone) {
      this.#toldGone.add(tg.uuid);
      warnTargetGone(tg.name);
    }
    if (gone.length > 0) this.followTargets();
    return gone.length > 0;
  }
}
