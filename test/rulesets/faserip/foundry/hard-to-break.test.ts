/**
 * Session 8's audit angle, "hard to break": a GM does unexpected things mid-fight, a player clicks
 * twice. Each test drives one scenario through the typed fake and asserts what a GM would expect: a
 * clear message through lang, nothing lost or written twice, no NaN or "undefined" shown.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const holdsSettled = async () => (await import("../../../../src/rulesets/faserip/holds.js")).holdsSettled();
const karmaOf = (a: FakeActor) => (a.system as unknown as { karma: { value: number } }).karma.value;
/** A view or a text shown: no NaN, no "undefined", no stringified object. */
const clean = (s: string) => expect(s).not.toMatch(/NaN|undefined|\[object Object\]/);
const content = (m: unknown) => (m as { content: string }).content;

/** Captain (Strength Excellent 20) grapples Rampage: 97 → Red → Hold, applied through the GM. */
async function captainHoldsRampage(): Promise<FakeChatMessage> {
  f.world.dice.queue(97);
  const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "grappling" }, [f.rampage]);
  expect(await f.apply("alice", card!, f.rampage)).toMatchObject({ ok: true });
  await holdsSettled();
  expect(sys(f.rampage).status).toMatchObject({ restrained: true, heldBy: f.captain.uuid });
  return card!;
}

describe("hard to break: holds when the holder or the held one is deleted", () => {
  it("the holder's actor deleted mid-hold: the held one is freed and the GM told", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.captain.delete();
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(f.world.notified("info")).toContain("Captain is no longer in this world: Rampage no longer held.");
  });

  it("an unlinked holder's token deleted: the held one is freed; a linked token's deletion frees no one", async () => {
    const mook = f.world.createUnlinkedToken(f.thug, "tokMook");
    await f.setStatus(f.rampage, "restrained", { "system.status.heldBy": mook.uuid });
    await holdsSettled();
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): void } }).Hooks;
    f.world.login("gm");
    hooks.callAll("deleteToken", { actorLink: true, actor: mook }, {}, "gm");
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(true);
    hooks.callAll("deleteToken", { actorLink: false, actor: mook }, {}, "gm");
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(f.world.notified("info")).toContain("Thug is no longer in this world: Rampage no longer held.");
  });

  it("the held one's actor deleted mid-hold: the holder's later fall frees no one and says nothing", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.rampage.delete();
    await holdsSettled();
    await f.setStatus(f.captain, "unconscious");
    await holdsSettled();
    expect(f.world.notified("info").filter((m) => m.includes("no longer held"))).toEqual([]);
    expect(f.world.notified("error")).toEqual([]);
  });
});

describe("hard to break: a target deleted", () => {
  it("between the attack card and its Apply: refused with a clear reason, nothing written", async () => {
    const card = await slamOnRampage(f);
    f.world.login("gm");
    await f.rampage.delete();
    const out = await f.apply("gm", card, f.rampage);
    expect(out).toMatchObject({ ok: false });
  });

  it("between the dialog opening and its Roll: no card against a missing defender, no Karma spent", async () => {
    f.world.login("alice");
    f.world.target("alice", f.rampage);
    const targets = f.flows.currentTargets();
    f.world.users.get("alice")!.targets.clear();
    f.world.login("gm");
    await f.rampage.delete();
    f.world.login("alice");
    const before = karmaOf(f.captain);
    f.world.dice.queue(70);
    const { form } = await import("./fake-round.js");
    const posted = await f.flows.performFeat({ actor: f.captain as never, form: form({ action: "slugfest", karma: 2 }), targets, weapon: null });
    expect(posted).toEqual([]);
    expect(karmaOf(f.captain)).toBe(before);
    // Core's wording (session 9, target-gone.ts); the dialog's own behaviour: target-gone.test.ts.
    expect(f.world.notified("warn").at(-1)).toBe("Rampage was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.");
  });
});

