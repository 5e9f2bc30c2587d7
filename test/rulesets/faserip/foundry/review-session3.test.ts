/**
 * The session 3 reviews' FASERIP findings (review-session3.md, review-session3-wave2.md):
 * - Karma is taken through the Karma ledger before the roll; a card that is not posted gives it
 *   back with a reversing ledger entry (wave 2 #6: it was taken after the card was posted, so a
 *   failed spend left a card showing Karma nobody paid).
 * - One list of what keeps a hero from acting (the tracker's "down" and standing up), one Karma
 *   pool reader (wave 2, duplicated logic).
 * - The Slam?/Stun? outcome is worded by the core pluralKey, not an English `=== 1` (review 1 #10).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight, clickAttackFollowUp, slamOnRampage as slamOnRampageIn } from "./fake-round.js";
import { CANNOT_ACT, cannotActStatus, keepsDown, resolveSecondary, standUp } from "../../../../src/rulesets/faserip/rules/index.js";
import { DOWN_KEYS, DOWN_STATUSES, downReason } from "../../../../src/rulesets/faserip/down.js";
import { secondaryCardView, secondaryOutcomeKey } from "../../../../src/rulesets/faserip/sheets/secondary-card-view.js";
import { enduranceKarmaView } from "../../../../src/rulesets/faserip/sheets/endurance-view.js";
import { heroSystem } from "./fixture-samples.js";

let f: Awaited<ReturnType<typeof startFight>>;
async function setPool(a: FakeActor, value: number): Promise<void> {
  const pool = ledger.createPool(value);
  await a.update({ "system.karma.==pool": pool, "system.karma.value": value } as never);
}
beforeEach(async () => {
  f = await startFight();
  f.world.login("gm");
  await setPool(f.captain, 60);
  await setPool(f.rampage, 16);
  await setPool(f.thug, 12);
});

const poolOf = (a: FakeActor) => ledger.requirePool((a.system as unknown as { karma: { pool: unknown } }).karma.pool);
const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const secondaries = () => f.cards("secondary");

const click = (userId: string, m: FakeChatMessage, name: "secondary" | "zeroHealth") => clickAttackFollowUp(f, userId, m, name);

const slamOnRampage = () => slamOnRampageIn(f);

/** The next chat card is refused by a preCreateChatMessage hook (a module, a GM's macro…). */
function cancelNextCard(): void {
  f.world.hooks.once("preCreateChatMessage", () => false);
}

/** Every write of `actor` that touches its Karma fails (a server refusal, a lost connection). */
function failKarmaWrites(actor: FakeActor): void {
  const update = actor.update.bind(actor);
  actor.update = (async (...args: Parameters<typeof update>) => {
    if (Object.keys((args[0] ?? {}) as object).some((k) => k.startsWith("system.karma"))) throw new Error("write refused");
    return update(...args);
  }) as typeof actor.update;
}

