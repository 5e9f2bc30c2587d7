/**
 * The roll dialog (AppV2 form): Area, Agent Points spent and dice gathered, Wagers (set before the
 * roll), called shot, capture alive, finishing an Almost Dead Agent, the target from the user's
 * targets — and the exact chance of meeting the TN, recomputed on every change, before rolling.
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { userTargets } from "../../../foundry/chat/cards.js";
import { t } from "../../../foundry/i18n.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { DEFAULT_TOTAL_MODE } from "../rules/index.js";
import type { AreaEntry, AreaSlot } from "../data/areas.js";
import { AREA_SLOTS, KILLING_SLOT } from "../data/areas.js";
import { choiceFrom, refusedNumbers, type RefusedNumber, type RollChoice } from "../cards/roll-model.js";
import { commitDuel, grids, rollAndPost, totalMode } from "../cards/flow.js";
import { agentHealthOf } from "../cards/effects.js";
import { defaultKind, kindsFor, rollDialogView, type DialogTarget } from "./view.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";
import { isDeletionOf, warnTargetDropped, warnTargetGone } from "../../../foundry/sheets/target-gone.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";

const Base = handlebarsApplication();

/** What the dialog knows of a targeted actor. */
export function dialogTarget(uuid: string, name: string): DialogTarget | null {
  const actor = lookupUuidSync(uuid);
  if (!(actor instanceof Actor)) return null;
  const sys = actor.system as unknown as JsonObject;
  const type = actor.type as string;
  if (type === "zodiacOtherAgent") {
    return { uuid, name, type, tn: Number(sys.tn), rank: Number(sys.rank), accumulated: Number(sys.wagersAgainst), almostDead: false };
  }
  if (type === "zodiacAgent") {
    const profile = (actor.system as unknown as { profile?: { rank: number; tn: number } }).profile;
    const h = agentHealthOf(sys);
    return { uuid, name, type, tn: profile?.tn ?? null, rank: profile?.rank ?? null, accumulated: h.wagersAgainst, almostDead: h.status === "almostDead" };
  }
  return { uuid, name, type, tn: null, rank: null, accumulated: 0, almostDead: false };
}

