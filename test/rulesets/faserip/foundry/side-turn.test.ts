/**
 * A player attacks while their side resolves its actions (seed 004: the winning side declares and
 * resolves, then the other side); the GM is told, never refused; a dodge stays free. The fight of
 * fake-round.ts: declare Captain, Bruiser; act Captain, Bruiser; declare Rampage, Thug; act
 * Rampage, Thug.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { sideTurn, type SideStep } from "../../../../src/rulesets/faserip/side-turn.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { cardOf, startFight } from "./fake-round.js";

const steps: SideStep[] = [
  { combatantId: "cap", kind: "declare", side: "heroes" },
  { combatantId: "bru", kind: "declare", side: "heroes" },
  { combatantId: "cap", kind: "act", side: "heroes" },
  { combatantId: "bru", kind: "act", side: "heroes" },
  { combatantId: "ram", kind: "declare", side: "villains" },
  { combatantId: "thu", kind: "declare", side: "villains" },
  { combatantId: "ram", kind: "act", side: "villains" },
  { combatantId: "thu", kind: "act", side: "villains" },
];
const turn = (combatantId: string, step: number, isGM = false) => sideTurn({ combatantId, steps, step, isGM, currentName: "Now" });

/** The GM advances the tracker `n` steps; the prompts a step posts (dodge-prompt.ts) are waited for. */
async function advanceFight(f: Awaited<ReturnType<typeof startFight>>, n: number): Promise<void> {
  f.world.login("gm");
  for (let i = 0; i < n; i++) await f.fc.nextTurn();
  await (await import("../../../../src/rulesets/faserip/cards/dodge-prompt.js")).dodgePromptsSettled();
}

describe("sideTurn (pure)", () => {
  it("any act step of the attacker's side is theirs: the seed orders nobody within a side", () => {
    for (const step of [2, 3]) expect(turn("cap", step)).toEqual({ reason: null, data: {}, refused: false });
    for (const step of [6, 7]) expect(turn("thu", step).reason).toBeNull();
  });

  it("before: declaring (own side) or the other side first; after: acted; not in the plan: no step", () => {
    expect(turn("cap", 0).reason).toBe("FRACAS.Faserip.Turn.Declaring");
    expect(turn("ram", 0).reason).toBe("FRACAS.Faserip.Turn.OtherSide");
    expect(turn("ram", 3)).toEqual({ reason: "FRACAS.Faserip.Turn.OtherSide", data: { current: "Now" }, refused: true });
    expect(turn("ram", 5).reason).toBe("FRACAS.Faserip.Turn.Declaring");
    for (const step of [4, 5, 6, 7, 8]) expect(turn("cap", step).reason).toBe("FRACAS.Faserip.Turn.Acted");
    expect(turn("new", 2).reason).toBe("FRACAS.Faserip.Turn.NoStep");
  });

  it("in the side's turn, a second attack roll this round: refused for a player, told to the GM", () => {
    expect(sideTurn({ combatantId: "cap", steps, step: 3, isGM: false, attacked: true })).toEqual({ reason: "FRACAS.Faserip.Turn.Attacked", data: {}, refused: true });
    expect(sideTurn({ combatantId: "cap", steps, step: 3, isGM: true, attacked: true })).toEqual({ reason: "FRACAS.Faserip.Turn.Attacked", data: {}, refused: false });
  });

  it("the GM is told the same reason and never refused; who acts now is named only at an act step", () => {
    expect(turn("cap", 6, true)).toEqual({ reason: "FRACAS.Faserip.Turn.Acted", data: { current: "Now" }, refused: false });
    expect(turn("cap", 4, true).data).toEqual({});
  });

  it("the FEAT dialog: a player's attack out of turn cannot be rolled; the GM's can; a dodge is untouched", () => {
    const base = { actorName: "Captain", abilities: { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 }, karmaPool: 0, weapons: [], targets: [{ name: "Rampage", dodgeColor: null, dodgeShift: null }] };
    const form = { ability: "fighting" as const, action: "slugfest" as const, weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0 };
    const player = featDialogView({ ...base, form, turn: { reason: "FRACAS.Faserip.Turn.OtherSide", data: { current: "Rampage" }, refused: true } });
    expect(player.turn).toEqual({ key: "FRACAS.Faserip.Turn.OtherSide", current: "Rampage", refused: true });
    expect(player.canRoll).toBe(false);
    const gm = featDialogView({ ...base, form, turn: { reason: "FRACAS.Faserip.Turn.OtherSide", data: {}, refused: false } });
    expect([gm.turn?.refused, gm.canRoll]).toEqual([false, true]);
    const dodge = featDialogView({ ...base, targets: [], form: { ...form, ability: "agility", action: "dodging" }, turn: { reason: "FRACAS.Faserip.Turn.OtherSide", data: {}, refused: true } });
    expect([dodge.turn, dodge.canRoll]).toEqual([null, true]);
  });
});

