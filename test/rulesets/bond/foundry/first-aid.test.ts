/**
 * First Aid through the real adapter in the fake: the sheet's dialog picks the healer (a character
 * the user owns with a First Aid skill), shows the exact chance of success, rolls a Foundry d100 and
 * posts a card whose Apply runs the kernel's applyFirstAid on the wounded character — once per wound
 * (a failed try uses it up), refused a second time, and Undo restores the wound and the try.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import { cardOf, npcChars, pcChars, pool, wound } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC, First Aid INT/DEX + 5 = PC 18
let felix: FakeActor; // bob's PC, First Aid (named, general use) INT/DEX + 4 = PC 17
let hood: FakeActor; // the GM's NPC, no First Aid skill

const firstAid = (level: number, role = "firstAid", name = "First Aid") => ({ name, type: "bondSkill", system: { role, characteristic1: "int", characteristic2: "dex", level } });
const mw = { level: "MW", stunRollPending: false, stunCharacteristic: null, stunRounds: 0, woundRollPending: false, unconsciousHours: 0, knockedOut: false, firstAidUsed: false, hospitalLevels: 0, hospitalDays: 0 };

type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;

async function modules() {
  const dialog = await import("../../../../src/rulesets/bond/sheets/first-aid-dialog.js");
  const view = await import("../../../../src/rulesets/bond/sheets/first-aid-view.js");
  return { ...dialog, ...view };
}

/**
 * Opens the First Aid dialog on `patient` as `user`, optionally changes the form, and clicks Roll
 * with `d100`; with `d100` null it clicks only when the dialog refuses (nothing is rolled then).
 */
async function firstAidRoll(user: string, patient: FakeActor, d100: number | null, form: Record<string, unknown> = {}) {
  const m = await modules();
  world.login(user);
  const dialog = new m.BondFirstAidDialog(patient as never);
  const options = m.BondFirstAidDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Handler }; actions: { roll: Handler } };
  if (Object.keys(form).length > 0) await options.form.handler.call(dialog, {}, {}, { object: form });
  const view = m.firstAidView(dialog.setup(), dialog.choices);
  const before = world.messages.size;
  if (d100 !== null) world.dice.queue(d100);
  if (d100 !== null || !view.canRoll) await options.actions.roll.call(dialog);
  const posted = world.messages.size > before ? ([...world.messages].at(-1) as unknown as FakeChatMessage) : null;
  return { dialog, view, message: posted };
}

const firstAidCards = () => [...world.messages].filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "firstAid");

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3), wound: mw }, ownership: { alice: 3 }, items: [firstAid(5)] });
  felix = world.createActor({ name: "Felix Leiter", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(2) }, ownership: { bob: 3 }, items: [firstAid(4, "general", "First aid")] });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars, wound: { ...mw, level: "HW" } } });
});

