/**
 * FracasCombat runs the kernel's round plan: at each round start its ruleset's combat mapping
 * rolls what the round needs and builds the plan; the GM advances step by step (Foundry's own
 * next-turn control does the same); declarations are made per combatant, by its owners.
 */
import { descriptor, descriptorForType } from "../rulesets.js";
import { enabledRulesets } from "../settings.js";
import type { RoundPlan } from "../../engine/order.js";
import { withDice, type DiceRoller, foundryRoller } from "../dice.js";
import type { CombatantInfo, CombatMapping, JsonObject } from "../registry.js";

interface CombatSystem {
  ruleset: string;
  phase: "declare" | "act" | "end";
  step: number;
  plan: RoundPlan;
  memory: JsonObject;
}


const EMPTY_PLAN: RoundPlan = { mode: "free", round: 0, steps: [], order: [], sideOrder: [], tieBreaks: {} };

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

  combatantInfos(): CombatantInfo[] {
    return [...this.combatants].map((c) => {
      const sys = c.system as unknown as { declaration?: string; memory?: JsonObject };
      return {
        id: c.id ?? "",
        name: c.name ?? "",
        actorType: c.actor?.type ?? null,
        system: (c.actor ? c.actor.system : {}) as unknown as JsonObject,
        isPC: c.actor?.hasPlayerOwner ?? false,
        declaration: sys.declaration ?? "",
        initiative: c.initiative ?? null,
        memory: sys.memory ?? {},
      };
    });
  }

  /** Rolls the round's needs (initiative, tie-breaks), writes them, then builds and stores the plan. */
  async beginRound(round: number, roller: DiceRoller = foundryRoller): Promise<void> {
    const mapping = this.mapping;
    if (!mapping) return;
    const infos = this.combatantInfos();
    const memory = this.fracas.memory;
    const { start, plan } = await withDice((die) => {
      const start = mapping.startRound({ round, combatants: infos, combatMemory: memory, die });
      const withInit = infos.map((c) => ({ ...c, declaration: "", initiative: start.initiative[c.id] ?? null, memory: { ...c.memory, ...(start.memory[c.id] ?? {}) } }));
      return { start, plan: mapping.plan({ round, combatants: withInit, combatMemory: start.combatMemory, die }) };
    }, roller);
    const updates = infos.map((c) => ({
      _id: c.id,
      initiative: start.initiative[c.id] ?? null,
      "system.declaration": "",
      "system.memory": { ...c.memory, ...(start.memory[c.id] ?? {}) },
    }));
    await this.updateEmbeddedDocuments("Combatant", updates as never);
    await this.update({
      "system.ruleset": this.rulesetId,
      "system.memory": start.combatMemory,
      "system.plan": plan,
      "system.step": 0,
      "system.phase": plan.steps[0]?.kind ?? "end",
    } as never);
    await descriptor(this.rulesetId)?.onRoundStart?.(this as never, round);
  }

  /** Rebuilds the plan from current declarations (e.g. Radio's act phases follow the chosen action). */
  async refreshPlan(roller: DiceRoller = foundryRoller): Promise<void> {
    const mapping = this.mapping;
    if (!mapping) return;
    const infos = this.combatantInfos();
    const memory = this.fracas.memory;
    const plan = await withDice((die) => mapping.plan({ round: this.round ?? 1, combatants: infos, combatMemory: memory, die }), roller);
    const step = Math.min(this.fracas.step, Math.max(0, plan.steps.length - 1));
    await this.update({ "system.plan": plan, "system.step": step, "system.phase": plan.steps[step]?.kind ?? "end" } as never);
  }

  /** The GM moves to the next step; past the last step a new round begins. */
  async advance(): Promise<void> {
    const { plan, step } = this.fracas;
    const next = step + 1;
    if (next >= plan.steps.length) {
      await this.nextRound();
      return;
    }
    await this.update({ "system.step": next, "system.phase": plan.steps[next]!.kind, turn: this.turnIndexOf(plan.steps[next]!.combatantId) } as never);
  }

  async goBack(): Promise<void> {
    const { plan, step } = this.fracas;
    if (step <= 0) return;
    const prev = step - 1;
    await this.update({ "system.step": prev, "system.phase": plan.steps[prev]!.kind, turn: this.turnIndexOf(plan.steps[prev]!.combatantId) } as never);
  }

  turnIndexOf(combatantId: string): number {
    const i = this.turns.findIndex((c) => c.id === combatantId);
    return i < 0 ? 0 : i;
  }

  override async startCombat(): Promise<this> {
    await this.beginRound(1);
    return super.startCombat();
  }

  override async nextRound(): Promise<this> {
    if (this.mapping) await this.beginRound((this.round ?? 0) + 1);
    return super.nextRound();
  }

  override async nextTurn(): Promise<this> {
    if (!this.mapping) return super.nextTurn();
    await this.advance();
    return this;
  }

  override async previousTurn(): Promise<this> {
    if (!this.mapping) return super.previousTurn();
    await this.goBack();
    return this;
  }
}
