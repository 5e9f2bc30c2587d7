/**
 * The seed's Mike-vs-Jeremy world in the typed Foundry fake, shared by the zodiac adapter tests:
 * Mike's and Jeremy's players, their Agents (the seed's Areas from mike-jeremy-data.ts, 3 of 3
 * Agent Points, each owned by its player), and a started fight. Kept apart from
 * mike-jeremy-data.ts, which the browser fixtures import: this module loads the fake.
 */
import { expect } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { jeremyAreas, mikeAreas } from "./mike-jeremy-data.js";

export type Flow = typeof import("../../../../src/rulesets/zodiac/cards/flow.js");
export type Dialog = typeof import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js");
export type Model = typeof import("../../../../src/rulesets/zodiac/cards/roll-model.js");
export type Panel = typeof import("../../../../src/rulesets/zodiac/combat-panel.js");
export type Sheets = typeof import("../../../../src/rulesets/zodiac/sheets/sheets.js");
export type Refresh = typeof import("../../../../src/rulesets/zodiac/cards/card-refresh.js");
export type Operations = typeof import("../../../../src/rulesets/zodiac/operations.js");
export type Sync = typeof import("../../../../src/rulesets/zodiac/sheets/status-sync.js");

/**
 * A fresh fake with the real adapter loaded, and the zodiac modules the tests drive, imported after
 * loadAdapter so they are the instances the adapter registered (all are loaded by the ruleset).
 * A hit's Wagers wait for the test's Apply, and a duel for its Reveal, unless `autoApplyHits` or
 * `autoReveal` (the world's defaults) is asked for.
 */
export async function zodiacWorld(options: { autoApplyHits?: boolean; autoReveal?: boolean } = {}): Promise<{ world: FakeWorld; adapter: Adapter; flow: Flow; dialog: Dialog; model: Model; panel: Panel; sheets: Sheets; refresh: Refresh; operations: Operations; sync: Sync }> {
  const world = installFoundry();
  const adapter = await loadAdapter();
  // These tests press Apply and Reveal themselves (the GM's path with the options off);
  // auto-apply.test.ts and auto-reveal.test.ts turn them on.
  await world.as("gm", async () => {
    await game.settings.set("fracas", "zodiac.autoApplyHits" as never, (options.autoApplyHits ?? false) as never);
    await game.settings.set("fracas", "zodiac.autoReveal" as never, (options.autoReveal ?? false) as never);
  });
  return {
    world,
    adapter,
    flow: await import("../../../../src/rulesets/zodiac/cards/flow.js"),
    dialog: await import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js"),
    model: await import("../../../../src/rulesets/zodiac/cards/roll-model.js"),
    panel: await import("../../../../src/rulesets/zodiac/combat-panel.js"),
    sheets: await import("../../../../src/rulesets/zodiac/sheets/sheets.js"),
    refresh: await import("../../../../src/rulesets/zodiac/cards/card-refresh.js"),
    operations: await import("../../../../src/rulesets/zodiac/operations.js"),
    sync: await import("../../../../src/rulesets/zodiac/sheets/status-sync.js"),
  };
}

/** The fake has no TextEditor: a sheet's context enriches its notes through this pass-through. */
export function stubTextEditor(): void {
  const ns = foundry.applications as unknown as Record<string, Record<string, unknown> | undefined>;
  ns.ux = { ...(ns.ux ?? {}), TextEditor: { implementation: { enrichHTML: async (h: string) => h } } };
}

const PLAYERS = { mp: "Mike's player", jp: "Jeremy's player" } as const;

/** The players as users: "mp" plays Mike, "jp" Jeremy. */
export function addPlayers(world: FakeWorld, ...ids: (keyof typeof PLAYERS)[]): void {
  for (const id of ids) world.addUser({ id, name: PLAYERS[id], isGM: false });
}

/** Mike: the seed's Areas (Rank 5 Capricorn), 3 of 3 Agent Points, owned by Mike's player. */
export function createMike(world: FakeWorld): FakeActor {
  return world.createActor({ name: "Mike", type: "zodiacAgent", system: { areas: mikeAreas, agentPoints: { value: 3, max: 3 } }, ownership: { mp: 3 } });
}

/** Jeremy: the seed's Areas (Rank 4 Virgo), 3 of 3 Agent Points, owned by Jeremy's player. */
export function createJeremy(world: FakeWorld): FakeActor {
  return world.createActor({ name: "Jeremy", type: "zodiacAgent", system: { areas: jeremyAreas, agentPoints: { value: 3, max: 3 } }, ownership: { jp: 3 } });
}

/** Both players, and Mike and Jeremy. */
export function mikeAndJeremy(world: FakeWorld): { mike: FakeActor; jeremy: FakeActor } {
  addPlayers(world, "mp", "jp");
  return { mike: createMike(world), jeremy: createJeremy(world) };
}

/** A started fight of these actors (zodiac rolls no initiative), as the current user (the GM unless a test logged in someone else). */
export async function startZodiacCombat(world: FakeWorld, actors: FakeActor[]): Promise<FakeCombat> {
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })));
  await (combat as unknown as FracasCombat).startCombat();
  return combat;
}

/**
 * `userId` commits `self`'s duel against `other` in secret (slot a1, Aries 3), as the roll dialog's
 * Commit button does, after checking the kernel accepts the choice; the commit card, or undefined
 * when the commit is refused.
 */
export async function commitDuel(world: FakeWorld, userId: string, self: FakeActor, other: FakeActor, c: { spend: number; gathered: number; wagers: number; finish?: boolean }) {
  const flow: Flow = await import("../../../../src/rulesets/zodiac/cards/flow.js");
  const dialog: Dialog = await import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js");
  const model: Model = await import("../../../../src/rulesets/zodiac/cards/roll-model.js");
  return world.as(userId, async () => {
    const target = dialog.dialogTarget(other.uuid, other.name)!;
    const choice = { kind: "duel" as const, area: 3, spend: c.spend, gathered: c.gathered, wagers: c.wagers, calledShot: null, captureAlive: false, finish: c.finish ?? false, tn: 10, totalMode: "keepArea" as const };
    const sys = self.system as unknown as { agentPoints: { value: number }; health: { status: string } };
    const m = model.rollModel(choice, { agentPoints: sys.agentPoints.value, almostDead: sys.health.status === "almostDead" }, target.tn ?? 0, flow.grids().shots);
    expect(m.ok, JSON.stringify(m.error)).toBe(true);
    return flow.commitDuel(self as never, "a1", choice, m, target);
  });
}
