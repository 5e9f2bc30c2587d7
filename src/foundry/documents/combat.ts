/**
 * FracasCombat runs the kernel's round plan: at each round start its ruleset's combat mapping
 * rolls what the round needs and builds the plan; the GM advances step by step (Foundry's own
 * next-turn control does the same); declarations are made per combatant, by its owners.
 */
import { descriptor, descriptorForType } from "../rulesets.js";
import { enabledRulesets } from "../settings.js";
import type { RoundPlan } from "../../engine/order.js";
import { withDice, type DiceRoller, foundryRoller } from "../dice.js";
import { DEFEATED_REASON, NO_ACTOR_REASON, type CombatantInfo, type CombatMapping, type JsonObject } from "../registry.js";
import { stateIn, type CombatantState } from "../combatant-state.js";
import { withCombatLock } from "../locks.js";
import { t } from "../i18n.js";
import { isActiveGM } from "../active-gm.js";
import { requestRoundStart, warnRefused } from "../queries.js";
import type { RoundStartAction } from "./round-start.js";
import { sameJson } from "../same-json.js";
import { keptStep } from "./kept-step.js";

interface CombatSystem {
  ruleset: string;
  phase: "declare" | "act" | "end";
  step: number;
  plan: RoundPlan;
  memory: JsonObject;
}


const EMPTY_PLAN: RoundPlan = { mode: "free", round: 0, steps: [], order: [], sideOrder: [], tieBreaks: {} };

/**
 * The update option marking the initiative a round start writes (combat-guard.ts follows any other
 * initiative change, and must not follow this one: the round start sets the turn itself, after).
 */
export const ROUND_START_WRITE = "fracasRoundStart";

export class FracasCombat extends Combat {
  get fracas(): CombatSystem {
    const s = this.system as unknown as Partial<CombatSystem>;
    return {
      ruleset: s.ruleset ?? "",
      phase: s.phase ?? "declare",
      step: s.step ?? 0,
      plan: (s.plan && Array.isArray((s.plan as RoundPlan).steps) ? s.plan : EMPTY_PLAN) as RoundPlan,
      memory: (s.memory ?? {}) as JsonObject,
    };
  }

  /** A combatant's declaration and ruleset memory (empty when it has none yet). */
  combatantState(combatantId: string): CombatantState {
    return stateIn(this.system, combatantId);
  }

  /** Merges `patch` into a combatant's memory (the GM's client: only the GM writes the Combat). */
  async patchCombatantMemory(combatantId: string, patch: JsonObject): Promise<void> {
    await this.update({ [`system.combatants.${combatantId}.memory`]: patch } as never);
  }

  /** The ruleset this combat runs: as stored, else its combatants' actors' ruleset, else the world's only one. */
  get rulesetId(): string {
    const stored = this.fracas.ruleset;
    if (stored) return stored;
    for (const c of this.combatants) {
      const type = c.actor?.type;
      const d = type ? descriptorForType(type) : undefined;
      if (d) return d.id;
    }
    const enabled = enabledRulesets();
    return enabled.length === 1 ? enabled[0]! : "";
  }

  get mapping(): CombatMapping | undefined {
    return descriptor(this.rulesetId)?.combat;
  }

  /**
   * What the ruleset sees of each combatant. Core Foundry lets an owner write their combatant's
   * `system` directly (bypassing the declare query), so a declaration the ruleset does not offer
   * is read as none: the plan is only ever built from choices the ruleset allows.
   */
  combatantInfos(): CombatantInfo[] {
    const mapping = this.mapping;
    return [...this.combatants].map((c) => {
      const state = this.combatantState(c.id ?? "");
      const info: CombatantInfo = {
        id: c.id ?? "",
        name: c.name ?? "",
        actorType: c.actor?.type ?? null,
        system: (c.actor ? c.actor.system : {}) as unknown as JsonObject,
        isPC: c.actor?.hasPlayerOwner ?? false,
        declaration: state.declaration,
        initiative: c.initiative ?? null,
        memory: state.memory,
        defeated: c.isDefeated,
        statuses: [...(c.actor?.statuses ?? [])],
        hidden: c.hidden ?? false,
      };
      if (info.declaration && mapping && !mapping.declarations(info).some((o) => o.value === info.declaration)) info.declaration = "";
      return info;
    });
  }

