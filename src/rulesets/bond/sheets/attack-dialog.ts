/**
 * The attack roll dialog: every Ease Factor modifier, the Success Chance and the exact chance of
 * each Quality Rating shown before rolling; Roll throws a Foundry d100 and posts the attack card.
 * It reads its attacker and target anew at every render, and redraws when either changes
 * (follow), so what it shows is what Roll uses.
 */
import { handlebarsApplication } from "../../../foundry/typed.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { activeTable } from "../../../foundry/tables.js";
import { setStatuses } from "../../../foundry/status-toggles.js";
import { isRuleError } from "../../../engine/errors.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { qualityResultsTable, resolveAttack, woundTable } from "../rules/index.js";
import { attackCardView, type CardTarget } from "../cards/views.js";
import type { AttackCardResult } from "../cards/effects.js";
import { bondSystem, isNpc, rollDie, targetHasFired, warn } from "../cards/notes.js";
import { attackInput, attackTables, attackView, choicesForWeapon, coverFloor, defaultChoices, followCoverFloor, readChoices, targetRefusal, type AttackChoices, type AttackSetup } from "./attack-view.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";
import type { CoverAmount } from "../rules/index.js";
import { actorDownReason, buildSetup, liveUserTargets } from "./attack-setup.js";
import { turnText } from "./attack-turn-of.js";
import { startedCombatOf } from "../../../foundry/documents/combatant-of.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { BondWeaponData } from "../data/weapon.js";
import { readCharacteristics } from "../data/derive.js";
import { ruleErrorText } from "../rule-error.js";
import { signed } from "../format.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { openOnce } from "../../../foundry/sheets/open-once.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";
import { isDeletionOf, warnTargetDropped, warnTargetGone } from "../../../foundry/sheets/target-gone.js";

const Base = handlebarsApplication();

