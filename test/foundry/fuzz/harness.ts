/**
 * A model-based harness for the core combat tracker (FracasCombat + the tracker's plan view), driven
 * through the typed fake for each ruleset's real combat mapping. One fake world per ruleset is reused
 * across runs (loading the adapter takes ~1 s); each run gets a fresh combat and fresh actors.
 *
 * Emulations this harness makes in the test only (the fake is not changed):
 * - dice: every die the fake is asked for comes from a seeded generator (the run's seed), so a
 *   failing run replays exactly;
 * - a deleted token: Foundry leaves the combatant with no token, reading the world actor of its
 *   actorId; the harness removes the token's synthetic actor and makes the combatant's `token` read
 *   null (deleteToken);
 * - a deleted world actor: its combatants (linked, and unlinked tokens of it as their base) have no
 *   actor; the harness deletes the actor and makes their `actor` read null (orphan).
 */
import { expect } from "vitest";
import fc from "fast-check";
import { installFoundry, loadAdapter, type Adapter, type ActorFixture, type FakeActor, type FakeCombat, type FakeCombatant, type FakeWorld } from "../fake/index.js";
import type { FracasCombat } from "../../../src/foundry/documents/combat.js";
import type { CombatantInfo } from "../../../src/foundry/registry.js";
import type { RoundPlan, Step } from "../../../src/engine/order.js";

export type RulesetName = "bond" | "radio" | "zodiac" | "faserip";
const PLAYERS = ["alice", "bob"] as const;

// ------------------------------------------------------------------------------------------------
// Fixtures: what a GM puts in a fight, per ruleset
// ------------------------------------------------------------------------------------------------

/** A fighter spec: `variant` picks the actor's kind/stats; `owner` a player (a PC) or none (an NPC). */
export interface FighterSpec {
  variant: number;
  owner: "alice" | "bob" | null;
  /** linked: a linked token of its own world actor; unlinked: a new token of a new base; mook: another unlinked token of an earlier base. */
  token: "linked" | "unlinked" | "mook";
}

const bondChars = [
  { str: 12, dex: 14, wil: 13, per: 13, int: 12 },
  { str: 10, dex: 9, wil: 8, per: 8, int: 7 },
  { str: 18, dex: 8, wil: 10, per: 8, int: 8 },
  { str: 10, dex: 12, wil: 8, per: 11, int: 7 },
];
const faseripAbilities = [
  { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 },
  { fighting: 20, agility: 10, strength: 50, endurance: 20, reason: 4, intuition: 6, psyche: 6 },
  { fighting: 10, agility: 6, strength: 10, endurance: 10, reason: 4, intuition: 4, psyche: 4 },
];

export function fixtureFor(ruleset: RulesetName, spec: FighterSpec, name: string): ActorFixture {
  const ownership = spec.owner ? { [spec.owner]: 3 } : {};
  const v = spec.variant;
  switch (ruleset) {
    case "bond":
      return { name, type: "bondCharacter", system: { npc: spec.owner === null, characteristics: bondChars[v % bondChars.length] }, ownership };
    case "radio": {
      if (spec.owner || v % 4 === 0) return { name, type: "radioHero", system: { wounds: { value: 5, max: 5 } }, ownership };
      if (v % 4 === 1) return { name, type: "radioHenchmen", system: { count: 1 + (v % 3), woundsEach: 1 }, ownership };
      return { name, type: "radioOpponent", system: { kind: v % 4 === 2 ? "boss" : "minion" }, ownership };
    }
    case "zodiac": {
      if (spec.owner || v % 3 === 0) return { name, type: "zodiacAgent", system: {}, ownership };
      return { name, type: v % 3 === 1 ? "zodiacOtherAgent" : "zodiacCrowd", system: {}, ownership };
    }
    case "faserip": {
      const side = v % 3 === 0 ? "auto" : v % 3 === 1 ? "heroes" : "villains";
      return { name, type: "faseripHero", system: { abilities: faseripAbilities[v % faseripAbilities.length], side }, ownership };
    }
  }
}