describe("First Aid roll from the sheet", () => {
  it("success lowers one level: Bond treats himself (PC 18 × EF 5 − 2 = SC 54), the card applies at once", async () => {
    const { view, message } = await firstAidRoll("alice", bond, 20);
    expect(view.healerOptions.map((o) => [o.label, o.selected])).toEqual([["James Bond", true]]);
    expect(view).toMatchObject({ primaryChance: 18, easeTotal: 3, successChance: 54, successPercent: "54%", canRoll: true, isGM: false });
    expect(view.easeItems).toEqual([
      { label: "FRACAS.Bond.FirstAid.EaseBase", value: "+5" },
      // The healer's own wound (UX #15): labelled as the healer's, not "your" wound.
      { label: "FRACAS.Bond.FirstAid.HealerWound", value: "\u22122" }, // a true minus sign
    ]);
    expect(message).not.toBeNull();
    const card = cardOf(message!);
    expect(card).toMatchObject({ kind: "firstAid", result: { healerName: "James Bond", primaryChance: 18, easeUnclamped: 3, roll: 20 }, targets: [{ uuid: bond.uuid }] });
    expect(message!.rolls).toHaveLength(1);
    expect(message!.content).toContain("James Bond gives First Aid to James Bond (First Aid)");
    expect(message!.content).toContain("Rolled 20 vs SC 54 (PC 18 × EF 3)");
    expect(message!.content).toContain("Wound level now: Light Wound");
    expect(card.applications).toHaveLength(1);
    expect(card.applications[0]!.summary).toEqual({ key: "FRACAS.Bond.Summary.Now.LW", data: { name: "James Bond" } });
    expect(wound(bond)).toMatchObject({ level: "LW", firstAidUsed: true });
    expect(world.notified("warn")).toEqual([]);
  });

  it("a second attempt is refused: by the dialog before rolling, and by the kernel on a stale card's Apply", async () => {
    const first = await firstAidRoll("alice", bond, 20);
    const second = await firstAidRoll("alice", bond, null);
    expect(second.view).toMatchObject({ canRoll: false, error: "FRACAS.Error.firstAidUsed" });
    expect(second.message).toBeNull();
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Error.firstAidUsed"));
    expect(firstAidCards()).toHaveLength(1);

    // Undo the first, roll again (applied), then re-apply the first card: the kernel refuses it.
    world.login("alice");
    const app = cardOf(first.message!).applications[0]!;
    // Through the GM, as Alice's button sends it while a GM is connected (the GM applied it: its seal, card-seals.ts).
    expect(await adapter.queries.requestUndo(first.message!.id, app.id, false)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    const again = await firstAidRoll("alice", bond, 90);
    expect(cardOf(again.message!).applications[0]!.summary.key).toBe("FRACAS.Bond.Summary.FirstAidFailed");
    world.login("alice");
    expect(await adapter.queries.requestApply(first.message!.id, bond.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Error.firstAidUsed" });
    expect(wound(bond)).toMatchObject({ level: "MW", firstAidUsed: true });
  });

  it("failure uses it up: the wound stays, First Aid is spent", async () => {
    const { message } = await firstAidRoll("alice", bond, 90);
    expect(message!.content).toContain("no help; First Aid is used up for this wound.");
    expect(cardOf(message!).applications[0]!.summary).toEqual({ key: "FRACAS.Bond.Summary.FirstAidFailed", data: { name: "James Bond" } });
    expect(wound(bond)).toMatchObject({ level: "MW", firstAidUsed: true });
    const retry = await firstAidRoll("alice", bond, null);
    expect(retry.view.canRoll).toBe(false);
    expect(retry.message).toBeNull();
  });

  it("Undo restores the wound and the First Aid try", async () => {
    const { message } = await firstAidRoll("alice", bond, 20);
    expect(wound(bond)).toMatchObject({ level: "LW", firstAidUsed: true });
    world.login("alice");
    const app = cardOf(message!).applications[0]!;
    // Through the GM, as Alice's button sends it while a GM is connected (the GM applied it: its seal, card-seals.ts).
    expect(await adapter.queries.requestUndo(message!.id, app.id, false)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(wound(bond)).toEqual(mw);
    expect(cardOf(message!).applications[0]!.undone).toBe(true);
    const retry = await firstAidRoll("alice", bond, null);
    expect(retry.view.canRoll).toBe(true);
  });

  it("a player treats the GM's NPC with their own character (a skill named First Aid); the GM's client writes it", async () => {
    const { view, message } = await firstAidRoll("bob", hood, 10);
    // Bob owns only Felix; Hood is not his, so Felix is the healer. PC 13 + 4 = 17 × EF 5 = 85.
    expect(view.healerOptions.map((o) => o.label)).toEqual(["Felix Leiter"]);
    expect(view).toMatchObject({ healerName: "Felix Leiter", skillName: "First aid", primaryChance: 17, successChance: 85, successPercent: "85%" });
    expect(world.queryLog.filter((q) => q.name === "fracas.applyCard").map((q) => [q.from, q.to])).toEqual([["bob", "gm"]]);
    expect(cardOf(message!).applications[0]!.by).toBe("bob");
    expect(wound(hood)).toMatchObject({ level: "MW", firstAidUsed: true });
    expect((message!.toObject() as { author: string }).author).toBe("bob");
  });

  it("only the GM changes the Ease Factor; the kernel clamps the total", async () => {
    const player = await firstAidRoll("alice", bond, null, { healer: bond.uuid, ease: "10" });
    expect(player.dialog.choices.ease).toBe(5);
    const gm = await firstAidRoll("gm", bond, 60, { healer: bond.uuid, ease: "1" });
    // EF 1 − 2 (Bond's wound) = −1 → ½: SC 9; 60 fails.
    expect(gm.view).toMatchObject({ ease: 1, easeTotal: 0.5, easeClamped: true, easeUnclamped: -1, successChance: 9 });
    expect(wound(bond)).toMatchObject({ level: "MW", firstAidUsed: true });
  });

  it("no healer: a user without a First Aid character cannot roll", async () => {
    world.addUser({ id: "carol", name: "Carol", isGM: false });
    const { view, message } = await firstAidRoll("carol", hood, null);
    expect(view).toMatchObject({ hasHealers: false, canRoll: false, error: "FRACAS.Bond.FirstAid.NoHealer" });
    expect(message).toBeNull();
  });
});

describe("the sheet's First Aid buttons", () => {
  async function click(user: string, action: string, dataset: Record<string, string> = {}) {
    const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
    world.login(user);
    const sheet = new BondCharacterSheet({ document: bond } as never);
    const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    await actions[action]!.call(sheet, {}, { dataset });
  }

  it("First Aid opens the roll dialog on this character", async () => {
    const m = await modules();
    const render = vi.spyOn(m.BondFirstAidDialog.prototype, "render");
    await click("alice", "firstAid");
    expect(render).toHaveBeenCalledTimes(1);
    expect((render.mock.instances[0] as unknown as { patient: unknown }).patient).toBe(bond);
    render.mockRestore();
  });

  it("the GM-ruled fallback (Succeeded/Failed without a roll) is the GM's only", async () => {
    await click("alice", "firstAidRuling", { success: "true" });
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Bond.Refused.GmOnly"));
    expect(wound(bond)).toEqual(mw);
    await click("gm", "firstAidRuling", { success: "true" });
    expect(wound(bond)).toMatchObject({ level: "LW", firstAidUsed: true });
    await click("gm", "firstAidRuling", { success: "true" });
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Error.firstAidUsed"));
    expect(wound(bond)).toMatchObject({ level: "LW", firstAidUsed: true });
  });
});
