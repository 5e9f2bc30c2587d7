/**
 * What a GM and players do in a fight, as fast-check commands over the harness (harness.ts). Each
 * command checks its own expected outcome (an oracle over the state before it) and then the
 * invariants every state must keep. Combatants are named by index into the present ones (stable
 * under shrinking), not by id.
 */
import { expect } from "vitest";
import fc from "fast-check";
import { isDeclareTurn } from "../../../src/foundry/tracker/declare-turn.js";
import type { FakeCombatant } from "../fake/index.js";
import {
  actingAt, addFighter, deleteToken, checkInvariants, checkRoundPlan, checkStandsOnActor, describeStep, fighterArb, firstActing, infosOf, orphan, planOf, snapshot, stepOf,
  type FighterSpec, type Model, type Real,
} from "./harness.js";

type Cmd = fc.AsyncCommand<Model, Real>;

const live = (m: Model) => !m.ended;
/** Lets the active GM's hook work (a microtask, a lock, a write) finish before the invariants are read. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((done) => setTimeout(done, 0));
};
const fighting = (m: Model) => m.started && !m.ended;

/** The i-th present combatant (by creation order), or null when there is none. */
function pick(real: Real, i: number): FakeCombatant | null {
  const all = [...real.combat.combatants];
  return all.length === 0 ? null : all[i % all.length]!;
}

/** A round start (Begin, Next Round, Next past the last step): the model's round, the plan, and where it stands. */
function afterRoundStart(real: Real, model: Model, where: string): void {
  model.round += 1;
  expect(real.combat.round, `${where}: round`).toBe(model.round);
  checkRoundPlan(real, where);
  // The round's first step that can act (or 0 when nobody can).
  const first = firstActing(real, 0, 1) ?? 0;
  expect(stepOf(real), `${where}: a new round stands on its first step that can act`).toBe(first);
  checkStandsOnActor(real, where);
}

class Begin implements Cmd {
  // A GM begins an encounter with at least one fighter who has an actor: an empty (or all-orphan)
  // encounter has no ruleset, and FracasCombat leaves it to core (no plan).
  check = (m: Model) => !m.started && !m.ended && [...m.present].some((id) => !m.orphaned.has(id));
  async run(m: Model, r: Real) {
    await r.fc.startCombat();
    m.started = true;
    afterRoundStart(r, m, this.toString());
    await checkInvariants(r, m, this.toString());
  }
  toString = () => "Begin";
}

class Next implements Cmd {
  constructor(readonly via: "tracker" | "core") {}
  check = fighting;
  async run(m: Model, r: Real) {
    const before = snapshot(r);
    const next = firstActing(r, before.step + 1, 1);
    if (this.via === "tracker") await r.fc.advance();
    else await r.combat.nextTurn();
    const where = this.toString();
    if (next === null) afterRoundStart(r, m, `${where} (past the round's last acting step)`);
    else {
      expect(r.combat.round, `${where}: same round`).toBe(before.round);
      expect(stepOf(r), `${where}: from step ${before.step} to the next that can act`).toBe(next);
      checkStandsOnActor(r, where);
    }
    await checkInvariants(r, m, where);
  }
  toString = () => `Next(${this.via})`;
}

class Back implements Cmd {
  check = fighting;
  async run(m: Model, r: Real) {
    const before = snapshot(r);
    const start = Math.min(before.step - 1, before.plan.steps.length - 1);
    const previous = firstActing(r, start, -1);
    await r.combat.previousTurn();
    const where = this.toString();
    expect(r.combat.round, `${where}: Back never changes the round`).toBe(before.round);
    if (previous === null) expect(stepOf(r), `${where}: nobody earlier can act: the step stays`).toBe(before.step);
    else {
      expect(stepOf(r), `${where}: from step ${before.step} back to the previous that can act`).toBe(previous);
      checkStandsOnActor(r, where);
    }
    await checkInvariants(r, m, where);
  }
  toString = () => "Back";
}

class NextRound implements Cmd {
  check = fighting;
  async run(m: Model, r: Real) {
    await r.combat.nextRound();
    afterRoundStart(r, m, this.toString());
    await checkInvariants(r, m, this.toString());
  }
  toString = () => "NextRound";
}

class PreviousRound implements Cmd {
  check = fighting;
  async run(m: Model, r: Real) {
    const before = snapshot(r);
    const warned = r.world.notified("warn").length;
    await r.combat.previousRound();
    const after = snapshot(r);
    expect({ round: after.round, step: after.step, plan: after.plan }, "PreviousRound is refused: nothing moves").toEqual({ round: before.round, step: before.step, plan: before.plan });
    expect(r.world.notified("warn").length, "PreviousRound says why").toBe(warned + 1);
    await checkInvariants(r, m, this.toString());
  }
  toString = () => "PreviousRound";
}

