/**
 * Bond's round start (descriptor.onRoundStart, on the GM's client, after the round's plan is
 * built). For every character in the combat: a failed Stun's rounds run down (kernel
 * advanceRound), and a recovery prompt is whispered to the character's owners and the GM:
 * - a Stun roll (EF 8) or a Light/Medium/Heavy Wound's Willpower roll still due: a Roll button
 *   that runs the usual recovery roll (recovery.ts) — every round until it is passed;
 * - Incapacitated: unconscious for the D6 hours rolled, then a Heavy Wound (the sheet's "Let
 *   hours pass" and "Wake up" move it on) — said once, not every round;
 * - knocked out: until woken ("Wake up" on the sheet) — once;
 * - Killed: removed from play — once, and the combatant is marked defeated.
 * Then a prompt for each knockout of an earlier round that nobody resisted (knockout-prompt.ts).
 *
 * Only the characters something happens to are written. The round's attack and pick-up counters
 * (`system.roundAttacks`, `system.roundPickUps`) are not reset here: each is stamped with its
 * combat and round, and every reader (attack-setup, pick-up, the attack dialog's increment,
 * targetHasFired) counts a stamp of another combat or round as zero, so a new round already reads
 * zero without writing every fighter one by one (review-s7-perf #1). Open sheets redraw on the
 * round change (core sheets/fight-sheets.ts).
 */
import { setStatuses } from "../../../foundry/status-toggles.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import type { CardKind, JsonObject } from "../../../foundry/registry.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { advanceRound, type StateChange, type WoundState } from "../rules/index.js";
import { safeWoundState } from "../data/derive.js";
import { bondSystem, warn } from "./notes.js";
import { gmsAndOwners } from "../../../foundry/recipients.js";
import { recoverClaimed } from "./recovery.js";
import { promptKnockouts } from "./knockout-prompt.js";
import { PROMPT_ROLLS, promptFor, recoveryPromptView, type PromptRoll, type RecoveryPromptResult } from "./views.js";

/** Combatant memory key: the lasting state (unconscious, knocked out, dead) already announced. */
export const PROMPT_MEMORY = "bondPrompted";

function changed(a: WoundState, b: WoundState): boolean {
  return (Object.keys(a) as (keyof WoundState)[]).some((k) => a[k] !== b[k]);
}

/** Posts the prompt card, whispered to the character's owners and the GMs. */
async function postPrompt(actor: Actor.Implementation, result: RecoveryPromptResult): Promise<void> {
  await postCard({
    ruleset: "bond",
    kind: "recoveryPrompt",
    source: actor,
    result: result as unknown as JsonObject,
    targets: [],
    whisper: gmsAndOwners([actor]),
    context: { card: recoveryPromptView(result) },
  });
}

async function prompt(combatant: Combatant.Implementation, actor: Actor.Implementation, state: WoundState, round: number): Promise<void> {
  const { rolls, status } = promptFor(state);
  const memory = combatantStateOf(combatant).memory;
  const announced = typeof memory[PROMPT_MEMORY] === "string" ? memory[PROMPT_MEMORY] : "";
  const marker = status ?? "";
  const combat = combatant.parent as unknown as FracasCombat | null;
  if (marker !== announced && combat) await combat.patchCombatantMemory(combatant.id ?? "", { [PROMPT_MEMORY]: marker });
  if (status === "dead" && !combatant.defeated) await combatant.update({ defeated: true } as never);
  if (rolls.length === 0 && (status === null || status === announced)) return;
  await postPrompt(actor, {
    actorUuid: actor.uuid,
    actorName: actor.name,
    round,
    level: state.level,
    rolls,
    stunCharacteristic: state.stunCharacteristic,
    status,
    hours: state.unconsciousHours,
    woundPenaltyApplies: rulesetOption("bond", "woundPenaltyApplies", false),
  });
}

export async function bondRoundStart(combat: Combat.Implementation, round: number): Promise<void> {
  if (!game.user.isGM) return;
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as Actor.Implementation | null;
    const sys = bondSystem(actor);
    if (!actor || !sys || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const before = safeWoundState(sys.wound);
    // Round 1 follows no round of this battle: nothing has run down yet.
    const change: StateChange = round > 1 ? advanceRound(before) : { state: before, events: [] };
    if (changed(before, change.state)) await actor.update({ "system.wound": change.state } as never);
    await setStatuses(actor, change.events);
    await prompt(combatant, actor, change.state, round);
  }
  // Then the knockouts of earlier rounds that nobody resisted (D38).
  await promptKnockouts(combat, round);
}

/** The prompt's Roll button: the character's owner (or the GM) makes the roll through the usual recovery flow, claimed (the character's next roll of that kind). */
async function recover(ctx: { message: ChatMessage.Implementation; result: JsonObject; button: HTMLElement }): Promise<void> {
  const r = ctx.result as unknown as RecoveryPromptResult;
  const which = ctx.button.dataset.which as PromptRoll | undefined;
  if (!which || !(PROMPT_ROLLS as readonly string[]).includes(which) || !r.rolls?.includes(which)) return warn("FRACAS.Bond.Refused.BadCard");
  const doc = await lookupUuid(r.actorUuid);
  const actor = doc instanceof Actor && bondSystem(doc as Actor.Implementation) ? (doc as Actor.Implementation) : null;
  if (!actor) return warn("FRACAS.Bond.Refused.NoTarget");
  if (!actor.isOwner) return warn("FRACAS.Bond.Refused.NotTargetOwner", { name: actor.name });
  // Claimed first, as the sheet's button is: the owner and the GM pressing at once make one roll (recovery.ts).
  await recoverClaimed(actor, which);
}

/** The round-start recovery prompt: Roll buttons or a note; nothing to apply (the roll's own card applies). */
export const recoveryPromptCard: CardKind = {
  template: "bond/cards/recovery-prompt.hbs",
  applicable: false,
  effect: () => ({ refused: "FRACAS.Bond.Refused.NothingToApply" }),
  followUps: { recover },
};
