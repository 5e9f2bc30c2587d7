/**
 * The First Aid roll dialog, opened from the wounded character's sheet: the user picks the healer
 * (their own character or any bond character they own that has a First Aid skill), the GM may
 * change the Ease Factor, and the exact chance of success is shown before rolling. Roll throws a
 * Foundry d100, posts the First Aid card on the wounded character and applies it (Undo on the card).
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { applyCardNow } from "../../../foundry/chat/apply-now.js";
import { isRuleError } from "../../../engine/errors.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { applyFirstAid, type WoundState } from "../rules/index.js";
import { firstAidChance, readCharacteristics, safeWoundState, type SkillLike } from "../data/derive.js";
import { BondSkillData } from "../data/skill.js";
import { firstAidCheck, type FirstAidCardResult } from "../cards/effects.js";
import { firstAidCardView } from "../cards/views.js";
import { bondSystem, rollDie, warn } from "../cards/notes.js";
import {
  defaultFirstAidChoices,
  firstAidEase,
  firstAidView,
  readFirstAidChoices,
  type FirstAidChoices,
  type FirstAidHealer,
  type FirstAidSetup,
} from "./first-aid-view.js";
import { easeAtRoll } from "./ease-at-roll.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";

function skillsOf(actor: Actor.Implementation): SkillLike[] {
  const out: SkillLike[] = [];
  for (const item of actor.items) if (item.system instanceof BondSkillData) out.push(item.system.asSkill(item.id ?? "", item.name));
  return out;
}

/** A bond character as a healer: its best First Aid skill's Primary Chance, or null without one. */
export function healerOf(actor: Actor.Implementation): FirstAidHealer | null {
  const sys = bondSystem(actor);
  if (!sys) return null;
  const fa = firstAidChance(readCharacteristics(sys.characteristics), skillsOf(actor));
  if (!fa) return null;
  return { uuid: actor.uuid, name: actor.name, skillName: fa.skillName, primaryChance: fa.primaryChance, wound: safeWoundState(sys.wound) };
}

/**
 * The healers `user` may roll for: the wounded character itself when they own it, their assigned
 * character, then every other bond character they own — those with a First Aid skill. The wounded
 * character is the default healer when it has the skill, else the assigned character, else the first.
 */
export function buildFirstAidSetup(patient: Actor.Implementation, user: User.Implementation = game.user): FirstAidSetup {
  const assigned = (user as unknown as { character?: Actor.Implementation | null }).character ?? null;
  const owns = (a: Actor.Implementation) => a.testUserPermission(user, "OWNER");
  const candidates: Actor.Implementation[] = [];
  const add = (a: Actor.Implementation | null | undefined) => {
    if (a && bondSystem(a) && !candidates.some((c) => c.id === a.id)) candidates.push(a);
  };
  if (owns(patient)) add(patient);
  add(assigned);
  for (const a of game.actors) if (owns(a as Actor.Implementation)) add(a as Actor.Implementation);
  const healers = candidates.map(healerOf).filter((h): h is FirstAidHealer => h !== null);
  const pick = [patient.uuid, assigned?.uuid].find((u) => u && healers.some((h) => h.uuid === u)) ?? healers[0]?.uuid ?? null;
  return {
    patientName: patient.name,
    patientWound: safeWoundState(bondSystem(patient)?.wound),
    healers,
    defaultHealer: pick,
    isGM: user.isGM,
  };
}

const Base = handlebarsApplication();