/** A declaration through the query, by the GM or the combatant's owner; `choice` indexes the options (past them: a bogus value or ""). */
class Declare implements Cmd {
  constructor(
    readonly who: number,
    readonly choice: number,
    readonly asPlayer: boolean,
  ) {}
  check = fighting;
  async run(m: Model, r: Real) {
    const c = pick(r, this.who);
    if (!c) return;
    const where = this.toString();
    const info = infosOf(r).get(c.id)!;
    const mapping = r.fc.mapping!;
    const options = mapping.declarations(info).map((o) => o.value);
    const value = this.choice < options.length ? options[this.choice]! : this.choice % 2 === 0 ? "" : "notAChoice";
    const owner = c.actor ? (["alice", "bob"] as const).find((u) => c.actor!.testUserPermission(r.world.users.get(u)!, "OWNER")) : undefined;
    const user = this.asPlayer && owner ? owner : "gm";
    const before = snapshot(r);
    const down = r.fc.downReason(info) !== null;
    const expectOk =
      before.phase === "declare" &&
      (user === "gm" || !mapping.declareInTurn || isDeclareTurn(before.plan, before.step, c.id)) &&
      (value === "" || (!down && options.includes(value)));
    r.world.login(user);
    let outcome: { ok: boolean; reason?: string };
    try {
      outcome = await r.adapter.queries.requestDeclare(r.combat.id, c.id, value);
    } finally {
      r.world.login("gm");
    }
    if (!outcome.ok) expect(r.world.i18n.has(outcome.reason ?? ""), `${where}: refusal "${outcome.reason}" is a lang key`).toBe(true);
    expect(outcome.ok, `${where} of "${value}" by ${user} in phase ${before.phase} on step ${before.step} (${describeStep(before.current)}): ${outcome.reason ?? "ok"}`).toBe(expectOk);
    if (outcome.ok) {
      expect(r.fc.combatantState(c.id).declaration, `${where}: the declaration is stored`).toBe(value);
      // A declaration does not move the round: the step that was current stays current (same
      // combatant, kind and phase) unless its combatant is now down or gone.
      const cur = before.current;
      const plan = planOf(r);
      const again = cur ? plan.steps.findIndex((s) => s.combatantId === cur.combatantId && s.kind === cur.kind && s.phase === cur.phase) : -1;
      if (again >= 0 && actingAt(r, again)) {
        expect(describeStep(plan.steps[stepOf(r)]), `${where}: the current step moved (was step ${before.step} of ${before.plan.steps.length}, now ${stepOf(r)} of ${plan.steps.length})`).toBe(describeStep(cur));
      }
      // When the declaration moved the step, Foundry's turn moves with it. (Not checked otherwise: a
      // deleted token renames its combatant "Unknown", which reorders core's turns under a kept
      // index; Foundry core re-points its turn then, the fake does not.)
      if (stepOf(r) !== before.step && actingAt(r, stepOf(r))) expect(r.combat.combatant?.id, `${where}: Foundry's turn follows the step (moved from ${before.step} to ${stepOf(r)})`).toBe(plan.steps[stepOf(r)]!.combatantId);
    }
    await checkInvariants(r, m, where);
  }
  toString = () => `Declare(#${this.who}, choice ${this.choice}${this.asPlayer ? ", by its owner" : ""})`;
}

class Add implements Cmd {
  constructor(readonly spec: FighterSpec) {}
  check = live;
  async run(m: Model, r: Real) {
    await addFighter(r, m, this.spec);
    await settle();
    await checkInvariants(r, m, this.toString());
  }
  toString = () => `Add(${JSON.stringify(this.spec)})`;
}

class Remove implements Cmd {
  constructor(readonly who: number) {}
  check = live;
  async run(m: Model, r: Real) {
    const c = pick(r, this.who);
    if (!c) return;
    await r.combat.deleteEmbeddedDocuments("Combatant", [c.id]);
    m.present.delete(c.id);
    await settle(); // the active GM's client follows the roster after the hook (combat-guard.ts)
    await checkInvariants(r, m, this.toString());
  }
  toString = () => `Remove(#${this.who})`;
}

/** Deletes the combatant's token (unlinked: its synthetic actor goes) or its world actor (every token of it loses its actor). */
class DeleteTokenOrActor implements Cmd {
  constructor(
    readonly who: number,
    readonly what: "token" | "actor",
  ) {}
  check = live;
  async run(m: Model, r: Real) {
    const c = pick(r, this.who);
    if (!c) return;
    if (this.what === "token") {
      if (m.tokenless.has(c.id)) return;
      deleteToken(r, m, c);
    } else {
      const actorId = c.actorId;
      const actor = actorId ? r.world.actors.get(actorId) : undefined;
      if (!actor) return;
      await actor.delete();
      for (const other of r.combat.combatants) if (other.actorId === actorId) orphan(r, m, other);
    }
    await checkInvariants(r, m, this.toString());
  }
  toString = () => `Delete${this.what === "token" ? "Token" : "Actor"}(#${this.who})`;
}

