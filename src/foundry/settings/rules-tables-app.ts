/**
 * Rules tables (a settings menu, AppV2): the GM sees every enabled ruleset's tables with their
 * source, replaces any cell (or a whole table), and resets to default. A bad cell is refused
 * with a message naming it, and the previous table is kept.
 */
import { handlebarsApplication } from "../typed.js";
import { activeTable, readOverrides, resetOverride, saveOverrides, shippedTables } from "../tables.js";
import { changedTables, tableView, tableWords } from "./rules-tables-view.js";
import { enabledRulesets } from "../settings.js";
import { ruleErrorRefusal, t } from "../i18n.js";

const Base = handlebarsApplication();
const RULES_TABLES_ID = "fracas-rules-tables";

export class RulesTablesApp extends Base {
  static override DEFAULT_OPTIONS = {
    id: RULES_TABLES_ID,
    tag: "form",
    classes: ["fracas", "fracas-rules-tables"],
    window: { title: "FRACAS.Tables.Title", resizable: true },
    position: { width: 760, height: 720 },
    form: { handler: RulesTablesApp.#onSubmit, closeOnSubmit: false, submitOnChange: false },
    actions: { resetTable: RulesTablesApp.#onReset },
  } as never;

  static PARTS = { form: { template: "systems/fracas/templates/settings/rules-tables.hbs", scrollable: [""] } };

  /**
   * Foundry makes a new app at each click of the settings menu's button; with this fixed id a second
   * one would replace the open window and lose the cells being edited. The open one is given instead
   * (a class constructor may return another object), and the click brings it to the front (render).
   */
  constructor(options?: object) {
    const open = foundry.applications.instances.get(RULES_TABLES_ID);
    if (open instanceof RulesTablesApp) return open;
    super(options as never);
  }

  /**
   * The settings button then renders it with force: for the open window that would rebuild the form
   * from the saved tables and drop the cells being typed, so it is only brought to the front. A
   * render without force (after a save or a reset) still redraws.
   */
  override async render(options?: unknown, _options?: unknown): Promise<this> {
    const forced = options === true || (typeof options === "object" && options !== null && (options as { force?: unknown }).force === true);
    if (this.rendered && forced) {
      this.bringToFront();
      return this;
    }
    return super.render(options as never, _options as never);
  }

  protected override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as unknown as Record<string, unknown>;
    const overrides = readOverrides();
    const enabled = new Set<string>(enabledRulesets());
    const tables = shippedTables()
      .filter((g) => enabled.has(g.ruleset))
      .map((g) => tableView(activeTable(g, overrides), g.id in overrides));
    return { ...base, tables } as never;
  }

  static async #onSubmit(this: RulesTablesApp, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }): Promise<void> {
    const changes = changedTables(shippedTables(), readOverrides(), formData.object);
    const refused = await saveOverrides(changes);
    if (refused) {
      // The cell named as the form shows it: "Slam? and Stun? results, row Slam, column White".
      const table = changes.find((c) => c.base.id === refused.data["table"])?.base;
      // The rule the cell breaks, in the reader's language (the kernel's `why`; its English otherwise).
      const whyKey = `FRACAS.Tables.Why.${String(refused.data["why"])}`;
      const reason = game.i18n.has(whyKey) ? t(whyKey, { ...refused.data }) : refused.data["reason"] ?? "";
      const { key, data } = ruleErrorRefusal({ ...refused, data: { ...refused.data, reason } }, table ? tableWords(table) : undefined);
      ui.notifications?.error(t("FRACAS.Tables.Refused", { message: t(key, data) }));
      return;
    }
    ui.notifications?.info(t("FRACAS.Tables.Saved"));
    await this.render();
  }

  static async #onReset(this: RulesTablesApp, _event: Event, target: HTMLElement): Promise<void> {
    const id = target.dataset.tableId;
    if (!id) return;
    await resetOverride(id);
    await this.render();
  }
}
