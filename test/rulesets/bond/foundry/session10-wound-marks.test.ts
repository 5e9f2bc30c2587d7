/**
 * Session 10 wave 2 (review-s10-gm G5; DECISIONS D68): Bond's Light, Medium and Heavy Wounds were
 * invisible on the map — only Stunned, Unconscious and Dead showed — so a GM running six hoods had
 * to open each sheet. Each level is now a token status (fracas-bond-lw, -mw, -hw, offered on Bond
 * characters' HUD only), set and cleared by the same wound events as stunned: an Apply records it,
 * its Undo reverses it, accumulation swaps it, healing and death clear it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { applyWound, passHours, statusesOf, WOUND_LEVELS, type WoundLevel } from "../../../../src/rulesets/bond/rules/index.js";
import { attack, bruteWorld, cardOf, characterSheet, standInEnrichHTML, wound } from "./helpers.js";

const MARKS = ["fracas-bond-lw", "fracas-bond-mw", "fracas-bond-hw"];
const marks = (a: FakeActor) => [...a.statuses].filter((s) => MARKS.includes(s));

describe("the wound marks in the kernel", () => {
  it("each of LW, MW, HW shows its own mark, one at a time; none, ST, IN and KL show none (IN is unconscious, KL dead)", () => {
    const expected: Partial<Record<WoundLevel, string>> = { LW: "bondLw", MW: "bondMw", HW: "bondHw" };
    for (const level of WOUND_LEVELS) {
      const shown = statusesOf({ ...applyWound({ level: "none" }, "none").state, level }).filter((s) => s.startsWith("bond"));
      expect(shown, level).toEqual(expected[level] ? [expected[level]] : []);
    }
  });

  it("waking from IN after the hours brings the Heavy Wound's mark; a lesser wound on a Heavy one leaves the mark alone", () => {
    expect(passHours({ level: "IN", unconsciousHours: 2 }, 2).events).toContainEqual({ status: "bondHw", on: true });
    expect(applyWound({ level: "MW" }, "LW").events).toEqual([
      { status: "stunned", on: true },
      { status: "bondMw", on: false },
      { status: "bondHw", on: true },
    ]);
  });
});

describe("G5: a Bond character's wound level on the token", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let brute: FakeActor;
  let hood: FakeActor;

  beforeEach(async () => {
    ({ world, adapter, brute, hood } = await bruteWorld({ hood: true }));
  });

  it("registers fracas-bond-lw, -mw and -hw with the sheet's names, offered on the HUD of Bond characters only", () => {
    const effects = world.config.statusEffects as unknown as { id: string; name: string; img: string; hud?: false | { actorTypes: string[] } }[];
    const ours = MARKS.map((id) => effects.find((e) => e.id === id)!);
    expect(ours.map((e) => world.localize(e.name))).toEqual(["Light Wound", "Medium Wound", "Heavy Wound"]);
    for (const e of ours) expect(e.hud).toEqual({ actorTypes: ["bondCharacter"] });
    // No other status a Bond token's HUD offers has the same picture.
    const onBond = effects.filter((e) => e.hud !== false && (e.hud === undefined || e.hud.actorTypes.includes("bondCharacter")));
    expect(new Set(onBond.map((e) => e.img)).size).toBe(onBond.length);
  });

  it("an Apply marks the wound, a second wound swaps the mark as the levels accumulate, and each Undo puts the mark back", async () => {
    // Hood: Fire Combat PC 8 × EF 5 = SC 40 with the Beretta (DC E): 30 is QR4, a Light Wound.
    const first = await attack(world, "gm", hood, [brute], 30, 1);
    world.login("gm");
    expect(await adapter.queries.requestApply(first.id, brute.uuid, true)).toMatchObject({ ok: true });
    expect(wound(brute).level).toBe("LW");
    expect(marks(brute)).toEqual(["fracas-bond-lw"]);
    expect([...brute.statuses]).toContain("fracas-stunned");

    // A second Light Wound: LW + LW → MW by the accumulation chart.
    const second = await attack(world, "gm", hood, [brute], 30, 1);
    world.login("gm");
    expect(await adapter.queries.requestApply(second.id, brute.uuid, true)).toMatchObject({ ok: true });
    expect(wound(brute).level).toBe("MW");
    expect(marks(brute)).toEqual(["fracas-bond-mw"]);

    await adapter.queries.requestUndo(second.id, cardOf(second).applications[0]!.id, true);
    expect(wound(brute).level).toBe("LW");
    expect(marks(brute)).toEqual(["fracas-bond-lw"]);
    await adapter.queries.requestUndo(first.id, cardOf(first).applications[0]!.id, true);
    expect(wound(brute).level).toBe("none");
    expect(marks(brute)).toEqual([]);
  });

  it("healing from the sheet clears the mark (a week's rest heals a Light Wound)", async () => {
    standInEnrichHTML();
    const hit = await attack(world, "gm", hood, [brute], 30, 1);
    world.login("gm");
    await adapter.queries.requestApply(hit.id, brute.uuid, true);
    expect(marks(brute)).toEqual(["fracas-bond-lw"]);
    const s = await characterSheet(world, brute, "gm");
    (s.sheet as unknown as { element: HTMLElement }).element = { querySelector: () => ({ value: "1" }) } as unknown as HTMLElement;
    await s.click("rest");
    expect(wound(brute).level).toBe("none");
    expect(marks(brute)).toEqual([]);
  });
});