export const fighterArb: fc.Arbitrary<FighterSpec> = fc.record({
  variant: fc.nat({ max: 11 }),
  owner: fc.constantFrom<FighterSpec["owner"]>(null, null, "alice", "bob"),
  token: fc.constantFrom<FighterSpec["token"]>("linked", "linked", "unlinked", "mook"),
});

// ------------------------------------------------------------------------------------------------
// The world (one per ruleset) and a run's real system and model
// ------------------------------------------------------------------------------------------------

export interface Shared {
  world: FakeWorld;
  adapter: Adapter;
  /** The seeded die source's state; reset per run. */
  seed: { s: number };
}

export async function sharedWorld(): Promise<Shared> {
  const world = installFoundry();
  const adapter = await loadAdapter();
  for (const id of PLAYERS) world.addUser({ id, name: id[0]!.toUpperCase() + id.slice(1), isGM: false });
  const seed = { s: 1 };
  // Every die the fake is asked for, from a seeded generator (a Lehmer / Park–Miller step).
  (world.dice as unknown as { next: (faces: number) => number }).next = (faces: number) => {
    seed.s = (seed.s * 48271) % 2147483647;
    return 1 + (seed.s % faces);
  };
  return { world, adapter, seed };
}

export interface Real {
  world: FakeWorld;
  adapter: Adapter;
  ruleset: RulesetName;
  combat: FakeCombat;
  fc: FracasCombat;
  /** Base actors of unlinked tokens made so far (for more mooks of one actor). */
  bases: FakeActor[];
  counter: number;
}

export interface Model {
  ruleset: RulesetName;
  started: boolean;
  ended: boolean;
  round: number;
  /** Combatant ids in the combat, as the model expects them. */
  present: Set<string>;
  /** Every combatant id this combat ever had. */
  ever: Set<string>;
  /** Combatants whose token or actor the harness deleted. */
  orphaned: Set<string>;
  /** Combatants whose token the harness deleted. */
  tokenless: Set<string>;
  /** The notifications already checked. */
  seenNotes: number;
}

/** A fresh run: clears the last run's combats and actors, then builds the combat with its fighters. */
export async function freshRun(shared: Shared, ruleset: RulesetName, seed: number, roster: FighterSpec[]): Promise<{ model: Model; real: Real }> {
  const { world, adapter } = shared;
  world.login("gm");
  world.setActiveGM("gm");
  for (const u of world.users) if (!u.isGM) u.active = true;
  await adapter.fightEnd.fightEndSettled();
  world.combats.clear();
  world.actors.clear();
  world.tokenActors.clear();
  world.notifications.length = 0;
  world.hooks.errors.length = 0;
  world.viewedCombat = null;
  shared.seed.s = (Math.abs(seed) % 2147483646) + 1;
  const combat = world.createCombat();
  const real: Real = { world, adapter, ruleset, combat, fc: combat as unknown as FracasCombat, bases: [], counter: 0 };
  const model: Model = { ruleset, started: false, ended: false, round: 0, present: new Set(), ever: new Set(), orphaned: new Set(), tokenless: new Set(), seenNotes: 0 };
  for (const spec of roster) await addFighter(real, model, spec);
  return { model, real };
}

/** Adds one fighter's combatant (as the GM) and records it in the model. */
export async function addFighter(real: Real, model: Model, spec: FighterSpec): Promise<string> {
  const { world, combat } = real;
  const n = ++real.counter;
  let data: Record<string, unknown>;
  const base = spec.token === "mook" ? real.bases[spec.variant % Math.max(1, real.bases.length)] : undefined;
  if (base && world.actors.has(base.id)) {
    world.createUnlinkedToken(base, `tok${n}`);
    data = { actorId: base.id, tokenId: `tok${n}`, name: `${base.name} ${n}` };
  } else if (spec.token === "linked") {
    const actor = world.createActor(fixtureFor(real.ruleset, spec, `Fighter ${n}`));
    data = { actorId: actor.id, tokenId: `tok${n}` };
  } else {
    const actor = world.createActor(fixtureFor(real.ruleset, spec, `Mook ${n}`));
    real.bases.push(actor);
    world.createUnlinkedToken(actor, `tok${n}`);
    data = { actorId: actor.id, tokenId: `tok${n}`, name: `Mook ${n}` };
  }
  const [c] = (await combat.createEmbeddedDocuments("Combatant", [data])) as FakeCombatant[];
  model.present.add(c!.id);
  model.ever.add(c!.id);
  return c!.id;
}

