/**
 * Session 5, wave 3:
 * - the roll dialog follows its roller and its target (core following-dialogs): the target was read
 *   once when the dialog opened, the roller only on a change in the form, so a TN Operations set, a
 *   target falling Almost Dead (the finishing Wager) or the roller's Agent Points spent elsewhere
 *   left odds the Roll would not use — and the strike rolled against the TN read at opening;
 * - the zodiac hooks register once (core registerOnce), and the Operations sections' redraws the hooks
 *   start are background work (core backgroundWork): a failed one is logged with what it was, and
 *   tests wait on them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadAdapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { ZodiacRollDialog } from "../../../../src/rulesets/zodiac/sheets/roll-dialog.js";
import type { RollModel } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import type { DialogTarget } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { mikeAndJeremy, stubTextEditor, zodiacWorld, type Dialog, type Sheets } from "./world.js";

let world: FakeWorld;
let dialogs: Dialog;
let sheets: Sheets;
let mike: FakeActor;
let jeremy: FakeActor;
let baron: FakeActor;

type Open = ZodiacRollDialog & { renders: number };
interface Shown {
  model: RollModel;
  target: DialogTarget | null;
  kind: string;
  canFinish: boolean;
  agentPoints: number;
}

beforeEach(async () => {
  ({ world, dialog: dialogs, sheets } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
  baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
});

afterEach(() => vi.restoreAllMocks());

/** Mike's player aims at `target` and opens the roll dialog on Capricorn, as the sheet's roll button does. */
async function mikeAimsAt(target: FakeActor): Promise<Open> {
  world.login("mp");
  world.target("mp", target);
  const dialog = new dialogs.ZodiacRollDialog({ actor: mike as never, slot: "a2" }) as Open;
  await dialog.render({ force: true } as never);
  return dialog;
}

async function shown(dialog: Open): Promise<Shown> {
  world.login("mp");
  return (await (dialog as unknown as { _prepareContext(o: unknown): Promise<Shown> })._prepareContext({})) as Shown;
}

async function asGm(fn: () => Promise<unknown>): Promise<void> {
  world.login("gm");
  await fn();
  world.login("mp");
}

describe("the roll dialog follows its target and its roller", () => {
  it("Operations lowers the Baron's TN: the dialog redraws with the new odds, and the strike rolls against it", async () => {
    const dialog = await mikeAimsAt(baron);
    const before = await shown(dialog);
    expect(before).toMatchObject({ kind: "strike", model: { tn: 10 } });

    const renders = dialog.renders;
    await asGm(() => baron.update({ "system.tn": 6 } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    const after = await shown(dialog);
    expect(after.model.tn).toBe(6);
    expect(after.model.chance).toBeGreaterThan(before.model.chance);

    world.login("mp");
    world.dice.queue(6, 5, 4, 3, 2);
    const submit = (dialogs.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown) => Promise<void> } }).form.handler;
    await submit.call(dialog);
    const card = world.messages.contents.at(-1) as unknown as FakeChatMessage;
    const sys = card.system as unknown as { kind: string; result: { strike: { tn: number } } };
    expect(sys.kind).toBe("strike");
    expect(sys.result.strike.tn).toBe(6);
  });

  it("Jeremy falls Almost Dead while Mike's duel dialog is open: the finishing Wager is offered", async () => {
    const dialog = await mikeAimsAt(jeremy);
    expect(await shown(dialog)).toMatchObject({ kind: "duel", canFinish: false });
    const renders = dialog.renders;
    await asGm(() => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.almostDeadSince": 0 } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(await shown(dialog)).toMatchObject({ canFinish: true, target: { almostDead: true, accumulated: 4 } });
  });

  it("Mike's Agent Points spent elsewhere: the redraw refuses the spend typed before; what was typed is kept", async () => {
    const dialog = await mikeAimsAt(baron);
    dialog.choice = { ...dialog.choice, spend: 2, gathered: 2 };
    expect((await shown(dialog)).model.ok).toBe(true);
    const renders = dialog.renders;
    await world.as("mp", async () => mike.update({ "system.agentPoints.value": 1 } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    const after = await shown(dialog);
    expect(after.agentPoints).toBe(1);
    expect(after.model.ok).toBe(false);
    expect(dialog.choice).toMatchObject({ spend: 2, gathered: 2 });
  });

  it("aiming at Jeremy instead of the Baron: the dialog becomes a duel against Jeremy", async () => {
    const dialog = await mikeAimsAt(baron);
    const renders = dialog.renders;
    const mp = world.users.get("mp")!;
    mp.targets.clear();
    world.target("mp", jeremy);
    world.hooks.callAll("targetToken", mp, [...mp.targets][0], true);
    await Promise.resolve(); // open dialogs are told once the run of targetToken events is over
    expect(dialog.renders).toBeGreaterThan(renders);
    expect(await shown(dialog)).toMatchObject({ kind: "duel", target: { name: "Jeremy", type: "zodiacAgent" } });
  });

  it("another actor's change does not redraw it, nor does anything once it is closed", async () => {
    const dialog = await mikeAimsAt(baron);
    const other = world.createActor({ name: "Goons", type: "zodiacCrowd", system: { standing: 5 } });
    const renders = dialog.renders;
    await asGm(() => other.update({ "system.standing": 4 } as never));
    expect(dialog.renders).toBe(renders);
    await dialog.close();
    await asGm(() => baron.update({ "system.tn": 6 } as never));
    expect(dialog.renders).toBe(renders);
  });
});

describe("the zodiac hooks: registered once, their work tracked", () => {
  it("a second import of the adapter adds no second set of zodiac hooks", async () => {
    const counts = () => ["updateChatMessage", "createActiveEffect", "createSetting", "updateSetting", "updateCombat", "deleteCombat"].map((h) => world.hooks.count(h));
    const once = counts();
    await loadAdapter();
    expect(counts()).toEqual(once);
    const index = await import("../../../../src/rulesets/zodiac/index.js");
    expect(index.registerZodiacHooks()).toBe(false);
  });

  it("an Operations redraw that fails is logged with what it was, and the hooks' redraws can be awaited", async () => {
    stubTextEditor();
    const refresh = await import("../../../../src/rulesets/zodiac/sheets/operations-refresh.js");
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const sheet = new sheets.ZodiacAgentSheet({ document: jeremy } as never) as unknown as { render(): Promise<unknown>; rendered: boolean };
    await world.as("gm", () => sheet.render());
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    sheet.render = () => slow.then(() => Promise.reject(new Error("boom")));
    (foundry.applications as unknown as { instances: Map<string, unknown> }).instances = new Map([["app-j", sheet]]);

    await world.as("gm", async () => void world.hooks.callAll("updateSetting", { key: "fracas.gmPools" }, {}, {}, "gm"));
    let settled = false;
    const waiting = refresh.operationsRedrawsSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(error).toHaveBeenCalledWith("Fracas | zodiac: an Operations section redraw failed", expect.any(Error));
  });
});
