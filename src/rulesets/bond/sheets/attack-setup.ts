/** Reads an attacker, a weapon and the user's target from Foundry into the pure AttackSetup. */
import { statusEffectId } from "../../../engine/events.js";
import { activeTable } from "../../../foundry/tables.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { hthDamageClass, hthDamageClassTable, type RangeBand } from "../rules/index.js";
import { readCharacteristics } from "../data/derive.js";
import { BondWeaponData, DEFAULT_RANGES } from "../data/weapon.js";
import { bondSystem, isNpc } from "../cards/notes.js";
import { bondDownReason } from "../down.js";
import { oneTargetSetup, TARGET_NAMES_SHOWN, type AttackSetup, type SceneDistance } from "./attack-view.js";
import { toMetres } from "./scene-units.js";
import { startedCombatantOf, startedCombatOf } from "../../../foundry/documents/combatant-of.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { lookupUuidSync } from "../../../foundry/typed.js";
import { attackTurnOf } from "./attack-turn-of.js";

interface Point {
  x: number;
  y: number;
}
interface PlacedToken {
  center: Point;
  scene?: { id: string | null } | null;
  document?: { parent?: { id: string | null } | null };
}
interface MeasuringCanvas {
  scene?: { id: string | null; grid?: { units?: unknown } } | null;
  grid?: { units?: unknown; measurePath?: (waypoints: Point[]) => { distance: number } };
}

/**
 * Distance between two tokens as the scene measures it, in the scene grid's own units ("ft", "m",
 * whatever the GM set), when both stand on the viewed scene and the grid can measure; else null.
 * The units come with it: Bond's ranges are metres, and a V13 scene is 5 ft squares unless its GM
 * chose otherwise (scene-units.ts turns them into metres, D57).
 */
export function tokenDistance(actor: Actor.Implementation, b: PlacedToken | null | undefined): SceneDistance | null {
  const c = (globalThis as { canvas?: MeasuringCanvas }).canvas;
  const sceneId = c?.scene?.id;
  if (!b || !sceneId || typeof c?.grid?.measurePath !== "function") return null;
  const a = actor.getActiveTokens()[0] as unknown as PlacedToken | undefined;
  if (!a) return null;
  if (a.document?.parent?.id !== sceneId || b.document?.parent?.id !== sceneId) return null;
  const d = c.grid.measurePath([a.center, b.center]).distance;
  if (!Number.isFinite(d)) return null;
  // The scene document's grid units (V13 Scene#grid.units), else the canvas grid's own copy.
  const units = c.scene?.grid?.units ?? c.grid.units;
  return { distance: d, units: typeof units === "string" ? units : "" };
}

/** A targeted token as read here: its name and its actor (null when the linked actor was deleted). */
interface TargetToken {
  name?: string | null;
  actor?: Actor.Implementation | null;
}

/**
 * The user's targeted tokens whose actor still exists. A linked token whose actor was deleted stays
 * targeted with no actor, and a deleted unlinked token's synthetic actor no longer resolves: an
 * attack no longer aims at either (core target-gone.ts: the dialog stops aiming at a deleted target).
 */
function liveTargetTokens(): TargetToken[] {
  const out: TargetToken[] = [];
  for (const token of game.user.targets) {
    const uuid = token.actor?.uuid;
    if (uuid && lookupUuidSync(uuid)) out.push(token as unknown as TargetToken);
  }
  return out;
}

/** The live targets as a card's targets (core userTargets' shape: the token's name, the actor's uuid). */
export function liveUserTargets(): { uuid: string; name: string }[] {
  return liveTargetTokens().map((token) => ({ uuid: token.actor!.uuid, name: token.name ?? token.actor!.name }));
}

/** How many tokens this client's user targets now (an attack is at one of them, D54). */
export function targetCount(): number {
  return liveTargetTokens().length;
}

/** The names of the targeted tokens, the first TARGET_NAMES_SHOWN (listed when several are targeted, D54). */
export function targetNames(): string[] {
  return liveTargetTokens()
    .slice(0, TARGET_NAMES_SHOWN)
    .map((token) => token.name ?? token.actor?.name ?? "");
}

export function firstTarget(): { actor: Actor.Implementation | null; token: PlacedToken | null } {
  const token = liveTargetTokens()[0];
  return token ? { actor: token.actor ?? null, token: token as unknown as PlacedToken } : { actor: null, token: null };
}

/**
 * Why this character cannot act now (i18n key), or null: its wound state, its statuses, and the
 * defeated mark on its combatant in the running combat (down.ts, as the tracker sees it).
 */