export class BondAttackDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "bond", "bond-attack-dialog"],
    window: { title: "FRACAS.Bond.Dialog.Title", contentClasses: ["standard-form"] },
    position: { width: 440, height: "auto" },
    form: { handler: BondAttackDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { roll: BondAttackDialog.#onRoll },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/bond/dialogs/attack.hbs" },
  };

  readonly actor: Actor.Implementation;
  /** The weapon attacked with (null: unarmed); another weapon's Attack clicked meanwhile switches it (useWeapon). */
  weapon: Item.Implementation | null;
  choices: AttackChoices;
  /** The GM's cover on the target as the choices last saw it (D49): a choice that was only that floor follows it. */
  #floorSeen: CoverAmount;
  /** The target the last render showed (follow redraws on its changes). */
  targetUuid: string | null = null;
  /** Its name, as shown (said if it goes away before Roll). */
  targetName: string | null = null;

  constructor(actor: Actor.Implementation, weapon: Item.Implementation | null) {
    super({} as never);
    this.actor = actor;
    this.weapon = weapon;
    const setup = this.setup();
    this.choices = defaultChoices(setup);
    this.#floorSeen = coverFloor(setup);
    this.targetUuid = setup.targetUuid ?? null;
    this.targetName = setup.targetName ?? null;
    watchDialog(this);
  }

  /**
   * What the dialog shows changed elsewhere (core following-dialogs.ts): its attacker or its target
   * (the GM's cover, a wound, a status), the user's targets, or the fight's round (the attacks left,
   * D4, D46). It redraws; the choices are kept (a choice that was only the cover floor follows it).
   */
  follow(event: DialogEvent): void {
    if (event.kind === "actor" && event.uuid !== this.actor.uuid && event.uuid !== this.targetUuid) return;
    // The attacker deleted (core's "actor" event on deletion, review s8b G9; an unlinked token's
    // too): nothing left to roll for, so the dialog closes and says so in core's words.
    if (closedIfRollerGone(this, event, this.actor)) return;
    // The target shown was deleted (its actor, or its unlinked token): said now in core's words
    // (D64). The redraw reads the user's live targets anew, so it no longer aims at them.
    if (event.kind === "actor" && event.uuid !== this.actor.uuid && isDeletionOf(event, this.targetUuid)) warnTargetDropped(this.targetName);
    if (event.kind === "combat") {
      // A new round, or the tracker moved to another step (whose action it is: attack-turn.ts).
      if (!event.deleted && !("round" in event.changed) && !("system" in event.changed) && !("turn" in event.changed)) return;
      if (!event.combat.combatants.some((c) => isCombatantOf(c, this.actor))) return;
    }
    // What was typed and not yet sent (a GM modifier mid-entry: a number input sends on change,
    // at blur) is kept, or the redraw would put back the last sent value.
    this.keepTyped();
    void this.render();
  }

  /**
   * Another weapon's Attack clicked on the sheet while this dialog is open (D64: one attack dialog
   * per character): the dialog now attacks with that weapon, keeping what the player chose and typed
   * where it still applies to it (choicesForWeapon), and redraws. The same weapon changes nothing.
   */
  useWeapon(weapon: Item.Implementation | null): void {
    if ((weapon?.id ?? null) === (this.weapon?.id ?? null)) return;
    // Read with the weapon the form was drawn for, then carried over.
    this.keepTyped();
    this.weapon = weapon;
    this.choices = choicesForWeapon(this.current(), this.choices);
    void this.render({ force: true } as never);
  }

  /** The rendered form's current values into the choices (nothing before the first render). */
  keepTyped(): void {
    const values = renderedFormValues(this);
    if (values) this.choices = readChoices(this.setup(), values, this.choices);
  }

  setup(): AttackSetup {
    return buildSetup(this.actor, this.weapon);
  }

  /** The setup now, with the choices brought up to the target's cover now (set, raised or cleared by the GM since). */
  current(): AttackSetup {
    const setup = this.setup();
    this.choices = followCoverFloor(setup, this.choices, this.#floorSeen);
    this.#floorSeen = coverFloor(setup);
    this.targetUuid = setup.targetUuid ?? null;
    this.targetName = setup.targetName ?? null;
    return setup;
  }

  protected override async _prepareContext(): Promise<never> {
    const view = attackView(this.current(), this.choices);
    // A kernel rule error is worded with its data here (the view is pure); the template shows this
    // sentence in place of `view.error`, which alone would leave the string's "{name}" unfilled.
    return { view, ruleErrorText: view.ruleError ? ruleErrorText(view.ruleError) : null } as never;
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  static async #onChange(this: BondAttackDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.choices = readChoices(this.current(), formData.object, this.choices);
    await this.render();
  }

  static async #onRoll(this: BondAttackDialog): Promise<void> {
    // A second click on Roll while this one is rolling is ignored: one card, one attack of the
    // round counted (session 8, "hard to break"; the dialog closes only after its card is posted).
    await oneSubmitAtATime(this, () => this.#rollOnce());
  }

  async #rollOnce(): Promise<void> {
    // The character may have gone down since the dialog opened.
    if (refuseIfDown(this.actor)) return;
    // The form as it stands: a value typed just before the click may not have been sent yet.
    this.keepTyped();
    // A GM modifier typed but not usable as typed (not yet sent, so not yet said): not rolled at
    // another number than the one typed; the redraw shows the number in force and why.
    const adjusted = this.choices.gmModifierAdjusted;
    if (adjusted) {
      warn("FRACAS.Bond.Dialog.GmModifierRefused", { typed: adjusted.typed, used: signed(adjusted.used) });
      await this.render();
      return;
    }
    // The target shown went away before a redraw reached this Roll (deleted, or untargeted): not
    // rolled at other odds than those shown, nor as an attack at no one; said, redrawn, nothing
    // spent (D63). A deletion in core's words; an untargeting in Bond's.
    const shown = { uuid: this.targetUuid, name: this.targetName };
    if (shown.uuid !== null && this.setup().targetUuid !== shown.uuid) {
      if (lookupUuidSync(shown.uuid)) warn("FRACAS.Bond.Dialog.TargetChanged", { name: shown.name ?? "" });
      else warnTargetGone(shown.name);
      // Taken in now, not only by the redraw: the next Roll is the attack as it now stands.
      this.current();
      await this.render();
      return;
    }
    const setup = this.current();
    const view = attackView(setup, this.choices);
    if (view.dropped) return warn("FRACAS.Bond.Dialog.Dropped", { weapon: setup.weaponName });
    if (view.ruleError) return void ui.notifications?.warn(ruleErrorText(view.ruleError));
    // Not this character's action now (attack-turn.ts): nothing rolled, nothing counted.
    if (setup.turn?.refused) return void ui.notifications?.warn(turnText(setup.turn, this.actor.name));
    if (!view.canRoll) return warn(view.error ?? "FRACAS.Bond.Dialog.NoAttacksLeft");
    await rollAttack(this.actor, setup, this.choices);
    await this.close();
  }
}

/** Warns and returns true when the character cannot act (Killed, unconscious, stunned, a wound roll due…). */
export function refuseIfDown(actor: Actor.Implementation): boolean {
  const reason = actorDownReason(actor);
  if (reason === null) return false;
  warn("FRACAS.Bond.Refused.CannotAct", { name: actor.name, reason: game.i18n.localize(reason) });
  return true;
}

/**
 * The sheet's attack action: the roll dialog for this weapon (or unarmed), unless the character
 * cannot act. One attack dialog per character (core openOnce, D64): a second click brings the open
 * one to the front, switched to the weapon clicked (the choices that still apply kept).
 */