/**
 * A deleted token (Foundry's Combatant#actor: the token's actor, else the world actor of `actorId`):
 * the combatant keeps its world actor (an unlinked token's combatant now reads the base actor) and
 * has no token. The fake would still report a token, so its `token` is made to read null.
 */
export function deleteToken(real: Real, model: Model, c: FakeCombatant): void {
  const tokenId = c._source.tokenId as string | null;
  if (tokenId) real.world.tokenActors.delete(tokenId);
  Object.defineProperty(c, "token", { configurable: true, get: () => null });
  model.tokenless.add(c.id);
}

/** A combatant whose actor is gone (its world actor deleted; for an unlinked token, its base actor): no actor. */
export function orphan(real: Real, model: Model, c: FakeCombatant): void {
  const tokenId = c._source.tokenId as string | null;
  if (tokenId) real.world.tokenActors.delete(tokenId);
  Object.defineProperty(c, "actor", { configurable: true, get: () => null });
  model.orphaned.add(c.id);
}

// ------------------------------------------------------------------------------------------------
// Reading the real state
// ------------------------------------------------------------------------------------------------

export const planOf = (real: Real): RoundPlan => real.fc.fracas.plan;
export const stepOf = (real: Real): number => real.fc.fracas.step;
export const infosOf = (real: Real): Map<string, CombatantInfo> => new Map(real.fc.combatantInfos().map((c) => [c.id, c]));

/** Whether step i can be taken now: its combatant is in the combat and not down. */
export function actingAt(real: Real, i: number): boolean {
  const s = planOf(real).steps[i];
  if (!s) return false;
  const info = infosOf(real).get(s.combatantId);
  return !!info && real.fc.downReason(info) === null;
}

export function firstActing(real: Real, from: number, dir: 1 | -1): number | null {
  const steps = planOf(real).steps;
  for (let i = from; i >= 0 && i < steps.length; i += dir) if (actingAt(real, i)) return i;
  return null;
}

export interface Snapshot {
  round: number;
  step: number;
  phase: string;
  plan: RoundPlan;
  current: Step | undefined;
}
export function snapshot(real: Real): Snapshot {
  const f = real.fc.fracas;
  return { round: real.combat.round, step: f.step, phase: f.phase, plan: JSON.parse(JSON.stringify(f.plan)) as RoundPlan, current: f.plan.steps[f.step] };
}

export const describeStep = (s: Step | undefined): string => (s ? `${s.kind}:${s.combatantId}:${s.phase}` : "none");

// ------------------------------------------------------------------------------------------------
// Invariants
// ------------------------------------------------------------------------------------------------

/** Walks a JSON-ish value: no NaN, no ±Infinity, no undefined. Returns the bad paths. */
export function badValues(v: unknown, path = ""): string[] {
  if (v === undefined) return [path];
  if (typeof v === "number") return Number.isFinite(v) ? [] : [path];
  if (Array.isArray(v)) return v.flatMap((x, i) => badValues(x, `${path}[${i}]`));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => badValues(x, `${path}.${k}`));
  return [];
}

