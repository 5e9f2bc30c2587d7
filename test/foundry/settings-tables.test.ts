import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeWorld } from "./fake/index.js";
import { overrideGrid, type Cell, type Grid } from "../../src/engine/tables.js";
import { ruleErrorMessage } from "../../src/foundry/i18n.js";
import { addPlayers } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  addPlayers(world);
});

describe("enabled rulesets", () => {
  it("disabling a ruleset removes its types from the Create dialogs", async () => {
    expect(adapter.actor.enabledActorTypes()).toContain("radioHero");
    await game.settings.set("fracas", "enabled.radio", false);
    expect(adapter.actor.enabledActorTypes()).toEqual(["bondCharacter", "zodiacAgent", "zodiacOtherAgent", "zodiacCrowd", "faseripHero"]);
    expect(adapter.actor.enabledItemTypes()).not.toContain("radioWeapon");
    expect(adapter.actor.enabledItemTypes()).toContain("bondWeapon");
    await (world.config.Actor.documentClass as unknown as { createDialog(): Promise<unknown> }).createDialog();
    expect(world.createDialogs.at(-1)?.options.types).toEqual(adapter.actor.enabledActorTypes());
  });

  it("a caller's own types (a module's, a macro's) are narrowed to the enabled ones, never widened", async () => {
    await game.settings.set("fracas", "enabled.radio", false);
    await (world.config.Item.documentClass as unknown as { createDialog(d?: object, c?: object, o?: object): Promise<unknown> }).createDialog({}, {}, { types: ["radioWeapon", "bondWeapon", "bondSkill"] });
    expect(world.createDialogs.at(-1)?.options.types).toEqual(["bondWeapon", "bondSkill"]);
  });

  it("with every ruleset off, Create says why and opens nothing (V13's dialog would throw on no types)", async () => {
    for (const id of ["bond", "radio", "zodiac", "faserip"] as const) await game.settings.set("fracas", `enabled.${id}`, false);
    const before = world.createDialogs.length;
    expect(await (world.config.Actor.documentClass as unknown as { createDialog(): Promise<unknown> }).createDialog()).toBeNull();
    expect(world.createDialogs.length).toBe(before);
    expect(world.notified("warn").at(-1)).toBe("No ruleset is on in this world, so there is nothing to create. Turn one on in Configure Settings, under Fracas.");
    // A player with V13's Create permission cannot turn one on: they are told to ask the GM.
    world.login("alice");
    expect(await (world.config.Actor.documentClass as unknown as { createDialog(): Promise<unknown> }).createDialog()).toBeNull();
    expect(world.notified("warn").at(-1)).toBe("No ruleset is on in this world, so there is nothing to create. Ask the GM to turn one on.");
  });

  it("a caller's types whose ruleset is off are named, so the GM knows which to turn on", async () => {
    await game.settings.set("fracas", "enabled.radio", false);
    expect(await (world.config.Actor.documentClass as unknown as { createDialog(d?: object, c?: object, o?: object): Promise<unknown> }).createDialog({}, {}, { types: ["radioHero", "radioOpponent"] })).toBeNull();
    expect(world.notified("warn").at(-1)).toBe("This button creates Radio: Hero, Radio: Opponent, and no ruleset on in this world has them. Turn their ruleset on in Configure Settings, under Fracas.");
  });

  it("a player cannot disable a ruleset", async () => {
    world.login("alice");
    await expect(game.settings.set("fracas", "enabled.bond", false)).rejects.toThrow(/lacks permission/);
    expect(adapter.settings.isRulesetEnabled("bond")).toBe(true);
  });
});

/** A table and a cell whose value can change to another valid one (found with the engine's validator). */
function editableCell(tables: Grid[]): { base: Grid; cells: Cell[][]; r: number; c: number } {
  for (const base of tables) {
    if (base.cell.kind !== "int") continue;
    for (let r = 0; r < base.rows.length; r++) {
      for (let c = 0; c < base.columns.length; c++) {
        for (const d of [1, -1]) {
          const cells = base.cells.map((row) => [...row]);
          cells[r]![c] = Number(base.cells[r]![c]) + d;
          try {
            overrideGrid(base, cells);
            return { base, cells, r, c };
          } catch {
            /* try the next */
          }
        }
      }
    }
  }
  throw new Error("no editable int table");
}

