/**
 * The radio chat flow on Foundry: roll the attack (2d10 via Roll) → attack card; its follow-up
 * rolls damage (1d6, and the victim's consequence d6 after a limb shot) → damage card, applied
 * per target with Undo by the core; a fallen leader's follow-up rolls its followers' flee checks.
 */
import * as ledger from "../../../engine/ledger.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { t } from "../../../foundry/i18n.js";
import { escapeCheck, resolveAttack, resolveDamage } from "../rules/index.js";
import type { Action, AttackResult } from "../rules/index.js";
import { readPool, targetState } from "../data/state.js";
import { attackInput, type AttackSetupInput, type AttackState } from "../sheets/attack-view.js";
import { radioOptions, radioTables } from "./runtime.js";
import { attackCardView, damageCardView, escapeCardView, fleeCardView, type AttackCardResult, type DamageCardResult } from "./views.js";

const RULESET = "radio";

async function rollDice(formula: string): Promise<{ roll: Roll; faces: number[] }> {
  const roll = new Roll(formula);
  await roll.evaluate();
  const faces = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  return { roll, faces };
}

const json = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v)) as JsonObject;

/** Records earned and cashed-in tokens on the attacker's ledger (the roller owns the attacker). */
export async function recordTokens(actor: Actor.Implementation, attack: AttackResult): Promise<void> {
  const system = actor.system as unknown as { tokens?: unknown };
  if (!("tokens" in (system as object))) return;
  let pool = readPool(system.tokens);
  const by = game.user.id ?? "";
  const at = Date.now();
  if (attack.tokensEarned > 0) pool = ledger.change(pool, { id: foundry.utils.randomID(), delta: attack.tokensEarned, reason: "described", by, at });
  if (attack.tokensCharged > 0) pool = ledger.change(pool, { id: foundry.utils.randomID(), delta: -attack.tokensCharged, reason: "double damage", by, at });
  if (pool !== system.tokens) await actor.update({ "system.tokens": pool } as never);
}

/** Rolls 2d10 for the dialog's attack, hands the dice to the kernel and posts the attack card. */
export async function rollAttack(actor: Actor.Implementation, setup: AttackSetupInput, state: AttackState): Promise<ChatMessage.Implementation | undefined> {
  const { roll, faces } = await rollDice("2d10");
  const dice: [number, number] = [faces[0] ?? 1, faces[1] ?? 1];
  const attack = resolveAttack(attackInput(setup, state, dice), radioOptions(), radioTables());
  await recordTokens(actor, attack);
  const target = setup.targets.find((x) => x.uuid === state.targetUuid);
  const weapon = setup.weapons.find((w) => w.id === state.weaponId);
  const result: AttackCardResult = {
    attack,
    attackerName: actor.name,
    weaponName: weapon?.name ?? t("FRACAS.Radio.Attack.BareHands"),
    description: state.description.trim(),
    targets: target ? [{ uuid: target.uuid, name: target.name }] : [],
  };
  // The attack card has nothing to apply (damage comes from its follow-up), so no Apply rows.
  return postCard({ ruleset: RULESET, kind: "attack", source: actor, result: json(result), rolls: [roll], targets: [], context: { view: attackCardView(result) } });
}

/** Actors whose `leader` names this one (henchmen groups and minions). */
function followersOf(leaderUuid: string): Actor.Implementation[] {
  return game.actors.filter((a) => ((a.type as string) === "radioHenchmen" || (a.type as string) === "radioOpponent") && (a.system as unknown as { leader?: string }).leader === leaderUuid);
}

export async function rollDamage(message: ChatMessage.Implementation, stored: JsonObject): Promise<ChatMessage.Implementation | undefined> {
  const r = stored as unknown as AttackCardResult;
  if (!r.attack?.hit) {
    ui.notifications?.warn(t("FRACAS.Error.noDamageOnMiss"));
    return undefined;
  }
  if (stored.damageRolled === true) {
    ui.notifications?.warn(t("FRACAS.Radio.Refused.DamageRolled"));
    return undefined;
  }
  const formula = r.attack.called === "limb" ? "1d6 + 1d6" : "1d6";
  const { roll, faces } = await rollDice(formula);
  const critRoll = faces[0] ?? 1;
  const limbRoll = r.attack.called === "limb" ? faces[1] : undefined;
  const tables = radioTables();
  const damage = resolveDamage(limbRoll === undefined ? { attack: r.attack, critRoll } : { attack: r.attack, critRoll, limbRoll }, radioOptions(), tables.damage);
  const leaders = r.targets.filter((x) => followersOf(x.uuid).length > 0).map((x) => x.name);
  const result: DamageCardResult = { damage, attack: r.attack, attackerName: r.attackerName, weaponName: r.weaponName, critRoll, leaders };
  const source = message.speaker?.actor ? (game.actors.get(message.speaker.actor) ?? null) : null;
  // One damage roll per hit: marked on the attack card (by whoever may write it).
  if (message.isAuthor || game.user.isGM) await message.update({ "system.result.damageRolled": true } as never);
  return postCard({ ruleset: RULESET, kind: "damage", source, result: json(result), rolls: [roll], targets: r.targets, context: { view: damageCardView(result) } });
}

