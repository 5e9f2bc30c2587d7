/**
 * Asks before a sheet button throws something away that no Undo brings back (UX audit s15 #4): an
 * item deleted from an actor (a hand-written description goes with it) or a pool started again. On
 * a phone one mis-tap on a row's trash icon did it, with no tooltip to warn. One modal DialogV2
 * confirm for every ruleset's sheets: true only on Yes; No, Escape or closing the window is false.
 */
import { t } from "../i18n.js";

/** Yes or no to `question` (already in the reader's words), under `title`. */
export async function confirmAsk(title: string, question: string): Promise<boolean> {
  const yes = await foundry.applications.api.DialogV2.confirm({
    window: { title },
    content: `<p>${foundry.utils.escapeHTML(question)}</p>`,
    rejectClose: false,
    modal: true,
  } as never);
  return yes === true;
}

/**
 * A sheet's item delete: nothing is asked of a reader who may not change the actor (the button is
 * not drawn for them; a sheet opened before its ownership changed could still show it), then the
 * item is deleted after a Yes; gone meanwhile (another client), nothing more is done.
 */
export async function deleteItemAfterYes(actor: Actor.Implementation, item: Item.Implementation | null | undefined): Promise<void> {
  if (!item || !actor.isOwner || !(await confirmDelete(item, actor))) return;
  await actor.items.get(item.id ?? "")?.delete();
}

/** "Delete {item} from {actor}? This cannot be undone." — true only on Yes. */
export async function confirmDelete(item: { name: string | null | undefined }, actor: { name: string | null | undefined }): Promise<boolean> {
  const data = { name: item.name ?? "", actor: actor.name ?? "" };
  return confirmAsk(t("FRACAS.Sheet.DeleteTitle", data), t("FRACAS.Sheet.DeleteConfirm", data));
}
