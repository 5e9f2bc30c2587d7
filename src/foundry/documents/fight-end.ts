/**
 * What ends with a fight. When a begun Fracas combat is deleted (V13's End Combat), the active GM's
 * client asks the combat's ruleset, fighter by fighter, what its end undoes (a cover set for the
 * fight, rounds of a stun the fight no longer has…) and writes it: one update per fighter, none for
 * the others, a failure logged without stopping the rest, and the GM told whose state changed.
 * The players who own a fighter are told too, by a chat message whispered to them alone, naming that
 * fighter only (a hold or a stun that simply vanished from their sheet was a surprise; the GM's
 * toast never reaches their screens): one line, or "The fight is over for {name}:" over a list when
 * several things ended. A ruleset's `told` key says only what ended ("cover cleared for {names}.");
 * the core puts "The fight is over" before it, once per message. A fighter still in another begun combat keeps everything;
 * players write nothing.
 */
import { isActiveGM } from "../active-gm.js";
import { playerOwners } from "../recipients.js";
import { backgroundWork } from "../background-work.js";
import { registerOnce } from "../hooks-once.js";
import { t } from "../i18n.js";
import { descriptor } from "../rulesets.js";
import { isCombatantOf } from "./combatant-of.js";
import { FracasCombat } from "./combat.js";

const work = backgroundWork("the end of a fight");

/** The end-of-fight writes deleteCombat started (tests and macros can wait for them). */
export function fightEndSettled(): Promise<unknown> {
  return work.settled();
}

/** Whether `actor` fights in a begun combat other than `ended`. */
function fightsElsewhere(actor: Actor.Implementation, ended: Combat.Implementation): boolean {
  for (const combat of game.combats ?? []) {
    if (combat.id === ended.id || (combat.round ?? 0) < 1) continue;
    if (combat.combatants.some((c) => isCombatantOf(c, actor))) return true;
  }
  return false;
}

/** A chat line to the fighter's players saying what ended for it; logged, not thrown, when it fails. */
async function tellOwners(actor: Actor.Implementation, keys: readonly string[]): Promise<void> {
  const whisper = playerOwners(actor);
  if (keys.length === 0 || whisper.length === 0) return;
  const escape = foundry.utils.escapeHTML;
  const what = keys.map((key) => t(key, { names: actor.name }));
  const body =
    what.length === 1
      ? `<p>${escape(t("FRACAS.Tracker.FightOver", { what: what[0]! }))}</p>`
      : `<p>${escape(t("FRACAS.Tracker.FightOverFor", { name: actor.name }))}</p><ul>${what.map((w) => `<li>${escape(w)}</li>`).join("")}</ul>`;
  try {
    await ChatMessage.create({ content: `<div class="fracas fracas-fight-ended">${body}</div>`, speaker: ChatMessage.getSpeaker({ actor }), whisper } as never);
  } catch (err) {
    console.error("Fracas | the end of the fight could not be told to the owners of", actor.name, err);
  }
}

/** deleteCombat: the ruleset's end-of-fight changes, written fighter by fighter; returns the names told per key. */
export async function endFight(combat: unknown): Promise<Record<string, string[]>> {
  // An encounter deleted before it began was no fight: what was set while arranging it stays.
  if (!isActiveGM() || !(combat instanceof FracasCombat) || (combat.round ?? 0) < 1) return {};
  const fightEnded = descriptor(combat.rulesetId)?.fightEnded;
  if (!fightEnded) return {};
  const told: Record<string, string[]> = {};
  const failed: string[] = [];
  const done = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as Actor.Implementation | null;
    // By UUID: two unlinked mooks of one actor are two characters, each with its own state.
    if (!actor || done.has(actor.uuid)) continue;
    done.add(actor.uuid);
    const change = fightEnded(actor);
    if (!change || fightsElsewhere(actor, combat as never)) continue;
    try {
      if (Object.keys(change.update).length > 0) await actor.update(change.update as never);
      for (const s of change.statuses ?? []) await actor.toggleStatusEffect(s.id, { active: s.on });
      for (const key of change.told) (told[key] ??= []).push(actor.name);
      await tellOwners(actor, change.told);
    } catch (err) {
      console.error("Fracas | the end of the fight could not be written for", actor.name, err);
      failed.push(actor.name);
    }
  }
  // A write that failed is named, so the GM sets it by hand rather than finding it later.
  if (failed.length > 0) ui.notifications?.error(t("FRACAS.Tracker.FightEndFailed", { names: failed.join(", ") }));
  // The GM is told what changed, so a cover or a stun that vanished is not a surprise.
  for (const [key, names] of Object.entries(told)) ui.notifications?.info(t("FRACAS.Tracker.FightOver", { what: t(key, { names: names.join(", ") }) }));
  return told;
}

/** Registered in init, at most once per Hooks registry. */
export function registerFightEnd(): void {
  registerOnce("core.fightEnd", (hooks) => {
    hooks.on("deleteCombat", (combat) => work.add(endFight(combat)));
  });
}
