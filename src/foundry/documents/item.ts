/**
 * FracasItem: the Create Item dialog offers only the enabled rulesets' types, and an actor takes
 * only its own ruleset's items (V13's sheets create any dropped item, which the actor's sheet would
 * never list, so it could not be seen or deleted there).
 */
import { t } from "../i18n.js";
import { rulesetOfType } from "../../rulesets/types.js";
import { defaultArtOf } from "../rulesets.js";
import { enabledItemTypes } from "./actor.js";
import { createDialogOptions } from "./create-types.js";

/** Whether an item of `itemType` may be embedded in an actor of `actorType`: the same ruleset (or neither Fracas's). */
export function itemFitsActor(itemType: string, actorType: string): boolean {
  return rulesetOfType(itemType) === rulesetOfType(actorType);
}

export class FracasItem extends Item {
  /** A new item's picture by its type (its descriptor's defaultArt), else V13's bag. */
  static override getDefaultArtwork(data?: Item.CreateData): { img: string } {
    const art = defaultArtOf(String((data as { type?: unknown } | undefined)?.type));
    return art ? { img: art } : super.getDefaultArtwork(data as never);
  }

  static override async createDialog(data?: never, createOptions?: never, options?: never): Promise<never> {
    const opts = createDialogOptions("Item", enabledItemTypes(), options);
    return (opts ? await super.createDialog(data, createOptions, opts as never) : null) as never;
  }

  protected override async _preCreate(...args: Parameters<Item["_preCreate"]>): Promise<boolean | void> {
    const allowed = await super._preCreate(...args);
    if (allowed === false) return false;
    const actor = this.parent;
    if (actor instanceof Actor && !itemFitsActor(this.type, actor.type)) {
      const ruleset = rulesetOfType(actor.type);
      ui.notifications?.warn(t("FRACAS.Sheet.WrongRuleset", { item: this.name, actor: actor.name, ruleset: ruleset ? t(`FRACAS.Ruleset.${ruleset}`) : actor.type }));
      return false;
    }
  }
}
