/**
 * Session 9 (closing-s8, Bond): Rest and Hospital double-clicked applied twice (no dice, no pool
 * guarded them). A click applies once to the wound state its sheet drew (D65): the later clicks of a
 * double click are ignored, a click while the last is being written is ignored, and a click on a
 * sheet drawn for another state (the redraw not yet there, or another client's click landed first)
 * applies nothing and says so.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { bruteWorld, characterSheet, standInEnrichHTML, wound } from "./helpers.js";

type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
let world: FakeWorld;
let brute: FakeActor;

const hw = { level: "HW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false };
const CHANGED = "Brute's wounds changed since this sheet was drawn, so nothing was applied. The sheet now shows them as they are: check it, then press the button again.";

/** Alice's (or the GM's) sheet of the brute, with 1 week, 3 days (one level either way) and 1 hour typed in. */
async function sheetOf(user: string) {
  const s = await characterSheet(world, brute, user);
  (s.sheet as unknown as { element: unknown }).element = { querySelector: (sel: string) => ({ value: sel.includes("days") ? "3" : "1" }) };
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
  return {
    /** A click on `action` as `user`; `detail`: the browser's click count (2: a double click's second). */
    click: (action: string, detail = 1) => world.as(user, () => actions[action]!.call(s.sheet, { detail }, { dataset: {} })),
    /** The sheet drawn again (what Foundry does after the actor's update). */
    redraw: () => world.as(user, () => (s.sheet as unknown as { _prepareContext(o: unknown): Promise<unknown> })._prepareContext({})),
  };
}

beforeEach(async () => {
  ({ world, brute } = await bruteWorld());
  standInEnrichHTML();
  world.login("gm");
  await brute.update({ "system.wound": hw } as never);
});

describe("session 9: Rest and Hospital apply once per click", () => {
  for (const [action, to] of [["rest", "MW"], ["hospital", "MW"]] as const) {
    it(`${action} double-clicked: one level healed, nothing said`, async () => {
      const sheet = await sheetOf("alice");
      await sheet.click(action, 1);
      await sheet.click(action, 2);
      expect(wound(brute).level).toBe(to);
      expect(world.notified("warn")).toEqual([]);
    });

    it(`${action} clicked twice while the first is being written: one level healed`, async () => {
      const sheet = await sheetOf("alice");
      await Promise.all([sheet.click(action), sheet.click(action)]);
      expect(wound(brute).level).toBe(to);
    });
  }

  it("a second click before the sheet was drawn again applies nothing and says so; after the redraw a click heals again", async () => {
    const sheet = await sheetOf("alice");
    await sheet.click("rest");
    await sheet.click("rest");
    expect(wound(brute).level).toBe("MW");
    expect(world.notified("warn")).toEqual([CHANGED]);
    await sheet.redraw();
    await sheet.click("rest");
    expect(wound(brute).level).toBe("LW");
  });

  it("two clients: the owner's and the GM's Rest on sheets drawn at the same state heal once", async () => {
    const alice = await sheetOf("alice");
    const gm = await sheetOf("gm");
    await Promise.all([alice.click("rest"), gm.click("rest")]);
    expect(wound(brute).level).toBe("MW");
    // The GM clicking again before their sheet was drawn again: nothing applied, said.
    await gm.click("hospital");
    expect(wound(brute).level).toBe("MW");
    expect(world.notified("warn")).toContain(CHANGED);
  });
});
