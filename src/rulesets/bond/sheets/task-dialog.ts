/**
 * The task roll dialog, opened from the character sheet: pick a skill or characteristic, enter the
 * Ease Factor the GM calls, see the Success Chance and the exact odds (the roller's wound penalty
 * counted), roll a Foundry d100 and post the task card.
 */
import { handlebarsApplication } from "../../../foundry/typed.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { activeTable } from "../../../foundry/tables.js";
import { qualityResultsTable } from "../rules/index.js";
import { readCharacteristics, type SkillLike } from "../data/derive.js";
import { BondSkillData } from "../data/skill.js";
import { bondSystem, rollDie, warn } from "../cards/notes.js";
import { taskCardView, taskCheck, type TaskCardResult } from "../cards/task.js";
import { actorDownReason } from "./attack-setup.js";
import { easeAtRoll } from "./ease-at-roll.js";
import { oneSubmitAtATime } from "../../../foundry/sheets/one-submit.js";
import { forgetDialog, watchDialog, type DialogEvent } from "../../../foundry/sheets/following-dialogs.js";
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { closedIfRollerGone } from "../../../foundry/sheets/roller-gone.js";
import { defaultTaskChoices, readTaskChoices, taskEase, taskOptions, taskView, type TaskChoices, type TaskSetup } from "./task-view.js";

export function buildTaskSetup(actor: Actor.Implementation): TaskSetup {
  const sys = bondSystem(actor);
  const skills: SkillLike[] = [];
  for (const item of actor.items) if (item.system instanceof BondSkillData) skills.push(item.system.asSkill(item.id ?? "", item.name));
  return {
    actorName: actor.name,
    options: taskOptions(readCharacteristics(sys?.characteristics), skills),
    woundLevel: sys?.woundState.level ?? "none",
    downReason: actorDownReason(actor),
  };
}

const Base = handlebarsApplication();

export class BondTaskDialog extends Base {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["fracas", "bond", "bond-task-dialog"],
    window: { title: "FRACAS.Bond.Task.Title", contentClasses: ["standard-form"] },
    position: { width: 400, height: "auto" },
    form: { handler: BondTaskDialog.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: { roll: BondTaskDialog.#onRoll },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/bond/dialogs/task.hbs" },
  };

  readonly actor: Actor.Implementation;
  choices: TaskChoices;

  constructor(actor: Actor.Implementation) {
    super({} as never);
    this.actor = actor;
    this.choices = defaultTaskChoices(this.setup());
    watchDialog(this);
  }

  /**
   * The roller changed elsewhere (the GM editing a characteristic or the wound on the sheet, a status
   * landing) or the GM overrode a rules table: redrawn, so the chance shown is the one Roll uses
   * (session 8, "hard to break" 4). What was typed and not yet sent is kept.
   */
  follow(event: DialogEvent): void {
    if (event.kind === "actor" ? event.uuid !== this.actor.uuid : event.kind !== "setting") return;
    // The roller deleted (its actor, or its unlinked token): the dialog closes, saying so in core's words (review s8b G9).
    if (closedIfRollerGone(this, event, this.actor)) return;
    const values = renderedFormValues(this);
    if (values) this.choices = readTaskChoices(this.setup(), values, this.choices);
    void this.render();
  }

  protected override _onClose(options: never): void {
    super._onClose(options);
    forgetDialog(this);
  }

  setup(): TaskSetup {
    return buildTaskSetup(this.actor);
  }

  protected override async _prepareContext(): Promise<never> {
    return { view: taskView(this.setup(), this.choices) } as never;
  }

  static async #onChange(this: BondTaskDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.choices = readTaskChoices(this.setup(), formData.object, this.choices);
    await this.render();
  }

  static async #onRoll(this: BondTaskDialog): Promise<void> {
    // A second click on Roll while this one is rolling is ignored: one d100, one card (session 8,
    // "hard to break"; the dialog closes only after its card is posted).
    await oneSubmitAtATime(this, () => this.#rollOnce());
  }

  async #rollOnce(): Promise<void> {
    const atRoll = await easeAtRoll(this, this.choices, (values, previous) => readTaskChoices(this.setup(), values, previous));
    this.choices = atRoll.choices;
    if (atRoll.refused) return;
    const message = await rollTask(this.actor, this.setup(), this.choices);
    if (message) await this.close();
  }
}

/** Rolls the task (d100 against PC × EF) and posts its card; refused (warned) when the character cannot act. */
export async function rollTask(actor: Actor.Implementation, setup: TaskSetup, choices: TaskChoices): Promise<ChatMessage.Implementation | undefined> {
  const view = taskView(setup, choices);
  const option = setup.options.find((o) => o.key === choices.key);
  if (!view.canRoll || !option) {
    if (setup.downReason) warn("FRACAS.Bond.Refused.CannotAct", { name: actor.name, reason: game.i18n.localize(setup.downReason) });
    else warn(view.error ?? "FRACAS.Bond.Task.NothingToRoll");
    return undefined;
  }
  const ease = taskEase(setup.woundLevel, choices.ease);
  const d100 = await rollDie("1d100");
  const result: TaskCardResult = {
    actorName: actor.name,
    taskLabel: option.label,
    localize: option.localize,
    primaryChance: option.primaryChance,
    easeItems: ease.items,
    easeUnclamped: ease.unclamped,
    roll: d100.total,
  };
  return postCard({
    ruleset: "bond",
    kind: "task",
    source: actor,
    result: result as unknown as JsonObject,
    rolls: [d100.roll],
    targets: [],
    context: { card: taskCardView(result, taskCheck(result), activeTable(qualityResultsTable)) },
  });
}
