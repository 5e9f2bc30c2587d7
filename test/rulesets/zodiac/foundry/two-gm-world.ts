/**
 * The world of the tests of duels held on a GM's client (two-gms, review-s6-wave3, review-s6b,
 * duel-cancel-sheet): world.ts's Mike-vs-Jeremy fake with the TextEditor stubbed, a second connected
 * GM "gm2" ("gm" stays the active GM, first by id), and the duel modules those tests drive; then the
 * helpers they share. The helpers act on the world twoGmWorld() built last (each test file has its
 * own copy of this module, and builds a fresh world in its beforeEach); the query wraps and other
 * undos given to restoreAfter() are run by tearDown(), for the files' afterEach.
 */
import { vi } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { mikeAndJeremy, stubTextEditor, zodiacWorld, type Dialog, type Flow, type Sheets } from "./world.js";

export type OperationsView = import("../../../../src/rulesets/zodiac/sheets/operations-view.js").OperationsView;
export type Remote = typeof import("../../../../src/rulesets/zodiac/cards/duel-remote.js");
export type Commits = typeof import("../../../../src/rulesets/zodiac/cards/commits.js");
export type Index = typeof import("../../../../src/rulesets/zodiac/index.js");
export type Queries = typeof import("../../../../src/foundry/queries.js");
export type Cache = typeof import("../../../../src/rulesets/zodiac/cards/duel-list-cache.js");
/** A query's handler as CONFIG.queries holds it; `options` carries the asker's timeout. */
export type Handler = (data: Record<string, unknown>, options?: { timeout?: number }) => Promise<unknown>;

/** The Agent sheet as the tests drive it: its actions, and the context it renders from. */
export interface SheetApp {
  options: { actions: Record<string, unknown> };
  _prepareContext(o: unknown): Promise<{ operations: OperationsView | null }>;
}

export interface TwoGmWorld {
  world: FakeWorld;
  adapter: Adapter;
  flow: Flow;
  sheets: Sheets;
  dialog: Dialog;
  remote: Remote;
  commits: Commits;
  index: Index;
  queries: Queries;
  cache: Cache;
  mike: FakeActor;
  jeremy: FakeActor;
}

let current: TwoGmWorld | undefined;
let undos: (() => void)[] = [];

function built(): TwoGmWorld {
  if (!current) throw new Error("two-gm-world: call twoGmWorld() (in a beforeEach) before its helpers");
  return current;
}

/**
 * A fresh fake with the adapter loaded (zodiacWorld), the duel modules imported after it, the
 * TextEditor stubbed, then (unless `secondGm` is false) "gm2", a second connected GM, and last both
 * players with Mike and Jeremy.
 */
export async function twoGmWorld({ secondGm = true }: { secondGm?: boolean } = {}): Promise<TwoGmWorld> {
  const { world, adapter, flow, sheets, dialog } = await zodiacWorld();
  const remote: Remote = await import("../../../../src/rulesets/zodiac/cards/duel-remote.js");
  const commits: Commits = await import("../../../../src/rulesets/zodiac/cards/commits.js");
  const index: Index = await import("../../../../src/rulesets/zodiac/index.js");
  const queries: Queries = await import("../../../../src/foundry/queries.js");
  const cache: Cache = await import("../../../../src/rulesets/zodiac/cards/duel-list-cache.js");
  stubTextEditor();
  // "gm" is the active GM (first by id); "gm2" a second, connected GM.
  if (secondGm) world.addUser({ id: "gm2", name: "Second GM", isGM: true });
  const { mike, jeremy } = mikeAndJeremy(world);
  current = { world, adapter, flow, sheets, dialog, remote, commits, index, queries, cache, mike, jeremy };
  return current;
}

/** Undoes what restoreAfter() was given (last first), waits for late query answers, restores mocks. */
export async function tearDown(): Promise<void> {
  for (const undo of undos.reverse()) undo();
  undos = [];
  if (current) await Promise.all(current.world.lateHandlers);
  vi.restoreAllMocks();
}

/** Runs `undo` at the next tearDown(). */
export function restoreAfter(undo: () => void): void {
  undos.push(undo);
}

/** Replaces a query's handler on every client until tearDown(); `wrap` sees the options (timeout) too. */
export function wrapQuery(name: string, wrap: (real: Handler, data: Record<string, unknown>, options?: { timeout?: number }) => Promise<unknown>): void {
  const handlers = CONFIG.queries as unknown as Record<string, Handler>;
  const real = handlers[name]!;
  handlers[name] = (data, options) => wrap(real, data, options);
  restoreAfter(() => (handlers[name] = real));
}

/**
 * `actor`'s Agent sheet, whose `_prepareContext` returns the context once the other GMs have
 * answered: the sheet itself never waits for them (cards/duel-list-cache.ts, review-s7-perf #4), so
 * these tests, which check what the lists say, ask afresh (as opening the sheet does), wait for the
 * answers, then build the context. session7-wave2.test.ts tests the cache itself (`rawSheetOf`).
 */
export const sheetOf = (actor: FakeActor): SheetApp => {
  const sheet = rawSheetOf(actor);
  const prepare = sheet._prepareContext.bind(sheet);
  sheet._prepareContext = async (o) => {
    await prepare({ ...(o as object), isFirstRender: true });
    await built().cache.remoteDuelsSettled();
    return prepare(o);
  };
  return sheet;
};
/** The sheet as Foundry has it: `_prepareContext` reads the other GMs' lists from the cache, never waiting. */
export const rawSheetOf = (actor: FakeActor) => new (built().sheets.ZodiacAgentSheet)({ document: actor } as never) as unknown as SheetApp;
/** `actor`'s sheet's pending duels section, as `user`'s client builds it. */
export const operations = async (user: string, actor: FakeActor) => (await built().world.as(user, () => sheetOf(actor)._prepareContext({}))).operations!;
export const points = (a: FakeActor) => (a.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
export const resultOf = (m: unknown) => ((m as FakeChatMessage).system as unknown as { result: Record<string, unknown> }).result;
export const keyOf = (m: unknown) => String(resultOf(m).duelKey);
export const warnings = () => built().world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
export const duelCards = () => built().world.messages.filter((m) => (m.system as unknown as { kind?: string }).kind === "duel");
/** The commits held on a GM's client (each client its own store, as each browser is). */
export const heldBy = (user: string) => built().world.as(user, async () => built().flow.readCommits());
/** The duel commit card's follow-ups. */
export const followUps = () => built().index.zodiac.cards!.duelCommit!.followUps!;
/** The card's Reveal as a click on `user`'s copy runs it (a plain follow-up: on the clicking client). */
export const cardReveal = (user: string, card: unknown) => built().world.as(user, () => followUps().reveal!({ message: card, result: resultOf(card) } as never) as Promise<void>);
/** The card's "Cancel this duel (GM)" as cards posted before review s6b carry it: core's GM follow-up, run on the active GM's client. */
export const gmFollowUpCancel = (user: string, card: unknown) =>
  built().world.as(user, () => built().adapter.queries.requestFollowUp((card as FakeChatMessage).id ?? "", "cancelDuel", {}));