export class BondFirstAidDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "bond", "bond-first-aid-dialog"],
    window: { title: "FRACAS.Bond.FirstAid.Title", contentClasses: ["standard-form"] },
    position: { width: 400, height: "auto" },
    form: { handler: BondFirstAidDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { roll: BondFirstAidDialog.#onRoll },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/bond/dialogs/first-aid.hbs" },
  };

  readonly patient: Actor.Implementation;
  choices: FirstAidChoices;

  constructor(patient: Actor.Implementation) {
    super({} as never);
    this.patient = patient;
    this.choices = defaultFirstAidChoices(this.setup());
    watchDialog(this);
  }

  /**
   * The wounded character or a healer changed elsewhere (the GM editing a characteristic or a wound
   * on a sheet, a status landing) or the GM overrode a rules table: redrawn, so the chance shown is
   * the one Roll uses (session 8, "hard to break" 4). What was typed and not yet sent is kept.
   */
  follow(event: DialogEvent): void {
    // The patient deleted: nobody is left to treat, so the dialog closes, saying so (review s8b G9).
    if (closedIfRollerGone(this, event, this.patient, "FRACAS.Bond.FirstAid.PatientGone")) return;
    if (event.kind === "actor") {
      const shown = event.uuid === this.patient.uuid || event.uuid === this.choices.healerUuid || this.setup().healers.some((h) => h.uuid === event.uuid);
      if (!shown) return;
    } else if (event.kind !== "setting") return;
    const setup = this.setup();
    const values = renderedFormValues(this);
    if (values) this.choices = readFirstAidChoices(setup, values, this.choices);
    // The chosen healer left the list (deleted, or no First Aid skill of theirs now): said in those
    // words, not as "none of your characters has the skill" (wave-1 report), and the dialog takes the
    // healer it would open with, which the redraw shows.
    const chosen = this.#healerShown;
    if (chosen && chosen.uuid === this.choices.healerUuid && !setup.healers.some((h) => h.uuid === chosen.uuid)) {
      warn(lookupUuidSync(chosen.uuid) ? "FRACAS.Bond.FirstAid.HealerLeft" : "FRACAS.Bond.FirstAid.HealerDropped", { name: chosen.name });
      this.choices = { ...this.choices, healerUuid: setup.defaultHealer ?? "" };
    }
    void this.render();
  }

  /** The healer the dialog last drew as chosen (its odds are the ones shown), or null. */
  #healerShown: { uuid: string; name: string } | null = null;

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  setup(): FirstAidSetup {
    return buildFirstAidSetup(this.patient);
  }

  protected override async _prepareContext(): Promise<never> {
    const setup = this.setup();
    const healer = setup.healers.find((h) => h.uuid === this.choices.healerUuid);
    this.#healerShown = healer ? { uuid: healer.uuid, name: healer.name } : null;
    return { view: firstAidView(setup, this.choices) } as never;
  }

  static async #onChange(this: BondFirstAidDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.choices = readFirstAidChoices(this.setup(), formData.object, this.choices);
    await this.render();
  }

  static async #onRoll(this: BondFirstAidDialog): Promise<void> {
    // A second click on Roll while this one is rolling is ignored: one d100, one card (session 8,
    // "hard to break"; the dialog closes only after its card is posted).
    await oneSubmitAtATime(this, () => this.#rollOnce());
  }

  async #rollOnce(): Promise<void> {
    const atRoll = await easeAtRoll(this, this.choices, (values, previous) => readFirstAidChoices(this.setup(), values, previous));
    this.choices = atRoll.choices;
    if (atRoll.refused) return;
    // The healer shown left the list before a redraw reached this Roll: not rolled for another
    // healer than the one shown, nor as "no healer"; said, redrawn with the healer now chosen.
    const shown = this.#healerShown;
    const setup = this.setup();
    if (shown && !setup.healers.some((h) => h.uuid === shown.uuid)) {
      warn(lookupUuidSync(shown.uuid) ? "FRACAS.Bond.FirstAid.HealerLeftAtRoll" : "FRACAS.Bond.FirstAid.HealerGone", { name: shown.name });
      if (!setup.healers.some((h) => h.uuid === this.choices.healerUuid)) this.choices = { ...this.choices, healerUuid: setup.defaultHealer ?? "" };
      await this.render();
      return;
    }
    const message = await rollFirstAid(this.patient, this.setup(), this.choices);
    if (message) await this.close();
  }
}

/**
 * Rolls the healer's First Aid (d100 against PC × EF), posts the card on the wounded character and
 * applies it there (the GM's client does it when the user may not write the patient).
 */
export async function rollFirstAid(patient: Actor.Implementation, setup: FirstAidSetup, choices: FirstAidChoices): Promise<ChatMessage.Implementation | undefined> {
  const view = firstAidView(setup, choices);
  const healer = setup.healers.find((h) => h.uuid === choices.healerUuid);
  if (!view.canRoll || !healer) {
    // {name} in a refusal is the healer's (HealerCannotAct), as the dialog shows it.
    warn(view.error ?? "FRACAS.Bond.FirstAid.NoHealer", { name: view.healerName });
    return undefined;
  }
  const ease = firstAidEase(healer, choices.ease);
  const d100 = await rollDie("1d100");
  const result: FirstAidCardResult = {
    healerName: healer.name,
    healerUuid: healer.uuid,
    patientName: patient.name,
    skillName: healer.skillName,
    primaryChance: healer.primaryChance,
    easeItems: ease.items,
    easeUnclamped: ease.unclamped,
    roll: d100.total,
  };
  const check = firstAidCheck(result);
  let after: WoundState | null = null;
  try {
    after = applyFirstAid(setup.patientWound, check.success).state;
  } catch (e) {
    if (!isRuleError(e)) throw e;
  }
  const source = lookupUuidSync(healer.uuid);
  const message = await postCard({
    ruleset: "bond",
    kind: "firstAid",
    source: source instanceof Actor ? (source as Actor.Implementation) : patient,
    result: result as unknown as JsonObject,
    rolls: [d100.roll],
    targets: [{ uuid: patient.uuid, name: patient.name }],
    context: { card: firstAidCardView(result, check, after) },
  });
  if (!message?.id) return message;
  await applyCardNow(message, patient);
  return message;
}