/** The tracker's skull (defeated mark), or the actor's DEFEATED status ("dead"). */
class Defeat implements Cmd {
  constructor(
    readonly who: number,
    readonly on: boolean,
    readonly how: "mark" | "status",
  ) {}
  check = live;
  async run(m: Model, r: Real) {
    const c = pick(r, this.who);
    if (!c) return;
    if (this.how === "mark") await c.update({ defeated: this.on });
    else if (c.actor) await c.actor.toggleStatusEffect("dead", { active: this.on });
    await checkInvariants(r, m, this.toString());
  }
  toString = () => `${this.on ? "Defeat" : "Undefeat"}(#${this.who}, ${this.how})`;
}

class Hide implements Cmd {
  constructor(
    readonly who: number,
    readonly on: boolean,
  ) {}
  check = live;
  async run(m: Model, r: Real) {
    const c = pick(r, this.who);
    if (!c) return;
    await c.update({ hidden: this.on });
    await checkInvariants(r, m, this.toString());
  }
  toString = () => `${this.on ? "Hide" : "Show"}(#${this.who})`;
}

/** A player's macro writes the combat's round and turn (Foundry's server allows it); the active GM's client puts them back. */
class PlayerMovesTurn implements Cmd {
  constructor(
    readonly turn: number,
    readonly round: number,
  ) {}
  check = (m: Model) => fighting(m);
  async run(m: Model, r: Real) {
    const where = this.toString();
    const before = snapshot(r);
    const turnBefore = r.combat.turn;
    r.world.login("alice");
    try {
      await r.combat.update({ turn: this.turn, round: this.round });
    } finally {
      r.world.login("gm");
    }
    for (let i = 0; i < 5; i++) await new Promise((done) => setTimeout(done, 0));
    expect(r.combat.round, `${where}: the round is put back`).toBe(m.round);
    expect(stepOf(r), `${where}: the step is untouched`).toBe(before.step);
    const cur = planOf(r).steps[stepOf(r)];
    // Only a write that changed round or turn reaches the guard (an equal write is no update).
    if (cur && r.combat.combatants.has(cur.combatantId) && (this.turn !== turnBefore || this.round !== before.round)) {
      expect(r.combat.combatant?.id, `${where}: Foundry's turn is put back on the step's combatant`).toBe(cur.combatantId);
    }
    await checkInvariants(r, m, where);
  }
  toString = () => `PlayerMovesTurn(turn ${this.turn}, round ${this.round})`;
}

class End implements Cmd {
  check = live;
  async run(m: Model, r: Real) {
    await r.combat.delete();
    await r.adapter.fightEnd.fightEndSettled();
    m.ended = true;
    await checkInvariants(r, m, this.toString());
  }
  toString = () => "End";
}

const who = fc.nat({ max: 7 });

export const commandArbs: fc.Arbitrary<Cmd>[] = [
  fc.constant(new Begin()),
  fc.constant(new Begin()),
  fc.constantFrom<"tracker" | "core">("tracker", "core").map((v) => new Next(v)),
  fc.constantFrom<"tracker" | "core">("tracker", "core").map((v) => new Next(v)),
  fc.constant(new Back()),
  fc.constant(new NextRound()),
  fc.constant(new PreviousRound()),
  fc.tuple(who, fc.nat({ max: 7 }), fc.boolean()).map(([w, c, p]) => new Declare(w, c, p)),
  fc.tuple(who, fc.nat({ max: 7 }), fc.boolean()).map(([w, c, p]) => new Declare(w, c, p)),
  fighterArb.map((s) => new Add(s)),
  who.map((w) => new Remove(w)),
  fc.tuple(who, fc.constantFrom<"token" | "actor">("token", "actor")).map(([w, x]) => new DeleteTokenOrActor(w, x)),
  fc.tuple(who, fc.boolean(), fc.constantFrom<"mark" | "status">("mark", "status")).map(([w, on, how]) => new Defeat(w, on, how)),
  fc.tuple(who, fc.boolean()).map(([w, on]) => new Hide(w, on)),
  fc.tuple(fc.nat({ max: 6 }), fc.integer({ min: 0, max: 4 })).map(([t, rd]) => new PlayerMovesTurn(t, rd)),
];

/** Every run begins the fight first and ends it last (End stops a run, so it is not drawn). */
export const beginCommand = (): Cmd => new Begin();
export const endCommand = (): Cmd => new End();