describe("Karma is taken before the roll, and given back when no card is posted", () => {
  it("Slam?: the pool is already down when the card is created (the card never shows Karma not yet taken)", async () => {
    const slam = await slamOnRampage();
    const seen: number[] = [];
    f.world.observe("createChatMessage", () => seen.push(poolOf(f.rampage).value));
    f.world.dice.queue(30);
    f.world.dialogAnswers.push(10);
    await click("gm", slam, "secondary");
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ karmaSpent: 10, effectiveRoll: 40 });
    expect(seen).toEqual([6]);
    expect(poolOf(f.rampage).value).toBe(6);
  });

  it("Slam?: a card a hook refuses gives the Karma back as a ledger entry (pool as before, history kept)", async () => {
    const slam = await slamOnRampage();
    f.world.dice.queue(30);
    f.world.dialogAnswers.push(10);
    cancelNextCard();
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(0);
    expect(poolOf(f.rampage).value).toBe(16);
    const [spent, back] = ledger.history(poolOf(f.rampage)).slice(-2);
    expect(spent).toMatchObject({ delta: -10, undone: true, reason: f.world.localize("FRACAS.Faserip.Secondary.slam") });
    expect(back).toMatchObject({ delta: 10, undoes: spent!.id });
    expect((f.rampage.system as unknown as { karma: { value: number } }).karma.value).toBe(16);
  });

  it("Slam?: a Karma write that fails stops the roll: no card, no die, no claim (the button still works)", async () => {
    const slam = await slamOnRampage();
    const update = f.rampage.update;
    failKarmaWrites(f.rampage);
    f.world.dice.queue(30);
    f.world.dialogAnswers.push(10);
    await expect(click("gm", slam, "secondary")).rejects.toThrow("write refused");
    expect(secondaries()).toHaveLength(0);
    expect(f.world.dice.remaining).toEqual([30]);
    expect(claimsOf(f.rampage)).toEqual([]);

    f.rampage.update = update;
    f.world.dialogAnswers.push(10);
    await click("gm", slam, "secondary");
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ roll: 30, karmaSpent: 10 });
    expect(poolOf(f.rampage).value).toBe(6);
  });

  it("0-Health FEAT: a refused card gives its Karma back; the next click spends it once", async () => {
    await f.thug.update({ "system.health.value": 5 } as never);
    f.world.dice.queue(60); // Captain's Slugfest: Green → 20 damage
    const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
    f.world.dice.queue(40);
    f.world.dialogAnswers.push(10);
    cancelNextCard();
    await click("gm", hit!, "zeroHealth");
    expect(secondaries()).toHaveLength(0);
    expect(poolOf(f.thug).value).toBe(12);
    expect(ledger.history(poolOf(f.thug)).at(-1)).toMatchObject({ delta: 10, reason: `undo: ${f.world.localize("FRACAS.Faserip.Secondary.zeroHealth")}` });
  });

  it("an attack: each card's Karma is taken before its roll; a refused card's Karma comes back", async () => {
    const seen: number[] = [];
    f.world.observe("createChatMessage", () => seen.push(poolOf(f.captain).value));
    f.world.dice.queue(50, 50);
    const posted = await f.feat("alice", f.captain, { action: "slugfest", karma: 10 }, [f.rampage, f.thug]);
    expect(posted).toHaveLength(2);
    expect(seen).toEqual([50, 40]);
    expect(posted.map((m) => cardOf(m).result.attack.feat.karmaSpent)).toEqual([10, 10]);

    f.world.dice.queue(50);
    cancelNextCard();
    expect(await f.feat("alice", f.captain, { action: "slugfest", karma: 10 }, [f.rampage])).toEqual([]);
    expect(poolOf(f.captain).value).toBe(40);
  });

  it("a plain FEAT: a refused card's Karma comes back", async () => {
    f.world.dice.queue(50);
    cancelNextCard();
    expect(await f.feat("alice", f.captain, { action: "feat", ability: "reason", karma: 5 }, [])).toEqual([]);
    expect(poolOf(f.captain).value).toBe(60);
  });
});

