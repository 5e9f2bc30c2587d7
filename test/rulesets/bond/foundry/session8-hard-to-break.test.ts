/**
 * Session 8 audit angle, "hard to break": a GM does unexpected things in the middle of a fight, a
 * player clicks twice. Each scenario drives Bond's real adapter through the typed fake and checks
 * what a GM would expect: a clear message through lang, never a raw exception, a NaN or
 * "undefined", and nothing lost or written twice.
 */
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bondModules, bruteWorld, cardOf, characterSheet, standInEnrichHTML, wound } from "./helpers.js";

type Outcome = { ok: boolean; reason?: string };
const startFight = async (world: FakeWorld, ...actors: FakeActor[]) => {
  world.login("gm");
  const combat = world.createCombat();
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })));
  const fc = combat as unknown as { startCombat(): Promise<unknown>; nextRound(): Promise<unknown>; delete(): Promise<unknown> };
  await fc.startCombat();
  return { combat, fc };
};
/** No user-visible text reads NaN or undefined. */
const clean = (s: string) => expect(s).not.toMatch(/NaN|undefined|\[object Object\]|FRACAS\./);

describe("hard to break: 1. a target or combatant that goes away", () => {
  it("the target deleted between the attack card and its Apply: refused with a lang message, nothing written", async () => {
    const { world, adapter, brute, thug } = await bruteWorld();
    const m = await attack(world, "gm", thug, [brute], 2, 3, { weapon: false });
    world.login("gm");
    await (brute as unknown as { delete(): Promise<unknown> }).delete();
    const out = (await adapter.queries.requestApply(m.id, brute.uuid, true)) as Outcome;
    expect(out).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NoTarget" });
    expect(world.i18n.has(out.reason!)).toBe(true);
    expect(cardOf(m).applications).toEqual([]);
  });

  it("the character deleted before its recovery prompt's Roll: 'The target no longer exists', no roll", async () => {
    const { world, adapter, brute, thug } = await bruteWorld({ quickThug: true });
    await brute.update({ "system.wound.level": "LW", "system.wound.woundRollPending": true } as never);
    const { fc } = await startFight(world, brute, thug);
    await fc.nextRound();
    const prompt = [...world.messages].find((x) => cardOf(x).kind === "recoveryPrompt")!;
    expect(prompt).toBeDefined();
    await (brute as unknown as { delete(): Promise<unknown> }).delete();
    const before = world.messages.size;
    world.login("alice");
    const kind = adapter.rulesets.descriptor("bond")!.cards!.recoveryPrompt!;
    await kind.followUps!.recover!({ message: prompt as never, result: cardOf(prompt).result as never, button: { dataset: { which: "wound" } } as never });
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Bond.Refused.NoTarget"));
    expect(world.messages.size).toBe(before);
  });

  it("a combatant removed mid-round: the next round starts, prompts the others, and nothing throws", async () => {
    const { world, brute, thug } = await bruteWorld({ quickThug: true });
    await brute.update({ "system.wound.level": "LW", "system.wound.woundRollPending": true } as never);
    const { combat, fc } = await startFight(world, brute, thug);
    const thugCombatant = [...(combat as unknown as { combatants: Iterable<{ actor: unknown; delete(): Promise<unknown> }> }).combatants].find((c) => c.actor === thug)!;
    await thugCombatant.delete();
    await fc.nextRound();
    expect(world.hooks.errors).toEqual([]);
    const prompts = [...world.messages].filter((x) => cardOf(x).kind === "recoveryPrompt");
    expect(prompts.map((p) => (cardOf(p).result as { actorName: string }).actorName)).toContain("Brute");
    for (const p of prompts) clean(p.content);
  });
});

