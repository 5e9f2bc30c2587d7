/**
 * Secret Wagers for Agent vs Agent: "both Agents then set aside Wagers in secret", then reveal.
 * A pure commit/reveal pair: the sealed state is kept where only the GM reads it, and `reveal`
 * gives the amounts only once every side has committed.
 */
import { FracasRuleError, requireInt } from "../../../engine/errors.js";
import { MAX_WAGERS } from "./limits.js";
import { optionalBool, requireIdList, requireRecord } from "./validate.js";
import { requireWagers } from "./wagers.js";

export interface SealedWagers {
  ids: string[];
  /** id → committed Wagers, null until that side commits. */
  sealed: Record<string, number | null>;
}

export type Reveal =
  | { revealed: true; wagers: Record<string, number> }
  | { revealed: false; committed: string[]; waiting: string[] };

export function openWagers(ids: readonly string[]): SealedWagers {
  const list = requireIdList("ids", ids, 2);
  return { ids: list, sealed: Object.fromEntries(list.map((id) => [id, null])) };
}

function requireSealed(v: unknown): SealedWagers {
  const s = requireRecord("sealed wagers", v);
  const ids = requireIdList("ids", s.ids, 2);
  const sealedIn = requireRecord("sealed", s.sealed);
  const sealed: Record<string, number | null> = {};
  for (const id of ids) {
    const w = Object.hasOwn(sealedIn, id) ? sealedIn[id] : null;
    sealed[id] = w === null || w === undefined ? null : requireInt(`sealed.${id}`, w, 0, MAX_WAGERS);
  }
  return { ids, sealed };
}

/** Commits one side's Wagers. A commitment is final: changing it after sealing is refused. */
export function sealWagers(state: SealedWagers, id: string, wagers: number, almostDead?: boolean): SealedWagers {
  const s = requireSealed(state);
  if (!s.ids.includes(id)) throw new FracasRuleError("unknownId", `${String(id)} is not in this exchange`, { id: String(id) });
  const n = requireWagers("wagers", wagers, optionalBool("almostDead", almostDead));
  if (s.sealed[id] !== null) throw new FracasRuleError("alreadySealed", `${id} has already set Wagers aside`, { id });
  return { ids: s.ids, sealed: { ...s.sealed, [id]: n } };
}

/** Everyone's Wagers at once, or who is still deciding (without any amounts). */
export function reveal(state: SealedWagers): Reveal {
  const s = requireSealed(state);
  const waiting = s.ids.filter((id) => s.sealed[id] === null);
  if (waiting.length > 0) return { revealed: false, committed: s.ids.filter((id) => s.sealed[id] !== null), waiting };
  return { revealed: true, wagers: Object.fromEntries(s.ids.map((id) => [id, s.sealed[id] ?? 0])) };
}
