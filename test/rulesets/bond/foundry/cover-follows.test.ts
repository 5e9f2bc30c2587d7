/**
 * Cover, session 5 (review-s4-changes #8), through the real dialog, hooks and data model in the
 * typed fake:
 * - an open attack dialog follows its target and its attacker: the GM setting, raising or clearing
 *   the target's cover (D49), a status on the attacker, the user aiming elsewhere or the fight's next
 *   round redraws it, and what it shows (cover floor, odds) is what Roll uses;
 * - a begun fight's end clears the cover of those who fought in it, on the active GM's client, one
 *   update per character with a cover (D51), and runs out a failed Stun's rounds (D53).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { BondAttackDialog } from "../../../../src/rulesets/bond/sheets/attack-dialog.js";
import type { AttackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { bondModules, cardOf, npcChars, pcChars, pool } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let bond: FakeActor; // alice's PC with a Walther PPK
let hood: FakeActor; // the GM's NPC
let thug: FakeActor; // the GM's NPC, in no dialog

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
const coverOf = (a: FakeActor) => (a.system as unknown as { cover: string }).cover;
const coverItems = (items: { labelKey: string; value: number }[]) => items.filter((i) => i.labelKey.startsWith("FRACAS.Bond.Ease.Cover."));

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [ppk] });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
  thug = world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
});

type Dialog = BondAttackDialog & { renders: number };

/** Alice opens Bond's attack with the PPK at Hood, as the sheet's Attack does. */
async function aliceAimsAtHood(): Promise<Dialog> {
  const m = await bondModules();
  world.login("alice");
  world.target("alice", hood);
  const dialog = await m.openAttackDialog(bond as never, bond.items.contents[0] as never);
  return dialog as Dialog;
}

/** What the dialog shows now, as Alice's client renders it. */
async function shown(dialog: Dialog): Promise<AttackView> {
  world.login("alice");
  const context = await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: AttackView }> })._prepareContext({});
  return context.view;
}

async function asGm(fn: () => Promise<unknown>): Promise<void> {
  world.login("gm");
  await fn();
  world.login("alice");
}

