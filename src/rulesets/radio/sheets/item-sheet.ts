/** The weapon and gadget/spell sheet (one template; a gadget adds its kind). */
import { handlebarsItemSheet } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import type { Sys } from "../data/state.js";
import { itemView } from "./views.js";
import { radioTables } from "../cards/runtime.js";

const Base = handlebarsItemSheet();

export class RadioItemSheet extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "radio", "radio-item-sheet"],
    position: { width: 440, height: 520 },
    window: { resizable: true },
    form: { submitOnChange: true },
  } as never;

  static PARTS = { sheet: { template: "systems/fracas/templates/radio/item-sheet.hbs", scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const item = this.document;
    const system = item.system as unknown as Sys;
    // The description is an HTMLField: shown enriched, edited in a prose-mirror (never as raw markup).
    const descriptionHTML = await enrichHtml(item, system.description);
    return { ...base, view: itemView({ name: item.name, img: item.img ?? "", editable: this.isEditable, type: item.type }, system, descriptionHTML, radioTables().damage) } as never;
  }
}
