/**
 * The FEAT dialog: ability, action (the nine of the seed, or a plain ability FEAT), weapon,
 * column shifts (dodge, cover, multiple targets, other) and Karma; it shows the exact chance of
 * each colour from the kernel's colorOdds before rolling, then rolls d100 with Foundry's Roll.
 * An attack rolls once per target, each against that target's recorded dodge this round
 * (combatant memory), so the odds are listed per target; the dodge field is used only for a
 * target with no recorded dodge (or no target at all). With several targets cover is chosen per
 * target (the seed's cover belongs to the defender); each card rolls with its target's. The hero's
 * talents for the chosen ability are offered as boxes; a ticked one adds its shift to Other.
 */
import { handlebarsApplication, lookupUuidSync } from "../../../foundry/typed.js";
import { ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import { multipleTargetShift } from "../rules/index.js";
import type { AbilityKey } from "../data/hero.js";
import { heroView } from "../data/state.js";
import { attackRefusalOf, dodgeRefusalOf } from "../cards/may-act.js";
import { combatantOf, roundOf } from "../cards/fight-round.js";
import { currentTargets, type TargetRef } from "../cards/targets.js";
import { performFeat } from "../cards/feat-roll.js";
import { readDodge } from "../cards/dodge-memory.js";
import { faseripTables } from "../cards/tables.js";
import { karmaPoolOf } from "../cards/karma.js";
import { abilityForAction, actionForWeapon, formFromFields, normaliseForm, type DialogAction, type FeatForm } from "./feat-form.js";
import { coverChoiceList, gmCoverShift } from "./cover-choice.js";
import { featDialogView } from "./feat-dialog-view.js";
import { tickedTalents, withTalents, type TalentChoice } from "./talents.js";

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

export class FaseripFeatDialog extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "faserip", "faserip-feat-dialog"],
    tag: "form",
    position: { width: 420, height: "auto" },
    window: { title: "FRACAS.Faserip.Dialog.Title", resizable: true },
    form: { handler: FaseripFeatDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
  } as never;

  static PARTS = {
    form: { template: "systems/fracas/templates/faserip/feat-dialog.hbs" },
  } as never;

  readonly actor: Actor.Implementation;
  readonly targets: TargetRef[];
  formState: FeatForm;
  #listening = false;

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
      multipleTargets: this.targets.length > 1 ? multipleTargetShift(this.targets.length) : 0,
      other: 0,
      karma: 0,
      targetCover: floors,
    };
  }

  override get title(): string {
    return t("FRACAS.Faserip.Dialog.TitleFor", { name: this.actor.name });
  }

  override async _prepareContext(): Promise<Record<string, unknown>> {
    const hero = heroView(this.actor.system);
    const round = roundOf(this.actor);
    const tables = faseripTables();
    return {
      view: featDialogView({
        actorName: this.actor.name,
        abilities: hero.abilities,
        karmaPool: karmaPoolOf(this.actor),
        weapons: weaponsOf(this.actor),
        targets: this.targets.map((tg) => {
          const dodge = readDodge(combatantOf({ uuid: tg.uuid, id: null }), round);
          return { name: tg.name, dodgeColor: dodge?.color ?? null, dodgeShift: dodge?.shift ?? null, coverFloor: coverFloorOf(tg.uuid) };
        }),
        form: this.formState,
        tables: { universal: tables.universal, ranks: tables.ranks, battleEffects: tables.battleEffects, dodgeShifts: tables.dodgeShifts },
        talents: talentsOf(this.actor),
        // A dodge this round was the round's action: an attack is refused (performFeat), so said here first.
        attackRefusal: attackRefusalOf(this.actor),
        // A second dodge this round, or one after another declared action: the roll's own refusal.
        dodgeRefusal: dodgeRefusalOf(this.actor),
      }),
      coverChoices: coverChoiceList(tables.cover),
    };
  }

  /** Reads the form into formState (feat-form.ts formFromFields: cover per target with several). */
  readForm(form: HTMLFormElement, changed: string | null): void {
    const data = new FormData(form);
    this.formState = formFromFields((k) => data.get(k), this.formState, this.targets.length, changed, talentsOf(this.actor));
  }

  override async _onRender(context: never, options: never): Promise<void> {
    await super._onRender(context, options);
    // The form element outlives re-renders (only its parts are replaced): listen once.
    if (this.#listening) return;
    this.#listening = true;
    const form = this.element as HTMLFormElement;
    form.addEventListener("change", (event) => {
      const name = (event.target as HTMLInputElement | null)?.name ?? null;
      this.readForm(form, name);
      void this.render();
    });
  }

  static async #onSubmit(this: FaseripFeatDialog, _event: Event, form: HTMLFormElement): Promise<void> {
    this.readForm(form, null);
    const weapon = weaponsOf(this.actor).find((w) => w.id === this.formState.weaponId) ?? null;
    try {
      // The ticked talents' shift joins Other for the roll (the odds shown were computed the same way).
      const talents = talentsOf(this.actor);
      const form = normaliseForm(withTalents(this.formState, talents), karmaPoolOf(this.actor));
      // The cards name the ticked talents whose shifts Other now carries.
      const ticked = tickedTalents(this.formState, talents).map((x) => ({ name: x.name, shift: x.shift }));
      await performFeat({ actor: this.actor, form, targets: this.targets, weapon: weapon ? { name: weapon.name, damage: weapon.damage } : null, talents: ticked });
    } catch (e) {
      if (!isRuleError(e)) throw e;
      ui.notifications?.warn(ruleErrorMessage(e));
    }
  }
}