  /**
   * Why a combatant cannot act now (i18n key), or null. A combatant whose actor was deleted (V13
   * keeps it, with no actor) is nobody: it never acts, whatever its ruleset would read in the
   * defaults (found by the tracker's fuzz test: Bond and Radio gave it the turn). Otherwise a ruleset
   * with `isDown` decides alone (it sees Foundry's defeated mark in the info, and may let a defeated
   * combatant act, as Radio's dying hero's final action); otherwise Foundry's defeated mark decides.
   */
  downReason(info: CombatantInfo): string | null {
    if (info.actorType === null) return NO_ACTOR_REASON;
    const mapping = this.mapping;
    if (mapping?.isDown) return mapping.isDown(info);
    return info.defeated ? DEFEATED_REASON : null;
  }

  /**
   * The first step at or past `from` (moving by `direction`) whose combatant can act, or null.
   * Steps of combatants who are down stay in the plan (shown struck through) but are passed over.
   */
  actingStep(from: number, direction: 1 | -1): number | null {
    const steps = this.fracas.plan.steps;
    const down = new Map(this.combatantInfos().map((c) => [c.id, this.downReason(c) !== null]));
    // Going back from past the end (a plan rebuilt shorter) starts at the last step.
    const start = direction < 0 ? Math.min(from, steps.length - 1) : from;
    // A step whose combatant was removed from the tracker mid-round is passed over like a down one.
    for (let i = start; i >= 0 && i < steps.length; i += direction) if (down.get(steps[i]!.combatantId) === false) return i;
    return null;
  }

  /**
   * Rolls the round's needs (initiative, tie-breaks), writes them, then builds and stores the plan.
   * Returns the round's first step that can act, for the caller to write with the round and turn
   * (every combat write redraws the tracker on every client).
   */
  async beginRound(round: number, roller: DiceRoller = foundryRoller): Promise<{ "system.step": number; "system.phase": string; turn: number }> {
    const mapping = this.mapping;
    if (!mapping) return { "system.step": 0, "system.phase": "end", turn: 0 };
    // Read, roll and write under the combat's lock, so a declaration or memory patch arriving
    // meanwhile is not overwritten by the copy read here (then onRoundStart, outside it).
    const plan = await withCombatLock(this.id, () => this.#startRound(mapping, round, roller));
    await descriptor(this.rulesetId)?.onRoundStart?.(this as never, round);
    // After the round-start work (stuns counted down, recovery made), so who is down is current.
    const first = this.actingStep(0, 1) ?? 0;
    return { "system.step": first, "system.phase": plan.steps[first]?.kind ?? "end", turn: this.turnIndexOf(plan.steps[first]?.combatantId) };
  }

  async #startRound(mapping: CombatMapping, round: number, roller: DiceRoller): Promise<RoundPlan> {
    const infos = this.combatantInfos();
    const memory = this.fracas.memory;
    const { start, plan } = await withDice((die) => {
      const start = mapping.startRound({ round, combatants: infos, combatMemory: memory, die });
      const withInit = infos.map((c) => ({ ...c, declaration: "", initiative: start.initiative[c.id] ?? null, memory: { ...c.memory, ...(start.memory[c.id] ?? {}) } }));
      return { start, plan: mapping.plan({ round, combatants: withInit, combatMemory: start.combatMemory, die }) };
    }, roller);
    const updates = infos.map((c) => ({ _id: c.id, initiative: start.initiative[c.id] ?? null }));
    await this.updateEmbeddedDocuments("Combatant", updates as never, { [ROUND_START_WRITE]: true } as never);
    // Declarations cleared, memory kept plus what the round start adds.
    const combatants = Object.fromEntries(infos.map((c) => [c.id, { declaration: "", memory: { ...c.memory, ...(start.memory[c.id] ?? {}) } }]));
    await this.update({
      "system.ruleset": this.rulesetId,
      // "==": replace, not merge (ObjectField updates merge, so stale keys would linger).
      "system.==memory": start.combatMemory,
      "system.==combatants": combatants,
      "system.==plan": plan,
      "system.step": 0,
      "system.phase": plan.steps[0]?.kind ?? "end",
    } as never);
    return plan;
  }

