/** The installed world, as the fake's classes reach it (set by installFoundry, one world at a time). */
import type { Collection } from "./collection.js";
import type { FakeHooks } from "./hooks.js";
import type { FakeActor, FakeChatMessage, FakeCombat, FakeDocument, FakeItem, FakeUser, DocumentName } from "./documents.js";
import type { TypeDataModel } from "./fields.js";

export type DocumentCtor = (new (source: Record<string, unknown>, options?: { parent?: FakeDocument | null }) => FakeDocument) & { readonly documentName: DocumentName };
export type ModelClass = typeof TypeDataModel;

export interface DocumentConfig {
  documentClass: DocumentCtor;
  dataModels: Record<string, ModelClass>;
  trackableAttributes: Record<string, { bar: string[]; value: string[] }>;
}

export interface StatusEffect {
  id: string;
  name: string;
  img: string;
  /** V13: false hides it from the token HUD; {actorTypes} offers it on those actor types only. */
  hud?: false | { actorTypes: string[] };
}

export type QueryHandler = (data: unknown, options: { timeout?: number }) => unknown;

export interface FakeConfig {
  Actor: DocumentConfig;
  Item: DocumentConfig;
  Combat: DocumentConfig;
  Combatant: DocumentConfig;
  ChatMessage: DocumentConfig;
  statusEffects: StatusEffect[];
  specialStatusEffects: Record<string, string>;
  queries: Record<string, QueryHandler>;
  ui: Record<string, unknown>;
  Dice: { rolls: unknown[] };
}

export interface Runtime {
  readonly hooks: FakeHooks;
  readonly config: FakeConfig;
  readonly users: Collection<FakeUser>;
  readonly actors: Collection<FakeActor>;
  readonly items: Collection<FakeItem>;
  readonly messages: Collection<FakeChatMessage>;
  readonly combats: Collection<FakeCombat>;
  /** V13's survivor search as it means to work, not as 13.345 does (fake documents.ts, FakeCombat). */
  readonly survivorSearchFixed: boolean;
  /** Unlinked tokens' synthetic actors, by token id (world.createUnlinkedToken). */
  readonly tokenActors: Map<string, FakeActor>;
  /** game.settings (core.rollMode and the system's). */
  readonly settings: { get(namespace: string, key: string): unknown };
  /** The logged-in user (game.user); throws when nobody is logged in. */
  user(): FakeUser;
  /** Runs fn with game.user switched to `user` (a query on another client), restoring after. */
  runAs<T>(user: FakeUser, fn: () => Promise<T>): Promise<T>;
  /** A failure scripted with world.failNextUpdate, consumed by the next update of that document. */
  takeFailure(doc: FakeDocument): Error | undefined;
  /** Whether the next query of this name times out on its sender (world.answerLateNext); consumed. */
  takeLateAnswer(name: string): boolean;
  /**
   * A document event's hook (create/update/delete…): in Foundry every connected client runs it, each
   * as its own user; the fake runs it once per connected user in that user's async context.
   */
  documentHook(hook: string, ...args: unknown[]): void;
  /** Runs `fn` on every connected client, each as its own user (the writer's first), as documentHook runs a hook. */
  onEveryClient(fn: () => void): void;
  readonly lateHandlers: Promise<unknown>[];
  /**
   * foundry.applications.instances of the client this code runs on: each client is its own browser,
   * so an application rendered on one is open there only (world.appsOf(userId) for tests).
   */
  clientApps(): Map<string, unknown>;
  /** Every query sent, for assertions. */
  readonly queryLog: { name: string; from: string; to: string; data: unknown; result?: unknown; error?: string }[];
}

let current: Runtime | null = null;

export function setRuntime(r: Runtime | null): void {
  current = r;
}

export function rt(): Runtime {
  if (!current) throw new Error("Fake Foundry: call installFoundry() first");
  return current;
}
