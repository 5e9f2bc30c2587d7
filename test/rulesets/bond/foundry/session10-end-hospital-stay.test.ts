/**
 * Session 10 (D67): a hospital stay carried its days between presses (D25), and nothing but a new
 * wound or healing away could end it, so a GM could not discharge an agent early. The GM's sheet now
 * has "End hospital stay (GM)": it asks first when carried days would be lost, clears the stay's two
 * counts (the wounds stay as they are) and says so. Players neither see nor trigger it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import { bruteWorld, characterSheet, standInEnrichHTML, wound } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor;

const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: true, unconsciousHours: 0, knockedOut: false, firstAidUsed: true };
const stay = (a: FakeActor) => wound(a) as unknown as { level: string; hospitalLevels: number; hospitalDays: number; woundRollPending: boolean; firstAidUsed: boolean };
const END = "End hospital stay (GM)";
const asked = () => DialogV2.asked as unknown as { kind: string; window: { title: string }; content: string }[];

beforeEach(async () => {
  ({ world, brute } = await bruteWorld());
  standInEnrichHTML();
  world.login("gm");
  await brute.update({ "system.wound": { ...mw, hospitalLevels: 1, hospitalDays: 2 } } as never);
  world.notifications.length = 0;
});

describe("session 10: the GM ends a hospital stay by hand (D67)", () => {
  it("the GM's sheet offers it, labelled as the GM's; the owner's sheet does not", async () => {
    expect((await characterSheet(world, brute, "gm")).html).toContain(`data-action="endHospitalStay">${END}</button>`);
    const owner = await characterSheet(world, brute, "alice");
    expect(owner.html).toContain("Hospital stay: 1 of 2 levels healed");
    expect(owner.html).not.toContain("endHospitalStay");
    expect(owner.html).not.toContain(END);
  });

  it("not offered before a stay has begun", async () => {
    await brute.update({ "system.wound": { ...mw, hospitalLevels: 0, hospitalDays: 0 } } as never);
    expect((await characterSheet(world, brute, "gm")).html).not.toContain("endHospitalStay");
  });

  it("with days carried, the GM is asked first: No keeps the stay; Yes clears it, the wounds as they were, and says the days are lost", async () => {
    const s = await characterSheet(world, brute, "gm");
    world.dialogAnswers.push(false);
    await s.click("endHospitalStay");
    expect(asked().at(-1)).toMatchObject({ kind: "confirm", window: { title: "End Brute's hospital stay?" } });
    expect(asked().at(-1)!.content).toContain("Brute has spent 2 of the 3 days a level takes in hospital. Ending the stay now loses those days.");
    expect(stay(brute)).toMatchObject({ hospitalLevels: 1, hospitalDays: 2 });
    expect(world.notifications).toEqual([]);

    world.dialogAnswers.push(true);
    await s.click("endHospitalStay");
    expect(stay(brute)).toMatchObject({ ...mw, hospitalLevels: 0, hospitalDays: 0 });
    expect(world.notified("info")).toEqual([
      "Brute's hospital stay is over (ended by the GM): the 2 days spent towards the next level are lost. The wounds stay as they are; a later Hospital press begins a new stay (up to 2 levels).",
    ]);
    // The sheet no longer shows a stay, nor the control.
    const after = await characterSheet(world, brute, "gm");
    expect(after.html).not.toContain("Hospital stay:");
    expect(after.html).not.toContain("endHospitalStay");
  });

  it("with no days carried (the stay's levels used) it ends without a question", async () => {
    await brute.update({ "system.wound": { ...mw, hospitalLevels: 2, hospitalDays: 0 } } as never);
    const s = await characterSheet(world, brute, "gm");
    await s.click("endHospitalStay");
    expect(asked()).toEqual([]);
    expect(stay(brute)).toMatchObject({ level: "MW", hospitalLevels: 0, hospitalDays: 0 });
    expect(world.notified("info")).toEqual(["Brute's hospital stay is over (ended by the GM). The wounds stay as they are; a later Hospital press begins a new stay (up to 2 levels)."]);
  });

  it("a player's click (a sheet opened some other way, a macro) is refused and changes nothing", async () => {
    const s = await characterSheet(world, brute, "alice");
    await s.click("endHospitalStay");
    expect(asked()).toEqual([]);
    expect(stay(brute)).toMatchObject({ hospitalLevels: 1, hospitalDays: 2 });
    expect(world.notified("warn")).toEqual(["Only the GM may do that."]);
  });

  it("the wounds changed while the question was open (a Hospital press elsewhere): nothing is ended, and it is said", async () => {
    const s = await characterSheet(world, brute, "gm");
    world.dialogAnswers.push(true);
    const confirm = DialogV2.confirm;
    DialogV2.confirm = async (config) => {
      await world.as("alice", () => brute.update({ "system.wound.hospitalDays": 0, "system.wound.hospitalLevels": 2, "system.wound.level": "LW" } as never));
      // The open sheet is redrawn with the new wounds, as V13 redraws a rendered sheet on an update.
      await (s.sheet as unknown as { _prepareContext(o: unknown): Promise<unknown> })._prepareContext({});
      return confirm.call(DialogV2, config);
    };
    try {
      await s.click("endHospitalStay");
    } finally {
      DialogV2.confirm = confirm;
    }
    expect(stay(brute)).toMatchObject({ level: "LW", hospitalLevels: 2, hospitalDays: 0 });
    expect(world.notified("warn")).toEqual(["Brute's wounds changed since this sheet was drawn, so nothing was applied. The sheet now shows them as they are: check it, then press the button again."]);
  });

  it("after the GM ends it, the next Hospital press is a new stay: 3 days heal a level", async () => {
    const s = await characterSheet(world, brute, "gm");
    world.dialogAnswers.push(true);
    await s.click("endHospitalStay");
    const next = await characterSheet(world, brute, "alice");
    (next.sheet as unknown as { element: unknown }).element = { querySelector: () => ({ value: "3" }) };
    await world.as("alice", () => next.click("hospital"));
    expect(stay(brute)).toMatchObject({ level: "LW", hospitalLevels: 1, hospitalDays: 0 });
  });
});
