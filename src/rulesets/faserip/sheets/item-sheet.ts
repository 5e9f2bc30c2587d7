/** One sheet for the three faserip item types (weapon, power, talent). */
import { handlebarsItemSheet } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import { faseripTables } from "../cards/tables.js";
import { itemSheetView } from "./item-sheet-view.js";

const Base = handlebarsItemSheet();

export class FaseripItemSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "faserip", "sheet", "item"],
    position: { width: 460, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  } as never;

  static PARTS = {
    sheet: { template: "systems/fracas/templates/faserip/item-sheet.hbs" },
  } as never;

  override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const item = this.item;
    const system = item.system as unknown as Record<string, unknown>;
    const descriptionHTML = await enrichHtml(item, system["description"]);
    const view = itemSheetView({
      name: item.name,
      img: item.img ?? "",
      type: item.type as string,
      system,
      editable: this.isEditable,
      descriptionHTML,
      ranks: faseripTables().ranks,
    });
    return { ...base, view, descriptionRaw: String(system["description"] ?? "") } as never;
  }
}
