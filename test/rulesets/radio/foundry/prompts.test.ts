// The pure decisions behind the radio round prompts (who may try to escape, when a dying hero's
// final action is due) and the token undo, on plain data and the real combat mapping.
import { describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { isRuleError } from "../../../../src/engine/errors.js";
import { scriptedDice } from "../../../../src/engine/dice.js";
import { radioCombat } from "../../../../src/rulesets/radio/combat.js";
import { defensiveLastRound, defensiveMemory, finalActionDue } from "../../../../src/rulesets/radio/cards/prompts.js";
import { undoTokenEntries } from "../../../../src/rulesets/radio/data/state.js";
import { attackCardView, type AttackCardResult } from "../../../../src/rulesets/radio/cards/views.js";
import { resolveAttack } from "../../../../src/rulesets/radio/rules/index.js";
import { attackInput, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import type { CombatantInfo } from "../../../../src/foundry/registry.js";
import { attackSetupSample } from "./samples.js";

const c = (id: string, declaration: string, over: Partial<CombatantInfo> = {}): CombatantInfo => ({
  defeated: false,
  statuses: [],  id,
  name: id,
  actorType: "radioHero",
  system: {},
  isPC: true,
  declaration,
  initiative: null,
  memory: {},
  ...over,
});

describe("escape offers: who spent the last round defensive", () => {
  it("startRound keeps the declarations of the round that just ended, before the core clears them", () => {
    const mapping = radioCombat();
    const start = mapping.startRound({
      round: 3,
      combatants: [c("jake", "defensive"), c("malefice", "spell"), c("falzetti", "defensive", { actorType: "radioOpponent", isPC: false })],
      combatMemory: {},
      die: scriptedDice([6, 4, 2]),
    });
    expect(start.combatMemory.defensive).toEqual(["jake", "falzetti"]);
    expect(start.combatMemory.defensiveRound).toBe(2);
    expect(defensiveLastRound(start.combatMemory, 3)).toEqual(["jake", "falzetti"]);
  });

  it("reads nothing from memory of another round, or malformed memory", () => {
    const memory = defensiveMemory(3, [c("jake", "defensive")]);
    expect(defensiveLastRound(memory, 3)).toEqual(["jake"]);
    expect(defensiveLastRound(memory, 4)).toEqual([]);
    expect(defensiveLastRound({ defensive: "jake", defensiveRound: 2 }, 3)).toEqual([]);
    expect(defensiveLastRound({ defensive: ["jake", 7, null], defensiveRound: 2 }, 3)).toEqual(["jake"]);
    // Round 1 has no round before it: nobody was defensive.
    expect(defensiveLastRound(defensiveMemory(1, [c("jake", "")]), 1)).toEqual([]);
  });
});

describe("a dying hero's final action is due in their next action phase", () => {
  // Initiative: goons 6, the GM's Falzetti 5, Jake 2. Jake standard (1, 3), the others frenzied.
  const mapping = radioCombat();
  const cast = [c("jake", "standard"), c("falzetti", "frenzied", { actorType: "radioOpponent", isPC: false }), c("goons", "frenzied", { actorType: "radioHenchmen", isPC: false })];
  const start = mapping.startRound({ round: 1, combatants: cast, combatMemory: {}, die: scriptedDice([2, 5, 6]) });
  const withInit = (decl: Record<string, string>) => cast.map((x) => ({ ...x, declaration: decl[x.id] ?? x.declaration, initiative: start.initiative[x.id] ?? null }));
  const plan = mapping.plan({ round: 1, combatants: withInit({}), combatMemory: start.combatMemory, die: scriptedDice([]) });
  const at = (phase: number, id: string) => plan.steps.find((s) => s.kind === "act" && s.phase === phase && s.combatantId === id)!.index;

  it("on the hero's own act steps, never on a declare step or another's act step", () => {
    expect(plan.steps.slice(0, 3).every((s) => s.kind === "declare")).toBe(true);
    const due = plan.steps.filter((s) => finalActionDue(plan, s.index, "jake")).map((s) => `${s.phase}:${s.combatantId}`);
    expect(due).toEqual(["1:jake", "3:jake"]);
    expect(finalActionDue(plan, at(1, "goons"), "jake")).toBe(false);
    expect(finalActionDue(plan, 2, "jake")).toBe(false);
    expect(finalActionDue(plan, plan.steps.length, "jake")).toBe(false);
  });

  it("a hero with no act step this round (undeclared or defensive) is prompted at the round's first act step", () => {
    const defensive = mapping.plan({ round: 1, combatants: withInit({ jake: "defensive" }), combatMemory: start.combatMemory, die: scriptedDice([]) });
    const due = defensive.steps.filter((s) => finalActionDue(defensive, s.index, "jake")).map((s) => `${s.phase}:${s.combatantId}`);
    expect(due).toEqual(["1:goons"]);
  });
});

describe("taking back an attack's tokens", () => {
  const entry = (id: string, delta: number, ref = "card1:tokens") => ({ id, delta, reason: delta > 0 ? "described" : "double damage", by: "alice", at: 1, ref });
  let n = 0;
  const input = { by: "gm", at: 2, newId: () => `u${++n}`, ref: "card1:tokens" };

  it("undoes the cash-in before the earned tokens, so a pool that paid for the doubling never dips below zero", () => {
    // 3 held, +2 earned, −5 cashed in: 0 left. Taking the +2 back first would fail at 0.
    const pool = ledger.change(ledger.change(ledger.createPool(3), entry("earn", 2)), entry("cash", -5));
    expect(pool.value).toBe(0);
    const back = undoTokenEntries(pool, ["earn", "cash"], input);
    expect(back.value).toBe(3);
    expect(back.entries.filter((e) => e.undone).map((e) => e.id)).toEqual(["earn", "cash"]);
    expect(back.entries.slice(-2).map((e) => e.undoes)).toEqual(["cash", "earn"]);
  });

  it("refuses, with the ledger's error, tokens already spent or already taken back", () => {
    const spent = ledger.change(ledger.change(ledger.createPool(0), entry("earn", 2)), entry("sheet", -2));
    expect(() => undoTokenEntries(spent, ["earn"], input)).toThrow(expect.objectContaining({ code: "insufficient" }));
    const once = undoTokenEntries(ledger.change(ledger.createPool(0), entry("earn", 2)), ["earn"], input);
    try {
      undoTokenEntries(once, ["earn"], input);
      expect.unreachable();
    } catch (e) {
      expect(isRuleError(e) && e.code).toBe("alreadyUndone");
    }
  });
});

describe("an attack card undoes only its own token entries", () => {
  const at = { by: "alice", at: 1 };
  let n = 0;
  const input = { by: "gm", at: 2, newId: () => `v${++n}`, ref: "card1:tokens" };
  const codeOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return isRuleError(e) ? e.code : "not a rule error";
    }
    return "no error";
  };

  it("refuses an entry of another card, one with no ref (the GM's ±1, older data) and one not in the pool, writing nothing", () => {
    let pool = ledger.change(ledger.createPool(0), { id: "mine", delta: 2, reason: "described", ...at, ref: "card1:tokens" });
    pool = ledger.change(pool, { id: "theirs", delta: 2, reason: "described", ...at, ref: "card2:tokens" });
    pool = ledger.change(pool, { id: "gm", delta: 1, reason: "GM", ...at });
    expect(codeOf(() => undoTokenEntries(pool, ["theirs"], input))).toBe("wrongRef");
    expect(codeOf(() => undoTokenEntries(pool, ["gm"], input))).toBe("wrongRef");
    // One stranger among its own entries spoils the lot (the caller writes nothing on a throw).
    expect(codeOf(() => undoTokenEntries(pool, ["mine", "gm"], input))).toBe("wrongRef");
    expect(codeOf(() => undoTokenEntries(pool, ["nowhere"], input))).toBe("unknownEntry");
    const back = undoTokenEntries(pool, ["mine"], input);
    expect(back.value).toBe(3);
    expect(back.entries.at(-1)).toMatchObject({ undoes: "mine", ref: "card1:tokens" });
  });
});

describe("the attack card view", () => {
  const setup = attackSetupSample();
  const attack = resolveAttack(attackInput(setup, { ...initialState(setup), weaponId: "rev" }, [2, 3]));
  const base: AttackCardResult = { attack, attackerName: "Jake", weaponName: "Revolver", description: "", targets: [] };

  it("offers Undo tokens while the attack's ledger entries stand, and says when they were taken back", () => {
    expect(attack.hit).toBe(false);
    expect(attackCardView(base)).toMatchObject({ canUndoTokens: false, tokensUndone: false, hasActions: false, final: false });
    const recorded = { ...base, tokens: { actorUuid: "Actor.jake", entries: ["e1"], undone: false } };
    expect(attackCardView(recorded)).toMatchObject({ canUndoTokens: true, hasActions: true });
    expect(attackCardView({ ...recorded, tokens: { ...recorded.tokens, undone: true }, final: true })).toMatchObject({ canUndoTokens: false, tokensUndone: true, hasActions: false, final: true });
  });
});
