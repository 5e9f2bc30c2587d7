/**
 * What a new round brings, on the GM's client (descriptor.onRoundStart, after the round's plan is
 * built): each stunned character's stun counted down by one round; each dying character's dying
 * card (one Endurance rank lost), applied at once; each character at 0 Health who is neither
 * dying nor stabilised rolls the Endurance FEAT again, its card applied at once (White: begins
 * dying); then each prone character who can act stands up. Every card keeps its Undo, and the
 * dying card its Stabilise (GM). Dodges of the last round are cleared in the combat mapping's
 * startRound, not here.
 *
 * Decision (seed: "with Endurance FEAT failures at 0 Health, they begin dying" — failures, plural):
 * the FEAT is made once a round while the character stays at 0 Health, not only on the blow that
 * took Health to 0; a stabilised character makes no more of them (DECISIONS.md).
 *
 * Decision (session 4): the round start's cards are applied when posted, as the stand-up card
 * was: the rank lost each round and the round's 0-Health result happen without the GM pressing
 * Apply; the GM's ruling is the card's Undo. The stun is counted down first, so a card's Undo
 * (which restores every status path the Apply wrote) does not bring back a round of stun.
 *
 * Decision: no Karma is offered on the round start's 0-Health FEAT (it runs on the GM's client,
 * inside nextRound, with nobody to ask); its card says so. The attack card's button offers it.
 *
 * Decision (the seed gives prone no rule): a prone character who can act — not dead, dying,
 * unconscious, stunned (after this round start's count-down) nor held, and not marked defeated —
 * stands up: a card says so, applied at once (Undo keeps them down).
 *
 * Decision: these happen when a round has passed — at the start of round 2 onwards. Starting a
 * combat (round 1) passes no round, so a character dying or stunned before it loses nothing yet;
 * a stun of N rounds received in round r before the stunned one acted lasts through the rest of
 * round r and the next N − 1 rounds; received after it acted, through the next N rounds (rules
 * stunCount: its count is N + 1), so either way it costs N actions.
 */
import { t } from "../../../foundry/i18n.js";
import { heroView, needsZeroHealthFeat, stateOf } from "../data/state.js";
import { HERO_TYPE } from "./effects.js";
import { actorDownReason } from "./may-act.js";
import { passDyingRound } from "./dying-round.js";
import { passStunRound } from "./stun-round.js";
import { postStandUp } from "./stand-up.js";
import { rollZeroHealthAtRoundStart } from "./zero-health-roll.js";

export async function faseripRoundStart(combat: Combat.Implementation, round: number): Promise<void> {
  if (!game.user.isGM || round <= 1) return;
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    // A linked actor fighting twice (two tokens) still loses one rank a round.
    if (!actor || (actor.type as string) !== HERO_TYPE || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const { status } = heroView(actor.system);
    if (status.dead) continue;
    // One character's failed write must not stop the round (this runs inside nextRound).
    try {
      // The stun first: the cards applied next then record the counted-down stun as their prior state.
      if (status.stunnedRounds > 0) await passStunRound(actor);
      if (status.dying) await passDyingRound(actor);
      else if (needsZeroHealthFeat(actor.system, stateOf(actor.system))) await rollZeroHealthAtRoundStart(actor);
      // After the stun count-down: a hero whose stun just ended gets up this round too.
      if (heroView(actor.system).status.prone && !actorDownReason(actor)) await postStandUp(actor);
    } catch (err) {
      console.error("Fracas | faserip round start:", actor.name, err);
      ui.notifications?.error(t("FRACAS.Faserip.RoundStart.Failed", { name: actor.name }));
    }
  }
}
