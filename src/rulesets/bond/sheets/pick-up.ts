/**
 * The sheet's "Pick up" (D41, D46): the weapon a Disarm knocked away goes back in hand. In a fight it
 * uses one of the round's attacks (`system.roundPickUps`), refused while none is left, and a chat
 * line tells the table (and the GM) that the attack was used; outside a fight it is free and silent.
 * Like an attack, a player's pick-up in a fight is made in their own action step (attack-turn.ts).
 */
import { startedCombatOf } from "../../../foundry/documents/combatant-of.js";
import { pluralKey } from "../../../foundry/i18n.js";
import { bondSystem, postNote, warn } from "../cards/notes.js";
import { refuseIfDown } from "./attack-dialog.js";
import { pickUpCheck, type PickUpInput } from "./pick-up-view.js";
import { attackTurnOf, turnText } from "./attack-turn-of.js";

/** The actor's pick-up input now: its started combat's round, Speed, and this round's attacks and pick-ups. */
export function pickUpInputOf(actor: Actor.Implementation): PickUpInput {
  const sys = bondSystem(actor);
  const combat = startedCombatOf(actor);
  if (!sys) return { round: null, speed: 0, attacksMade: 0, pickUpsMade: 0 };
  const thisRound = (r: { combat: string; round: number }) => combat !== null && r.combat === combat.id && r.round === combat.round;
  return {
    round: combat ? (combat.round ?? 1) : null,
    speed: sys.speed,
    attacksMade: thisRound(sys.roundAttacks) ? sys.roundAttacks.count : 0,
    pickUpsMade: thisRound(sys.roundPickUps) ? sys.roundPickUps.count : 0,
  };
}

/** Picks up a dropped weapon; false (warned) when the character cannot act or has no attack left for it. */
export async function pickUp(actor: Actor.Implementation, itemId: string): Promise<boolean> {
  const sys = bondSystem(actor);
  if (!sys || itemId === "" || !sys.droppedWeapons.includes(itemId)) return false;
  if (refuseIfDown(actor)) return false;
  // A pick-up is one of the round's attacks: a player makes it in their own action step (no draw
  // shoots first with a weapon still on the floor).
  const turn = attackTurnOf(actor, "hth");
  if (turn.refused) {
    ui.notifications?.warn(turnText(turn, actor.name));
    return false;
  }
  const input = pickUpInputOf(actor);
  const check = pickUpCheck(input);
  if (!check.ok) {
    warn(check.reason, { name: actor.name });
    return false;
  }
  // Only this weapon's key: any other weapon a Disarm dropped stays on the floor.
  const update: Record<string, unknown> = { [`system.dropped.${itemId}`]: null, "system.inHand": itemId };
  const combat = check.inFight ? startedCombatOf(actor) : null;
  if (combat) update["system.roundPickUps"] = { combat: combat.id ?? "", round: combat.round ?? 1, count: Math.min(99, input.pickUpsMade + 1) };
  await actor.update(update as never);
  if (check.inFight) await postNote(actor, pluralKey("FRACAS.Bond.PickUpCost.Note", check.left), { name: actor.name, weapon: actor.items.get(itemId)?.name ?? "", left: check.left });
  return true;
}