  /**
   * Rebuilds the plan from current declarations (e.g. Radio's act phases follow the chosen action).
   * `declared` (combatant id → declaration) is read as already stored and written in the same
   * update, so a declaration is one combat write, not two. An unchanged plan is not written again:
   * every combat write redraws the tracker on every client, and most rulesets' plans do not follow
   * declarations.
   */
  async refreshPlan(roller: DiceRoller = foundryRoller, declared: Record<string, string> = {}): Promise<void> {
    const mapping = this.mapping;
    if (!mapping) return;
    const infos = this.combatantInfos().map((c) => (c.id in declared ? { ...c, declaration: declared[c.id]! } : c));
    const memory = this.fracas.memory;
    const plan = await withDice((die) => mapping.plan({ round: this.round ?? 1, combatants: infos, combatMemory: memory, die }), roller);
    const kept = keptStep(this.fracas.plan, this.fracas.step, plan);
    const writes: Record<string, unknown> = Object.fromEntries(Object.entries(declared).map(([id, value]) => [`system.combatants.${id}.declaration`, value]));
    const phase = plan.steps[kept]?.kind ?? "end";
    if (!sameJson(plan, this.fracas.plan) || kept !== this.fracas.step || phase !== this.fracas.phase) Object.assign(writes, { "system.==plan": plan, "system.step": kept, "system.phase": phase });
    // Foundry's turn stays on the step's combatant (its index moves when someone joins or leaves).
    const keptStepOf = plan.steps[kept];
    const turn = keptStepOf && this.combatants.has(keptStepOf.combatantId) ? this.turnIndexOf(keptStepOf.combatantId) : null;
    if (turn !== null && turn !== this.turn) writes.turn = turn;
    if (Object.keys(writes).length > 0) await this.update(writes as never);
    // If the step it stands on now belongs to someone who is down, move on to the next who can act.
    const step = this.actingStep(kept, 1);
    if (step !== null && step !== kept) {
      await this.update({ turn: this.turnIndexOf(plan.steps[step]!.combatantId), "system.step": step, "system.phase": plan.steps[step]!.kind } as never);
    }
  }

  /** The Next step being written on this client, if any (advance). */
  #advancing: Promise<void> | null = null;