export class ZodiacRollDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "zodiac", "zodiac-roll-dialog"],
    window: { title: "FRACAS.Zodiac.Dialog.Title", resizable: true },
    position: { width: 420, height: "auto" },
    form: { handler: ZodiacRollDialog.#onSubmit, closeOnSubmit: false, submitOnChange: false },
  } as never;

  static PARTS = { form: { template: "systems/fracas/templates/zodiac/roll-dialog.hbs" } };

  actor: Actor.Implementation;
  slot: AreaSlot;
  choice: RollChoice;
  target: DialogTarget | null;
  /** Numbers last typed that were not taken (kept at their previous value): the dialog says so. */
  refused: RefusedNumber[] = [];

  constructor(options: { actor: Actor.Implementation; slot?: AreaSlot }) {
    super({} as never);
    this.actor = options.actor;
    this.slot = options.slot ?? KILLING_SLOT;
    const first = userTargets()[0];
    this.target = first ? dialogTarget(first.uuid, first.name) : null;
    this.choice = {
      kind: defaultKind(this.target, this.slot),
      area: 1,
      spend: 0,
      gathered: 0,
      wagers: 0,
      calledShot: null,
      captureAlive: false,
      finish: false,
      tn: 10,
      totalMode: DEFAULT_TOTAL_MODE,
    };
    watchDialog(this);
  }

  /**
   * What the dialog shows changed elsewhere (core following-dialogs.ts): its roller (Agent Points,
   * Almost Dead: the spend and the finishing point allowed), its target (a TN or Rank Operations set,
   * the Wagers against it, Almost Dead: whether a finishing Wager is offered), or the user aimed at
   * someone else. Before, the target was read once at opening and the roller only on a change in the
   * form, so the odds shown (and, for the target, the TN rolled) could be stale. The combat is not
   * read here: nothing the dialog shows depends on it. What was typed is kept.
   */
  follow(event: DialogEvent): void {
    if (event.kind === "combat") return;
    if (event.kind === "actor" && event.uuid !== this.actor.uuid && event.uuid !== this.target?.uuid) return;
    // Deleted (core's "actor" event on deletion, review s8 F8; an unlinked token deleted alone too):
    // the roller closes the dialog, nothing to roll for; the target is dropped at once (after reading
    // what was typed), said now rather than only at Roll. Core's words for both (target-gone.ts).
    if (closedIfRollerGone(this, event, this.actor)) return;
    const deleted = isDeletionOf(event, this.target?.uuid);
    this.readForm();
    if (deleted) this.dropTarget();
    if (event.kind === "targets") {
      const first = userTargets()[0];
      if ((first?.uuid ?? null) === (this.target?.uuid ?? null)) return;
      this.target = first ? dialogTarget(first.uuid, first.name) : null;
      // A roll kind that fits the new target stays; else the one the dialog would open on for it.
      if (!kindsFor(this.target).includes(this.choice.kind)) this.choice = { ...this.choice, kind: defaultKind(this.target, this.slot) };
    }
    void this.render();
  }

  /**
   * The target deleted: the dialog stops aiming at it and says so. Until the dialog has redrawn
   * without it (`dropped`), a Roll is refused as before (submitOnce): the form may still show a
   * strike or duel the player chose for that target.
   */
  private dropTarget(): void {
    const gone = this.target!;
    this.target = null;
    this.dropped = gone.name;
    this.#drops++;
    warnTargetDropped(gone.name);
    if (!kindsFor(null).includes(this.choice.kind)) this.choice = { ...this.choice, kind: defaultKind(null, this.slot) };
  }

  /** The name of a target dropped since the dialog last drew (follow), or null. */
  private dropped: string | null = null;
  /**
   * Targets dropped so far. A draw clears `dropped` only when its context was prepared after the
   * last drop (review s8b G8): a render already under way when the target was deleted draws the
   * form as it was (the strike or duel chosen for that target), so its Roll must still be refused.
   */
  #drops = 0;

  /**
   * Shows this Area (the sheet's Roll of another Area while the dialog is open: core openOnce),
   * keeping what was typed. A dialog still opening (its first render under way) takes the last
   * click too: before, it ignored it (nothing rendered to redraw) and opened on the first click's
   * Area. It is drawn again with the Area (forced: a render that is not forced draws nothing on a
   * window not yet open; V13 runs a window's renders one after another). The roll kind follows the
   * click when it was the one the dialog opens on for the old Area (nothing chosen since), or when it
   * is a kill, which rolls Aries only (before, a kill kept drawing Aries for any Area clicked): it
   * becomes the one a dialog opened on the clicked Area gets (defaultKind). A kind chosen is kept.
   */
  showSlot(slot: AreaSlot): void {
    this.readForm();
    if (slot === this.slot) return;
    const chosen = this.choice.kind !== defaultKind(this.target, this.slot) && this.choice.kind !== "kill";
    this.slot = slot;
    if (!chosen) this.choice = { ...this.choice, kind: defaultKind(this.target, slot) };
    void this.render(this.rendered ? {} : ({ force: true } as never));
  }

  /** The form's values into the choice (a value typed and not yet committed by a change event too). */
  private readForm(): void {
    const data = renderedFormValues(this);
    if (!data) return;
    const slot = String(data.slot);
    if ((AREA_SLOTS as readonly string[]).includes(slot)) this.slot = slot as AreaSlot;
    this.refused = refusedNumbers(data, this.choice);
    this.choice = choiceFrom(data, this.choice);
  }

  /** The target as it stands now (its sheet may have changed since the dialog opened); null once deleted. */
  private currentTarget(): DialogTarget | null {
    if (this.target) this.target = dialogTarget(this.target.uuid, this.target.name);
    return this.target;
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  private view() {
    const sys = this.actor.system as unknown as { areas: Record<string, AreaEntry>; agentPoints: { value: number } };
    const g = grids();
    return rollDialogView({
      actorName: this.actor.name,
      areas: sys.areas,
      slot: this.slot,
      choice: this.choice,
      agentPoints: sys.agentPoints.value,
      almostDead: agentHealthOf(this.actor.system as unknown as JsonObject).status === "almostDead",
      target: this.currentTarget(),
      totalMode: totalMode(),
      everyoneElseTn: g.tn,
      calledShotGrid: g.shots,
      refused: this.refused,
      localize: t,
    });
  }

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    // The drops counted as this context is prepared: its draw then knows whether it shows the last drop (G8).
    return { ...base, ...this.view(), dropsSeen: this.#drops } as never;
  }

  #listening = false;

  protected override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    // Drawn without the dropped target (its context prepared after the drop): the next Roll is the
    // one the dialog now shows. A draw prepared before the drop keeps the refusal (G8).
    if ((context as { dropsSeen?: number }).dropsSeen === this.#drops) this.dropped = null;
    // The form element outlives re-renders: listen once, re-render the odds on every change.
    if (this.#listening) return;
    this.#listening = true;
    this.element.addEventListener("change", () => {
      this.readForm();
      void this.render();
    });
  }

  /**
   * Roll (or Commit) reads the form first, as a redraw does (UX review s6b #2): the `change` event
   * that a typed number fires as Roll is pressed only starts a redraw, so the submit rolled at once
   * with the number kept in place of what was typed, spending Agent Points on Wagers the player did
   * not mean, and the line saying so was drawn into a closing dialog. Now a form holding a number
   * the roll cannot use rolls nothing: the first is said (the shared typed-number refusal, as Bond's
   * and FASERIP's Roll do), the dialog redraws with the kept value, and the next press rolls.
   *
   * One submit at a time (core one-submit.ts, session 8 wave 2): V13 runs this handler for every
   * submit event and the dialog closes only after its card is posted, so a double click on Roll or
   * Commit rolled (or sealed) twice and spent the Agent Points twice. A second press while the
   * first runs is ignored.
   */
  static async #onSubmit(this: ZodiacRollDialog): Promise<void> {
    await oneSubmitAtATime(this, () => this.submitOnce());
  }

  private async submitOnce(): Promise<void> {
    this.readForm();
    const bad = this.refused[0];
    if (bad) {
      const button = t(this.choice.kind === "duel" ? "FRACAS.Zodiac.Dialog.Commit" : "FRACAS.Zodiac.Dialog.Roll");
      ui.notifications?.warn(t("FRACAS.Zodiac.Dialog.Refused", { field: t(`FRACAS.Zodiac.Dialog.Field.${bad.field}`), typed: bad.typed, kept: bad.kept, button }));
      await this.render();
      return;
    }
    // The target deleted since the dialog opened (hard to break, scenario 1): the view would now
    // offer a kill or fight roll in its place, so Roll would spend Agent Points on a roll the player
    // never chose. Nothing is rolled; the dialog redraws without the target, saying so.
    // Dropped by follow and not yet redrawn without it: the same refusal (the form still shows it).
    const aimedAt = this.target?.name ?? this.dropped;
    const v = this.view();
    if (aimedAt && !this.target) {
      warnTargetGone(aimedAt);
      await this.render();
      return;
    }
    if (!v.model.ok) {
      ui.notifications?.warn(t(v.model.error?.key ?? "FRACAS.Chat.Failed", v.model.error?.data));
      return;
    }
    const choice = v.choice as RollChoice;
    // The view's slot: a kill has rolled the killing Area whatever the select last held.
    const slot = v.slot as AreaSlot;
    if (choice.kind === "duel" && this.target) await commitDuel(this.actor, slot, choice, v.model, this.target);
    else await rollAndPost(this.actor, slot, choice, v.model, this.target);
    await this.close();
  }
}
