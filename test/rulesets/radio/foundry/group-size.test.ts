/**
 * Review s10 content P3 (Radio): a henchmen group's token bar and sheet pool show losses. The
 * maximum is the group's size (the group at full strength), which damage and flight never lower;
 * before, it was count × woundsEach and every Apply lowered the count, so the bar always read full.
 * DECISIONS.md "The henchmen bar shows losses".
 */
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { groupSizeOf, sizeAfter } from "../../../../src/rulesets/radio/data/group-size.js";
import { attackWithFirstWeapon, createFalzetti, createGoons, createJake, pressRollDamage, radioWorld } from "./fight.js";
import { radioRenderer, text } from "./render.js";

type Sys = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const sys = (a: FakeActor) => a.system as unknown as Sys;
const bar = (a: FakeActor) => foundry.utils.getProperty(a.system as object, "woundPool") as { value: number; max: number };
type Sheet = { submitForm(f: Record<string, unknown>): Promise<void> };
const cardOf = (m: FakeChatMessage) => m.system as unknown as { kind: string; applications: { id: string }[] };
const lastDamage = (world: FakeWorld) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "damage").at(-1) as unknown as FakeChatMessage;

describe("review-s10-content P3: the group's size (pure)", () => {
  it("a size is never below the count; a group stored without one is its count", () => {
    expect(groupSizeOf(6, 3)).toBe(6);
    expect(groupSizeOf(null, 3)).toBe(3);
    expect(groupSizeOf(2, 5)).toBe(5);
  });

  it("fewer henchmen keep the size, more raise it, a typed size below the count is the count; an unset size is the count before the change", () => {
    expect(sizeAfter({ count: 6, size: 6 }, { count: 3 })).toEqual({ size: 6, typedBelow: false });
    expect(sizeAfter({ count: 6, size: 6 }, { count: 8 })).toEqual({ size: 8, typedBelow: false });
    expect(sizeAfter({ count: 6, size: 6 }, { size: 4 })).toEqual({ size: 6, typedBelow: true });
    expect(sizeAfter({ count: 3, size: 6 }, { size: 4 })).toEqual({ size: 4, typedBelow: false });
    expect(sizeAfter({ count: 6, size: null }, { count: 3 })).toEqual({ size: 6, typedBelow: false });
    expect(sizeAfter({ count: 6, size: 8 }, { carried: 1 } as never)).toBeNull();
  });
});

describe("review-s10-content P3: the henchmen bar shows losses", () => {
  it("an Apply of 3 damage on six goons: the bar reads 3 of 6 (it read 3 of 3); the Undo brings it back to 6 of 6", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    world.login("gm");
    const goons = (await Actor.create({ name: "Goons", type: "radioHenchmen", system: { count: 6, woundsEach: 1, tier: "novice", leader: falzetti.uuid } } as never)) as unknown as FakeActor;
    expect(sys(goons).size).toBe(6);
    expect(bar(goons)).toEqual({ value: 6, max: 6 });
    const attack = await attackWithFirstWeapon(world, "alice", jake, goons);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = lastDamage(world);
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, goons.uuid, true)).toMatchObject({ ok: true });
    expect([sys(goons).count, sys(goons).size]).toEqual([3, 6]);
    expect(bar(goons)).toEqual({ value: 3, max: 6 });
    expect(await adapter.queries.requestUndo(damage.id, cardOf(damage).applications[0]!.id, true)).toMatchObject({ ok: true });
    expect(bar(goons)).toEqual({ value: 6, max: 6 });
  });

  it("a group stored before the size existed reads its count as its size, and its first Apply keeps the count it had", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    // As stored: no size (createActor skips _preCreate, as a group made before this session).
    const goons = createGoons(world, 5, falzetti);
    expect(sys(goons).size).toBeNull();
    expect(bar(goons)).toEqual({ value: 5, max: 5 });
    const attack = await attackWithFirstWeapon(world, "alice", jake, goons);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    world.login("gm");
    expect(await adapter.queries.requestApply(lastDamage(world).id, goons.uuid, true)).toMatchObject({ ok: true });
    expect([sys(goons).count, sys(goons).size]).toEqual([2, 5]);
    expect(bar(goons)).toEqual({ value: 2, max: 5 });
  });

  it("the GM's hand edits: fewer henchmen keep the size (a loss), more raise it, a size typed below the count is set to it with a warning, a smaller size shrinks the group", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    const goons = (await Actor.create({ name: "Goons", type: "radioHenchmen", system: { count: 6, woundsEach: 2 } } as never)) as unknown as FakeActor;
    const { RadioHenchmenSheet } = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const sheet = new RadioHenchmenSheet({ document: goons } as never) as unknown as Sheet;
    await sheet.submitForm({ "system.count": 4 });
    expect([sys(goons).count, sys(goons).size]).toEqual([4, 6]);
    expect(bar(goons)).toEqual({ value: 8, max: 12 });
    await sheet.submitForm({ "system.count": 8 });
    expect([sys(goons).count, sys(goons).size]).toEqual([8, 8]);
    const told = world.notifications.length;
    await sheet.submitForm({ "system.size": 5 });
    expect([sys(goons).count, sys(goons).size]).toEqual([8, 8]);
    expect(world.notifications.length).toBe(told + 1);
    expect(world.notifications.at(-1)).toEqual({ type: "warn", message: "Goons: the group size cannot be below the henchmen standing, so it was set to 8." });
    await sheet.submitForm({ "system.count": 3, "system.size": 3 });
    expect([sys(goons).count, sys(goons).size]).toEqual([3, 3]);
    expect(bar(goons)).toEqual({ value: 6, max: 6 });
  });

  it("the sheet shows the size and the pool out of the whole group's", async () => {
    const { render } = radioRenderer();
    const { henchmenView } = await import("../../../../src/rulesets/radio/sheets/views.js");
    const { henchmenSystem, meta, leaderInput } = await import("./samples.js");
    const view = henchmenView(meta({ name: "Goons", editable: true }), henchmenSystem({ count: 3, size: 6, woundsEach: 2, carried: 1 }), [], leaderInput());
    expect([view.size, view.pool, view.poolMax]).toEqual([6, 5, 12]);
    const losses = (await import("../../../fixtures/templates/radio/henchmen-sheet/losses.js")).default();
    const html = render("henchmen-sheet", losses);
    expect(html).toContain('name="system.size" value="6"');
    expect(text(html)).toContain("Pool: 5 of 12 wounds");
    expect(text(html)).toContain("Group size is the group at full strength");
  });
});