describe("hard to break: Apply and Undo clicked twice", () => {
  it("Apply clicked twice at once (Alice and the GM): the blow lands once", async () => {
    const card = await slamOnRampage(f);
    const before = sys(f.rampage).health.value;
    const [a, b] = await Promise.all([f.apply("alice", card, f.rampage), f.apply("gm", card, f.rampage)]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect(sys(f.rampage).health.value).toBe(before - cardOf(card).result.attack.damage);
  });

  it("Undo after Health was edited by hand is refused, not erasing the edit; Undo twice once", async () => {
    const card = await slamOnRampage(f);
    await f.apply("gm", card, f.rampage);
    await f.rampage.update({ "system.health.value": 95 } as never);
    expect(await f.undo("gm", card, f.rampage)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.ChangedSince" });
    expect(sys(f.rampage).health.value).toBe(95);
  });

  it("Undo clicked twice: the second is refused, Health restored once", async () => {
    const card = await slamOnRampage(f);
    await f.apply("gm", card, f.rampage);
    const app = cardOf(card).applications.at(-1)!;
    const first = await f.undo("gm", card, f.rampage);
    const again = await f.adapter.queries.requestUndo(card.id, app.id, true);
    expect([first.ok, again.ok]).toEqual([true, false]);
    expect(sys(f.rampage).health.value).toBe(100);
  });
});

describe("hard to break: results on a target whose Health was edited by hand", () => {
  it("a Kill on a target typed to 0 Health: dying, Health stays 0", async () => {
    f.world.login("gm");
    // No Body Armor: a Kill that armor stops whole is no Kill (D RF2).
    await f.rampage.update({ "system.health.value": 0, "system.armor": 0 } as never);
    f.world.dice.queue(99);
    const [card] = await f.feat("gm", f.thug, { ability: "fighting", action: "hackSlash" }, [f.rampage]);
    expect(cardOf(card).result.attack.kill).toBe(true);
    expect(await f.apply("gm", card!, f.rampage)).toMatchObject({ ok: true });
    expect(sys(f.rampage).health.value).toBe(0);
    expect(sys(f.rampage).status).toMatchObject({ dying: true, unconscious: true });
  });

  it("a Slam card applied after the GM healed the target by hand: the damage comes off the healed Health", async () => {
    const card = await slamOnRampage(f);
    f.world.login("gm");
    await f.rampage.update({ "system.health.value": 50 } as never);
    await f.rampage.update({ "system.health.value": 100 } as never);
    await f.apply("gm", card, f.rampage);
    expect(sys(f.rampage).health.value).toBe(100 - cardOf(card).result.attack.damage);
  });
});

describe("hard to break: Karma spends clicked twice", () => {
  type Handler = (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void>;
  const fields = (over: Record<string, string>) => ({ action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0", ...over });

  it("the FEAT dialog's Roll double-clicked with 3 Karma: one card, 3 Karma spent", async () => {
    f.world.login("alice");
    f.world.target("alice", f.rampage);
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
    await dialog.render();
    const handler = (FaseripFeatDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Handler } }).form.handler;
    const before = karmaOf(f.captain);
    const cardsBefore = f.cards("attack").length;
    f.world.dice.queue(50, 50);
    const data = { object: fields({ karma: "3" }) };
    await Promise.all([handler.call(dialog, {}, {}, data), handler.call(dialog, {}, {}, data)]);
    expect(f.cards("attack").length - cardsBefore).toBe(1);
    expect(karmaOf(f.captain)).toBe(before - 3);
  });

  it("a dodge double-clicked with Karma: one dodge card, Karma spent once", async () => {
    // The villains' Thug dodges (undeclared), rolled from the dialog twice at once by the GM.
    f.world.login("gm");
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(f.thug as never, { action: "dodging", ability: "agility" });
    await dialog.render();
    const handler = (FaseripFeatDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Handler } }).form.handler;
    const before = karmaOf(f.thug);
    f.world.dice.queue(60, 60);
    const data = { object: fields({ action: "dodging", ability: "agility", karma: "2" }) };
    await Promise.all([handler.call(dialog, {}, {}, data), handler.call(dialog, {}, {}, data)]);
    expect(f.cards("feat")).toHaveLength(1);
    expect(karmaOf(f.thug)).toBe(before - 2);
  });

  it("the sheet's Karma Spend of the whole pool double-clicked: spent once, never below 0 (each later click spends again: double-submit.test.ts)", async () => {
    f.world.login("alice");
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: f.captain } as never);
    const field = { value: String(karmaOf(f.captain)) };
    (sheet as unknown as { element: unknown }).element = { querySelector: (q: string) => (q === "input.faserip-karma-delta" ? field : null) };
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, (this: unknown, e: unknown, t: unknown) => Promise<unknown>> }).actions;
    await Promise.all([actions["karma"]!.call(sheet, {}, { dataset: { direction: "spend" } }), actions["karma"]!.call(sheet, {}, { dataset: { direction: "spend" } })]);
    expect(karmaOf(f.captain)).toBe(0);
    const pool = (f.captain.system as unknown as { karma: { pool: { entries: unknown[] } } }).karma.pool;
    expect(pool.entries).toHaveLength(1);
  });
});