describe("an open attack dialog follows its target's cover (D49)", () => {
  it("the GM sets, raises and clears the cover: the dialog redraws, its floor and odds are the target's now", async () => {
    const m = await bondModules();
    const dialog = await aliceAimsAtHood();
    const before = await shown(dialog);
    expect(before.coverOptions.map((o) => o.value)).toEqual(["none", "light", "medium", "heavy"]);
    expect(before.coverSetByGm).toBeNull();

    let renders = dialog.renders;
    await asGm(() => hood.update({ "system.cover": "heavy" } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    const heavy = await shown(dialog);
    expect(heavy.coverOptions).toEqual([{ value: "heavy", label: "FRACAS.Bond.Cover.heavy", selected: true }]);
    expect(heavy.coverSetByGm).toBe("FRACAS.Bond.Cover.heavy");
    expect(heavy.easeItems.filter((i) => i.label.startsWith("FRACAS.Bond.Ease.Cover."))).toEqual([{ label: "FRACAS.Bond.Ease.Cover.heavy", value: "−3" }]);
    // The odds are the kernel's at heavy cover, as a dialog opened now would show them.
    world.login("alice");
    const fresh = m.buildSetup(bond as never, bond.items.contents[0] as never);
    expect(heavy.successPercent).toBe(m.attackView(fresh, m.defaultChoices(fresh)).successPercent);
    expect(heavy.successChance).toBeLessThan(before.successChance);

    // The GM clears it: the choice was only the GM's floor, so it goes back down with it.
    renders = dialog.renders;
    await asGm(() => hood.update({ "system.cover": "none" } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    const cleared = await shown(dialog);
    expect(cleared.coverOptions.find((o) => o.selected)?.value).toBe("none");
    expect(cleared.coverSetByGm).toBeNull();
    expect(cleared.successPercent).toBe(before.successPercent);
  });

  it("Roll after the GM cleared the cover uses none, as the dialog shows (not the floor it opened with)", async () => {
    await asGm(() => hood.update({ "system.cover": "medium" } as never));
    const dialog = await aliceAimsAtHood();
    expect((await shown(dialog)).coverSetByGm).toBe("FRACAS.Bond.Cover.medium");
    await asGm(() => hood.update({ "system.cover": "none" } as never));

    world.login("alice");
    world.dice.queue(50, 3);
    const roll = (dialog.constructor as unknown as { DEFAULT_OPTIONS: { actions: { roll: (this: unknown) => Promise<void> } } }).DEFAULT_OPTIONS.actions.roll;
    await roll.call(dialog);
    const card = world.messages.contents.at(-1)!;
    const result = cardOf(card as never).result as { ease: { items: { labelKey: string; value: number }[] } };
    expect(coverItems(result.ease.items)).toEqual([]);
  });

  it("a harder cover the attacker chose stays when the GM sets less; raised when the GM sets more", async () => {
    const m = await bondModules();
    const dialog = await aliceAimsAtHood();
    world.login("alice");
    dialog.choices = m.readChoices(dialog.setup(), { cover: "medium" }, dialog.choices);
    await asGm(() => hood.update({ "system.cover": "light" } as never));
    expect((await shown(dialog)).coverOptions.find((o) => o.selected)?.value).toBe("medium");
    await asGm(() => hood.update({ "system.cover": "heavy" } as never));
    expect((await shown(dialog)).coverOptions.find((o) => o.selected)?.value).toBe("heavy");
  });

  it("the attacker's own changes redraw it (a status, a wound); another character's do not", async () => {
    const dialog = await aliceAimsAtHood();
    await shown(dialog);
    let renders = dialog.renders;
    await asGm(() => thug.update({ "system.cover": "heavy" } as never));
    expect(dialog.renders).toBe(renders);

    await asGm(() => bond.toggleStatusEffect("fracas-prone", { active: true }));
    expect(dialog.renders).toBeGreaterThan(renders);
    renders = dialog.renders;
    await asGm(() => bond.update({ "system.wound.level": "LW" } as never));
    expect(dialog.renders).toBeGreaterThan(renders);
    expect((await shown(dialog)).woundLabel).toBe("FRACAS.Bond.Wound.LW");

    // Closed: nothing redraws it any more.
    await dialog.close();
    renders = dialog.renders;
    await asGm(() => hood.update({ "system.cover": "light" } as never));
    expect(dialog.renders).toBe(renders);
  });

  it("aiming at someone else redraws it with that character's cover", async () => {
    await asGm(() => thug.update({ "system.cover": "medium" } as never));
    const dialog = await aliceAimsAtHood();
    expect((await shown(dialog)).coverSetByGm).toBeNull();
    const renders = dialog.renders;
    world.login("alice");
    const alice = world.users.get("alice")!;
    alice.targets.clear();
    world.target("alice", thug);
    world.hooks.callAll("targetToken", alice, [...alice.targets][0], true);
    await Promise.resolve(); // open dialogs are told once the run of targetToken events is over
    expect(dialog.renders).toBeGreaterThan(renders);
    const view = await shown(dialog);
    expect(view.targetName).toBe("Thug");
    expect(view.coverOptions.find((o) => o.selected)?.value).toBe("medium");
  });

  it("the fight's next round redraws it (the round's attacks come back, D4)", async () => {
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    const fc = combat as unknown as FracasCombat;
    await fc.startCombat();
    const dialog = await aliceAimsAtHood();
    const renders = dialog.renders;
    await asGm(() => fc.nextRound());
    expect(dialog.renders).toBeGreaterThan(renders);
  });
});

describe("cover ends with the fight (D51)", () => {
  /** A begun fight of Bond, Hood and two unlinked mooks made from the thug (each its own cover). */
  async function fight() {
    const mookA = world.createUnlinkedToken(thug, "tokA");
    const mookB = world.createUnlinkedToken(thug, "tokB");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: thug.id, tokenId: "tokA" }, { actorId: thug.id, tokenId: "tokB" }]);
    const fc = combat as unknown as FracasCombat;
    world.dice.queue(1, 2, 3, 4); // Speed ties broken by kept D6s
    await fc.startCombat();
    return { combat, fc, mookA, mookB };
  }

  it("ending it clears the fighters' covers on the active GM's client, one update each, and tells the GM", async () => {
    const { combat, mookA, mookB } = await fight();
    const outsider = world.createActor({ name: "Sniper", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
    world.login("gm");
    await bond.update({ "system.cover": "light" } as never);
    await hood.update({ "system.cover": "heavy" } as never);
    await mookA.update({ "system.cover": "medium" } as never);
    await outsider.update({ "system.cover": "medium" } as never);

    const writes: { name: string; by: string }[] = [];
    world.observe("updateActor", ((actor: FakeActor, _changed: unknown, _options: unknown, userId: string) => void writes.push({ name: actor.name, by: userId })) as never);
    world.login("alice");
    world.dialogAnswers.push(true);
    await world.as("gm", () => combat.endCombat());
    await vi.waitFor(() => expect(writes).toHaveLength(3));
    await adapter.fightEnd.fightEndSettled();

    expect([bond, hood, mookA, mookB].map(coverOf)).toEqual(["none", "none", "none", "none"]);
    // Only characters that had a cover are written, once each, by the GM: Alice's client writes nothing.
    expect(writes).toEqual([
      { name: "James Bond", by: "gm" },
      { name: "Hood", by: "gm" },
      { name: "Thug", by: "gm" },
    ]);
    // Not in the fight: its cover stays.
    expect(coverOf(outsider)).toBe("medium");
    expect(world.notified("info")).toContain("The fight is over: cover cleared for James Bond, Hood, Thug.");
  });

  it("an encounter deleted before it began, or a character still in another begun fight, keeps its cover", async () => {
    world.login("gm");
    await hood.update({ "system.cover": "heavy" } as never);
    await bond.update({ "system.cover": "light" } as never);
    const unstarted = world.createCombat();
    await unstarted.createEmbeddedDocuments("Combatant", [{ actorId: hood.id }]);
    await unstarted.delete();

    // Hood also fights in a second, begun combat on another scene; Bond only in the one ended.
    const other = world.createCombat();
    await other.createEmbeddedDocuments("Combatant", [{ actorId: hood.id }, { actorId: thug.id }]);
    world.dice.queue(1, 2, 3, 4); // the Speed tie broken by kept D6s
    await (other as unknown as FracasCombat).startCombat();
    const { combat } = await fight();
    await combat.delete();
    await vi.waitFor(() => expect(coverOf(bond)).toBe("none"));
    await adapter.fightEnd.fightEndSettled();
    expect(coverOf(hood)).toBe("heavy");
  });

  it("with no GM connected nothing is written (a player cannot end a fight; nobody clears)", async () => {
    const { combat } = await fight();
    world.login("gm");
    await hood.update({ "system.cover": "heavy" } as never);
    world.setActiveGM(null);
    await combat.delete();
    await adapter.fightEnd.fightEndSettled();
    expect(coverOf(hood)).toBe("heavy");
  });
});

describe("a failed Stun's rounds end with the fight (D53)", () => {
  const woundOf = (a: FakeActor) => (a.system as unknown as { wound: { level: string; stunRounds: number; woundRollPending: boolean } }).wound;
  const statuses = (a: FakeActor) => [...(a as unknown as { statuses: Set<string> }).statuses];

  it("a lone Stun wears off and its status goes; a wound's roll still due keeps it; one update each, with the cover", async () => {
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: thug.id }]);
    const fc = combat as unknown as FracasCombat;
    world.dice.queue(1, 2, 3, 4);
    await fc.startCombat();
    world.login("gm");
    await bond.update({ "system.wound": { level: "ST", stunRounds: 3 }, "system.cover": "light" } as never);
    await bond.toggleStatusEffect("fracas-stunned", { active: true });
    await hood.update({ "system.wound": { level: "MW", stunRounds: 2, woundRollPending: true } } as never);
    await hood.toggleStatusEffect("fracas-stunned", { active: true });
    expect(statuses(bond)).toContain("fracas-stunned");

    const writes: string[] = [];
    world.observe("updateActor", ((actor: FakeActor) => void writes.push(actor.name)) as never);
    await combat.delete();
    await vi.waitFor(() => expect(statuses(bond)).not.toContain("fracas-stunned"));
    await adapter.fightEnd.fightEndSettled();

    expect(woundOf(bond)).toMatchObject({ level: "none", stunRounds: 0 });
    expect(coverOf(bond)).toBe("none");
    expect(woundOf(hood)).toMatchObject({ level: "MW", stunRounds: 0, woundRollPending: true });
    expect(statuses(hood)).toContain("fracas-stunned");
    // The thug had neither: no write. Bond's cover and stun in one update.
    expect(writes).toEqual(["James Bond", "Hood"]);
    expect(world.notified("info")).toContain("The fight is over: the rounds without action from a failed Stun roll ended for James Bond, Hood.");
  });

  it("session 7: Bond's player is whispered the same lines, naming Bond alone, in words the sheet and cards use", async () => {
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }]);
    world.dice.queue(1, 2, 3, 4);
    await (combat as unknown as FracasCombat).startCombat();
    world.login("gm");
    await bond.update({ "system.wound": { level: "ST", stunRounds: 3 }, "system.cover": "light" } as never);
    await hood.update({ "system.wound": { level: "ST", stunRounds: 2 } } as never);
    await combat.delete();
    await vi.waitFor(() => expect(woundOf(bond).stunRounds).toBe(0));
    await adapter.fightEnd.fightEndSettled();
    const lines = world.messages.contents.filter((m) => String(m.content).includes("fracas-fight-ended"));
    // Hood has no player: the GM's toast is enough. Alice reads Bond's two lines: "rounds without
    // action" as the sheet's "No action for N more rounds", not the kernel's "a failed Stun's rounds".
    expect(lines).toHaveLength(1);
    expect(lines[0]!.whisper).toEqual(["alice"]);
    expect(lines[0]!.content).toBe(
      '<div class="fracas fracas-fight-ended"><p>The fight is over for James Bond:</p>' +
        "<ul><li>cover cleared for James Bond.</li><li>the rounds without action from a failed Stun roll ended for James Bond.</li></ul></div>",
    );
  });
});

