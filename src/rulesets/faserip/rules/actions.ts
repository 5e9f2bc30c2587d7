/** The attack actions of the 1984 Basic Set and the ability each one rolls. */
export const ATTACK_ACTIONS = [
  "slugfest",
  "hackSlash",
  "shooting",
  "throwing",
  "grappling",
  "escaping",
  "snatching",
  "charging",
] as const;
export type AttackAction = (typeof ATTACK_ACTIONS)[number];

export const ABILITIES = ["fighting", "agility", "strength", "endurance"] as const;
export type CombatAbility = (typeof ABILITIES)[number];

/** Seed, Attack Actions table: the ability column each action rolls on. */
export const ACTION_ABILITY: Readonly<Record<AttackAction | "dodging", CombatAbility>> = {
  slugfest: "fighting",
  hackSlash: "fighting",
  shooting: "agility",
  throwing: "agility",
  dodging: "agility",
  grappling: "strength",
  escaping: "strength",
  snatching: "strength",
  charging: "endurance",
};

export const BATTLE_EFFECTS = [
  "miss",
  "hit",
  "slam",
  "stun",
  "kill",
  "bullseye",
  "hold",
  "partial",
  "escape",
  "reverse",
  "grab",
  "break",
] as const;
export type BattleEffect = (typeof BATTLE_EFFECTS)[number];

/** Effects that land a blow: they deal damage (Kill instead drops Health to 0). */
export const DAMAGING_EFFECTS: readonly BattleEffect[] = ["hit", "bullseye", "slam", "stun", "kill"];