describe("rules tables", () => {
  it("a bad cell is refused naming the table, row and column; stored overrides unchanged", async () => {
    const { base, cells, r, c } = editableCell(adapter.tables.shippedTables());
    await adapter.tables.saveOverrides([{ base, cells }]);
    const before = JSON.stringify(adapter.tables.readOverrides());
    const bad = cells.map((row) => [...row]);
    bad[r]![c] = "lots";
    const refused = await adapter.tables.saveOverrides([{ base, cells: bad }]);
    expect(refused?.code).toBe("badTableCell");
    expect(refused?.data).toMatchObject({ table: base.id, row: base.rows[r], column: base.columns[c] });
    const message = ruleErrorMessage(refused!);
    expect(message).toContain(`table ${base.id}, row ${base.rows[r]}, column ${base.columns[c]}`);
    expect(JSON.stringify(adapter.tables.readOverrides())).toBe(before);
    expect(adapter.tables.activeTable(base).cells).toEqual(cells);
  });

  it("a good override is stored and used; reset restores the default", async () => {
    const { base, cells, r, c } = editableCell(adapter.tables.shippedTables());
    expect(await adapter.tables.saveOverrides([{ base, cells }])).toBeNull();
    expect(adapter.tables.activeTable(base).cells[r]![c]).toBe(cells[r]![c]);
    expect(adapter.tables.activeTable(base).cells[r]![c]).not.toBe(base.cells[r]![c]);
    await adapter.tables.resetOverride(base.id);
    expect(adapter.tables.activeTable(base)).toBe(base);
    expect(adapter.tables.readOverrides()).toEqual({});
  });

  it("a player cannot store overrides", async () => {
    const { base, cells } = editableCell(adapter.tables.shippedTables());
    world.login("alice");
    await expect(adapter.tables.saveOverrides([{ base, cells }])).rejects.toThrow(/lacks permission/);
    expect(adapter.tables.readOverrides()).toEqual({});
  });
});

describe("the rules tables window", () => {
  it("a second click of the menu button gives the open window (its edits kept), a click after closing a new one", async () => {
    type App = { render(o?: unknown): Promise<unknown>; close(): Promise<unknown>; renders: number; broughtToFront: number };
    const App = adapter.rulesTablesApp.RulesTablesApp as unknown as new () => App;
    const first = new App();
    await first.render({ force: true });
    // As V13's settings button: a new app, rendered with force. The open window is given and only
    // brought to the front: a re-render would rebuild the form and drop the cells being typed.
    const second = new App();
    await second.render(true);
    expect(second).toBe(first);
    expect([first.renders, first.broughtToFront]).toEqual([1, 1]);
    // A render without force (after a save or a reset) still redraws.
    await first.render();
    expect(first.renders).toBe(2);
    await first.close();
    const third = new App();
    expect(third).not.toBe(first);
  });

  it("a bad cell typed in the window is refused naming the table, row and column as the form shows them", async () => {
    type App = { render(o?: unknown): Promise<unknown>; submitEvent(values: Record<string, unknown>): Promise<void> };
    const app = new (adapter.rulesTablesApp.RulesTablesApp as unknown as new () => App)();
    await app.render({ force: true });
    const slamStun = adapter.tables.shippedTables().find((g) => g.id === "faserip.slamStun")!;
    // The form sends every cell of a table; Slam? White (row 0, column 0) set to a Stun? result.
    const form = (grid: Grid, r: number, c: number, value: Cell) =>
      Object.fromEntries(grid.rows.flatMap((_, i) => grid.columns.map((_c, j) => [`${grid.id}|${i}|${j}`, i === r && j === c ? value : grid.cells[i]![j]])));
    await app.submitEvent(form(slamStun, 0, 0, "stunnedD10"));
    expect(world.notified("error").at(-1)).toBe(
      "Not saved — table Slam? and Stun? results, row Slam, column White: this row takes only its own results (Slam? knocks back or staggers, Stun? stuns). The previous tables are kept.",
    );
    expect(adapter.tables.readOverrides()).toEqual({});
    expect(adapter.tables.activeTable(slamStun)).toBe(slamStun);
    // A row without a label prefix is named as written (Bond's Damage Classes are letters).
    const woundTable = adapter.tables.shippedTables().find((g) => g.id === "bond.woundTable")!;
    await app.submitEvent(form(woundTable, 0, 0, "nonsense"));
    expect(world.notified("error").at(-1)).toBe(
      "Not saved — table Wound level by Damage Class and Quality Rating, row A, column QR 1: it must be one of the choices the cell offers. The previous tables are kept.",
    );
    // A number out of bounds names the bound.
    const ranks = adapter.tables.shippedTables().find((g) => g.id === "faserip.rankNumbers")!;
    await app.submitEvent(form(ranks, 1, 0, -5));
    expect(world.notified("error").at(-1)).toMatch(/^Not saved — table Rank numbers, row Feeble, column Rank number: it must be at least -?\d+\. /);
  });
});