/** What a GM would expect to hold after any command. */
export async function checkInvariants(real: Real, model: Model, after: string): Promise<void> {
  const { world, combat, fc: f } = real;
  const where = `after ${after}`;
  // Nothing thrown inside a hook handler (the fake swallows those into hooks.errors).
  expect(world.hooks.errors.map((e) => `${e.hook}: ${e.error instanceof Error ? e.error.message : String(e.error)}`), `${where}: hook errors`).toEqual([]);
  // Notifications: only localized text, never a raw key, "undefined" or "NaN"; no error toasts.
  for (const n of world.notifications.slice(model.seenNotes)) {
    expect(n.message, `${where}: a ${n.type} notification`).not.toMatch(/^FRACAS\.|undefined|NaN|\{[a-z]+\}/);
    expect(n.type, `${where}: an error notification "${n.message}"`).not.toBe("error");
  }
  model.seenNotes = world.notifications.length;
  if (model.ended) {
    expect(world.combats.has(combat.id), `${where}: the ended combat is gone`).toBe(false);
    return;
  }
  expect(world.combats.has(combat.id), `${where}: the combat exists`).toBe(true);
  // The combatants are those the model expects.
  expect(new Set(combat.combatants.map((c) => c.id)), `${where}: combatants`).toEqual(model.present);
  // No write leaves NaN / undefined / Infinity in the combat's data or flags.
  expect(badValues(combat._source.system, "system"), `${where}: bad values in the combat's system`).toEqual([]);
  expect(badValues(combat._source.flags, "flags"), `${where}: bad values in the combat's flags`).toEqual([]);
  for (const c of combat.combatants) {
    const init = c.initiative;
    expect(init === null || Number.isFinite(init), `${where}: initiative of ${c.id} is ${String(init)}`).toBe(true);
  }
  const turn = combat.turn;
  expect(turn === null || (Number.isInteger(turn) && turn >= 0), `${where}: turn ${String(turn)}`).toBe(true);
  if (!model.started) return;

  // Round and step numbers whole and in range; the plan is the round's.
  const round = combat.round;
  expect(Number.isInteger(round) && round >= 1, `${where}: round ${round}`).toBe(true);
  expect(round, `${where}: round as the model expects`).toBe(model.round);
  const { plan, step, phase } = f.fracas;
  expect(plan.round, `${where}: the plan's round`).toBe(round);
  expect(Number.isInteger(step) && step >= 0, `${where}: step ${step}`).toBe(true);
  expect(["declare", "act", "end"], `${where}: phase`).toContain(phase);
  // The current step is an existing step (with its kind as the phase), or the round is over.
  if (step < plan.steps.length) expect(phase, `${where}: phase of step ${step}`).toBe(plan.steps[step]!.kind);
  else expect(phase, `${where}: step ${step} past the ${plan.steps.length} steps`).toBe("end");
  // Steps are numbered in order, each names a combatant of this fight, none twice for one kind and phase.
  const keys = new Set<string>();
  plan.steps.forEach((s, i) => {
    expect(s.index, `${where}: index of step ${i}`).toBe(i);
    expect(model.ever.has(s.combatantId), `${where}: step ${i} names ${s.combatantId}, never in this combat`).toBe(true);
    const key = `${s.kind}:${s.combatantId}:${s.phase}`;
    expect(keys.has(key), `${where}: step ${key} twice`).toBe(false);
    keys.add(key);
  });

  // The tracker's views: nobody gone is shown; players never see a hidden combatant.
  const present = new Set(combat.combatants.map((c) => c.id));
  const hidden = new Set(combat.combatants.filter((c) => c.hidden).map((c) => c.id));
  for (const user of ["gm", "alice"] as const) {
    world.login(user);
    try {
      const view = real.adapter.tracker.trackerPlanView(f);
      const shownIds = view.steps.map((s) => plan.steps[s.index]?.combatantId ?? "?");
      for (const id of shownIds) {
        expect(present.has(id), `${where}: ${user}'s tracker shows a step of ${id}, who is gone`).toBe(true);
        if (user !== "gm") expect(hidden.has(id), `${where}: ${user}'s tracker shows hidden ${id}`).toBe(false);
      }
      for (const d of view.declarations) {
        expect(present.has(d.id), `${where}: ${user}'s tracker offers a declaration of ${d.id}, who is gone`).toBe(true);
        if (user !== "gm") expect(hidden.has(d.id), `${where}: ${user}'s tracker shows hidden ${d.id}'s declaration`).toBe(false);
      }
      if (view.current) {
        const cur = plan.steps[step];
        expect(cur && present.has(cur.combatantId), `${where}: ${user}'s tracker says "Now" for a step that is gone`).toBe(true);
        if (user !== "gm") expect(hidden.has(cur!.combatantId), `${where}: ${user}'s tracker says "Now" for a hidden combatant`).toBe(false);
      }
      expect(view.steps.every((s) => s.name !== ""), `${where}: ${user}'s tracker shows a step with no name`).toBe(true);
    } finally {
      world.login("gm");
    }
  }
}

