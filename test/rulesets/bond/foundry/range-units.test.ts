/**
 * Session 6 (review-s6-foundry #1, D57): Bond's range bands are metres, but a scene measures in its
 * grid's units — V13 gives a new scene the manifest's 5 ft squares. The attack dialog turns the
 * measured distance into metres before picking the band, says both, and with units it cannot read
 * as metres leaves the range to the attacker and says why. Driven through the real setup (canvas
 * and the tokens stubbed as V13 gives them), view and template.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { AttackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { metresPerUnit, toMetres } from "../../../../src/rulesets/bond/sheets/scene-units.js";
import { bondModules, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let hood: FakeActor; // the GM's Hood, with a Beretta (Fire Combat, default bands 2/10/30/100 m)
let thug: FakeActor;

const g = globalThis as unknown as { canvas?: unknown };
const TEMPLATE = "systems/fracas/templates/bond/dialogs/attack.hbs";
const render = (view: AttackView) => foundry.applications.handlebars.renderTemplate(TEMPLATE, { view });

/** Pixels in one grid square on the stub map. */
const SIZE = 100;
const scene = { id: "scene" };

/**
 * A viewed scene whose grid is `distance` `units` per square (V13: canvas.scene.grid.units, and
 * canvas.grid.measurePath giving distances in those units); Hood's token at (0, 0), the thug's
 * `squares` squares to its right, targeted by the GM.
 */
function placeTokens(units: string, distance: number, squares: number): void {
  g.canvas = {
    scene: { id: scene.id, grid: { units, distance } },
    grid: {
      size: SIZE,
      units,
      measurePath: ([a, b]: { x: number; y: number }[]) => ({ distance: (Math.hypot(b!.x - a!.x, b!.y - a!.y) / SIZE) * distance }),
    },
  };
  (hood as unknown as { getActiveTokens: () => unknown[] }).getActiveTokens = () => [{ center: { x: 0, y: 0 }, document: { parent: scene } }];
  const targets = world.users.get("gm")!.targets as unknown as Set<unknown>;
  targets.clear();
  targets.add({ actor: thug, name: thug.name, id: "thugToken", center: { x: squares * SIZE, y: 0 }, document: { parent: scene } });
}

async function hoodView() {
  const m = await bondModules();
  world.login("gm");
  const setup = m.buildSetup(hood as never, hood.items.contents[0] as never);
  return { m, setup, view: m.attackView(setup, m.defaultChoices(setup)) };
}

beforeEach(async () => {
  ({ world, hood, thug } = await bruteWorld({ hood: true }));
});
afterEach(() => {
  delete g.canvas;
});

describe("a scene's units in metres (scene-units.ts)", () => {
  it("knows metres, feet, yards, kilometres and miles, by name or abbreviation; nothing else", () => {
    expect(metresPerUnit("m")).toBe(1);
    expect(metresPerUnit("Metres")).toBe(1);
    expect(metresPerUnit("meter")).toBe(1);
    expect(metresPerUnit("ft")).toBe(0.3048);
    expect(metresPerUnit(" ft. ")).toBe(0.3048);
    expect(metresPerUnit("feet")).toBe(0.3048);
    expect(metresPerUnit("yd")).toBe(0.9144);
    expect(metresPerUnit("yards")).toBe(0.9144);
    expect(metresPerUnit("km")).toBe(1000);
    expect(metresPerUnit("mi")).toBe(1609.344);
    for (const unknown of ["hex", "squares", "", "constructor", "toString"]) expect(metresPerUnit(unknown)).toBeNull();
    expect(toMetres(5, "ft")).toBeCloseTo(1.524, 6);
    expect(toMetres(5, "hex")).toBeNull();
  });
});