describe("a Trip's prone and a Restrain's hold end with the fight (audit s13)", () => {
  const statuses = (a: FakeActor) => [...(a as unknown as { statuses: Set<string> }).statuses];

  it("both icons go from everyone in the fight and the GM is told; a fighter with neither is not written", async () => {
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: bond.id }, { actorId: hood.id }, { actorId: thug.id }]);
    world.dice.queue(1, 2, 3, 4);
    await (combat as unknown as FracasCombat).startCombat();
    world.login("gm");
    await bond.toggleStatusEffect("fracas-prone", { active: true });
    await hood.toggleStatusEffect("fracas-restrained", { active: true });
    await hood.toggleStatusEffect("fracas-prone", { active: true });
    expect([statuses(bond), statuses(hood)]).toEqual([["fracas-prone"], expect.arrayContaining(["fracas-restrained", "fracas-prone"])]);
    const toggled: string[] = [];
    world.observe("updateActor", ((actor: FakeActor) => void toggled.push(actor.name)) as never);
    await combat.delete();
    await vi.waitFor(() => expect(statuses(hood)).not.toContain("fracas-restrained"));
    await adapter.fightEnd.fightEndSettled();
    expect(statuses(bond)).not.toContain("fracas-prone");
    expect(statuses(hood)).not.toContain("fracas-prone");
    expect(toggled).not.toContain("Thug");
    expect(world.notified("info")).toContain("The fight is over: a Trip's prone or a Restrain's hold ended for James Bond, Hood.");
  });
});
