/**
 * A full FASERIP side-initiative round through the typed Foundry fake, driving the real adapter:
 * side initiative and plan, a dodge kept in combatant memory and applied against two attackers,
 * Slam (Slam? FEAT, prone, knock-back offered), Stun (Stun? FEAT with its d10), Kill → dying,
 * a round of dying and the GM's stabilise, Apply/Undo, and the dodge cleared next round.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import type { FeatForm } from "../../../../src/rulesets/faserip/sheets/feat-form.js";

import { loadFlows, type Flows } from "./flows.js";

let world: FakeWorld;
let adapter: Adapter;
let flows: Flows;
let combat: FakeCombat;
let captain: FakeActor; // alice's hero
let bruiser: FakeActor; // bob's hero
let rampage: FakeActor; // GM's villain
let thug: FakeActor; // GM's villain

const hero = (abilities: Record<string, number>, extra: Record<string, unknown> = {}) => ({ abilities, ...extra });
const form = (f: Partial<FeatForm>): FeatForm => ({ ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0, ...f });
const sys = (a: FakeActor) => a.system as unknown as { health: { value: number; max: number }; status: Record<string, unknown>; karma: { value: number } };
const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as { result: Record<string, any>; applications: Application[]; targets: { uuid: string }[] };
const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
const combatantDoc = (a: FakeActor) => combat.combatants.get(cid(a)) as never as Combatant.Implementation & { flags: Record<string, unknown> };
const memoryOf = (a: FakeActor) => (combat as unknown as FracasCombat).combatantState(cid(a)).memory;

async function feat(userId: string, actor: FakeActor, f: Partial<FeatForm>, targets: FakeActor[] = [], weapon: { name: string; damage: number } | null = null) {
  world.login(userId);
  for (const t of targets) world.target(userId, t);
  const posted = await flows.performFeat({ actor: actor as never, form: form(f), targets: flows.currentTargets(), weapon });
  world.users.get(userId)!.targets.clear();
  return posted as unknown as FakeChatMessage[];
}

async function apply(userId: string, m: FakeChatMessage, target: FakeActor) {
  world.login(userId);
  return adapter.queries.requestApply(m.id, target.uuid, adapter.render.mayWriteHere(m as never, cardOf(m) as never, target.uuid));
}

async function followUp(userId: string, m: FakeChatMessage, kind: string, name: string) {
  world.login(userId);
  const fn = adapter.rulesets.descriptor("faserip")!.cards![kind]!.followUps![name]!;
  const before = world.messages.size;
  await fn({ message: m as never, result: cardOf(m).result, button: {} as never });
  return world.messages.size > before ? ([...world.messages].at(-1) as unknown as FakeChatMessage) : null;
}

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  // After loadAdapter: the same module instances the adapter registered.
  flows = await loadFlows();
  // These flows roll whoever's step it is; the side's turn has its own tests (side-turn.test.ts).
  await world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, false as never));
  // Nor are they asked to dodge when a side begins to act (dodge-prompt.ts, tested in side-turn.test.ts).
  await world.as("gm", () => game.settings.set("fracas", "faserip.dodgePrompt" as never, false as never));
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  captain = world.createActor({ name: "Captain", type: "faseripHero", system: hero({ fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 }), ownership: { alice: 3 } });
  bruiser = world.createActor({ name: "Bruiser", type: "faseripHero", system: hero({ fighting: 20, agility: 10, strength: 50, endurance: 20, reason: 4, intuition: 6, psyche: 6 }), ownership: { bob: 3 } });
  rampage = world.createActor({ name: "Rampage", type: "faseripHero", system: hero({ fighting: 20, agility: 10, strength: 50, endurance: 20, reason: 4, intuition: 6, psyche: 6 }, { armor: 10, health: { value: 100, max: 100 } }) });
  thug = world.createActor({ name: "Thug", type: "faseripHero", system: hero({ fighting: 10, agility: 6, strength: 10, endurance: 10, reason: 4, intuition: 4, psyche: 4 }, { health: { value: 36, max: 36 } }) });
  combat = world.createCombat();
  Object.defineProperty((globalThis as unknown as { game: object }).game, "combat", { configurable: true, get: () => combat });
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: captain.id }, { actorId: bruiser.id }, { actorId: rampage.id }, { actorId: thug.id }]);
  // Side initiative rolls a batch of d10s: heroes 3 (+30 Intuition = 33), villains 9 (+6 = 15).
  world.dice.queue(3, 9, 1, 1);
  await (combat as unknown as FracasCombat).startCombat();
});

describe("faserip round in the fake", () => {
  it("derives Health and starting Karma through the kernel", () => {
    expect(sys(captain).health.max).toBe(110);
    expect(sys(captain).health.value).toBe(24); // stored value, clamped to max; the GM sets it
    expect((captain.system as unknown as { karmaStart: number }).karmaStart).toBe(60);
    expect((captain.system as unknown as { ranks: Record<string, string> }).ranks.fighting).toBe("remarkable");
  });

  it("side initiative: the winning side declares then acts, then the other side", () => {
    const s = combat.system as unknown as { plan: { steps: { combatantId: string; kind: string; side: string }[]; sideOrder: string[] }; memory: { order: string[] } };
    expect(s.plan.sideOrder).toEqual(["heroes", "villains"]);
    expect(s.memory.order).toEqual(["heroes", "villains"]);
    expect(s.plan.steps.map((x) => `${x.kind}:${x.combatantId}`)).toEqual([
      `declare:${cid(captain)}`, `declare:${cid(bruiser)}`, `act:${cid(captain)}`, `act:${cid(bruiser)}`,
      `declare:${cid(rampage)}`, `declare:${cid(thug)}`, `act:${cid(rampage)}`, `act:${cid(thug)}`,
    ]);
    expect(combat.combatants.get(cid(captain))!.initiative).toBe(33);
    expect(combat.combatants.get(cid(thug))!.initiative).toBe(15);
    const mapping = adapter.rulesets.descriptor("faserip")!.combat!;
    expect(mapping.declarations({} as never).map((d) => d.value)).toContain("dodging");
  });

  it("the tracker panel shows each side's d10 + Intuition bonus, the winner first", async () => {
    const panel = adapter.rulesets.descriptor("faserip")!.trackerPanel!;
    const ctx = panel.context(combat as never) as { sides: { id: string; roll: number; bonus: number; total: number; leader: string; first: boolean }[] };
    expect(ctx.sides).toEqual([
      expect.objectContaining({ id: "heroes", roll: 3, bonus: 30, total: 33, leader: "Captain", first: true }),
      expect.objectContaining({ id: "villains", roll: 9, bonus: 6, total: 15, leader: "Rampage", first: false }),
    ]);
    const html = (await foundry.applications.handlebars.renderTemplate(panel.template, ctx)).replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'");
    expect(html).toContain("d10 3 + 30 = 33");
    expect(html).toContain("bonus: Captain's Intuition");
    expect(html).toContain("d10 9 + 6 = 15");
  });

  it("dodge once per round, against every attacker; Slam, Stun, Kill, dying, stabilise, undo; dodge cleared next round", async () => {
    // Rampage (GM) dodges: Agility Good, d100 80 → Yellow → −4 CS, kept in combatant memory.
    world.dice.queue(80);
    const [dodgeCard] = await feat("gm", rampage, { ability: "agility", action: "dodging" });
    expect(cardOf(dodgeCard).result.feat.dodgeShift).toBe(-4);
    expect(memoryOf(rampage).dodge).toEqual({ round: 1, color: "yellow" });
    expect(flows.readDodge(combatantDoc(rampage), 1)).toEqual({ round: 1, color: "yellow", shift: -4 });
    // A second dodge the same round is refused before any die is rolled (none is queued).
    expect(await feat("gm", rampage, { ability: "agility", action: "dodging" })).toEqual([]);
    expect(world.notified("warn")).toContain(world.i18n.format("FRACAS.Faserip.Refused.AlreadyDodged", { name: "Rampage" }));

    // Captain's Slugfest: Remarkable −4 → Poor; 90 → Yellow → Slam; 20 − armor 10 = 10.
    world.dice.queue(90);
    const [slam] = await feat("alice", captain, { ability: "fighting", action: "slugfest" }, [rampage]);
    const slamResult = cardOf(slam).result;
    expect(slamResult.attack.feat.shifts.dodge).toBe(-4);
    expect(slamResult.attack.feat.column).toBe("poor");
    expect(slamResult.attack.feat.effect).toBe("slam");
    expect(slamResult.attack.damage).toBe(10);
    expect(slamResult.attack.secondary).toMatchObject({ kind: "slam", applies: true });
    expect(await apply("alice", slam!, rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Damage" } });
    expect(sys(rampage).health.value).toBe(90);

    // Only the GM or the defender's owner rolls the Slam? FEAT.
    expect(await followUp("alice", slam!, "attack", "secondary")).toBeNull();
    world.dice.queue(10); // Endurance Excellent, 10 → White → knocked back several areas
    world.dialogAnswers.push(0); // the Karma prompt before the FEAT: none spent
    const slamCheck = await followUp("gm", slam!, "attack", "secondary");
    expect(cardOf(slamCheck).result.check).toMatchObject({ kind: "slam", color: "white", result: "knockedBack", areas: 2 });
    // Made once per attack card: a second click (hoping for a better column) rolls and posts nothing.
    world.dice.queue(99);
    expect(await followUp("gm", slam!, "attack", "secondary")).toBeNull();
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
    expect(rampage.getFlag("fracas", "claims")).toEqual([`${slam!.id}:secondary`]);
    world.dice.clear();
    expect(await apply("gm", slamCheck!, rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.KnockedBackOther" } });
    expect(rampage.statuses.has("fracas-prone")).toBe(true);
    // No canvas here: the knock-back says why and moves nothing.
    expect(await followUp("gm", slamCheck!, "secondary", "knockback")).toBeNull();
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Faserip.Knockback.NotOnMap"));

    // Bruiser attacks the same defender: the same dodge applies. Excellent −4 → Feeble; 100 → Red → Stun.
    world.dice.queue(100);
    const [stun] = await feat("bob", bruiser, { ability: "fighting", action: "slugfest" }, [rampage]);
    expect(cardOf(stun).result.attack.feat.shifts.dodge).toBe(-4);
    expect(cardOf(stun).result.attack.feat.effect).toBe("stun");
    expect(await apply("bob", stun!, rampage)).toMatchObject({ ok: true });
    expect(sys(rampage).health.value).toBe(50);
    world.dice.queue(5, 7); // Stun?: 5 → White, d10 → 7 rounds
    world.dialogAnswers.push(0);
    const stunCheck = await followUp("gm", stun!, "attack", "secondary");
    expect(cardOf(stunCheck).result.check).toMatchObject({ kind: "stun", rounds: 7 });
    const before = { source: rampage.toObject(), statuses: [...rampage.statuses].sort() };
    // Rampage's dodge was its action this round: the 7 rounds are the next 7 (session 5, rules stunCount).
    expect(await apply("gm", stunCheck!, rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.StunnedNextOther", data: { rounds: 7 } } });
    expect(sys(rampage).status.stunnedRounds).toBe(8);
    expect(rampage.statuses.has("fracas-stunned")).toBe(true);
    // Undo restores the exact prior values and statuses.
    const app = cardOf(stunCheck).applications[0]!;
    world.login("gm");
    expect(await adapter.queries.requestUndo(stunCheck!.id, app.id, true)).toMatchObject({ ok: true });
    expect({ source: rampage.toObject(), statuses: [...rampage.statuses].sort() }).toEqual(before);

    // Kill on the Thug (no dodge: sitting target): Remarkable, 96 → Red → Kill; he is dying.
    world.dice.queue(96);
    const [kill] = await feat("alice", captain, { ability: "fighting", action: "hackSlash" }, [thug], { name: "Sword", damage: 10 });
    expect(cardOf(kill).result.attack.feat.shifts.dodge).toBe(0);
    expect(cardOf(kill).result.attack.kill).toBe(true);
    expect(await apply("alice", kill!, thug)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Kill" } });
    expect(sys(thug).health.value).toBe(0);
    expect(sys(thug).status).toMatchObject({ dying: true, unconscious: true });
    expect(thug.statuses.has("fracas-dying")).toBe(true);

    // A round of dying: Endurance Good → Typical; then the GM stabilises.
    world.login("gm");
    const tick = (await flows.postDyingTick(thug as never)) as unknown as FakeChatMessage;
    expect(await apply("gm", tick, thug)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.EnduranceLost", data: { before: 10, after: 6 } } });
    expect(sys(thug).status.endurance).toBe("typical");
    await followUp("alice", tick, "dyingTick", "stabilise");
    expect(sys(thug).status.dying).toBe(true); // a player cannot
    await followUp("gm", tick, "dyingTick", "stabilise");
    expect(sys(thug).status).toMatchObject({ dying: false, unconscious: true });
    expect(thug.statuses.has("fracas-dying")).toBe(false);

    // A player's dodge is written by the GM into the dodger's combatant memory.
    world.queryLog.length = 0;
    world.dice.queue(99); // Bruiser Agility Good, 99 → Red → −6
    await feat("bob", bruiser, { ability: "agility", action: "dodging" });
    expect(world.queryLog.map((q) => q.name)).toEqual(["fracas.memory"]);
    expect(memoryOf(bruiser).dodge).toEqual({ round: 1, color: "red" });
    expect(flows.readDodge(combatantDoc(bruiser), 1)).toMatchObject({ color: "red", shift: -6 });
    expect(combatantDoc(bruiser).flags).toEqual({}); // no flag fallback any more

    // Next round: every dodge is cleared (startRound) and none is read for round 2.
    world.login("gm");
    world.dice.queue(5, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    expect(memoryOf(rampage).dodge).toBeNull();
    expect(memoryOf(bruiser).dodge).toBeNull();
    expect(flows.readDodge(combatantDoc(bruiser), 2)).toBeNull();
  });

  it("Karma spent on an attack leaves the ledger pool and its mirror", async () => {
    world.login("alice");
    world.dice.queue(40);
    const [card] = await feat("alice", captain, { ability: "fighting", action: "slugfest", karma: 10 }, [thug]);
    expect(cardOf(card).result.attack.feat).toMatchObject({ karmaSpent: 10, effectiveRoll: 50 });
    expect(sys(captain).karma.value).toBe(8); // the model's initial pool of 18, less 10
  });
});

describe("dodge through the GM (memoryPatch + requestCombatantMemory)", () => {
  const declare = (userId: string, a: FakeActor, value: string) => {
    world.login(userId);
    return adapter.queries.requestDeclare(combat.id, cid(a), value);
  };
  const ask = (userId: string, a: FakeActor, patch: Record<string, unknown>) => {
    world.login(userId);
    return adapter.queries.requestCombatantMemory(combat.id, cid(a), patch);
  };

  it("a combatant that declared another action may not dodge: refused before the roll", async () => {
    expect(await declare("alice", captain, "slugfest")).toEqual({ ok: true });
    const before = world.messages.size;
    expect(await feat("alice", captain, { ability: "agility", action: "dodging" })).toEqual([]); // no die queued: none rolled
    expect(world.messages.size).toBe(before);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Faserip.Refused.DeclaredOther"));
    expect(memoryOf(captain).dodge).toBeNull();
  });

  it("declared dodging, or not declared yet (the losing side while the winners act): accepted; then the action is spent", async () => {
    expect(await declare("alice", captain, "dodging")).toEqual({ ok: true });
    world.dice.queue(70); // Captain Agility Remarkable, 70 → Yellow
    await feat("alice", captain, { ability: "agility", action: "dodging" });
    expect(memoryOf(captain).dodge).toEqual({ round: 1, color: "yellow" });

    // Into the heroes' act steps: the villains have not declared; Rampage may still dodge.
    world.login("gm");
    for (let i = 0; i < 2; i++) await (combat as unknown as FracasCombat).advance();
    expect((combat.system as unknown as { phase: string }).phase).toBe("act");
    world.dice.queue(50); // Rampage Agility Good, 50 → Green
    await feat("gm", rampage, { ability: "agility", action: "dodging" });
    expect(memoryOf(rampage).dodge).toEqual({ round: 1, color: "green" });
    // Its dodge was its action: when the villains declare, only "dodging" is offered and accepted.
    const mapping = adapter.rulesets.descriptor("faserip")!.combat!;
    const info = (combat as unknown as FracasCombat).combatantInfos().find((c) => c.id === cid(rampage))!;
    expect(mapping.declarations(info).map((d) => d.value)).toEqual(["dodging"]);
    world.login("gm");
    for (let i = 0; i < 2; i++) await (combat as unknown as FracasCombat).advance();
    expect((combat.system as unknown as { phase: string }).phase).toBe("declare");
    expect(await declare("gm", rampage, "slugfest")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" });
    expect(await declare("gm", rampage, "dodging")).toEqual({ ok: true });
  });

  it("the GM refuses forged, stale, second and foreign dodge patches; nothing is written", async () => {
    expect(await ask("bob", bruiser, { dodge: { round: 1, color: "purple" } })).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.BadDodge" });
    expect(await ask("bob", bruiser, { dodge: { round: 1, color: "red", shift: -20 } })).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.BadDodge" });
    expect(await ask("bob", bruiser, { dodge: { round: 1, color: "red" }, declaration: "" })).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.BadDodge" });
    expect(await ask("bob", bruiser, { dodge: { round: 2, color: "red" } })).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.NotThisRound" });
    expect(await ask("bob", captain, { dodge: { round: 1, color: "red" } })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotYours" });
    expect(memoryOf(bruiser).dodge).toBeNull();
    expect(await ask("bob", bruiser, { dodge: { round: 1, color: "green" } })).toEqual({ ok: true });
    expect(await ask("bob", bruiser, { dodge: { round: 1, color: "red" } })).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.AlreadyDodged" });
    expect(memoryOf(bruiser).dodge).toEqual({ round: 1, color: "green" });
  });

  it("no GM connected: a player's dodge is not rolled (it could not be kept)", async () => {
    world.setActiveGM(null);
    expect(await feat("bob", bruiser, { ability: "agility", action: "dodging" })).toEqual([]);
    expect(world.notified("warn")).toContain(world.localize("FRACAS.Chat.NoGM"));
    expect(memoryOf(bruiser).dodge).toBeNull();
  });

  it("the FEAT dialog's odds per target match each target's attack card", async () => {
    world.dice.queue(80); // Rampage dodges Yellow (−4)
    await feat("gm", rampage, { ability: "agility", action: "dodging" });
    world.login("alice");
    world.target("alice", rampage);
    world.target("alice", thug);
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const dialog = new FaseripFeatDialog(captain as never, { action: "slugfest" });
    expect(dialog.formState).toMatchObject({ dodge: 0, multipleTargets: -1 });
    const view = ((await (dialog as unknown as { _prepareContext(): Promise<Record<string, unknown>> })._prepareContext()) as { view: { perTarget: boolean; targets: { name: string; dodge: number; shift: number; columnLabel: string; odds: { percent: string }[] }[] } }).view;
    expect(view.perTarget).toBe(true);
    expect(view.targets.map((x) => [x.name, x.dodge, x.shift, x.columnLabel])).toEqual([
      ["Rampage", -4, -5, "FRACAS.Faserip.Rank.feeble"], // Remarkable −4 (dodge) −1 (two targets)
      ["Thug", 0, -1, "FRACAS.Faserip.Rank.excellent"],
    ]);
    world.dice.queue(50, 50);
    const cards = await flows.performFeat({ actor: captain as never, form: dialog.formState, targets: dialog.targets, weapon: null });
    const feats = cards.map((m) => cardOf(m).result.attack.feat as { totalShift: number; column: string; shifts: { dodge: number } });
    expect(feats.map((f) => [f.shifts.dodge, f.totalShift, `FRACAS.Faserip.Rank.${f.column}`])).toEqual(view.targets.map((x) => [x.dodge, x.shift, x.columnLabel]));
    world.users.get("alice")!.targets.clear();
  });
});

describe("round start (descriptor.onRoundStart on the GM's client)", () => {
  const nextRound = async () => {
    world.login("gm");
    world.dice.queue(5, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
  };
  const cardsOfKind = (kind: string) => [...world.messages].filter((m) => (m.system as unknown as { kind: string }).kind === kind) as unknown as FakeChatMessage[];

  beforeEach(async () => {
    world.login("gm");
    // Thug was killed (dying, unconscious, Endurance Good); Rampage is stunned for 2 rounds.
    await thug.update({ "system.health.value": 0, "system.status.dying": true, "system.status.unconscious": true } as never);
    await thug.toggleStatusEffect("fracas-dying", { active: true });
    await rampage.update({ "system.status.stunnedRounds": 2 } as never);
    await rampage.toggleStatusEffect("fracas-stunned", { active: true });
  });

  it("posts and applies each dying character's card (the lead's decision, session 4); Undo gives the rank back; the stabilise button stays", async () => {
    await nextRound();
    const [tick] = cardsOfKind("dyingTick");
    expect(cardsOfKind("dyingTick")).toHaveLength(1);
    expect(cardOf(tick).targets.map((x) => x.uuid)).toEqual([thug.uuid]);
    expect(cardOf(tick).result).toMatchObject({ enduranceBefore: "good", enduranceAfter: "typical" });
    // Applied when posted: the rank is lost without anyone pressing Apply.
    expect(sys(thug).status.endurance).toBe("typical");
    expect(cardOf(tick).applications).toEqual([expect.objectContaining({ targetUuid: thug.uuid, by: "gm", undone: false, summary: expect.objectContaining({ key: "FRACAS.Faserip.Summary.EnduranceLost" }) })]);
    const content = (tick as unknown as { content: string }).content;
    expect(content).toContain('data-fracas-follow-up="stabilise"');
    expect(content).toContain(world.localize("FRACAS.Faserip.Card.DyingApplied"));
    expect(await apply("gm", tick!, thug)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyApplied" });
    // The GM's ruling: Undo gives the rank back, and Apply takes it again.
    world.login("gm");
    expect(await adapter.queries.requestUndo(tick!.id, cardOf(tick).applications[0]!.id, true)).toMatchObject({ ok: true });
    expect(sys(thug).status.endurance).toBe("");
    expect(await apply("alice", tick!, thug)).toMatchObject({ ok: false }); // not Alice's card nor character
    expect(await apply("gm", tick!, thug)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.EnduranceLost" } });
    expect(sys(thug).status.endurance).toBe("typical");

    // The next round: another rank; after the GM stabilises, no more cards.
    await nextRound();
    const ticks = cardsOfKind("dyingTick");
    expect(ticks).toHaveLength(2);
    expect(cardOf(ticks[1]).result).toMatchObject({ enduranceBefore: "typical", enduranceAfter: "poor" });
    expect(sys(thug).status.endurance).toBe("poor");
    await followUp("gm", ticks[1]!, "dyingTick", "stabilise");
    expect(sys(thug).status.dying).toBe(false);
    await nextRound();
    expect(cardsOfKind("dyingTick")).toHaveLength(2);
    expect(sys(thug).status.endurance).toBe("poor");
  });

  it("a dying and stunned character: the stun is counted down first, so the dying card's Undo keeps it counted", async () => {
    await thug.update({ "system.status.stunnedRounds": 3 } as never);
    await nextRound();
    const [tick] = cardsOfKind("dyingTick");
    expect([sys(thug).status.stunnedRounds, sys(thug).status.endurance]).toEqual([2, "typical"]);
    world.login("gm");
    expect(await adapter.queries.requestUndo(tick!.id, cardOf(tick).applications[0]!.id, true)).toMatchObject({ ok: true });
    expect([sys(thug).status.stunnedRounds, sys(thug).status.endurance]).toEqual([2, ""]);
  });

  it("a GM who is not the active one moves the round on: the round start runs on the active GM's client, which applies the cards", async () => {
    world.addUser({ id: "gm2", name: "Assistant", isGM: true });
    world.setActiveGM("gm");
    world.users.get("gm2")!.active = true;
    world.queryLog.length = 0;
    world.login("gm2");
    world.dice.queue(5, 2, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    const [tick] = cardsOfKind("dyingTick");
    expect(sys(thug).status.endurance).toBe("typical");
    expect(world.queryLog.map((q) => q.name)).toContain("fracas.round");
    expect(cardOf(tick).applications).toEqual([expect.objectContaining({ by: "gm", undone: false })]);
  });

  it("counts stuns down one round each round start, and clears the status at 0", async () => {
    await nextRound();
    expect(sys(rampage).status.stunnedRounds).toBe(1);
    expect(rampage.statuses.has("fracas-stunned")).toBe(true);
    await nextRound();
    expect(sys(rampage).status.stunnedRounds).toBe(0);
    expect(rampage.statuses.has("fracas-stunned")).toBe(false);
    await nextRound();
    expect(sys(rampage).status.stunnedRounds).toBe(0);
  });

  it("does nothing on a player's client, at the first round, or for the dead", async () => {
    const onRoundStart = adapter.rulesets.descriptor("faserip")!.onRoundStart!;
    const before = world.messages.size;
    world.login("alice");
    await onRoundStart(combat as never, 2);
    world.login("gm");
    await onRoundStart(combat as never, 1);
    expect(world.messages.size).toBe(before);
    expect(sys(rampage).status.stunnedRounds).toBe(2);
    await thug.update({ "system.status.dying": false, "system.status.dead": true } as never);
    await onRoundStart(combat as never, 2);
    expect(cardsOfKind("dyingTick")).toHaveLength(0);
    expect(sys(rampage).status.stunnedRounds).toBe(1);
  });
});
