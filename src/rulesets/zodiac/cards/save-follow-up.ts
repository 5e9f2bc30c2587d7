/**
 * Operations saves Everyone Else with Setback, from the kill card (seed ¶7: "Unlike Everyone Else,
 * Operations can't save Other Agents outright by spending Setback" — so Everyone Else can be
 * saved; kernel saveEveryoneElse: 1 Setback per target, never the head-shot one). Before this the
 * kernel had the rule but nothing in Foundry used it: the GM had to edit the crowd and the pool by
 * hand. GM follow-ups on the kill card, "Operations saves one (GM)" and its Undo:
 * - the save changes the card's stored result (one kill fewer, one saved more), so an Apply made
 *   afterwards kills that many fewer off the crowd; while an Apply stands, both are refused (the
 *   applied kill would not follow; Undo it, save, Apply again);
 * - each save is one Setback pool entry, its id kept on the card (`result.saves`), its ledger ref
 *   `<msg>:save`; Undo takes back the latest;
 * - a save always spares someone: on a card targeting one crowd, only the kills that land on it
 *   can be saved (an Apply kills at most those standing, kernel killsLanding), so a save first
 *   brings the card's kills down to those that land, then one fewer — 5 kills on 2 standing: one
 *   save leaves 1 killed, not 4 (which would still kill both). The kills before each save are kept
 *   (`result.savedFrom`), so its Undo restores them exactly. With none landing, it is refused.
 * Both run under the card's lock, with Apply/Undo and the Setback take (foundry/locks.ts).
 */
import { isRuleError } from "../../../engine/errors.js";
import type { GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import type { Application } from "../../../foundry/data/card-data.js";
import { executePoolChange, readPool } from "../../../foundry/pools.js";
import { withCardLock } from "../../../foundry/locks.js";
import { killsLanding, saveEveryoneElse, type KillEveryoneElseResult } from "../rules/index.js";
import type { Done } from "../operations.js";
import { actorName, setbackReason, SETBACK_POOL } from "./effects.js";
import { cardContent } from "./flow.js";
import { crowdTarget } from "./crowd-target.js";
import { NOT_GM } from "./setback-follow-up.js";
import { appliedTo, saveEntries } from "./views.js";

interface CardSystem {
  kind: string;
  result: JsonObject;
  targets: { uuid: string; name: string }[];
  applications: Application[];
}

function saveRef(message: ChatMessage.Implementation): string {
  return `${message.id ?? ""}:save`;
}

function refused(e: unknown): Done {
  if (isRuleError(e)) return { ok: false, reason: `FRACAS.Error.${e.code}`, data: { ...e.data } as Record<string, string | number> };
  throw e;
}

/**
 * The card's kills before each of its `n` saves, oldest first, one per save (null where unknown:
 * saves made before this was kept).
 */
function savedFromOf(result: JsonObject, n: number): (number | null)[] {
  const raw = Array.isArray(result.savedFrom) ? result.savedFrom : [];
  return Array.from({ length: n }, (_, i) => (typeof raw[i] === "number" ? raw[i] : null));
}

/** The card's saves as written together: each pool entry and the kills before it. */
interface SaveLog {
  saves: string[];
  savedFrom: (number | null)[];
}

async function writeCard(message: ChatMessage.Implementation, card: CardSystem, kill: KillEveryoneElseResult, log: SaveLog): Promise<void> {
  const result = { ...card.result, kill: kill as unknown as JsonObject, saves: log.saves, savedFrom: log.savedFrom };
  const content = await cardContent(message, card.kind, result);
  await message.update({ "system.result.kill": kill, "system.result.saves": log.saves, "system.result.savedFrom": log.savedFrom, content } as never);
}

function appliedRefusal(card: CardSystem): Done | null {
  const name = appliedTo(card);
  return name === null ? null : { ok: false, reason: "FRACAS.Zodiac.Refused.SaveWhileApplied", data: { name } };
}

async function save(message: ChatMessage.Implementation, by: string): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  if (card.kind !== "kill") return { ok: false, reason: "FRACAS.Zodiac.Refused.NothingToSave" };
  const blocked = appliedRefusal(card);
  if (blocked) return blocked;
  const kill = card.result.kill as unknown as KillEveryoneElseResult;
  let next: KillEveryoneElseResult;
  try {
    // Only the kills that land on the one crowd targeted (as it stands now) can be saved.
    const crowd = kill.success ? await crowdTarget(card.targets) : null;
    const landing = crowd ? killsLanding(crowd, kill) : kill.kills;
    if (landing === 0 && kill.kills > 0) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoneLeftToSave", data: { name: card.targets[0]?.name ?? "" } };
    next = saveEveryoneElse({ setback: readPool(SETBACK_POOL).value, result: { ...kill, kills: landing }, n: 1 }).result;
  } catch (e) {
    return refused(e);
  }
  const ref = saveRef(message);
  const done = await executePoolChange({ kind: "change", pool: SETBACK_POOL, delta: -1, reason: setbackReason("FRACAS.Zodiac.Setback.Reason.Save", actorName(card.result)), ref }, by);
  if (!done.ok) return { ok: false, reason: done.reason };
  try {
    const saves = saveEntries(card.result);
    await writeCard(message, card, next, { saves: [...saves, done.entryId], savedFrom: [...savedFromOf(card.result, saves.length), kill.kills] });
  } catch (err) {
    await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: done.entryId, ref }, by);
    throw err;
  }
  return { ok: true };
}

