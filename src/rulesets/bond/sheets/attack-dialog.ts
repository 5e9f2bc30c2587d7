/**
 * The attack roll dialog: every Ease Factor modifier, the Success Chance and the exact chance of
 * each Quality Rating shown before rolling; Roll throws a Foundry d100 and posts the attack card.
 */
import { handlebarsApplication } from "../../../foundry/typed.js";
import { postCard, userTargets } from "../../../foundry/chat/cards.js";
import { activeTable } from "../../../foundry/tables.js";
import { statusEffectId } from "../../../engine/events.js";
import { isRuleError } from "../../../engine/errors.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { resolveAttack, woundTable } from "../rules/index.js";
import { attackCardView, type CardTarget } from "../cards/views.js";
import type { AttackCardResult } from "../cards/effects.js";
import { bondSystem, isNpc, rollDie, warn } from "../cards/notes.js";
import { attackInput, attackTables, attackView, defaultChoices, readChoices, type AttackChoices, type AttackSetup } from "./attack-view.js";
import { buildSetup, combatOf } from "./attack-setup.js";

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
  readonly weapon: Item.Implementation | null;
  choices: AttackChoices;

  constructor(actor: Actor.Implementation, weapon: Item.Implementation | null) {
    super({} as never);
    this.actor = actor;
    this.weapon = weapon;
    this.choices = defaultChoices(this.setup());
  }

  setup(): AttackSetup {
    return buildSetup(this.actor, this.weapon);
  }

  protected override async _prepareContext(): Promise<never> {
    return { view: attackView(this.setup(), this.choices) } as never;
  }

  static async #onChange(this: BondAttackDialog, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    this.choices = readChoices(this.setup(), formData.object, this.choices);
    await this.render();
  }

  static async #onRoll(this: BondAttackDialog): Promise<void> {
    const setup = this.setup();
    const view = attackView(setup, this.choices);
    if (!view.canRoll) return warn(view.error ?? "FRACAS.Bond.Dialog.NoAttacksLeft");
    await rollAttack(this.actor, setup, this.choices);
    await this.close();
  }
}

/** Rolls the attack, records it against the round's allowance and posts the card. */
export async function rollAttack(
  actor: Actor.Implementation,
  setup: AttackSetup,
  choices: AttackChoices,
  targets: { uuid: string; name: string }[] = userTargets(),
): Promise<ChatMessage.Implementation | undefined> {
  const d100 = await rollDie("1d100");
  const d6 = await rollDie("1d6");
  let result;
  try {
    result = resolveAttack(attackInput(setup, choices, d100.total), { ...attackTables(), wounds: activeTable(woundTable) });
  } catch (e) {
    if (!isRuleError(e)) throw e;
    warn(`FRACAS.Error.${e.code}`, { ...e.data });
    return undefined;
  }
  const cardResult: AttackCardResult = { ...result, attackId: foundry.utils.randomID(), hoursRoll: d6.total, attackerName: actor.name, weaponName: setup.weaponName };
  // Rise and release change the striker's own statuses.
  for (const e of cardResult.effect?.attacker ?? []) await actor.toggleStatusEffect(statusEffectId(e.status), { active: e.on });
  const combat = combatOf(actor);
  const sys = bondSystem(actor);
  if (combat && sys) {
    await actor.update({ "system.roundAttacks": { combat: combat.id ?? "", round: combat.round ?? 0, count: Math.min(99, setup.attacksMade + 1), fired: sys.roundAttacks.fired || setup.attackKind === "fire" } } as never);
  }
  const cardTargets: CardTarget[] = targets.map((t) => {
    const a = lookupUuidSync(t.uuid);
    return { ...t, isPC: a instanceof Actor ? !isNpc(a as Actor.Implementation) : false };
  });
  return postCard({
    ruleset: "bond",
    kind: "attack",
    source: actor,
    result: cardResult as unknown as JsonObject,
    rolls: [d100.roll],
    targets,
    context: { card: attackCardView(cardResult, cardTargets) },
  });
}