/**
 * After the GM moved the round on (Begin, Next, Back, Next Round): the step stands on someone who
 * can act (unless nobody in the plan can), and Foundry's turn points at that combatant.
 */
export function checkStandsOnActor(real: Real, where: string): void {
  const step = stepOf(real);
  const plan = planOf(real);
  if (firstActing(real, 0, 1) === null) return;
  expect(actingAt(real, step), `${where}: the current step ${step} (${describeStep(plan.steps[step])}) is not someone who can act`).toBe(true);
  expect(real.combat.combatant?.id, `${where}: Foundry's turn points at another combatant than step ${step}'s`).toBe(plan.steps[step]!.combatantId);
  // A combatant whose actor was deleted does not act (as long as someone with an actor can).
  const hasActor = (i: number) => !!real.combat.combatants.get(plan.steps[i]!.combatantId)?.actor;
  const anyWithActor = plan.steps.some((_s, i) => actingAt(real, i) && hasActor(i));
  if (anyWithActor) expect(hasActor(step), `${where}: the current step ${step} (${describeStep(plan.steps[step])}) belongs to a combatant whose actor was deleted`).toBe(true);
}

/**
 * At a round start: the plan holds the combatants present who take steps, as each ruleset says (an
 * oracle written from RULES.md, independent of the mapping's code).
 */
export function checkRoundPlan(real: Real, where: string): void {
  const plan = planOf(real);
  const infos = infosOf(real);
  const ids = [...infos.keys()];
  const count = (id: string, kind: string) => plan.steps.filter((s) => s.combatantId === id && s.kind === kind).length;
  for (const s of plan.steps) expect(infos.has(s.combatantId), `${where}: a new round's plan has a step of ${s.combatantId}, not in the combat`).toBe(true);
  switch (real.ruleset) {
    case "bond":
    case "faserip":
      for (const id of ids) {
        expect([count(id, "declare"), count(id, "act")], `${where}: ${id}'s declare and act steps`).toEqual([1, 1]);
      }
      if (real.ruleset === "bond") {
        // Declarations slowest first, actions in exact reverse.
        const declare = plan.steps.filter((s) => s.kind === "declare").map((s) => s.combatantId);
        const act = plan.steps.filter((s) => s.kind === "act").map((s) => s.combatantId);
        expect(declare, `${where}: bond declares in reverse of acting`).toEqual([...act].reverse());
        const inits = act.map((id) => real.combat.combatants.get(id)?.initiative ?? 0);
        expect(inits, `${where}: bond acts fastest first`).toEqual([...inits].sort((a, b) => b - a));
      }
      break;
    case "zodiac": {
      const agents = ids.filter((id) => {
        const i = infos.get(id)!;
        return i.actorType === "zodiacAgent" && (i.system.health as { status?: string } | undefined)?.status !== "dead";
      });
      expect(plan.steps.every((s) => s.kind === "act"), `${where}: zodiac has act steps only`).toBe(true);
      expect(plan.steps.map((s) => s.combatantId).sort(), `${where}: zodiac: one step per living agent`).toEqual([...agents].sort());
      break;
    }
    case "radio":
      // Declarations cleared: declare steps only (one per PC, henchmen group and NPC group), no act steps yet.
      expect(plan.steps.every((s) => s.kind === "declare"), `${where}: radio opens with declare steps only`).toBe(true);
      for (const id of ids) {
        const i = infos.get(id)!;
        expect(count(id, "declare"), `${where}: ${id}'s declare steps`).toBeLessThanOrEqual(1);
        if (i.isPC || i.actorType === "radioHenchmen") expect(count(id, "declare"), `${where}: PC/henchmen ${id} declares`).toBe(1);
      }
      break;
  }
}
