/** The zodiac sheets: Agent (Areas, Agent Points, health, roll), Other Agent, Everyone Else, Weapon. */
import { handlebarsActorSheet, handlebarsItemSheet } from "../../../foundry/typed.js";
import { enrichHtml } from "../../../foundry/enrich.js";
import { AREA_SLOTS, type AreaSlot } from "../data/areas.js";
import { agentSheetView, crowdSheetView, otherAgentSheetView, weaponSheetView, type AgentSystem } from "./view.js";
import { ZodiacRollDialog } from "./roll-dialog.js";

const ActorBase = handlebarsActorSheet();
const ItemBase = handlebarsItemSheet();
const T = "systems/fracas/templates/zodiac";

export class ZodiacAgentSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-agent"],
    position: { width: 560, height: 620 },
    actions: { roll: ZodiacAgentSheet.#onRoll },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/agent-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    return { ...base, ...agentSheetView({ name: a.name, img: a.img ?? "", system: a.system as unknown as AgentSystem }, this.isEditable) } as never;
  }

  static async #onRoll(this: ZodiacAgentSheet, _event: Event, target: HTMLElement): Promise<void> {
    const slot = target.dataset.slot;
    const s = (AREA_SLOTS as readonly string[]).includes(slot ?? "") ? (slot as AreaSlot) : undefined;
    await new ZodiacRollDialog({ actor: this.actor, ...(s ? { slot: s } : {}) }).render({ force: true } as never);
  }
}

export class ZodiacOtherAgentSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-other-agent"],
    position: { width: 440, height: 460 },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/other-agent-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    return { ...base, ...otherAgentSheetView({ name: a.name, img: a.img ?? "", system: a.system as never }, this.isEditable) } as never;
  }
}

export class ZodiacCrowdSheet extends ActorBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-crowd"],
    position: { width: 420, height: 420 },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/crowd-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const a = this.actor;
    return { ...base, ...crowdSheetView({ name: a.name, img: a.img ?? "", system: a.system as never }, this.isEditable) } as never;
  }
}

export class ZodiacWeaponSheet extends ItemBase {
  static override DEFAULT_OPTIONS = {
    classes: ["fracas", "zodiac", "zodiac-weapon"],
    position: { width: 420, height: 400 },
    form: { submitOnChange: true },
    window: { resizable: true },
  } as never;

  static PARTS = { sheet: { template: `${T}/weapon-sheet.hbs`, scrollable: [""] } } as never;

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const i = this.item;
    const system = i.system as unknown as { range: string; description: string };
    const descriptionHTML = await enrichHtml(i, system.description);
    return { ...base, ...weaponSheetView({ name: i.name, img: i.img ?? "", system }, this.isEditable, descriptionHTML) } as never;
  }
}