describe("one list of what keeps a hero from acting; one Karma pool reader", () => {
  it("down.ts's statuses are the kernel's list, and standing up refuses on those and on being held", () => {
    expect(DOWN_STATUSES).toBe(CANNOT_ACT);
    const target = { health: 10, healthMax: 10, endurance: "good", statuses: ["prone"], stunnedRounds: 0 } as const;
    for (const s of CANNOT_ACT) {
      const statuses = ["prone", s];
      expect(cannotActStatus({ statuses, stunnedRounds: 0 })).toBe(s);
      expect(keepsDown({ statuses, stunnedRounds: 0 })).toBe(s);
      expect(() => standUp({ ...target, statuses: statuses as never })).toThrow();
      const system = heroSystem(undefined, { status: { endurance: "", stunnedRounds: s === "stunned" ? 2 : 0, unconscious: s === "unconscious", dying: s === "dying", dead: s === "dead", prone: true, restrained: false, stabilised: false } });
      expect(downReason({ system, statuses: [], defeated: false })).toBe(DOWN_KEYS[s]);
      expect(downReason({ system: heroSystem(), statuses: [`fracas-${s}`], defeated: false })).toBe(DOWN_KEYS[s]);
    }
    // Held: cannot stand up, but acts (escaping is its action).
    expect(keepsDown({ statuses: ["prone", "restrained"], stunnedRounds: 0 })).toBe("restrained");
    expect(cannotActStatus({ statuses: ["prone", "restrained"], stunnedRounds: 0 })).toBeNull();
    expect(downReason({ system: heroSystem(), statuses: ["fracas-restrained"], defeated: false })).toBeNull();
    // Stun rounds left count without the status in the list.
    expect(keepsDown({ statuses: ["prone"], stunnedRounds: 1 })).toBe("stunned");
    expect(keepsDown({ statuses: ["prone"], stunnedRounds: 0 })).toBeNull();
  });

  it("only cards/karma.ts reads the stored Karma pool (the data model keeps its value mirror)", () => {
    const root = join(process.cwd(), "src/rulesets/faserip");
    const readers = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .filter((file) => /(requirePool|poolOrEmpty)\(/.test(readFileSync(join(root, file), "utf8")))
      .map((file) => file.replaceAll("\\", "/"))
      .sort();
    expect(readers).toEqual(["cards/karma.ts", "data/hero.ts"]);
  });
});

describe("the Slam?/Stun? outcome is counted by pluralKey", () => {
  const stun = (d10: number) => resolveSecondary({ kind: "stun", enduranceRank: 10, roll: 5, d10 });
  const view = (check: ReturnType<typeof resolveSecondary>) => secondaryCardView({ kind: check.kind, check, roll: check.roll, color: check.color, enduranceRank: check.enduranceRank });

  it("One / Other keys by the count, on the card and in the Karma prompt", () => {
    expect(view(stun(1)).outcomeLabel).toBe("FRACAS.Faserip.Outcome.stunnedOne");
    expect(view(stun(7)).outcomeLabel).toBe("FRACAS.Faserip.Outcome.stunnedOther");
    expect(f.world.i18n.format(view(stun(7)).outcomeLabel, { rounds: 7 })).toBe("Stunned 7 rounds");
    const green = resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 50 });
    const white = resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 10 });
    expect(view(green).outcomeLabel).toBe("FRACAS.Faserip.Outcome.knockedBackOne");
    expect(view(white).outcomeLabel).toBe("FRACAS.Faserip.Outcome.knockedBackOther");
    expect(f.world.localize("FRACAS.Faserip.Outcome.knockedBackOne")).toBe("Knocked back 1 area");
    expect(view(resolveSecondary({ kind: "slam", enduranceRank: 20, roll: 80 })).outcomeLabel).toBe("FRACAS.Faserip.Outcome.staggered");
    expect(view(stun(1)).outcomeLabel).not.toBe(view(resolveSecondary({ kind: "stun", enduranceRank: 10, roll: 99 })).outcomeLabel);

    const prompt = enduranceKarmaView({ kind: "slam", name: "R", enduranceRank: "excellent", karmaPool: 0 });
    expect(prompt.odds.map((o) => o.outcomeLabel)).toEqual([
      "FRACAS.Faserip.Outcome.knockedBackOther",
      "FRACAS.Faserip.Outcome.knockedBackOne",
      "FRACAS.Faserip.Outcome.staggered",
      "FRACAS.Faserip.Outcome.none",
    ]);
  });

  it("the language's own plural rules choose the form (a Polish 'few' for 2-4), not an English rule", () => {
    const i18n = (globalThis as unknown as { game: { i18n: { lang: string; has(key: string): boolean } } }).game.i18n;
    const has = i18n.has;
    i18n.lang = "pl";
    i18n.has = (key: string) => key === "FRACAS.Faserip.Outcome.stunnedFew" || has(key);
    try {
      expect(secondaryOutcomeKey(stun(3))).toBe("FRACAS.Faserip.Outcome.stunnedFew");
      expect(secondaryOutcomeKey(stun(1))).toBe("FRACAS.Faserip.Outcome.stunnedOne");
      expect(secondaryOutcomeKey(stun(5))).toBe("FRACAS.Faserip.Outcome.stunnedOther"); // Polish "many": no such key, so Other
    } finally {
      i18n.lang = "en";
      i18n.has = has;
    }
  });
});