export async function openAttackDialog(actor: Actor.Implementation, weapon: Item.Implementation | null): Promise<BondAttackDialog | null> {
  if (refuseIfDown(actor)) return null;
  const dialog = await openOnce(`bond.attack:${actor.uuid}`, () => new BondAttackDialog(actor, weapon));
  dialog.useWeapon(weapon);
  return dialog;
}

/** Rolls the attack, records it against the round's allowance and posts the card. */
export async function rollAttack(
  actor: Actor.Implementation,
  setup: AttackSetup,
  choices: AttackChoices,
  targets: { uuid: string; name: string }[] = liveUserTargets(),
): Promise<ChatMessage.Implementation | undefined> {
  // A weapon knocked away by a Disarm is picked up first (D41).
  if (setup.weaponDropped) {
    warn("FRACAS.Bond.Dialog.Dropped", { weapon: setup.weaponName });
    return undefined;
  }
  // One target an attack (D54), and a Knockout only at one: refused before any die is thrown.
  const refusal = targetRefusal({ targetName: targets[0]?.name ?? null, targetCount: targets.length }, setup.attackKind === "hth" ? choices.specificBlow : null);
  if (refusal) {
    warn(refusal);
    return undefined;
  }
  const d100 = await rollDie("1d100");
  const d6 = await rollDie("1d6");
  let result;
  try {
    result = resolveAttack(attackInput(setup, choices, d100.total), { ...attackTables(), wounds: activeTable(woundTable) });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(ruleErrorText(e));
    return undefined;
  }
  const combat = startedCombatOf(actor);
  const combatId = combat?.id ?? "";
  const combatRound = combat?.round ?? 0;
  const cardResult: AttackCardResult = {
    ...result,
    attackId: foundry.utils.randomID(),
    hoursRoll: d6.total,
    attackerName: actor.name,
    weaponName: setup.weaponName,
    drawModifier: setup.drawModifier ?? 0,
    combatId,
    combatRound,
    ...(setup.declaration ? { declaration: setup.declaration } : {}),
  };
  // Rise and release change the striker's own statuses.
  await setStatuses(actor, cardResult.effect?.attacker ?? []);
  const sys = bondSystem(actor);
  const update: Record<string, unknown> = {};
  if (combat && sys) {
    const sameRound = sys.roundAttacks.combat === combatId && sys.roundAttacks.round === combatRound;
    update["system.roundAttacks"] = { combat: combatId, round: combatRound, count: Math.min(99, setup.attacksMade + 1), fired: (sameRound && sys.roundAttacks.fired) || setup.attackKind === "fire" };
  }
  // The weapon attacked with is in hand from now on (what a Disarm would drop, D41).
  if (sys && setup.weaponId && sys.inHand !== setup.weaponId) update["system.inHand"] = setup.weaponId;
  if (Object.keys(update).length > 0) await actor.update(update as never);
  const cardTargets: CardTarget[] = targets.map((t) => {
    const a = lookupUuidSync(t.uuid);
    return a instanceof Actor ? drawTarget(t, a as Actor.Implementation, combatId, combatRound) : { ...t, isPC: false };
  });
  return postCard({
    ruleset: "bond",
    kind: "attack",
    source: actor,
    result: cardResult as unknown as JsonObject,
    // The d6 (hours unconscious) is shown when the hit itself incapacitates; via accumulation it is
    // still used on Apply, but which target it concerns is only known then.
    rolls: cardResult.woundLevel === "IN" ? [d100.roll, d6.roll] : [d100.roll],
    targets,
    context: {
      card: attackCardView(cardResult, cardTargets, {
        heroPointsAnyPC: rulesetOption<string>("bond", "heroPoints", "target") === "anyPlayerCharacter",
        qualityTable: activeTable(qualityResultsTable),
      }),
    },
  });
}

/** A target as the attack card sees it: PC or not, fired this round or not, its firearms (for a draw), its Strength (Shake Off). */
function drawTarget(t: { uuid: string; name: string }, actor: Actor.Implementation, combatId: string, round: number): CardTarget {
  const sys = bondSystem(actor);
  const firearms: { id: string; name: string }[] = [];
  for (const item of actor.items) {
    if (item.system instanceof BondWeaponData && item.system.attackKind === "fire") firearms.push({ id: item.id ?? "", name: item.name });
  }
  const strength = sys ? readCharacteristics(sys.characteristics).str : undefined;
  return { ...t, isPC: !isNpc(actor), hasFired: targetHasFired(sys, combatId, round), firearms, ...(strength === undefined ? {} : { strength }) };
}

