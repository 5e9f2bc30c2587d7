/**
 * "Dodge: Use their action to make an Agility FEAT. Result shifts the attacker's column LEFT" (seed
 * 004, Defense). A dodge counts against the attacks rolled after it (feat-roll.ts reads it then), so
 * it must come before the other side's attacks; but in a side round the losing side declares only
 * after the winners have acted, so nothing told its players that this was the moment (rules audit
 * s14 F3). When a side begins its act steps, the active GM's client whispers each hero of the other
 * side who is a player's and could still dodge this round (able to act, no dodge yet, no other
 * action declared: what the dodge's roll accepts) a prompt with a Dodge button, to its owners and
 * the GM. Once per hero and side's turn a round (a claim on the hero, core claims.ts claimHere), so
 * stepping back and forth posts it once. World option faserip.dodgePrompt (default on).
 */
import { isActiveGM } from "../../../foundry/active-gm.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { claimHere, isClaimed } from "../../../foundry/claims.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import { backgroundWork } from "../../../foundry/background-work.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { dodgeRefusal } from "../combat.js";
import type { SideStep } from "../side-turn.js";
import { actorDownReason } from "./may-act.js";
import { HERO_TYPE } from "./effects.js";
import { RULESET } from "./ruleset.js";

const work = backgroundWork("faserip: the dodge prompts when a side begins to act");

/** Settles once every prompt started so far has been posted (tests). */
export function dodgePromptsSettled(): Promise<unknown> {
  return work.settled();
}

/** The side whose act steps begin at `step` (its first act step after something else), or null. */
export function sideBeginsActing(steps: readonly SideStep[], step: number): string | null {
  const now = steps[step];
  if (now?.kind !== "act" || now.side === undefined) return null;
  const before = steps[step - 1];
  return before?.kind === "act" && before.side === now.side ? null : now.side;
}

/** updateCombat (every client; acts on the active GM's one tab only, when the step moved). */
export function onStepForDodges(combat: Combat.Implementation, changed: object): void {
  const c = changed as { system?: { step?: unknown } };
  if (c.system?.step === undefined || !isActiveGM() || !rulesetOption("faserip", "dodgePrompt", true)) return;
  const sys = combat.system as unknown as { ruleset?: string; plan?: { steps?: SideStep[] }; step?: number };
  if (sys.ruleset !== "faserip") return;
  const steps = Array.isArray(sys.plan?.steps) ? sys.plan.steps : [];
  const side = sideBeginsActing(steps, sys.step ?? 0);
  if (side === null) return;
  work.add(promptDodges(combat, steps, side));
}

/** Posts the prompt for each hero of the other sides who may dodge now; returns how many were posted. */
export async function promptDodges(combat: Combat.Implementation, steps: readonly SideStep[], acting: string): Promise<number> {
  const round = combat.round ?? 0;
  let posted = 0;
  const seen = new Set<string>();
  const gms = game.users.filter((u) => u.isGM).map((u) => u.id ?? "");
  for (const step of steps) {
    if (step.side === undefined || step.side === acting || seen.has(step.combatantId)) continue;
    seen.add(step.combatantId);
    const combatant = combat.combatants.get(step.combatantId);
    const actor = combatant?.actor as Actor.Implementation | null | undefined;
    if (!combatant || !actor || (actor.type as string) !== HERO_TYPE) continue;
    const owners = game.users.filter((u) => !u.isGM && actor.testUserPermission(u, "OWNER")).map((u) => u.id ?? "");
    if (owners.length === 0) continue; // the GM's own villains: the GM decides when they dodge
    if (actorDownReason(actor) !== null || dodgeRefusal(combatantStateOf(combatant), round) !== null) continue;
    const key = `faserip.dodgePrompt.${combat.id ?? ""}.${round}.${acting}`;
    if (isClaimed(actor, key) || !(await claimHere(actor, key))) continue;
    const result = { name: actor.name, actorUuid: actor.uuid, side: acting };
    await postCard({ ruleset: RULESET, kind: "dodgeNow", source: actor, result: result as unknown as JsonObject, targets: [], whisper: [...new Set([...owners, ...gms])], context: { view: { name: actor.name, sideKey: `FRACAS.Faserip.Side.${acting === "heroes" || acting === "villains" ? acting : "auto"}` } } });
    posted += 1;
  }
  return posted;
}
