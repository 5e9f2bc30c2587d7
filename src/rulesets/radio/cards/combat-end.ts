/**
 * "Combat ends when one side has no one left opposing" (issue 5 §4). Card effects are pure and
 * cannot act, so the check runs on the active GM's client after the fact: at each round start
 * (descriptor.onRoundStart) and on every actor update (an updateActor hook the descriptor module
 * registers) for each started radio combat holding that actor. When one side has no one left
 * standing the GM gets ONE whispered card with an "End combat" button; when someone stands again
 * (an Undo, a GM's edit) the open card is marked stale, and a later fall posts a new one.
 */
import { postCard } from "../../../foundry/chat/cards.js";
import { isCombatantOf } from "../../../foundry/documents/combatant-of.js";
import { combatantStateOf } from "../../../foundry/combatant-state.js";
import type { GmFollowUp } from "../../../foundry/registry.js";
import type { Sys } from "../data/state.js";
import { endState, type EndMember } from "./ending.js";
import { leaderUuids } from "./followers.js";
import { renderCardContent } from "./flow.js";
import { json, radioCardsOf } from "./messages.js";
import { combatEndView, type CombatEndResult } from "./views.js";
import { isActiveGM } from "../../../foundry/active-gm.js";
import { backgroundWork } from "../../../foundry/background-work.js";

const RULESET = "radio";
const TEMPLATE = "radio/cards/combat-end.hbs";


function isRadioCombat(combat: Combat.Implementation): boolean {
  return (combat.system as unknown as { ruleset?: string }).ruleset === RULESET && combat.started;
}

function members(combat: Combat.Implementation): EndMember[] {
  const out: EndMember[] = [];
  for (const c of combat.combatants) {
    const actor = c.actor;
    if (!actor) continue;
    // The NPC group the GM split it into (combat-groups.ts): a distinct side at the fight's end.
    const group = combatantStateOf(c).memory.group;
    // An unlinked token's actor also answers to its base actor's UUID, which a follower's leader field stores.
    const aliases = leaderUuids({ uuid: actor.uuid, id: actor.id, isToken: actor.isToken }).filter((u) => u !== actor.uuid);
    out.push({ uuid: actor.uuid, aliases, type: actor.type as string, system: actor.system as unknown as Sys, playerOwned: actor.hasPlayerOwner, group: typeof group === "string" ? group : "" });
  }
  return out;
}

/** This combat's end cards still offering "End combat". */
function openCards(combatId: string): ChatMessage.Implementation[] {
  return radioCardsOf("combatEnd", (r) => r.combatId === combatId && r.open === true);
}

async function rewrite(message: ChatMessage.Implementation, next: CombatEndResult): Promise<void> {
  const content = await renderCardContent(message, TEMPLATE, next, combatEndView(next));
  await message.update({ "system.==result": json(next), content } as never);
}

/**
 * Posts the end card when one side has no one left opposing (unless one is open already), or
 * marks the open one stale when two sides or more stand again. Returns the card posted, if any. `round`:
 * at round start Foundry has not written the new round yet (combatRound runs before the write).
 */
export async function checkCombatEnd(combat: Combat.Implementation, round: number = combat.round ?? 0): Promise<ChatMessage.Implementation | undefined> {
  if (!isActiveGM() || !isRadioCombat(combat)) return undefined;
  const combatId = combat.id ?? "";
  const state = endState(members(combat));
  if (!state) return undefined;
  const open = openCards(combatId);
  if (!state.over) {
    for (const m of open) await rewrite(m, { ...(m.system as unknown as { result: CombatEndResult }).result, open: false, stale: true });
    return undefined;
  }
  if (open.length > 0) return undefined;
  const result: CombatEndResult = {
    combatId,
    seq: radioCardsOf("combatEnd", (r) => r.combatId === combatId).length + 1,
    round,
    winner: state.winner,
    standing: state.standing,
    open: true,
    stale: false,
    ended: false,
  };
  return postCard({
    ruleset: RULESET,
    kind: "combatEnd",
    source: null,
    result: json(result),
    targets: [],
    whisper: game.users.filter((u) => u.isGM).map((u) => u.id ?? ""),
    context: { view: combatEndView(result) },
  });
}

/** The tail of the queue (never rejects); `work` logs each check's failure and lets tests wait. */
let checking: Promise<unknown> = Promise.resolve();
const work = backgroundWork("radio: combat-end check");

/**
 * Runs the check after any still running: an Apply writes the actor and then its statuses, and
 * two overlapping checks could otherwise both find no card and both post one.
 */
export function queueCombatEndCheck(combat: Combat.Implementation, round?: number): Promise<ChatMessage.Implementation | undefined> {
  const run = checking.then(() => checkCombatEnd(combat, round));
  checking = run.catch(() => undefined);
  work.add(run);
  return run;
}

/** The checks the actor updates started (the hook cannot await them; tests and macros can). */
export function combatEndSettled(): Promise<unknown> {
  return work.settled();
}

/** The updateActor hook: every client sees it; only the active GM checks the radio combats holding the actor. */
export function onActorUpdate(actor: Actor.Implementation): void {
  if (!isActiveGM()) return;
  for (const combat of game.combats) {
    if (!isRadioCombat(combat)) continue;
    // The actor's own combatant (an unlinked mook's synthetic actor is not every mook of its base actor).
    if (!combat.combatants.some((c) => isCombatantOf(c, actor))) continue;
    void queueCombatEndCheck(combat).catch(() => undefined);
  }
}

/** "End combat" on the card: the GM only; Foundry's own endCombat (its confirmation, then delete). */
export const endCombatFollowUp: GmFollowUp = {
  allowed: ({ user }) => user.isGM,
  async run({ message, result }) {
    const r = result as unknown as CombatEndResult;
    if (r.ended) return { ok: false, reason: "FRACAS.Radio.Refused.CombatEnded" };
    if (!r.open) return { ok: false, reason: "FRACAS.Radio.Refused.FightGoesOn" };
    const combat = game.combats.get(r.combatId);
    if (!combat) return { ok: false, reason: "FRACAS.Radio.Refused.CombatGone" };
    await combat.endCombat();
    // The GM may have declined Foundry's confirmation: the card stays open.
    if (game.combats.get(r.combatId)) return { ok: true };
    await rewrite(message, { ...r, open: false, ended: true });
    return { ok: true };
  },
};
