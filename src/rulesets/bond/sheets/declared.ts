/**
 * Does this attack match the action declared for the round (seed: "once an action is declared, the
 * character must attempt that action … unless intervening circumstances prevent it"; D30, D47)?
 * Pure. A Hand-to-Hand declaration covers any Hand-to-Hand attack (a punch, a kick, a Specific Blow:
 * all the Hand-to-Hand Combat skill); a Kick or a Specific Blow declaration covers that attack only;
 * Move and Something else cover none. No declaration (not made, or outside a fight): nothing to check.
 * The GM rules whether circumstances changed the action, so a mismatch is shown, never refused.
 */
import { DECLARATIONS, type Declaration } from "../combat.js";

export interface DeclaredAttack {
  attackKind: "fire" | "hth";
  kick: boolean;
  specificBlow: string | null;
}

function covers(declared: Declaration, a: DeclaredAttack): boolean {
  switch (declared) {
    case "fire":
      return a.attackKind === "fire";
    case "hth":
      return a.attackKind === "hth";
    case "kick":
      return a.attackKind === "hth" && a.kick;
    case "specificBlow":
      return a.attackKind === "hth" && !!a.specificBlow;
    default:
      return false;
  }
}

/** The declared action's short label (i18n key) when this attack is not it, else null. */
export function offDeclaration(declaration: string | undefined, attack: DeclaredAttack): string | null {
  if (!declaration || !(DECLARATIONS as readonly string[]).includes(declaration)) return null;
  return covers(declaration as Declaration, attack) ? null : `FRACAS.Bond.Declared.${declaration}`;
}