describe("the side's turn in a started fight", () => {
  let f: Awaited<ReturnType<typeof startFight>>;
  beforeEach(async () => {
    f = await startFight();
    // startFight turns it off for the other flows; here it is the world's default again.
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, true as never));
  });
  const advance = (n: number) => advanceFight(f, n);

  it("while the heroes declare, Alice's attack is refused before any die, and said why", async () => {
    expect(f.step()).toBe(0);
    // No die queued: a roll would throw.
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toEqual([]);
    expect(f.world.notified("warn").at(-1)).toBe("Actions are still being declared: Captain attacks when Captain's side resolves its actions.");
    expect(f.world.messages.size).toBe(0);
  });

  it("while the heroes act, both heroes attack, whoever's step it is; once the villains act, the heroes wait and are told who acts", async () => {
    await advance(2);
    expect(f.stepOwner()).toBe(f.cid(f.captain));
    f.world.dice.queue(50);
    expect(await f.feat("bob", f.bruiser, { action: "slugfest" }, [f.thug])).toHaveLength(1);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
    await advance(4);
    expect(f.stepOwner()).toBe(f.cid(f.rampage));
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toEqual([]);
    expect(f.world.notified("warn").at(-1)).toBe("Rampage acts now. Captain's side has resolved its actions this round: Captain attacks again next round (a dodge is still free).");
    // A dodge against Rampage's attack is still Alice's to roll.
    f.world.dice.queue(70);
    const [dodge] = await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    expect(cardOf(dodge).result.feat.dodgeShift).toBeLessThan(0);
  });

  it("the GM is never refused: a villain attacks during the heroes' declarations (the dialog tells the GM)", async () => {
    f.world.dice.queue(50);
    expect(await f.feat("gm", f.rampage, { action: "slugfest" }, [f.captain])).toHaveLength(1);
    f.world.login("gm");
    expect(f.flows.sideTurnOf(f.rampage as never)).toEqual({ reason: "FRACAS.Faserip.Turn.OtherSide", data: {}, refused: false, key: f.flows.attackKey(f.combat.id!, f.cid(f.rampage), 1) });
    // The GM's roll claimed Rampage's attack of the round: in the villains' turn the GM is told so.
    await advance(6);
    expect(f.flows.sideTurnOf(f.rampage as never).reason).toBe("FRACAS.Faserip.Turn.Attacked");
  });

  it("one attack roll a round: Alice's second is refused before any die (and a double click rolls once); the GM may; next round she attacks again", async () => {
    await advance(2);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
    // No die queued: a second roll would throw.
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage])).toEqual([]);
    expect(f.world.notified("warn").at(-1)).toBe("Captain has rolled this round's attack: the next comes next round (a dodge is still free).");
    // Bob's hero has his own.
    f.world.dice.queue(50, 50);
    const [a, b] = await Promise.all([f.feat("bob", f.bruiser, { action: "slugfest" }, [f.thug]), f.feat("bob", f.bruiser, { action: "slugfest" }, [f.thug])]);
    expect(a!.length + b!.length).toBe(1);
    expect(f.world.dice.remaining).toEqual([50]);
    f.world.dice.clear();
    // The GM (a power that grants more) rolls anyway.
    f.world.dice.queue(50);
    expect(await f.feat("gm", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
    // Round 2 (heroes win again: 3 + 30 against 9 + 6), at the heroes' act step: Alice attacks.
    await f.nextRound([3, 9]);
    await advance(2);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
  });

  it("a refusal after the turn check (a target deleted) claims nothing: the attack can still be made", async () => {
    await advance(2);
    f.world.login("alice");
    f.world.target("alice", f.thug);
    const targets = f.flows.currentTargets();
    f.world.users.get("alice")!.targets.clear();
    await f.world.as("gm", () => f.thug.delete());
    expect(await f.flows.performFeat({ actor: f.captain as never, form: { ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0 }, targets, weapon: null })).toEqual([]);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage])).toHaveLength(1);
  });

  it("a roll that posts no card (a hook refuses it) gives the claim back: the round's attack can still be made", async () => {
    await advance(2);
    f.world.hooks.once("preCreateChatMessage", () => false);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toEqual([]);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
  });

  it("the world option off: a player attacks at any step", async () => {
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, false as never));
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
  });
});