  /**
   * The GM moves to the next step; past the last step a new round begins. Foundry's turn follows the
   * step. A second call while the first is still being written (a double click on Next step, a key
   * held or pressed again, a macro) gets the first one's promise: it would read the same step and, on
   * the last one, start the next round twice.
   */
  advance(): Promise<void> {
    if (this.#advancing) return this.#advancing;
    this.#advancing = this.#advanceNow().finally(() => {
      this.#advancing = null;
    });
    return this.#advancing;
  }

  async #advanceNow(): Promise<void> {
    const next = this.actingStep(this.fracas.step + 1, 1);
    if (next === null) {
      await this.nextRound();
      return;
    }
    await this.goToStep(next, 1);
  }

  async goBack(): Promise<void> {
    const previous = this.actingStep(this.fracas.step - 1, -1);
    if (previous !== null) await this.goToStep(previous, -1);
  }

  /** Moves the plan to `index`, with Foundry's combatTurn hook and world time, as core's nextTurn does. */
  private async goToStep(index: number, direction: 1 | -1): Promise<void> {
    const target = this.fracas.plan.steps[index]!;
    const updateData = { round: this.planRound(), turn: this.turnIndexOf(target.combatantId), "system.step": index, "system.phase": target.kind };
    const updateOptions = { direction, worldTime: { delta: direction * (CONFIG.time?.turnTime ?? 0) } };
    Hooks.callAll("combatTurn", this as never, updateData as never, updateOptions as never);
    await this.update(updateData as never, updateOptions as never);
  }

  /**
   * After a combatant joined or left a begun fight (combat-guard.ts, on the active GM's client): the
   * step of a combatant who left passes to the next who can act (as a step of someone who fell
   * does), or stays for the GM's Next when no one after it can; Foundry's turn is put on the step's
   * combatant (V13 keeps only the index when the current combatant is deleted). Under the combat's
   * lock, so it cannot interleave with a declaration or a round start (review-s8 F3).
   */
  async followRoster(): Promise<void> {
    await withCombatLock(this.id, () => this.#followRoster());
  }

  async #followRoster(): Promise<void> {
    // V13's setupTurns moves the round on, in memory, when the kept index falls past the last turn
    // (the current combatant was last in turn order): the plan's round is put back with the turn.
    const round = this.planRound();
    const roundBack = round !== this.round ? { round } : {};
    const at = this.fracas.step;
    const step = this.fracas.plan.steps[at];
    const index = step && this.combatants.has(step.combatantId) ? at : this.actingStep(at, 1);
    if (!step || index === null) {
      if (round !== this.round) await this.update({ ...roundBack, turn: 0 } as never);
      return;
    }
    const target = this.fracas.plan.steps[index]!;
    const turn = this.turnIndexOf(target.combatantId);
    if (index !== at) await this.update({ ...roundBack, turn, "system.step": index, "system.phase": target.kind } as never);
    else if (turn !== this.turn || round !== this.round) await this.update({ ...roundBack, turn } as never);
  }

  /** The round as the plan has it (Foundry's own `round` can move on in memory, see #followRoster). */
  planRound(): number {
    const planned = this.fracas.plan.round;
    return typeof planned === "number" && planned >= 1 ? planned : (this.round ?? 0);
  }

  turnIndexOf(combatantId: string | undefined): number {
    const i = this.turns.findIndex((c) => c.id === combatantId);
    return i < 0 ? 0 : i;
  }

  /** Only the GM moves a Fracas round on (players may not write the plan); hides players' End Turn. */
  protected override _canChangeTurn(user: User.Implementation): boolean {
    return this.mapping ? user.isGM : super._canChangeTurn(user);
  }

  protected override _canChangeRound(user: User.Implementation): boolean {
    return this.mapping ? user.isGM : super._canChangeRound(user);
  }

  override async startCombat(): Promise<this> {
    if (!this.mapping) return super.startCombat();
    if (!game.user.isGM) return this;
    if (await this.#startsElsewhere("start")) return this;
    // As core's: the GM's Combat Theme announces the encounter (its turn cues come from _onUpdate).
    this._playCombatSound("startEncounter");
    const { turn, ...first } = await this.beginRound(1);
    // As core's startCombat, but the turn is the plan's first step, not the highest initiative.
    const updateData = { round: 1, turn };
    Hooks.callAll("combatStart", this as never, updateData as never);
    await this.update({ ...updateData, ...first } as never);
    return this;
  }

  /**
   * A GM who is not the active GM has the active GM's client start the round (documents/round-start.ts),
   * under the lock its declarations and memory patches share; true when it was sent there.
   */
  async #startsElsewhere(action: RoundStartAction): Promise<boolean> {
    if (isActiveGM() || !game.users.activeGM) return false;
    warnRefused(await requestRoundStart(this.id ?? "", action));
    return true;
  }

  override async nextRound(): Promise<this> {
    if (!this.mapping) return super.nextRound();
    if (!game.user.isGM) return this;
    if (await this.#startsElsewhere("next")) return this;
    const round = this.planRound() + 1;
    const { turn, ...first } = await this.beginRound(round);
    const updateData = { round, turn };
    const updateOptions = { direction: 1, worldTime: { delta: CONFIG.time?.roundTime ?? 0 } };
    Hooks.callAll("combatRound", this as never, updateData as never, updateOptions as never);
    await this.update({ ...updateData, ...first } as never, updateOptions as never);
    return this;
  }

  /**
   * A Fracas round cannot be taken back: its initiative, tie-breaks and round-start effects (stun
   * countdowns, recovery, claims keyed by the round) are made. Going back and then on again would
   * roll and count them twice, so core's Previous Round only says so; Previous step moves within it.
   */
  override async previousRound(): Promise<this> {
    if (!this.mapping) return super.previousRound();
    ui.notifications?.warn(t("FRACAS.Tracker.Refused.NoPreviousRound"));
    return this;
  }

  /**
   * Fracas rolls whatever its ruleset needs at each round start, so core's initiative controls (the
   * d20 on a combatant, Roll All, Roll NPCs) would only fail on the system's missing formula.
   */
  override async rollInitiative(ids: string | string[], options?: Combat.InitiativeOptions): Promise<this> {
    if (!this.mapping) return super.rollInitiative(ids, options);
    ui.notifications?.info(t("FRACAS.Tracker.Refused.InitiativeAtRoundStart"));
    return this;
  }

  override async nextTurn(): Promise<this> {
    if (!this.mapping) return super.nextTurn();
    if (game.user.isGM) await this.advance();
    return this;
  }

  override async previousTurn(): Promise<this> {
    if (!this.mapping) return super.previousTurn();
    if (game.user.isGM) await this.goBack();
    return this;
  }
}