describe("hard to break: 2. Apply twice, Undo after a hand edit, Undo twice", () => {
  it("two Applies at once (two clients): one lands, the other is refused 'already applied'; the wound is written once", async () => {
    const { world, adapter, brute, thug } = await bruteWorld();
    const m = await attack(world, "gm", thug, [brute], 2, 3, { weapon: false });
    world.login("gm");
    const outs = (await Promise.all([adapter.queries.requestApply(m.id, brute.uuid, true), adapter.queries.requestApply(m.id, brute.uuid, true)])) as Outcome[];
    expect(outs.filter((o) => o.ok)).toHaveLength(1);
    expect(outs.find((o) => !o.ok)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyApplied" });
    expect(cardOf(m).applications).toHaveLength(1);
    // One wound (QR1 at DC B: Heavy Wound), not an accumulated second one (which would be Incapacitated).
    expect(wound(brute).level).toBe("HW");
  });

  it("Undo after the GM healed the target by hand is refused (the hand edit kept); Undo twice is refused the second time", async () => {
    const { world, adapter, brute, thug } = await bruteWorld();
    const m = await attack(world, "gm", thug, [brute], 2, 3, { weapon: false });
    world.login("gm");
    expect(((await adapter.queries.requestApply(m.id, brute.uuid, true)) as Outcome).ok).toBe(true);
    await brute.update({ "system.wound.level": "none", "system.wound.woundRollPending": false } as never);
    const app = cardOf(m).applications[0]!;
    const changed = (await adapter.queries.requestUndo(m.id, app.id, true)) as Outcome;
    expect(changed).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.ChangedSince" });
    expect(wound(brute).level).toBe("none");

    // Put back as the Apply left it: Undo works once, then says it was already undone.
    await brute.update({ "system.wound.level": "HW", "system.wound.woundRollPending": true } as never);
    expect(((await adapter.queries.requestUndo(m.id, app.id, true)) as Outcome).ok).toBe(true);
    expect(wound(brute).level).toBe("none");
    expect(await adapter.queries.requestUndo(m.id, app.id, true)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyUndone" });
    expect(wound(brute).level).toBe("none");
  });
});

describe("hard to break: 3. one actor, two unlinked tokens", () => {
  it("an Apply at one mook's token wounds that token's actor only, not its twin or the base actor", async () => {
    const { world, adapter, brute, thug } = await bruteWorld();
    const mook1 = world.createUnlinkedToken(thug, "tok1");
    const mook2 = world.createUnlinkedToken(thug, "tok2");
    expect(mook1.uuid).not.toBe(mook2.uuid);
    const m = await attack(world, "alice", brute, [mook1], 1, 3, { weapon: false });
    expect(cardOf(m).targets.map((t) => t.uuid)).toEqual([mook1.uuid]);
    world.login("gm");
    expect(((await adapter.queries.requestApply(m.id, mook1.uuid, true)) as Outcome).ok).toBe(true);
    expect(wound(mook1).level).not.toBe("none");
    expect(wound(mook2).level).toBe("none");
    expect(wound(thug).level).toBe("none");
    // The twin is not a target of this card.
    expect(await adapter.queries.requestApply(m.id, mook2.uuid, true)).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotATarget" });
  });
});

describe("hard to break: 4. the GM edits a stat while the roll dialog is open", () => {
  it("the dialog redraws with the new Primary Chance, and Roll uses the number it shows (never the one it opened with)", async () => {
    const { world, brute, thug } = await bruteWorld();
    const m = await bondModules();
    world.login("alice");
    world.target("alice", thug);
    const dialog = (await m.openAttackDialog(brute as never, null)) as unknown as { renders: number; _prepareContext(o: unknown): Promise<{ view: { primaryChance: number } }> };
    const opened = (await dialog._prepareContext({})).view.primaryChance;
    const rendersBefore = dialog.renders;
    world.login("gm");
    await brute.update({ "system.characteristics.str": 5, "system.characteristics.dex": 5 } as never);
    expect(dialog.renders).toBeGreaterThan(rendersBefore);
    world.login("alice");
    const shown = (await dialog._prepareContext({})).view.primaryChance;
    expect(shown).toBeLessThan(opened);
    world.dice.queue(50, 3);
    const actions = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> } } }).DEFAULT_OPTIONS.actions;
    await actions.roll.call(dialog);
    const card = [...world.messages].at(-1)!;
    expect(cardOf(card).kind).toBe("attack");
    expect((cardOf(card).result as { primaryChance: number }).primaryChance).toBe(shown);
  });
});

