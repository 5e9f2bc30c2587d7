/**
 * A started faserip fight in the typed Foundry fake, for the flow tests: Alice's Captain
 * (Intuition Remarkable 30) and Bob's Bruiser (Typical 6) against the GM's Rampage (6) and Thug
 * (Poor 4). Round 1's side initiative: heroes d10 3 + 30 = 33, villains 9 + 6 = 15, so the plan is
 * declare Captain, Bruiser; act Captain, Bruiser; declare Rampage, Thug; act Rampage, Thug.
 */
import { expect } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import type { FeatForm } from "../../../../src/rulesets/faserip/sheets/feat-form.js";

import { loadFlows, type Flows } from "./flows.js";

export interface CardSystem {
  kind: string;
  result: Record<string, any>;
  applications: Application[];
  targets: { uuid: string; name: string }[];
}

export const form = (f: Partial<FeatForm>): FeatForm => ({ ability: "fighting", action: "slugfest", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0, ...f });
export const sys = (a: FakeActor) => a.system as unknown as { health: { value: number; max: number }; status: Record<string, unknown> };
export const cardOf = (m: unknown) => (m as FakeChatMessage).system as unknown as CardSystem;

export async function startFight() {
  const world: FakeWorld = installFoundry();
  const adapter: Adapter = await loadAdapter();
  // After loadAdapter: the same module instances the adapter registered.
  const flows: Flows = await loadFlows();
  // These flows roll whoever's step it is; the side's turn has its own tests (side-turn.test.ts).
  await world.as("gm", () => game.settings.set("fracas", "faserip.sideTurn" as never, false as never));
  // Nor are they asked to dodge when a side begins to act (dodge-prompt.ts, tested in side-turn.test.ts).
  await world.as("gm", () => game.settings.set("fracas", "faserip.dodgePrompt" as never, false as never));
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  const hero = (abilities: Record<string, number>, extra: Record<string, unknown> = {}) => ({ abilities, ...extra });
  const captain = world.createActor({ name: "Captain", type: "faseripHero", system: hero({ fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 }), ownership: { alice: 3 } });
  const bruiser = world.createActor({ name: "Bruiser", type: "faseripHero", system: hero({ fighting: 20, agility: 10, strength: 50, endurance: 20, reason: 4, intuition: 6, psyche: 6 }), ownership: { bob: 3 } });
  const rampage = world.createActor({ name: "Rampage", type: "faseripHero", system: hero({ fighting: 20, agility: 10, strength: 50, endurance: 20, reason: 4, intuition: 6, psyche: 6 }, { armor: 10, health: { value: 100, max: 100 } }) });
  const thug = world.createActor({ name: "Thug", type: "faseripHero", system: hero({ fighting: 10, agility: 6, strength: 10, endurance: 10, reason: 4, intuition: 4, psyche: 4 }, { health: { value: 36, max: 36 } }) });
  const combat: FakeCombat = world.createCombat();
  Object.defineProperty((globalThis as unknown as { game: object }).game, "combat", { configurable: true, get: () => combat });
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: captain.id }, { actorId: bruiser.id }, { actorId: rampage.id }, { actorId: thug.id }]);
  // The combat draws its d10s four at a time (src/foundry/dice.ts): the last two are spare.
  world.dice.queue(3, 9, 1, 1);
  const fc = combat as unknown as FracasCombat;
  await fc.startCombat();

  const cid = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const step = () => (combat.system as unknown as { step: number }).step;
  const stepOwner = () => fc.fracas.plan.steps[step()]!.combatantId;

  /** The user rolls the FEAT dialog's flow at `targets`; returns the cards posted. */
  async function feat(userId: string, actor: FakeActor, f: Partial<FeatForm>, targets: FakeActor[] = []) {
    world.login(userId);
    for (const t of targets) world.target(userId, t);
    const posted = await flows.performFeat({ actor: actor as never, form: form(f), targets: flows.currentTargets(), weapon: null });
    world.users.get(userId)!.targets.clear();
    return posted as unknown as FakeChatMessage[];
  }

  /** The user clicks Apply on `target`'s row (through the GM when they may not write it). */
  async function apply(userId: string, m: FakeChatMessage, target: FakeActor) {
    world.login(userId);
    return adapter.queries.requestApply(m.id, target.uuid, adapter.render.mayWriteHere(m as never, cardOf(m) as never, target.uuid));
  }

  async function undo(userId: string, m: FakeChatMessage, target: FakeActor) {
    world.login(userId);
    const app = cardOf(m).applications.filter((a) => a.targetUuid === target.uuid && !a.undone).at(-1)!;
    return adapter.queries.requestUndo(m.id, app.id, adapter.render.mayWriteHere(m as never, cardOf(m) as never, target.uuid));
  }

  /**
   * GM: the next round, with the side d10s (heroes first, as the sides were first met; padded to
   * the batch of four the combat draws) and then the dice the round start rolls (d100s).
   */
  async function nextRound(d10s: number[], ...after: number[]) {
    world.login("gm");
    const batch = d10s.length === 0 ? [] : [...d10s, ...Array<number>(3 - ((d10s.length + 3) % 4)).fill(1)];
    world.dice.queue(...batch, ...after);
    await fc.nextRound();
  }

  /** Sets a status as the GM would: the system flag (or stun count) and the token icon. */
  async function setStatus(a: FakeActor, status: "stunned" | "unconscious" | "dying" | "dead" | "restrained", extra: Record<string, unknown> = {}) {
    world.login("gm");
    const update = status === "stunned" ? { "system.status.stunnedRounds": 2 } : { [`system.status.${status}`]: true };
    await a.update({ ...update, ...extra } as never);
    await a.toggleStatusEffect(`fracas-${status}`, { active: true });
  }

  const cards = (kind: string) => [...world.messages].filter((m) => cardOf(m).kind === kind) as unknown as FakeChatMessage[];

  return { world, adapter, flows, combat, fc, captain, bruiser, rampage, thug, cid, step, stepOwner, feat, apply, undo, nextRound, setStatus, cards };
}

type Fight = Awaited<ReturnType<typeof startFight>>;

/** An attack card's follow-up button (Slam?/Stun? check, 0-Health FEAT), clicked by `userId` as the chat card's handler calls it. */
export function clickAttackFollowUp(f: Fight, userId: string, m: FakeChatMessage, name: "secondary" | "zeroHealth") {
  f.world.login(userId);
  const fn = f.adapter.rulesets.descriptor("faserip")!.cards!["attack"]!.followUps![name]!;
  return fn({ message: m as never, result: cardOf(m).result, button: {} as never });
}

/** Captain's Slugfest on Rampage (Fighting Remarkable, 70 → Yellow → Slam; Strength 20 ≥ Endurance 20). */
export async function slamOnRampage(f: Fight, face = 70): Promise<FakeChatMessage> {
  f.world.dice.queue(face);
  const [card] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage]);
  expect(cardOf(card).result.attack.secondary).toMatchObject({ kind: "slam", applies: true });
  return card!;
}
