// Clearing a number box on a Fracas sheet keeps the number and says so, instead of Foundry refusing
// the whole update with "may not be null".
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "./fake/index.js";
import { dropClearedNumbers, fieldLabel } from "../../src/foundry/sheets/cleared-numbers.js";
import { adjustedNumbers, storedNumber } from "../../src/foundry/sheets/adjusted-numbers.js";

describe("dropClearedNumbers", () => {
  const doc = { name: "Bond", system: { fame: 40, notes: "x", max: null, characteristics: { str: 8, dex: 9 } } };
  const get = (path: string) => path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc);

  it("drops a null that would replace a number, at any depth, and keeps everything else", () => {
    const submitted = { name: "James", system: { fame: null, notes: null, max: null, characteristics: { str: null, dex: 10 } } };
    expect(dropClearedNumbers(submitted, get)).toEqual(["system.fame", "system.characteristics.str"]);
    expect(submitted).toEqual({ name: "James", system: { notes: null, max: null, characteristics: { dex: 10 } } });
  });

  it("drops nothing when no number was cleared", () => {
    const submitted = { system: { fame: 0, characteristics: { str: 12 } } };
    expect(dropClearedNumbers(submitted, get)).toEqual([]);
    expect(submitted).toEqual({ system: { fame: 0, characteristics: { str: 12 } } });
  });
});

describe("adjustedNumbers: what V13's NumberField#clean will store otherwise", () => {
  const bounds: Record<string, { min?: number; max?: number; integer?: boolean }> = {
    "system.fame": { min: 0, max: 99999, integer: true },
    "system.characteristics.str": { min: 1, max: 30, integer: true },
    "system.ease": { min: -20, max: 20 },
  };
  it("names each number stored otherwise (above, below, not whole), at any depth; leaves the rest", () => {
    const submitted = { name: "James", system: { fame: 12, ease: 2.5, notes: 3, characteristics: { str: 35, dex: 9 } } };
    expect(adjustedNumbers(submitted, (p) => bounds[p] ?? null)).toEqual([{ path: "system.characteristics.str", typed: 35, saved: 30, reason: "above" }]);
    expect(adjustedNumbers({ system: { fame: -4, characteristics: { str: 7.6 } } }, (p) => bounds[p] ?? null)).toEqual([
      { path: "system.fame", typed: -4, saved: 0, reason: "below" },
      { path: "system.characteristics.str", typed: 7.6, saved: 8, reason: "notWhole" },
    ]);
  });
  it("storedNumber rounds an integer field, then clamps, as V13 does", () => {
    expect(storedNumber(30.6, { min: 1, max: 30, integer: true })).toBe(30);
    expect(storedNumber(0.4, { min: 1, max: 30, integer: true })).toBe(1);
    expect(storedNumber(2.5, { min: -20, max: 20 })).toBe(2.5);
  });
});

describe("fieldLabel", () => {
  const form = (input: object | null) => ({ querySelector: (sel: string) => (sel === '[name="system.fame"]' ? (input as Element) : null) });
  it("names the field by its label, else its aria-label, else its path", () => {
    expect(fieldLabel(form({ labels: [{ textContent: " Fame " }], getAttribute: () => null }), "system.fame")).toBe("Fame");
    expect(fieldLabel(form({ labels: [], getAttribute: (a: string) => (a === "aria-label" ? "Fame points" : null) }), "system.fame")).toBe("Fame points");
    expect(fieldLabel(form(null), "system.fame")).toBe("system.fame");
    expect(fieldLabel(null, "system.fame")).toBe("system.fame");
  });
});

describe("a Fracas sheet submitting a cleared number box", () => {
  let world: FakeWorld;
  let bond: FakeActor;
  beforeEach(async () => {
    world = installFoundry();
    await loadAdapter();
    bond = world.createActor({ name: "Bond", type: "bondCharacter", system: { fame: 40 } });
  });

  it("keeps the number, warns naming the field, re-renders, and passes the rest of the update through", async () => {
    const { BondCharacterSheet } = await import("../../src/rulesets/bond/sheets/character-sheet.js");
    const sheet = new BondCharacterSheet({ document: bond } as never);
    const render = vi.spyOn(sheet, "render");
    const process = (sheet as unknown as { _processFormData(e: unknown, f: unknown, d: { object: object }): Record<string, unknown> })._processFormData.bind(sheet);
    const data = process({}, null, { object: { name: "James Bond", "system.fame": null, "system.notes": "Licensed" } });
    expect(data).toEqual({ name: "James Bond", system: { notes: "Licensed" } });
    expect(world.notified("warn")).toEqual([world.i18n.format("FRACAS.Sheet.NumberKept", { fields: "system.fame" })]);
    expect(render).toHaveBeenCalledTimes(1);
    expect(process({}, null, { object: { "system.fame": 12 } })).toEqual({ system: { fame: 12 } });
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("a number V13 would store otherwise (a characteristic above its most) is saved as V13 stores it, and the user told", async () => {
    const { BondCharacterSheet } = await import("../../src/rulesets/bond/sheets/character-sheet.js");
    const sheet = new BondCharacterSheet({ document: bond } as never) as unknown as { submitForm(f: object): Promise<void> };
    await sheet.submitForm({ "system.characteristics.str": 35, "system.fame": 12 });
    expect((bond.system as unknown as { characteristics: { str: number }; fame: number }).characteristics.str).toBe(30);
    expect((bond.system as unknown as { fame: number }).fame).toBe(12);
    expect(world.notified("warn")).toEqual(["system.characteristics.str: “35” is more than this field allows, so 30 was saved."]);
  });
});