describe("hard to break: 5. the fight ends while a card or prompt is still open", () => {
  it("an attack card from a deleted fight, applied after the next fight started: the wound lands, the card reads cleanly", async () => {
    const { world, adapter, brute, thug } = await bruteWorld({ quickThug: true });
    const first = await startFight(world, brute, thug);
    const m = await attack(world, "gm", thug, [brute], 2, 3, { weapon: false });
    world.login("gm");
    await first.fc.delete();
    await startFight(world, brute, thug);
    expect(((await adapter.queries.requestApply(m.id, brute.uuid, true)) as Outcome).ok).toBe(true);
    expect(wound(brute).level).toBe("HW");
    clean(m.content);
  });

  it("a knockout prompt answered after its fight was deleted: the roll is made and its card posted, no exception", async () => {
    const { world, adapter, brute, thug } = await bruteWorld({ quickThug: true });
    const { fc } = await startFight(world, brute, thug);
    const atk = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("gm");
    expect(((await adapter.queries.requestApply(atk.id, brute.uuid, true)) as Outcome).ok).toBe(true);
    await fc.nextRound();
    const prompt = [...world.messages].find((x) => cardOf(x).kind === "knockoutPrompt")!;
    expect(prompt).toBeDefined();
    clean(prompt.content);
    await fc.delete();
    world.login("alice");
    world.dice.queue(99, 3);
    const kind = adapter.rulesets.descriptor("bond")!.cards!.knockoutPrompt!;
    await kind.followUps!.resist!({ message: prompt as never, result: cardOf(prompt).result as never, button: { dataset: {} } as never });
    expect(world.hooks.errors).toEqual([]);
    const card = [...world.messages].at(-1)!;
    expect(cardOf(card).kind).toBe("recovery");
    clean(card.content);
  });
});

describe("hard to break: 6. a combatant added mid-round", () => {
  it("Felix joins in round 1 with a wound roll due: the next round prompts him once, and nothing throws", async () => {
    const { world, brute, thug, felix } = await bruteWorld({ quickThug: true, felix: true });
    const { combat, fc } = await startFight(world, brute, thug);
    await felix.update({ "system.wound.level": "MW", "system.wound.woundRollPending": true } as never);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: felix.id }]);
    await fc.nextRound();
    expect(world.hooks.errors).toEqual([]);
    const forFelix = [...world.messages].filter((x) => cardOf(x).kind === "recoveryPrompt" && (cardOf(x).result as { actorName: string }).actorName === "Felix Leiter");
    expect(forFelix).toHaveLength(1);
    clean(forFelix[0]!.content);
  });
});

describe("hard to break: 7. old or partial data", () => {
  const extremes: [string, Record<string, unknown>][] = [
    ["no system data at all", {}],
    ["characteristics at their minimum (1), no Hero Point pool", { characteristics: { str: 1, dex: 1, wil: 1, per: 1, int: 1 }, heroPoints: {} }],
    ["characteristics at their maximum (30), Stun rounds and hours at their bounds", { characteristics: { str: 30, dex: 30, wil: 30, per: 30, int: 30 }, wound: { level: "IN", unconsciousHours: 6, stunRounds: 7 } }],
  ];
  for (const [name, system] of extremes) {
    it(`${name}: the sheet renders and the attack dialog computes its odds without NaN or undefined`, async () => {
      const { world } = await bruteWorld();
      standInEnrichHTML();
      const odd = world.createActor({ name: "Oddity", type: "bondCharacter", system, ownership: { alice: 3 } });
      const sheet = await characterSheet(world, odd, "gm");
      clean(sheet.html.replace(/<[^>]*>/g, " "));
      // The attack dialog as drawn (its odds), or, for a character who cannot act, the warning instead.
      const m = await bondModules();
      world.login("gm");
      const dialog = await m.openAttackDialog(odd as never, null);
      if (!dialog) {
        expect(world.notified("warn").at(-1)).toContain("Oddity cannot act");
        clean(world.notified("warn").at(-1)!);
        return;
      }
      const ctx = await (dialog as unknown as { _prepareContext(o: unknown): Promise<Record<string, unknown>> })._prepareContext({});
      const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", ctx);
      expect(html).toMatch(/\d+%/);
      clean(html.replace(/<[^>]*>/g, " "));
    });
  }
});
