/**
 * The Weapons list's buttons on the Agent, Other Agent and crowd sheets (review s10 content P4): a
 * zodiacWeapon dropped on an actor (V13's sheets create it) was stored where no one could see or
 * delete it. Open shows the weapon's sheet (read-only to a viewer: it is the actor's item); Add and
 * Delete are the actor's editors' (the owner's and the GM's), whose buttons only an editable sheet
 * draws, and a click that still arrives from anyone else (a sheet opened before the ownership
 * changed, a macro) is refused before anything is asked or written. Delete asks first, as a
 * weapon's description may be long hand-written text.
 */
import { t } from "../../../foundry/i18n.js";
import { deleteItemAfterYes } from "../../../foundry/sheets/confirm-delete.js";

type WeaponSheetThis = { actor: Actor.Implementation };

/** The weapon a row's button names (data-item-id), if the actor still carries it. */
function weaponOf(actor: Actor.Implementation, target: HTMLElement): Item.Implementation | undefined {
  const id = target.dataset.itemId ?? target.closest?.<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
  const item = id ? actor.items.get(id) : undefined;
  return item && (item.type as string) === "zodiacWeapon" ? item : undefined;
}

/** Whether the current user may change this actor's weapons; says why not when they may not. */
function mayChange(actor: Actor.Implementation): boolean {
  if (actor.isOwner) return true;
  ui.notifications?.warn(t("FRACAS.Zodiac.Weapons.NotOwner", { name: actor.name }));
  return false;
}

export const WEAPON_ACTIONS = {
  /** A new weapon on this actor (a gun, the model's default), its sheet opened to name it. */
  async weaponCreate(this: WeaponSheetThis): Promise<void> {
    if (!mayChange(this.actor)) return;
    const [made] = (await this.actor.createEmbeddedDocuments("Item", [{ type: "zodiacWeapon", name: t("FRACAS.Zodiac.Weapons.New") }] as never)) ?? [];
    await (made as Item.Implementation | undefined)?.sheet?.render({ force: true } as never);
  },
  /** The weapon's own sheet: edited by the actor's editors, read by its viewers. */
  async weaponOpen(this: WeaponSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    await weaponOf(this.actor, target)?.sheet?.render({ force: true } as never);
  },
  /** Deleted after a Yes (core confirm-delete.ts); a reader who may not change the Agent is told so. */
  async weaponDelete(this: WeaponSheetThis, _event: Event, target: HTMLElement): Promise<void> {
    if (!mayChange(this.actor)) return;
    await deleteItemAfterYes(this.actor, weaponOf(this.actor, target));
  },
};
