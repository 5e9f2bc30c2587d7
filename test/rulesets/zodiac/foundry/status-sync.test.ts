/**
 * Session 3 wave 2, gap 2: an Agent's state (Healthy / Almost Dead / Dead) and their token's status
 * icons now agree both ways (sheets/status-sync.ts). A hand edit of the state on the sheet toggles
 * the icons after its own update (the sheet's _processSubmitData); an icon toggled by hand (token
 * HUD, the tracker's defeated skull) sets the state, only when the state does not already say so —
 * so the toggles that Apply, Undo and the Setback spends make after writing the state themselves
 * change nothing (no race: their causes and rounds survive).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { iconTogglesFor, stateAfterIconToggle } from "../../../../src/rulesets/zodiac/sheets/status-sync.js";
import { mikeAreas, jeremyAreas } from "./mike-jeremy-data.js";
import { addPlayers, startZodiacCombat, zodiacWorld } from "./world.js";
import type { Panel, Sheets, Sync } from "./world.js";

const AD = "fracas-almost-dead";
const DEAD = "fracas-dead";

describe("stateAfterIconToggle / iconTogglesFor (pure)", () => {
  it("one toggle's meaning, or null when the state already agrees", () => {
    expect(stateAfterIconToggle("healthy", AD, true, true, false)).toBe("almostDead");
    expect(stateAfterIconToggle("almostDead", AD, true, true, false)).toBeNull();
    expect(stateAfterIconToggle("dead", AD, true, true, false)).toBeNull(); // Dead outranks it
    expect(stateAfterIconToggle("almostDead", AD, false, false, false)).toBe("healthy");
    expect(stateAfterIconToggle("dead", AD, false, false, false)).toBeNull();
    expect(stateAfterIconToggle("healthy", DEAD, true, false, false)).toBe("dead");
    expect(stateAfterIconToggle("dead", DEAD, true, false, false)).toBeNull();
    expect(stateAfterIconToggle("dead", DEAD, false, true, false)).toBe("almostDead");
    expect(stateAfterIconToggle("dead", DEAD, false, false, false)).toBe("healthy");
    // Mid-way through a flow that wrote the state first: Undo of a finish restores Almost Dead,
    // then turns Dead off before Almost Dead on — that step must not make them Healthy.
    expect(stateAfterIconToggle("almostDead", DEAD, false, false, false)).toBeNull();
    expect(stateAfterIconToggle("healthy", "fracas-prone", true, false, false)).toBeNull();
  });

  it("the icons a state shows, only those that differ, Dead first", () => {
    expect(iconTogglesFor("almostDead", new Set())).toEqual([{ status: "almostDead", on: true }]);
    expect(iconTogglesFor("dead", new Set([AD]))).toEqual([
      { status: "dead", on: true },
      { status: "almostDead", on: false },
    ]);
    expect(iconTogglesFor("healthy", new Set([DEAD, "fracas-prone"]))).toEqual([{ status: "dead", on: false }]);
    expect(iconTogglesFor("dead", new Set([DEAD]))).toEqual([]);
  });
});

let world: FakeWorld;
let adapter: Adapter;
let sheets: Sheets;
let sync: Sync;
let panel: Panel;
let mike: FakeActor;
let jeremy: FakeActor;

const health = (a: FakeActor) => (a.system as unknown as { health: { status: string; almostDeadSince: number | null; almostDeadBy: string; wagersAgainst: number } }).health;
const icons = (a: FakeActor) => [...a.statuses].sort();
const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));

function sheetOf(actor: FakeActor): { submitForm(f: Record<string, unknown>): Promise<void> } {
  return new sheets.ZodiacAgentSheet({ document: actor } as never) as never;
}
/** The GM (or an owner) toggles a status on the Agent's token, as the token HUD does. */
async function toggle(user: string, actor: FakeActor, id: string, active: boolean): Promise<void> {
  await world.as(user, async () => {
    await actor.toggleStatusEffect(id, { active });
  });
  await sync.stateSyncSettled();
}

beforeEach(async () => {
  ({ world, adapter, sheets, sync, panel } = await zodiacWorld());
  addPlayers(world, "mp");
  mike = world.createActor({ name: "Mike", type: "zodiacAgent", system: { areas: mikeAreas }, ownership: { mp: 3 } });
  jeremy = world.createActor({ name: "Jeremy", type: "zodiacAgent", system: { areas: jeremyAreas } });
});

