/**
 * The public commit cards of duels: which are still open. Read from the chat log only (every client
 * has it), so a player's client can tell whether its commit answers a challenge (duel-answer.ts)
 * and a GM's whether a card may still be cancelled (duel-cancel.ts). Kept apart from duel-cancel.ts,
 * which writes cards and needs the flow, so the commit path does not import the cancel's.
 */
import type { JsonObject } from "../../../foundry/registry.js";

interface CardSystem {
  ruleset?: string;
  kind?: string;
  result?: JsonObject;
}

export const cardOf = (m: ChatMessage.Implementation) => (m.type === "card" ? (m.system as unknown as CardSystem) : null);
const isZodiac = (s: CardSystem | null, kind: string, key: string): boolean => s?.ruleset === "zodiac" && s.kind === kind && s.result?.duelKey === key;

/**
 * The duel's commit cards still open: under this key, posted after its last duel card (an older
 * one announced a duel already revealed under the same key) and not cancelled.
 */
export function openCommitCards(key: string): ChatMessage.Implementation[] {
  const all = [...game.messages] as ChatMessage.Implementation[];
  let since = 0;
  all.forEach((m, i) => {
    if (isZodiac(cardOf(m), "duel", key)) since = i + 1;
  });
  return all.slice(since).filter((m) => {
    const s = cardOf(m);
    return isZodiac(s, "duelCommit", key) && s?.result?.cancelled !== true;
  });
}

/** The keys of every duel commit card in the chat log that `match` accepts (each once, in order). */
export function commitCardKeys(match: (key: string) => boolean): string[] {
  const keys: string[] = [];
  for (const m of game.messages) {
    const s = cardOf(m as ChatMessage.Implementation);
    const key = s?.result?.duelKey;
    if (s?.ruleset === "zodiac" && s.kind === "duelCommit" && typeof key === "string" && match(key) && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** The sides the duel's open commit cards say committed (public: names), each once, in card order. */
export function committedOnCards(key: string): string[] {
  const names: string[] = [];
  for (const m of openCommitCards(key)) {
    const name = cardOf(m)?.result?.name;
    if (typeof name === "string" && !names.includes(name)) names.push(name);
  }
  return names;
}