describe("the attack dialog's range from the tokens (review-s6-foundry #1)", () => {
  it("V13's default 5 ft squares: tokens side by side are 1.5 m apart, at Point-blank, and the dialog says both units", async () => {
    placeTokens("ft", 5, 1);
    const { setup, view } = await hoodView();
    expect(setup.measured).toEqual({ distance: 5, units: "ft" });
    expect(setup.distance).toBeCloseTo(1.524, 6);
    expect(view.rangeLocked).toBe(true);
    expect(view.rangeLabel).toBe("FRACAS.Bond.Range.pointBlank");
    expect(view.easeItems.some((i) => i.label === "FRACAS.Bond.Ease.Range.pointBlank")).toBe(true);
    expect(await render(view)).toContain('<output id="bond-a-range">Point-blank (1.5 m &#x3D; 5 ft)</output>');
  });

  it("five squares of 5 ft (25 ft = 7.6 m) are Close, not Medium", async () => {
    placeTokens("ft", 5, 5);
    const { view } = await hoodView();
    expect(view.rangeLabel).toBe("FRACAS.Bond.Range.close");
    expect(await render(view)).toContain("Close (7.6 m &#x3D; 25 ft)");
  });

  it("a scene in metres: 12 m is Medium, said once in metres", async () => {
    placeTokens("m", 1.5, 8);
    const { setup, view } = await hoodView();
    expect(setup.distance).toBe(12);
    expect(view.rangeLabel).toBe("FRACAS.Bond.Range.medium");
    expect(await render(view)).toContain('<output id="bond-a-range">Medium (12 m)</output>');
  });

  it("units Bond cannot read as metres: the range is not locked, the attacker's choice is used, and the dialog says why", async () => {
    placeTokens("hex", 1, 3);
    const { m, setup, view } = await hoodView();
    expect(setup.measured).toEqual({ distance: 3, units: "hex" });
    expect(setup.distance).toBeNull();
    expect(view.rangeLocked).toBe(false);
    expect(view.unreadDistance).toEqual({ key: "FRACAS.Bond.Dialog.RangeUnitsUnknown", distance: 3, units: "hex", gm: true });
    const html = await render(view);
    expect(html).toContain('<select id="bond-a-range" name="range" aria-describedby="bond-a-range-units">');
    expect(html).toContain("The scene measures 3 hex to the target, and Bond cannot turn “hex” into metres. Choose the range below; ask the GM how far that is if unsure.");
    // The attacker's choice is the range rolled at, not a band read from "3".
    const choices = m.readChoices(setup, { range: "long" }, m.defaultChoices(setup));
    expect(choices.range).toBe("long");
    expect(m.easeInput(setup, choices)).toMatchObject({ range: "long" });
  });

  it("a grid with no units says so, and the range is chosen", async () => {
    placeTokens("", 1, 3);
    const { view } = await hoodView();
    expect(view.rangeLocked).toBe(false);
    expect(await render(view)).toContain("The scene measures 3 to the target, but its grid has no units, so Bond cannot turn it into metres. Choose the range below; ask the GM how far that is if unsure.");
  });

  it("the weapon sheet's range bands say they are metres", async () => {
    expect(game.i18n.localize("FRACAS.Bond.RangeBands")).toBe("Range bands (outer edge, metres)");
  });
});

describe("the range fixtures render (D57)", () => {
  it.each([
    ["fire-from-tokens-feet", "Close (7.6 m &#x3D; 25 ft)"],
    ["fire-units-unknown", "cannot turn “hex” into metres"],
    ["fire-units-unknown", "<option value=\"close\" >Close (to 10 m)</option>"],
    ["fire-units-unknown-gm", "set this scene&#x27;s grid units to m or ft (Configure Scene, Grid)"],
    ["fire-from-tokens", "Close (7.5 m)"],
  ])("%s", async (name, text) => {
    const fixture = (await import(`../../../fixtures/templates/bond/dialogs/attack/${name}.ts`)) as { default: () => { context: { view: AttackView } } };
    const html = await render(fixture.default().context.view);
    expect(html).not.toContain("FRACAS.");
    expect(html).toContain(text);
  });
});

describe("UX review s6b #4: units Bond cannot read give the attacker something to choose by, and tell the GM the fix", () => {
  it("each range option says its outer edge in metres (the weapon's bands); a GM is told to set the grid units, a player is not", async () => {
    placeTokens("hex", 1, 3);
    const { view } = await hoodView();
    const html = await render(view);
    for (const [band, label] of [["pointBlank", "Point-blank (to 2 m)"], ["close", "Close (to 10 m)"], ["medium", "Medium (to 30 m)"], ["long", "Long (to 100 m)"]] as const) {
      expect(html).toMatch(new RegExp(`<option value="${band}" (selected)?>${label.replace(/[()]/g, "\\$&")}</option>`));
    }
    expect(html).toContain("Choose the range below; ask the GM how far that is if unsure. To measure ranges, set this scene&#x27;s grid units to m or ft (Configure Scene, Grid).</p>"); // Handlebars escapes the apostrophe

    // Alice, a player, attacking with the same weapon: the options say their edges, the GM's fix is not hers.
    world.login("alice");
    (world.users.get("alice")!.targets as unknown as Set<unknown>).add([...(world.users.get("gm")!.targets as unknown as Set<unknown>)][0]);
    const m = await bondModules();
    world.login("alice");
    const setup = m.buildSetup(hood as never, hood.items.contents[0] as never);
    expect(setup.viewerIsGM).toBe(false);
    const playerHtml = await render(m.attackView(setup, m.defaultChoices(setup)));
    expect(playerHtml).toContain("Close (to 10 m)");
    expect(playerHtml).toContain("ask the GM how far that is if unsure.</p>");
    expect(playerHtml).not.toContain("Configure Scene");
  });

  it("a distance Bond reads locks the range, and the options (not shown then) carry no edge; with no scene distance, band names alone", async () => {
    placeTokens("ft", 5, 5);
    const { view } = await hoodView();
    expect(view.rangeOptions.every((o) => o.upTo === null)).toBe(true);
    delete g.canvas;
    const bare = await hoodView();
    expect(bare.view.unreadDistance).toBeNull();
    expect(await render(bare.view)).toContain('<option value="close" >Close</option>');
  });
});