export function actorDownReason(actor: Actor.Implementation): string | null {
  const sys = bondSystem(actor);
  if (!sys) return null;
  const combatant = startedCombatantOf(actor);
  return bondDownReason({ wound: sys.wound, statuses: [...actor.statuses], defeated: combatant?.isDefeated ?? false });
}

/** The attacker's declaration this round in its started combat ("" = none, or no fight). */
function declarationOf(actor: Actor.Implementation): string {
  const combatant = startedCombatantOf(actor);
  return combatant ? combatantStateOf(combatant).declaration : "";
}

export function buildSetup(actor: Actor.Implementation, weapon: Item.Implementation | null): AttackSetup {
  const sys = bondSystem(actor);
  if (!sys) throw new Error("Fracas: not a bond character");
  const w = weapon && weapon.system instanceof BondWeaponData ? weapon.system.asWeapon() : null;
  const chars = readCharacteristics(sys.characteristics);
  const attackKind = w?.attackKind ?? "hth";
  const meleeWeapon = attackKind === "hth" ? (w?.meleeWeapon ?? "none") : "none";
  const baseDamageClass =
    attackKind === "fire" || meleeWeapon === "other"
      ? w!.damageClass
      : hthDamageClass(chars.str, meleeWeapon === "knife" || meleeWeapon === "sword" ? meleeWeapon : "none", activeTable(hthDamageClassTable));
  const { actor: targetActor, token: targetToken } = firstTarget();
  // Measured in the scene's units, compared in metres: unknown units leave the range to the attacker (D57).
  const measured = attackKind === "fire" ? tokenDistance(actor, targetToken) : null;
  const targetSys = bondSystem(targetActor);
  const combat = startedCombatOf(actor);
  const attacks = sys.roundAttacks;
  const sameRound = combat !== null && attacks.combat === combat.id && attacks.round === combat.round;
  const picked = sys.roundPickUps;
  const pickUpsMade = combat !== null && picked.combat === combat.id && picked.round === combat.round ? picked.count : 0;
  // With several targeted, none is "the" target: no one's Speed, cover or distance is read (D54).
  return oneTargetSetup({
    actorName: actor.name,
    weaponName: weapon?.name ?? game.i18n.localize("FRACAS.Bond.Unarmed"),
    attackKind,
    primaryChance: attackKind === "fire" ? sys.fireCombatChance : sys.handToHandChance,
    baseDamageClass,
    meleeWeapon,
    pointOrEdge: attackKind === "hth" ? (w?.pointOrEdge ?? false) || meleeWeapon === "knife" || meleeWeapon === "sword" : false,
    performance: attackKind === "fire" ? (w?.performance ?? 0) : 0,
    shotsPerRound: attackKind === "fire" ? (w?.shotsPerRound ?? 0) : 0,
    drawModifier: attackKind === "fire" ? (w?.drawModifier ?? 0) : 0,
    speed: sys.speed,
    attackerWound: sys.woundState.level,
    attackerProne: actor.statuses.has(statusEffectId("prone")),
    attackerRestrained: actor.statuses.has(statusEffectId("restrained")),
    attackerIsNpc: isNpc(actor),
    round: combat ? (combat.round ?? 1) : null,
    attacksMade: sameRound ? attacks.count : 0,
    pickUpsMade,
    // The action declared this round (reset by the core at each round start), for D47's check.
    declaration: declarationOf(actor),
    targetName: targetActor?.name ?? null,
    targetUuid: targetActor?.uuid ?? null,
    targetCount: targetCount(),
    targetNames: targetNames(),
    targetSpeed: targetSys ? targetSys.speed : null,
    // The GM's cover on the (first) target: the dialog offers no less (D49).
    targetCover: targetSys ? targetSys.cover : "none",
    distance: measured ? toMetres(measured.distance, measured.units) : null,
    measured,
    ranges: (w?.ranges ?? DEFAULT_RANGES) as Record<RangeBand, number>,
    specificBlowWounds: rulesetOption("bond", "specificBlowWounds", false),
    weaponId: w ? (weapon?.id ?? null) : null,
    weaponDropped: !!w && !!weapon?.id && sys.droppedWeapons.includes(weapon.id),
    // A GM is told how to set the scene's grid units when they cannot be read as metres (D57).
    viewerIsGM: game.user.isGM,
    // Whose action it is: a player attacks in their own action step, or first after a won draw.
    turn: attackTurnOf(actor, attackKind),
  });
}