describe("the hero sheet follows the side's turn (core sheets/fight-sheets.ts)", () => {
  let f: Awaited<ReturnType<typeof startFight>>;
  beforeEach(async () => {
    f = await startFight();
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, true as never));
    await f.world.as("gm", () => f.captain.createEmbeddedDocuments("Item", [{ type: "faseripWeapon", name: "Shield", system: { damage: 10 } }] as never));
    // The fake has no TextEditor: the sheet enriches its notes on every render.
    (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
  });
  type View = { turnRefusal: string | null; attackRefusal: string | null; weapons: { attackDisabled: boolean; attackKey: string }[] };
  async function sheetAs(user: string) {
    f.world.login(user);
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: f.captain } as never) as unknown as { renders: number; render(o?: unknown): Promise<unknown>; _prepareContext(o: unknown): Promise<{ view: View }> };
    Object.defineProperty(sheet, "isEditable", { get: () => true });
    const view = async () => {
      f.world.login(user);
      return (await sheet._prepareContext({})).view;
    };
    await view();
    await sheet.render({ force: true });
    return { sheet, view };
  }
  const advance = (n: number) => advanceFight(f, n);

  it("Alice's sheet greys the weapon's attack out while the heroes declare, with the dialog's reason; the GM's does not", async () => {
    const alice = await sheetAs("alice");
    const v = await alice.view();
    expect(v.turnRefusal).toBe("Actions are still being declared: Captain attacks when Captain's side resolves its actions.");
    expect(v.weapons.map((w) => [w.attackDisabled, w.attackKey])).toEqual([[true, "FRACAS.Faserip.Sheet.AttackNotNow"]]);
    const gm = await sheetAs("gm");
    expect((await gm.view()).turnRefusal).toBeNull();
    expect((await gm.view()).weapons[0]!.attackDisabled).toBe(false);
  });

  it("the tracker reaching the heroes' act step redraws Alice's open sheet, and its attack is live; after her roll it is off again", async () => {
    const alice = await sheetAs("alice");
    const before = alice.sheet.renders;
    await advance(2);
    expect(alice.sheet.renders).toBeGreaterThan(before);
    expect((await alice.view()).turnRefusal).toBeNull();
    expect((await alice.view()).weapons[0]!.attackDisabled).toBe(false);
    f.world.dice.queue(50);
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug])).toHaveLength(1);
    expect((await alice.view()).turnRefusal).toBe("Captain has rolled this round's attack: the next comes next round (a dodge is still free).");
  });

  it("a dodge (kept in the combatant, not the actor) redraws the sheet at once: no attack after it", async () => {
    await advance(6);
    const alice = await sheetAs("alice");
    const before = alice.sheet.renders;
    f.world.dice.queue(70);
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    expect(alice.sheet.renders).toBeGreaterThan(before);
    expect((await alice.view()).attackRefusal).toBe("FRACAS.Faserip.Refused.DodgedThisRound");
  });

  it("the GM turning the side-turn option off redraws Alice's open sheet at once: her attack is live while the heroes declare", async () => {
    const alice = await sheetAs("alice");
    expect((await alice.view()).weapons[0]!.attackDisabled).toBe(true);
    const before = alice.sheet.renders;
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, false as never));
    expect(alice.sheet.renders).toBeGreaterThan(before);
    expect((await alice.view()).weapons[0]!.attackDisabled).toBe(false);
  });

  it("a closed sheet is forgotten: the fight moving on does not draw it again", async () => {
    const alice = await sheetAs("alice");
    await (alice.sheet as unknown as { close(): Promise<unknown> }).close();
    const closed = alice.sheet.renders;
    await advance(2);
    expect(alice.sheet.renders).toBe(closed);
  });
});

