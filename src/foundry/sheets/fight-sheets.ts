/**
 * Open actor sheets that show their actor's fight — whose step it is, the round's attacks, a dodge
 * made this round, a declared action — are drawn again when that fight moves. Foundry redraws a
 * sheet only on its own actor's update, and the fight lives in the Combat (its step, its plan, each
 * combatant's declaration and round memory under `system.combatants`: combatant-state.ts) and in
 * its Combatants (the defeated mark): so a sheet went stale when the GM advanced the tracker, a
 * round began, someone declared, or a dodge was kept through the GM.
 *
 * A sheet follows its fight by calling followFight at each render (until it is closed). The hooks
 * (every client, for its own open sheets) redraw each followed sheet whose actor fights in the
 * changed combat. A sheet someone is typing in is skipped: the text not yet submitted would be lost,
 * and it redraws at its next change.
 */
import { registerOnce } from "../hooks-once.js";
import { isCombatantOf } from "../documents/combatant-of.js";
import { typingIn } from "../dom/typing.js";

export interface FightSheet {
  readonly rendered: boolean;
  readonly actor: Actor.Implementation;
  readonly element?: HTMLElement | null;
  render(): unknown;
}

/** Followed sheets, with the user whose client drew each (in Foundry, always this client's own user). */
const OPEN = new Map<FightSheet, string | null>();

/** Called at each render of a sheet that shows the fight: it is redrawn as the fight moves, until closed. */
export function followFight(sheet: FightSheet): void {
  OPEN.set(sheet, game.user.id);
}

/**
 * Whether a combat update moves what the sheets show: the round, the step, the plan, or the
 * combatants' declarations (`system.combatants`). Other system data (a ruleset's own memory) does not.
 */
export function movesTheFight(changed: object): boolean {
  const c = changed as { round?: unknown; system?: { step?: unknown; plan?: unknown; combatants?: unknown } };
  return c.round !== undefined || c.system?.step !== undefined || c.system?.plan !== undefined || c.system?.combatants !== undefined;
}

/** Redraws this client's followed sheets whose actor `fights` picks; returns how many were redrawn. */
export function redrawFightSheets(fights: (actor: Actor.Implementation) => boolean): number {
  let n = 0;
  for (const [sheet, drawer] of OPEN) {
    if (!sheet.rendered) {
      OPEN.delete(sheet);
      continue;
    }
    // A hook runs on every client; each redraws its own sheets (the test world runs clients in one process).
    if (drawer !== game.user.id || !fights(sheet.actor)) continue;
    if (typingIn(sheet.element)) continue;
    void sheet.render();
    n += 1;
  }
  return n;
}

type CombatLike = { combatants?: Iterable<Combatant.Implementation> } | null | undefined;

/** The sheets of everyone in `combat`. */
function redrawCombat(combat: CombatLike): number {
  const fighters = [...(combat?.combatants ?? [])];
  return redrawFightSheets((actor) => fighters.some((c) => isCombatantOf(c, actor)));
}

/** The sheet of the one combatant's actor. */
function redrawCombatant(combatant: Combatant.Implementation | null | undefined): number {
  return combatant ? redrawFightSheets((actor) => isCombatantOf(combatant, actor)) : 0;
}

/** Registered in init, at most once per Hooks registry. */
export function registerFightSheets(): void {
  registerOnce("core.fightSheets", (hooks) => {
    hooks.on("updateCombat", (combat, changed) => {
      if (movesTheFight(changed as object)) redrawCombat(combat as CombatLike);
    });
    // The fight ended: what it held (the round's attacks, whose step) is gone from the sheets.
    hooks.on("deleteCombat", (combat) => redrawCombat(combat as CombatLike));
    // The defeated mark: everyone's sheet, since the GM's advance passes over a defeated
    // combatant's steps (who acts next). (Declarations and memory are the Combat's: updateCombat.)
    hooks.on("updateCombatant", (combatant, changed) => {
      if ((changed as { defeated?: unknown }).defeated !== undefined) redrawCombat((combatant as Combatant.Implementation).parent as CombatLike);
    });
    // Joining or leaving a fight changes what the actor's sheet offers.
    hooks.on("createCombatant", (combatant) => redrawCombatant(combatant as Combatant.Implementation));
    hooks.on("deleteCombatant", (combatant) => redrawCombatant(combatant as Combatant.Implementation));
  });
}
