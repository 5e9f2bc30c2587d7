/**
 * The round's chat prompts, posted on the active GM's client and whispered to the combatant's
 * owners and the GM:
 * - at round start (descriptor.onRoundStart): an escape offer for each combatant that spent the
 *   round just ended on the defensive action (every round they did);
 * - on each step change (an updateCombat hook the descriptor module registers): a dying hero's
 *   final heroic action, when their next action phase comes. The lethal blow usually lands
 *   mid-round, and the next action phase is then often in the same round, so a round-start
 *   prompt alone would come a phase or a round late.
 */
import { gmsAndOwners } from "../../../foundry/recipients.js";
import type { RoundPlan } from "../../../engine/order.js";
import { postCard } from "../../../foundry/chat/cards.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { owesFinalAction, standing, type Sys } from "../data/state.js";
import { json, radioCardsOf } from "./messages.js";
import { defensiveLastRound, finalActionDue } from "./prompts.js";
import { escapeOfferView, finalCardView, type EscapeOfferResult, type FinalCardResult } from "./views.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { backgroundWork } from "../../../foundry/background-work.js";

const RULESET = "radio";


/** Is there already a radio card of this kind whose result matches (one prompt per occasion)? */
const posted = (kind: string, match: (result: Record<string, unknown>) => boolean): boolean => radioCardsOf(kind, match).length > 0;

/** At round start: offer the escape check to each combatant still standing that was defensive last round. */
export async function offerEscapes(combat: Combat.Implementation, round: number): Promise<ChatMessage.Implementation[]> {
  const memory = (combat.system as unknown as { memory?: JsonObject }).memory ?? {};
  const out: ChatMessage.Implementation[] = [];
  for (const id of defensiveLastRound(memory, round)) {
    const actor = combat.combatants.get(id)?.actor;
    const type = actor?.type as string | undefined;
    // A henchmen group is one participant too: it escapes as one (DECISIONS.md).
    if (!actor || (type !== "radioHero" && type !== "radioOpponent" && type !== "radioHenchmen")) continue;
    if (standing(actor.type, actor.system as unknown as Sys) === 0) continue;
    const result: EscapeOfferResult = { actorUuid: actor.uuid, actorName: actor.name, combatId: combat.id ?? "", round: round - 1 };
    if (posted("escapeOffer", (r) => r.actorUuid === result.actorUuid && r.combatId === result.combatId && r.round === result.round)) continue;
    const message = await postCard({
      ruleset: RULESET,
      kind: "escapeOffer",
      source: actor,
      result: json(result),
      targets: [],
      whisper: gmsAndOwners([actor]),
      context: { view: escapeOfferView(result) },
    });
    if (message) out.push(message);
  }
  return out;
}

/** On the current step: prompt each dying hero whose action phase it is (once per open prompt). */
export async function promptFinalActions(combat: Combat.Implementation): Promise<ChatMessage.Implementation[]> {
  const sys = combat.system as unknown as { ruleset?: string; plan?: RoundPlan; step?: number };
  const plan = sys.plan;
  if (sys.ruleset !== RULESET || !plan || !Array.isArray(plan.steps)) return [];
  const step = sys.step ?? 0;
  const out: ChatMessage.Implementation[] = [];
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor || (actor.type as string) !== "radioHero") continue;
    if (!owesFinalAction(actor.type, actor.system as unknown as Sys)) continue;
    if (!finalActionDue(plan, step, combatant.id ?? "")) continue;
    const combatId = combat.id ?? "";
    if (posted("final", (r) => r.actorUuid === actor.uuid && r.combatId === combatId && r.done !== true)) continue;
    const result: FinalCardResult = { actorUuid: actor.uuid, actorName: actor.name, combatId, round: combat.round ?? 0, phase: plan.steps[step]?.phase ?? 0, done: false };
    const message = await postCard({
      ruleset: RULESET,
      kind: "final",
      source: actor,
      result: json(result),
      targets: [],
      whisper: gmsAndOwners([actor]),
      context: { view: finalCardView(result) },
    });
    if (message) out.push(message);
  }
  return out;
}

const work = backgroundWork("radio: final-action prompt");

/** The prompts the step changes started (the hook cannot await them; tests and macros can). */
export function promptsSettled(): Promise<unknown> {
  return work.settled();
}

/** The updateCombat hook: every client sees it; only the active GM posts, and only on a step change. */
export function onCombatUpdate(combat: Combat.Implementation, changed: object): void {
  if (!isActiveGM()) return;
  if (foundry.utils.getProperty(changed, "system.step") === undefined) return;
  work.add(promptFinalActions(combat));
}
