/**
 * The hero sheet's Karma history lines. A give-back is stored by the engine's ledger as an entry
 * that `undoes` another, with the English reason "undo: <reason>" (quality audit s15: the sheet
 * printed it as stored); it is worded here in the reader's language, naming what it gave back.
 */
import * as ledger from "../../../engine/ledger.js";

export interface KarmaLine {
  delta: number;
  reason: string;
  undone: boolean;
}

export function karmaHistory(pool: ledger.Pool, localize: (key: string, data?: Record<string, string>) => string): KarmaLine[] {
  const lines = ledger.history(pool);
  const reasonOf = new Map(lines.map((e) => [e.id, e.reason]));
  return lines.map((e) => ({
    delta: e.delta,
    reason: e.undoes === undefined ? e.reason : localize("FRACAS.Faserip.Karma.GivenBack", { reason: reasonOf.get(e.undoes) ?? "" }),
    undone: e.undone === true,
  }));
}