describe("the attacker's dialog says when a target can still dodge (audit s14 F3: a dodge rolled after the attack does not shift it)", () => {
  let f: Awaited<ReturnType<typeof startFight>>;
  beforeEach(async () => {
    f = await startFight();
  });
  type TargetView = { noDodgeKey: string; recorded: boolean };
  async function gmDialogAt(target: typeof f.captain): Promise<TargetView> {
    f.world.login("gm");
    f.world.users.get("gm")!.targets.clear();
    f.world.target("gm", target);
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(f.rampage as never, { action: "slugfest" });
    const ctx = await (dialog as unknown as { _prepareContext(): Promise<{ view: { targets: TargetView[] } }> })._prepareContext();
    return ctx.view.targets[0]!;
  }

  it("Captain has not dodged: 'can still dodge, ask first'; once he dodged, the colour; a hero in no fight: the plain line", async () => {
    expect((await gmDialogAt(f.captain)).noDodgeKey).toBe("FRACAS.Faserip.Dialog.TargetMayDodge");
    f.world.dice.queue(70);
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    expect(await gmDialogAt(f.captain)).toMatchObject({ recorded: true });
    const loner = f.world.createActor({ name: "Loner", type: "faseripHero", system: {} });
    expect((await gmDialogAt(loner as never)).noDodgeKey).toBe("FRACAS.Faserip.Dialog.TargetNoDodge");
  });

  it("a Captain who cannot act (unconscious) cannot dodge: the plain line", async () => {
    await f.setStatus(f.captain, "unconscious");
    expect((await gmDialogAt(f.captain)).noDodgeKey).toBe("FRACAS.Faserip.Dialog.TargetNoDodge");
  });
});

describe("the other side's players are asked to dodge when a side begins to act (cards/dodge-prompt.ts)", () => {
  let f: Awaited<ReturnType<typeof startFight>>;
  beforeEach(async () => {
    f = await startFight();
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.dodgePrompt" as never, true as never));
  });
  const advance = (n: number) => advanceFight(f, n);
  const prompts = () => f.cards("dodgeNow").map((m) => ({ name: String(cardOf(m).result.name), whisper: [...(m as unknown as { whisper: string[] }).whisper].sort() }));

  it("pure: a side begins at its first act step, not at a teammate's, not while declaring", async () => {
    const { sideBeginsActing } = await import("../../../../src/rulesets/faserip/cards/dodge-prompt.js");
    expect(steps.map((_, i) => sideBeginsActing(steps, i))).toEqual([null, null, "heroes", null, null, null, "villains", null]);
  });

  it("the villains begin to act: Captain (Alice's) and Bruiser (Bob's) are each asked, whispered to their player and the GM; once, however the GM steps", async () => {
    // The heroes act first in this fight; their act steps ask the villains' players: there are none.
    await advance(2);
    expect(prompts()).toEqual([]);
    // The heroes declared nothing in this fight: both may still dodge when the villains act.
    await advance(4);
    expect(prompts()).toEqual([
      { name: "Captain", whisper: ["alice", "gm"] },
      { name: "Bruiser", whisper: ["bob", "gm"] },
    ]);
    expect(f.cards("dodgeNow")[0]!.content).toContain("Villains act now: Captain may dodge first.");
    f.world.login("gm");
    await f.fc.previousTurn();
    await advance(1);
    expect(prompts()).toHaveLength(2);
  });

  it("a hero who dodged already, or cannot act, is not asked", async () => {
    f.world.dice.queue(70);
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    await f.setStatus(f.bruiser, "dead");
    // Bruiser's steps are passed over: four steps to the villains' first act.
    await advance(4);
    expect(f.stepOwner()).toBe(f.cid(f.rampage));
    expect(prompts()).toEqual([]);
  });

  it("the option off asks no one", async () => {
    await f.world.as("gm", () => game.settings.set("fracas", "faserip.dodgePrompt" as never, false as never));
    await advance(6);
    expect(prompts()).toEqual([]);
  });

  it("the card's Dodge opens the hero's FEAT dialog on Dodging for its player; another player is refused", async () => {
    await advance(6);
    const card = f.cards("dodgeNow")[0]!;
    const { faseripCards } = await import("../../../../src/rulesets/faserip/cards/index.js");
    const dodge = faseripCards.dodgeNow!.followUps!.dodge!;
    f.world.login("bob");
    await dodge({ message: card as never, result: cardOf(card).result as never, button: {} as never });
    expect(f.world.notified("warn").at(-1)).toBe(f.world.i18n.format("FRACAS.Faserip.Refused.NotYourHero", { name: "Captain" }));
    f.world.login("alice");
    await dodge({ message: card as never, result: cardOf(card).result as never, button: {} as never });
    const open = [...(foundry.applications as unknown as { instances: Map<string, unknown> }).instances.values()].filter((a) => (a as { constructor: { name: string } }).constructor.name === "FaseripFeatDialog");
    expect(open).toHaveLength(1);
  });
});
