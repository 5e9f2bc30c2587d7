/**
 * The draw: someone fires at a player character who has not fired yet this round, and the PC's
 * owner calls a draw from the attack card. Each side rolls Speed + 1D6 + its weapon's draw
 * modifier (kernel resolveDraw; ties re-roll); a draw card says who shoots first. The attack
 * card belongs to the attacker's side, so the call runs on the GM's client (a GM follow-up): it
 * re-checks everything, rolls, posts the draw card and records the draw on the target.
 *
 * If the PC wins, the draw card tells the GM to resolve the PC's attack first (the PC attacks
 * from their sheet); the NPC's attack card keeps its Apply for afterwards, which is refused if
 * the NPC is down by then (effects.ts drawLoserDown, DECISIONS D48).
 */
import { postedBySourceSide } from "../../../foundry/chat/card-author.js";
import { isRuleError } from "../../../engine/errors.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { CardKind, GmFollowUp, JsonObject } from "../../../foundry/registry.js";
import { lookupUuid, lookupUuidSync } from "../../../foundry/typed.js";
import { withCardLock } from "../../../foundry/locks.js";
import { canCallDraw, resolveDraw, type DrawResult } from "../rules/index.js";
import { BondWeaponData } from "../data/weapon.js";
import { responseFor, responsePath, type AttackCardResult } from "./effects.js";
import { bondSystem, isNpc, rollDie, targetHasFired } from "./notes.js";
import { drawCardView, type DrawCardResult, type DrawSide } from "./views.js";

/** Ties re-roll; this many tied draws in a row is beyond any real table (6⁻¹ each) — stop there. */
const MAX_DRAW_ROLLS = 30;

type Refusal = { ok: false; reason: string };
const refuse = (key: string): Refusal => ({ ok: false, reason: `FRACAS.Bond.Refused.${key}` });

interface CardSystem {
  sourceUuid: string;
  targets: { uuid: string; name: string }[];
  applications: { targetUuid: string; undone: boolean }[];
}

const cardOf = (message: ChatMessage.Implementation) => message.system as unknown as CardSystem;

function ownsAnyTarget(user: User.Implementation, card: CardSystem): boolean {
  return card.targets.some((t) => {
    const a = lookupUuidSync(t.uuid);
    return a instanceof Actor && a.testUserPermission(user, "OWNER");
  });
}

async function bondActor(uuid: unknown): Promise<Actor.Implementation | null> {
  if (typeof uuid !== "string" || uuid === "") return null;
  const doc = await lookupUuid(uuid);
  return doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
}

/** Rolls 1D6 a side until the kernel breaks the tie; every Roll is kept for the card. */
async function rollDraw(attacker: Omit<DrawSide, "rolls" | "totals">, target: Omit<DrawSide, "rolls" | "totals">): Promise<{ draw: DrawResult; rolls: Roll[] }> {
  const aRolls: number[] = [];
  const tRolls: number[] = [];
  const rolls: Roll[] = [];
  for (let k = 0; k < MAX_DRAW_ROLLS; k++) {
    const a = await rollDie("1d6");
    const t = await rollDie("1d6");
    rolls.push(a.roll, t.roll);
    aRolls.push(a.total);
    tRolls.push(t.total);
    try {
      const draw = resolveDraw([
        { id: "attacker", speed: attacker.speed, drawModifier: attacker.drawModifier, rolls: aRolls },
        { id: "target", speed: target.speed, drawModifier: target.drawModifier, rolls: tRolls },
      ]);
      return { draw, rolls };
    } catch (e) {
      if (!isRuleError(e) || e.code !== "tieUnresolved") throw e;
    }
  }
  throw new Error("Fracas: a draw stayed tied for thirty rolls");
}

