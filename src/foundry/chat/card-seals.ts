/**
 * The GM's seal on a card's applications. In V13 a chat message's author may update it, so a card's
 * stored applications (what Undo writes back, and what says a target was applied) are input from
 * its author: edited, they made the GM's client write any value at any path of any actor (audit
 * s14 H1), or apply the same card again (H3). So the active GM keeps, in a world setting only a GM
 * can write, a digest of each standing application it wrote; before it applies or undoes for
 * anyone, the card's records must match what it sealed.
 *
 * An application made with no GM connected (a player applying to their own character, see
 * render.ts mayWriteHere), or before this seal existed, has none: on the GM's client it counts as
 * applied, and only a GM may undo it there (what it writes is checked: record-check.ts); a player's
 * own client leaves a sealed one to a GM. Undone applications and deleted cards are dropped from
 * the setting, so it holds one short digest per standing application.
 */
import { sha256Hex } from "../sha256.js";
import type { Application } from "../data/card-data.js";
import { SYSTEM_ID } from "../settings.js";
import { registerOnce } from "../hooks-once.js";
import { isActiveGM } from "../active-gm.js";
import { withSettingLock } from "../locks.js";

export const SEALS_SETTING = "cardSeals";

/** messageId → applicationId → digest of the application as the GM wrote it. */
export type Seals = Record<string, Record<string, string>>;

/** Keys sorted at every level, so one record always gives one text (V13 may store keys in another order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The digest of one application: everything but its `undone` flag (an undone one is no longer sealed). */
export function applicationDigest(app: Application): string {
  const { undone: _undone, ...rest } = app;
  return sha256Hex(canonicalJson({ ...rest, after: rest.after ?? [] })).slice(0, 32);
}

/** The whole setting written (a GM's client only: a world setting). */
function writeAll(seals: Seals): Promise<unknown> {
  return (game.settings as unknown as { set(ns: string, key: string, value: unknown): Promise<unknown> }).set(SYSTEM_ID, SEALS_SETTING, seals);
}

function readSeals(): Seals {
  const stored = (game.settings as unknown as { get(ns: string, key: string): unknown }).get(SYSTEM_ID, SEALS_SETTING);
  return stored && typeof stored === "object" ? (stored as Seals) : {};
}

export function sealsOf(messageId: string): Record<string, string> {
  const all = readSeals();
  return Object.hasOwn(all, messageId) ? { ...all[messageId] } : {};
}

/**
 * Does the card still hold every application the GM sealed, unchanged and standing? The refusal's
 * reason key, or null. (Records the GM never sealed are not a problem here: apply.ts lets only a
 * GM undo them.)
 */
export function sealProblem(messageId: string, applications: readonly Application[]): string | null {
  for (const [id, digest] of Object.entries(sealsOf(messageId))) {
    const app = applications.find((a) => a.id === id);
    if (!app || app.undone || applicationDigest(app) !== digest) return "FRACAS.Chat.Refused.Tampered";
  }
  return null;
}

/** Whether this application is one the GM sealed (as it stands now). */
export function isSealed(messageId: string, app: Application): boolean {
  return sealsOf(messageId)[app.id] === applicationDigest(app);
}

/**
 * After the GM's client wrote a card's applications: seals the standing ones it wrote or kept
 * (`written`: the application ids this client made or left standing, sealed before or made now),
 * drops undone ones, and forgets cards no longer in the chat log. Only a GM can write the setting.
 * A failed write is logged, not thrown: the card's write stands, and its new application is then
 * one only a GM may undo (apply.ts), rather than an Apply half taken back.
 */
export async function sealApplications(messageId: string, applications: readonly Application[], written: ReadonlySet<string>): Promise<void> {
  if (!game.user.isGM) return;
  try {
    // Read and written under one lock: two cards' Applies at once (each under its own card lock)
    // would otherwise each write the setting they read, and one card's seal would be lost.
    await withSettingLock(SEALS_SETTING, () => writeSeals(messageId, applications, written));
  } catch (err) {
    console.error("Fracas | the GM's seal on a card's applications could not be written", err);
  }
}

async function writeSeals(messageId: string, applications: readonly Application[], written: ReadonlySet<string>): Promise<void> {
  const all = readSeals();
  const next: Seals = {};
  for (const [id, seals] of Object.entries(all)) if (id !== messageId && game.messages.has(id)) next[id] = seals;
  const mine: Record<string, string> = {};
  for (const app of applications) if (!app.undone && written.has(app.id)) mine[app.id] = applicationDigest(app);
  if (Object.keys(mine).length > 0) next[messageId] = mine;
  await writeAll(next);
}

/** A card deleted: its seals go with it (the active GM's client). */
export function forgetSeals(messageId: string): Promise<void> {
  return withSettingLock(SEALS_SETTING, async () => {
    const all = readSeals();
    if (!game.user.isGM || !Object.hasOwn(all, messageId)) return;
    const { [messageId]: _gone, ...rest } = all;
    await writeAll(rest);
  });
}

/** Registered in init, at most once per Hooks registry: a deleted card's seals go with it (the active GM writes). */
export function registerCardSeals(): void {
  registerOnce("core.cardSeals", (hooks) => {
    hooks.on("deleteChatMessage", (message) => {
      const id = (message as { id?: string | null } | null)?.id;
      if (id && isActiveGM()) void forgetSeals(id);
    });
  });
}