/** After a leader fell: each follower rolls its consequence dice (one per henchman); a card per follower. */
export async function rollFleeChecks(message: ChatMessage.Implementation): Promise<void> {
  const targets = (message.system as unknown as { targets: { uuid: string; name: string }[] }).targets ?? [];
  let posted = 0;
  for (const target of targets) {
    const leader = await lookupUuid(target.uuid);
    if (!(leader instanceof Actor)) continue;
    const state = targetState(leader.type, leader.system as unknown as JsonObject);
    if (state && state.kind !== "henchmen" && state.state === "active") continue;
    for (const follower of followersOf(target.uuid)) {
      const sys = follower.system as unknown as { count?: number; fled?: boolean };
      const dice = (follower.type as string) === "radioHenchmen" ? (sys.count ?? 0) : sys.fled ? 0 : 1;
      if (dice <= 0) continue;
      const { roll, faces } = await rollDice(`${dice}d6`);
      const result = { leaderName: leader.name, followerName: follower.name, rolls: faces };
      await postCard({ ruleset: RULESET, kind: "flee", source: leader as Actor.Implementation, result, rolls: [roll], targets: [{ uuid: follower.uuid, name: follower.name }], context: { view: fleeCardView(result) } });
      posted++;
    }
  }
  if (posted === 0) ui.notifications?.info(t("FRACAS.Radio.Refused.NoFleeChecks"));
}

/** A defensive participant tries to leave at the end of the round: one consequence d6. */
export async function rollEscape(actor: Actor.Implementation, action: Action): Promise<ChatMessage.Implementation | undefined> {
  const { roll, faces } = await rollDice("1d6");
  const outcome = escapeCheck({ action, roll: faces[0] ?? 1 });
  const result = { roll: faces[0] ?? 1, outcome };
  return postCard({ ruleset: RULESET, kind: "escape", source: actor, result, rolls: [roll], targets: [{ uuid: actor.uuid, name: actor.name }], context: { view: escapeCardView(result) } });
}

/** The viewed combat if it holds this actor, else a started combat that does. */
function combatOf(has: (c: Combatant.Implementation) => boolean): Combat.Implementation | null {
  const viewed = game.combat;
  if (viewed && viewed.combatants.some(has)) return viewed;
  return game.combats.find((c) => c.started && c.combatants.some(has)) ?? null;
}

/** The declared action of this actor's combatant in its combat, and the phase if it holds the current step. */
export function declaredAction(actor: Actor.Implementation): { action: Action | null; phase: number | null } {
  const mine = (c: Combatant.Implementation) => c.actor?.id === actor.id;
  const combat = combatOf(mine);
  if (!combat) return { action: null, phase: null };
  const combatant = combat.combatants.find(mine);
  if (!combatant) return { action: null, phase: null };
  const declaration = (combatant.system as unknown as { declaration?: string }).declaration ?? "";
  const sys = combat.system as unknown as { plan?: { steps?: { combatantId: string; phase: number }[] }; step?: number };
  const step = sys.plan?.steps?.[sys.step ?? 0];
  const phase = combat.started && step && step.combatantId === combatant.id ? step.phase : null;
  const actions = ["frenzied", "standard", "targeted", "spell", "defensive"];
  return { action: actions.includes(declaration) ? (declaration as Action) : null, phase };
}

/** Whether an actor's combatant declared defensive this round (attackers take −4, damage halves). */
export function isDefensive(actorUuid: string): boolean {
  const theirs = (c: Combatant.Implementation) => c.actor?.uuid === actorUuid;
  const combatant = combatOf(theirs)?.combatants.find(theirs);
  return (combatant?.system as unknown as { declaration?: string } | undefined)?.declaration === "defensive";
}