describe("a hand edit of the state on the sheet: the icons follow", () => {
  it("Healthy → Almost Dead → Dead → Almost Dead → Healthy, through the sheet's own submit, one write each", async () => {
    const sheet = sheetOf(jeremy);
    let writes = 0;
    world.observe("updateActor", () => void writes++);
    await world.as("gm", () => sheet.submitForm({ "system.health.status": "almostDead" }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 0, almostDeadBy: "none" });
    expect(icons(jeremy)).toEqual([AD]);

    await world.as("gm", () => sheet.submitForm({ "system.health.status": "dead" }));
    expect(health(jeremy).status).toBe("dead");
    expect(icons(jeremy)).toEqual([DEAD]);

    // Back to Almost Dead: Dead's icon goes first; the state (written first) must stay Almost Dead.
    await world.as("gm", () => sheet.submitForm({ "system.health.status": "almostDead" }));
    await sync.stateSyncSettled();
    expect(health(jeremy).status).toBe("almostDead");
    expect(icons(jeremy)).toEqual([AD]);

    await world.as("gm", () => sheet.submitForm({ "system.health.status": "healthy" }));
    await sync.stateSyncSettled();
    expect(health(jeremy)).toMatchObject({ status: "healthy", almostDeadSince: null });
    expect(icons(jeremy)).toEqual([]);
    // Only the sheet's own four updates: no icon toggle wrote the state again (reading the icons
    // as a whole would have, going Dead → Almost Dead: Healthy for a moment, then Almost Dead).
    expect(writes).toBe(4);
  });

  it("an owner's edit of their own Agent too; a submit that leaves the state alone leaves the icons alone", async () => {
    const sheet = sheetOf(mike);
    await world.as("mp", () => sheet.submitForm({ "system.health.status": "almostDead" }));
    expect(icons(mike)).toEqual([AD]);
    // An unrelated icon the GM added stays; a submit of other fields toggles nothing.
    await toggle("gm", mike, "fracas-prone", true);
    await world.as("mp", () => sheet.submitForm({ "system.health.status": "almostDead", "system.agentPoints.value": 1 }));
    expect(icons(mike)).toEqual([AD, "fracas-prone"]);
  });
});

describe("an icon toggled by hand: the state follows, only when it differs", () => {
  it("the GM toggles Almost Dead on and off on the token (no fight: since before it)", async () => {
    await toggle("gm", jeremy, AD, true);
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 0, almostDeadBy: "none" });
    await toggle("gm", jeremy, AD, false);
    expect(health(jeremy)).toMatchObject({ status: "healthy", almostDeadSince: null });
  });

  it("the tracker's defeated skull (Dead's icon): Dead; taken off again, back to Almost Dead if that icon still shows", async () => {
    await toggle("gm", jeremy, AD, true);
    await toggle("gm", jeremy, DEAD, true);
    expect(health(jeremy).status).toBe("dead");
    await toggle("gm", jeremy, DEAD, false);
    expect(health(jeremy).status).toBe("almostDead");
    await toggle("gm", jeremy, AD, false);
    await toggle("gm", jeremy, DEAD, true);
    await toggle("gm", jeremy, DEAD, false);
    expect(health(jeremy).status).toBe("healthy");
  });

  it("in a fight, an Almost Dead set from the icon gets the fight's round, as the sheet's hand edit does", async () => {
    const combat: FakeCombat = await startZodiacCombat(world, [mike, jeremy]);
    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
    await toggle("gm", jeremy, AD, true);
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 2 });
  });

  it("only the client of the user who toggled writes (every client sees the hook)", async () => {
    const effect = { parent: jeremy, statuses: new Set([AD]) };
    await world.as("mp", async () => sync.onStatusEffectToggle(effect, true, "gm"));
    await sync.stateSyncSettled();
    expect(health(jeremy).status).toBe("healthy");
  });

  it("Other Agents and crowds are left alone", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10 } });
    await toggle("gm", baron, DEAD, true);
    expect((baron.system as unknown as { status: string }).status).toBe("healthy");
  });
});

describe("no race with the toggles the flows make after writing the state themselves", () => {
  it("Setback's shot keeps its cause (a write from the icon would have marked it 'none'), and its Undo heals", async () => {
    const combat: FakeCombat = await startZodiacCombat(world, [mike, jeremy]);
    await seedSetback(1);
    const updates: string[] = [];
    world.observe("updateActor", (a: { name: string }) => void updates.push(a.name));
    expect(await world.as("gm", () => panel.shootAgent(combat as never, jeremy.uuid))).toEqual({ ok: true });
    await sync.stateSyncSettled();
    expect(health(jeremy)).toMatchObject({ status: "almostDead", almostDeadSince: 1, almostDeadBy: "setback" });
    expect(updates).toEqual(["Jeremy"]); // the shot's own write, nothing after its icon
    const spend = ((await world.as("gm", async () => panel.panelContext(combat as never))) as unknown as { spends: { id: string }[] }).spends[0]!;
    expect(await world.as("gm", () => panel.undoSpend(combat as never, spend.id))).toEqual({ ok: true });
    await sync.stateSyncSettled();
    expect(health(jeremy).status).toBe("healthy");
    expect(icons(jeremy)).toEqual([]);
    expect(updates).toEqual(["Jeremy", "Jeremy"]);
  });
});