async function undoSave(message: ChatMessage.Implementation, by: string): Promise<Done> {
  const card = message.system as unknown as CardSystem;
  const saves = saveEntries(card.result);
  const entry = saves.at(-1);
  const kill = card.result.kill as unknown as KillEveryoneElseResult | undefined;
  if (!entry || !kill || !(kill.saved > 0)) return { ok: false, reason: "FRACAS.Zodiac.Refused.NoSaveToUndo" };
  const blocked = appliedRefusal(card);
  if (blocked) return blocked;
  const log: SaveLog = { saves, savedFrom: savedFromOf(card.result, saves.length) };
  // The kills before this save (a save on a crowd may have lowered them to those landing), else one more.
  const before = log.savedFrom.at(-1);
  const back: KillEveryoneElseResult = { ...kill, kills: typeof before === "number" ? before : kill.kills + 1, saved: kill.saved - 1 };
  // The card first: a ledger undo cannot itself be undone, a card write can.
  await writeCard(message, card, back, { saves: saves.slice(0, -1), savedFrom: log.savedFrom.slice(0, saves.length - 1) });
  let done: Awaited<ReturnType<typeof executePoolChange>>;
  try {
    done = await executePoolChange({ kind: "undo", pool: SETBACK_POOL, entryId: entry, ref: saveRef(message) }, by);
  } catch (err) {
    await writeCard(message, card, kill, log);
    throw err;
  }
  if (!done.ok) {
    await writeCard(message, card, kill, log);
    return { ok: false, reason: done.reason };
  }
  return { ok: true };
}

/**
 * A press of a button drawn when the card held `args.saves` saves, on a card that now holds another
 * count (hard to break, scenario 2): the second press of a double click, run after the first under
 * the card lock. Refused, so one click saves (or undoes) one, never two for 2 Setback. A button
 * from a card drawn before it carried the count (no `saves`) is not checked.
 */
function stalePress(message: ChatMessage.Implementation, args: JsonObject): Done | null {
  const drawn = args.saves;
  if (typeof drawn !== "number") return null;
  const now = saveEntries((message.system as unknown as CardSystem).result).length;
  return drawn === now ? null : { ok: false, reason: "FRACAS.Zodiac.Refused.SaveChanged" };
}

/** "Operations saves one (GM)": 1 Setback, one kill fewer on this card. Asked by anyone, done only for the GM. */
export const saveOne: GmFollowUp = {
  allowed: () => true,
  run: async ({ user, message, args }) => (user.isGM ? withCardLock(message.id, async () => stalePress(message, args) ?? (await save(message, user.id ?? ""))) : NOT_GM),
};

/** Its Undo (GM): the latest save's Setback back, the kill back on the card. */
export const undoSaveOne: GmFollowUp = {
  allowed: () => true,
  run: async ({ user, message, args }) => (user.isGM ? withCardLock(message.id, async () => stalePress(message, args) ?? (await undoSave(message, user.id ?? ""))) : NOT_GM),
};

export const SAVE_FOLLOW_UPS = { saveOne, undoSaveOne };