export const drawFollowUp: GmFollowUp = {
  allowed({ user, message, result }) {
    const r = result as unknown as AttackCardResult;
    if (r.attackKind !== "fire" || !r.combatId) return false;
    // A real shot: posted by the GM or by whoever rolls for the shooter (card-author.ts).
    if (!postedBySourceSide(message)) return false;
    return user.isGM || ownsAnyTarget(user, cardOf(message));
  },

  /**
   * Under the card's lock (the lock its Apply and Hero Point spends take): two calls at once (a
   * double click, or the owner and the GM) would both read "no draw yet" before either wrote it,
   * and roll two draws; the second now reads the first's record and is refused (session 8).
   */
  run(ctx) {
    return withCardLock(ctx.message.id, () => runDraw(ctx));
  },
};

async function runDraw({ user, message, result, args }: Parameters<GmFollowUp["run"]>[0]): Promise<{ ok: true } | Refusal> {
  const r = result as unknown as AttackCardResult;
  const card = cardOf(message);
  if (typeof args.targetUuid !== "string" || !card.targets.some((t) => t.uuid === args.targetUuid)) return refuse("NoTarget");
  const target = await bondActor(args.targetUuid);
  if (!target) return refuse("NoTarget");
  if (!user.isGM && !target.testUserPermission(user, "OWNER")) return refuse("NotYourTarget");
  if (isNpc(target)) return refuse("DrawPcOnly");
  const combat = game.combats?.get(r.combatId ?? "");
  if (!combat || (combat.round ?? 0) !== r.combatRound) return refuse("DrawRoundOver");
  const sys = bondSystem(target)!;
  const hasFired = targetHasFired(sys, r.combatId ?? "", r.combatRound ?? 0);
  if (!canCallDraw({ attackKind: r.attackKind, targetIsPlayerCharacter: true, targetHasFired: hasFired })) return refuse("AlreadyFired");
  const response = responseFor(target.system as unknown as JsonObject, r.attackId);
  if (response.draw) return refuse("DrawCalled");
  if (card.applications.some((a) => a.targetUuid === target.uuid && !a.undone)) return refuse("DrawAfterApply");
  const weapon = typeof args.weaponId === "string" ? target.items.get(args.weaponId) : undefined;
  if (!weapon || !(weapon.system instanceof BondWeaponData) || weapon.system.attackKind !== "fire") return refuse("NoFirearm");
  const attacker = await bondActor(card.sourceUuid);
  if (!attacker) return refuse("NoAttacker");

  const attackerSide = { name: attacker.name, uuid: attacker.uuid, weaponName: r.weaponName, speed: bondSystem(attacker)!.speed, drawModifier: r.drawModifier ?? 0 };
  const targetSide = { name: target.name, uuid: target.uuid, weaponName: weapon.name, speed: sys.speed, drawModifier: weapon.system.drawModifier };
  const { draw, rolls } = await rollDraw(attackerSide, targetSide);
  const totals = (id: string) => draw.participants.find((p) => p.id === id)!;
  const drawResult: DrawCardResult = {
    attackId: r.attackId,
    attackMessageId: message.id ?? "",
    attacker: { ...attackerSide, rolls: totals("attacker").rolls, totals: totals("attacker").totals },
    target: { ...targetSide, rolls: totals("target").rolls, totals: totals("target").totals },
    first: draw.order[0] === "target" ? "target" : "attacker",
  };
  const posted = await postCard({
    ruleset: "bond",
    kind: "draw",
    source: target,
    result: drawResult as unknown as JsonObject,
    rolls,
    targets: [],
    context: { card: drawCardView(drawResult) },
  });
  // Only the draw is written: the record read before the roll may be stale (effects.ts responsePath).
  // Stamped with the combat and round: a won draw lets the PC fire first, out of step, that round
  // only (sheets/attack-turn.ts).
  await target.update({ [responsePath(r.attackId, "draw")]: { first: drawResult.first, messageId: posted?.id ?? "", combat: r.combatId ?? "", round: r.combatRound ?? 0 } } as never);
  return { ok: true };
}

/** The draw card: who shoots first. Nothing to apply (the attack card keeps its Apply). */
export const drawCard: CardKind = {
  template: "bond/cards/draw.hbs",
  applicable: false,
  effect: () => ({ refused: "FRACAS.Bond.Refused.NothingToApply" }),
};
