/**
 * The hero sheet's Karma history: a give-back was printed as the ledger stores it, "undo: Karma
 * spent" in English whatever the reader's language (quality audit s15). Now it is worded through
 * lang, naming the entry it gave back.
 */
import { describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { karmaHistory } from "../../../../src/rulesets/faserip/sheets/karma-history.js";

const localize = (key: string, data?: Record<string, string>) => `${key}${data ? JSON.stringify(data) : ""}`;

describe("karmaHistory", () => {
  it("a spend and its give-back: the spend keeps its reason and is marked undone; the give-back names it in the reader's words", () => {
    let pool = ledger.createPool(20);
    pool = ledger.change(pool, { id: "a", delta: -5, reason: "Karma spent", by: "u", at: 1 });
    pool = ledger.change(pool, { id: "b", delta: 3, reason: "Karma gained", by: "u", at: 2 });
    pool = ledger.undo(pool, "a", { id: "c", by: "u", at: 3 });
    expect(karmaHistory(pool, localize)).toEqual([
      { delta: -5, reason: "Karma spent", undone: true },
      { delta: 3, reason: "Karma gained", undone: false },
      { delta: 5, reason: 'FRACAS.Faserip.Karma.GivenBack{"reason":"Karma spent"}', undone: false },
    ]);
  });
});