describe("hard to break: a whole side removed mid-round", () => {
  const panel = async () => {
    const { panelContext } = await import("../../../../src/rulesets/faserip/sheets/tracker-panel.js");
    return panelContext(f.combat as never) as { sides: { id: string; roll: number; bonus: number; total: number; leader: string; fallen: boolean }[] };
  };

  it("the villains' combatants deleted while it is their turn: the plan holds the heroes, the panel and the next round read cleanly", async () => {
    f.world.login("gm");
    // To the villains' declare step (heroes declared and acted: four steps).
    for (let i = 0; i < 4; i++) await f.fc.nextTurn();
    expect([f.rampage.id, f.thug.id].map((id) => f.combat.combatants.find((c) => c.actorId === id)!.id)).toContain(f.stepOwner());
    await f.combat.deleteEmbeddedDocuments("Combatant", [f.cid(f.rampage), f.cid(f.thug)]);
    const view = await panel();
    clean(JSON.stringify(view));
    // The round's roll stays on the panel (it was made), with no leader left to name.
    expect(view.sides.map((s) => s.id)).toEqual(["heroes", "villains"]);
    expect(view.sides.find((s) => s.id === "villains")).toMatchObject({ total: 15, leader: "" });
    // The GM's next advance passes over the removed villains' steps: round 2, the heroes alone
    // roll (d10 5 + Intuition 30).
    f.world.dice.queue(5, 1, 1, 1);
    await f.fc.advance();
    expect(f.combat.round).toBe(2);
    const next = await panel();
    expect(next.sides).toEqual([expect.objectContaining({ id: "heroes", roll: 5, bonus: 30, total: 35, leader: "Captain" })]);
    expect(f.fc.fracas.plan.steps.map((s) => s.combatantId).sort()).toEqual([f.cid(f.captain), f.cid(f.bruiser), f.cid(f.captain), f.cid(f.bruiser)].sort());
  });

  it("a side's actors deleted (their combatants stay, with no actor): that side rolls nothing, its steps are passed over", async () => {
    f.world.login("gm");
    await f.rampage.delete();
    await f.thug.delete();
    await f.nextRound([5]);
    const view = await panel();
    clean(JSON.stringify(view));
    expect(view.sides.map((s) => [s.id, s.total, s.fallen])).toEqual([
      ["heroes", 35, false],
      ["villains", 0, true],
    ]);
    const ghost = f.combat.combatants.find((c) => c.actorId === f.thug.id)!;
    const info = f.fc.combatantInfos().find((c) => c.id === ghost.id)!;
    expect(f.fc.downReason(info)).toBe("FRACAS.Tracker.Down.noActor");
  });

  it("one villain's actor deleted: the side's bonus is the Thug's Intuition 4, not a Typical 6 read for nobody", async () => {
    f.world.login("gm");
    await f.rampage.delete();
    await f.nextRound([5, 7]);
    const view = await panel();
    expect(view.sides.find((s) => s.id === "villains")).toMatchObject({ roll: 7, bonus: 4, total: 11, leader: "Thug" });
  });
});

describe("hard to break: ranks at their bounds (Shift 0 and above Beyond)", () => {
  const abilities = (n: number) => ({ fighting: n, agility: n, strength: n, endurance: n, reason: n, intuition: n, psyche: n });
  function heroes() {
    const nobody = f.world.createActor({ name: "Nobody", type: "faseripHero", system: { abilities: abilities(0), armor: 0, health: { value: 0, max: 0 } } });
    const cosmic = f.world.createActor({ name: "Cosmic", type: "faseripHero", system: { abilities: abilities(10_000), armor: 10_000, health: { value: 40_000, max: 40_000 } } });
    return { nobody, cosmic };
  }

  it("the sheets render at Shift 0 and at the sheet's top rank: Health and Karma derived, no NaN", async () => {
    (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
    const { nobody, cosmic } = heroes();
    expect([sys(nobody).health, sys(cosmic).health]).toEqual([
      { value: 0, max: 0 },
      { value: 40_000, max: 40_000 },
    ]);
    f.world.login("gm");
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    for (const actor of [nobody, cosmic]) {
      const sheet = new FaseripHeroSheet({ document: actor } as never);
      const ctx = await (sheet as unknown as { _prepareContext(o: unknown): Promise<object> })._prepareContext({});
      const html = await f.world.templates.renderTemplate("systems/fracas/templates/faserip/hero-sheet.hbs", ctx);
      clean(html);
    }
  });

  it("the FEAT dialog's odds at both ends add up to 100%, and its render shows no NaN", async () => {
    const { nobody, cosmic } = heroes();
    f.world.login("gm");
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    for (const [actor, target] of [[nobody, cosmic], [cosmic, nobody]] as const) {
      f.world.target("gm", target);
      const dialog = new FaseripFeatDialog(actor as never, { action: "slugfest" });
      type Odds = { value: number }[];
      const ctx = await (dialog as unknown as { _prepareContext(): Promise<{ view: { error: string | null; odds: Odds; targets: { odds: Odds }[] } }> })._prepareContext();
      // The kernel read the form (no refusal, so these are its odds, not the view's zero default),
      // and each odds row (the form's and the target's) shares the d100's 100 faces out whole.
      expect(ctx.view.error).toBeNull();
      for (const row of [ctx.view.odds, ...ctx.view.targets.map((tg) => tg.odds)]) {
        expect(row).toHaveLength(4);
        expect(row.reduce((sum, c) => sum + c.value, 0)).toBeCloseTo(1, 10);
      }
      const html = await f.world.templates.renderTemplate("systems/fracas/templates/faserip/feat-dialog.hbs", ctx);
      clean(html);
      clean(JSON.stringify(ctx));
      f.world.users.get("gm")!.targets.clear();
    }
  });

  it("blows both ways between Shift 0 and the top rank: the cards and the Apply read cleanly", async () => {
    const { nobody, cosmic } = heroes();
    // Nobody's blow on Cosmic with the top roll: Shift 0's column; Body Armor 10000 stops it.
    f.world.dice.queue(100);
    const [back] = await f.feat("gm", nobody, { ability: "fighting", action: "slugfest" }, [cosmic]);
    clean(content(back));
    expect(await f.apply("gm", back!, cosmic)).toMatchObject({ ok: true });
    expect(sys(cosmic).health.value).toBe(40_000);
    // Cosmic's (Beyond's column, never shifted) on Nobody at Health 0.
    f.world.dice.queue(100);
    const [card] = await f.feat("gm", cosmic, { ability: "fighting", action: "slugfest", multipleTargets: 0, other: -100 }, [nobody]);
    clean(content(card));
    expect(cardOf(card).result.attack).toMatchObject({ landed: true, damage: 10_000 });
    expect(await f.apply("gm", card!, nobody)).toMatchObject({ ok: true });
    expect(sys(nobody).health.value).toBe(0);
    expect(sys(nobody).status.unconscious).toBe(true);
  });
});

describe("hard to break: the same actor twice in one fight, one token joining mid-round", () => {
  it("a linked Thug and an unlinked Thug token (added mid-round): the blow, its Stun? and the round's count land on the token alone, named as the token", async () => {
    f.world.login("gm");
    const mook = f.world.createUnlinkedToken(f.thug, "tokMook");
    await mook.update({ name: "Thug (mook)" } as never);
    await f.combat.createEmbeddedDocuments("Combatant", [{ actorId: f.thug.id, tokenId: "tokMook" }]);
    const mookCid = f.combat.combatants.find((c) => c._source.tokenId === "tokMook")!.id;
    expect(mookCid).not.toBe(f.cid(f.thug));
    // Captain's Slugfest (Fighting Remarkable 30): 97 → Red → Stun; Strength 20 ≥ Endurance 10.
    f.world.dice.queue(97);
    const [card] = await f.feat("alice", f.captain, { action: "slugfest" }, [mook]);
    expect(cardOf(card).result.targetName).toBe("Thug (mook)");
    expect(cardOf(card).result.attack.secondary).toMatchObject({ kind: "stun", applies: true });
    expect(await f.apply("alice", card!, mook)).toMatchObject({ ok: true });
    expect(sys(mook).health.value).toBe(36 - 20);
    expect(sys(f.thug).health.value).toBe(36);
    // A stun on the token (its Stun? FEAT's result, as the GM sets it) is counted down on the token alone.
    f.world.login("gm");
    await mook.update({ "system.status.stunnedRounds": 2 } as never);
    await f.nextRound([5, 7]);
    expect([sys(mook).status.stunnedRounds, sys(f.thug).status.stunnedRounds]).toEqual([1, 0]);
    const infos = f.fc.combatantInfos();
    expect(f.fc.downReason(infos.find((c) => c.id === mookCid)!)).toBe("FRACAS.Faserip.Down.stunned");
    expect(f.fc.downReason(infos.find((c) => c.id === f.cid(f.thug))!)).toBeNull();
  });
});

describe("hard to break: the fight ended while a roll is on its way, a card applied in the next fight", () => {
  it("the combat deleted while a player's dodge is rolled: the dodge card stays, a clear warning, nothing thrown", async () => {
    // The Thug's side declares after the heroes: Bob's Bruiser has not declared; he dodges.
    let deleted = false;
    f.world.observe("createChatMessage", (() => {
      if (deleted) return;
      deleted = true;
      void f.world.as("gm", () => f.combat.delete());
    }) as never);
    f.world.dice.queue(80);
    const posted = await f.feat("bob", f.bruiser, { ability: "agility", action: "dodging" });
    await f.adapter.fightEnd.fightEndSettled();
    expect(posted).toHaveLength(1);
    expect(deleted).toBe(true);
    const warned = f.world.notified("warn").concat(f.world.notified("error"));
    // The core's refusal of the memory write, in words (the dodge card is the roll's record).
    expect(warned).toEqual(["That combatant is no longer in the combat."]);
  });

  it("an attack card from an ended fight applied after the next fight began: the blow lands once, on the right hero", async () => {
    const card = await slamOnRampage(f);
    f.world.login("gm");
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    const next = f.world.createCombat();
    Object.defineProperty((globalThis as unknown as { game: object }).game, "combat", { configurable: true, get: () => next });
    await next.createEmbeddedDocuments("Combatant", [{ actorId: f.captain.id }, { actorId: f.rampage.id }]);
    f.world.dice.queue(3, 9, 1, 1);
    await (next as unknown as { startCombat(): Promise<void> }).startCombat();
    expect(await f.apply("gm", card, f.rampage)).toMatchObject({ ok: true });
    expect(sys(f.rampage).health.value).toBe(90);
    expect(await f.apply("gm", card, f.rampage)).toMatchObject({ ok: false });
    expect(sys(f.rampage).health.value).toBe(90);
  });
});

describe("hard to break: the Endurance Karma prompt open when the fight is deleted (wave 2)", () => {
  it("the GM deletes the combat while the Thug's Stun? prompt is open: the Roll rolls once, spends the Karma once, and its Apply stuns him with no fight to count from", async () => {
    const ledger = await import("../../../../src/engine/ledger.js");
    const { vi } = await import("vitest");
    // The prompt as the adapter's modules see it (the global foundry namespace).
    const DialogV2 = (foundry.applications.api as unknown as { DialogV2: { wait(c: unknown): Promise<unknown> } }).DialogV2;
    f.world.login("gm");
    await f.thug.update({ "system.karma.==pool": ledger.createPool(12), "system.karma.value": 12 } as never);
    // Captain's Slugfest on the Thug: 97 → Red → Stun (Strength 20 ≥ Endurance 10).
    f.world.dice.queue(97);
    const [card] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    expect(cardOf(card).result.attack.secondary).toMatchObject({ kind: "stun", applies: true });
    // The prompt is answered (2 Karma) only after the GM has deleted the combat.
    const wait = vi.spyOn(DialogV2, "wait").mockImplementation(async () => {
      await f.world.as("gm", () => f.combat.delete());
      await f.adapter.fightEnd.fightEndSettled();
      return 2;
    });
    try {
      f.world.dice.queue(5, 4); // Endurance Good: 5 + 2 = 7 → White; d10 4 → stunned 4 rounds
      await clickAttackFollowUp(f, "gm", card!, "secondary");
    } finally {
      wait.mockRestore();
    }
    expect((game as unknown as { combats: { get(id: string): unknown } }).combats.get(f.combat.id)).toBeUndefined();
    const checks = f.cards("secondary");
    expect(checks).toHaveLength(1);
    expect(cardOf(checks[0]).result.check.rounds).toBeGreaterThan(0);
    expect(cardOf(checks[0]).result).toMatchObject({ kind: "stun", karmaSpent: 2 });
    clean(content(checks[0]));
    expect(karmaOf(f.thug)).toBe(10);
    expect(f.world.notified("error")).toEqual([]);
    expect(await f.apply("gm", checks[0]!, f.thug)).toMatchObject({ ok: true });
    expect(sys(f.thug).status["stunnedRounds"]).toBe(cardOf(checks[0]).result.check.rounds);
    // Pressed again (a second click, or after the prompt): refused by the claim, nothing spent.
    f.world.dialogAnswers.push(2);
    await clickAttackFollowUp(f, "gm", card!, "secondary");
    expect(f.cards("secondary")).toHaveLength(1);
    expect(karmaOf(f.thug)).toBe(10);
  });
});
