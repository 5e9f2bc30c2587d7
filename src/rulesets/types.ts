/**
 * The document sub-types each ruleset adds, in one pure list. system.json, template.json, the
 * ruleset descriptors and lang/en.json TYPES.* labels are kept in agreement with it by a test.
 */
export const RULESET_IDS = ["bond", "radio", "zodiac", "faserip"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

export const ACTOR_TYPES = {
  bond: ["bondCharacter"],
  radio: ["radioHero", "radioOpponent", "radioHenchmen"],
  zodiac: ["zodiacAgent", "zodiacOtherAgent", "zodiacCrowd"],
  faserip: ["faseripHero"],
} as const satisfies Record<RulesetId, readonly string[]>;

export const ITEM_TYPES = {
  bond: ["bondWeapon", "bondSkill"],
  radio: ["radioWeapon", "radioGadget"],
  zodiac: ["zodiacWeapon"],
  faserip: ["faseripWeapon", "faseripPower", "faseripTalent"],
} as const satisfies Record<RulesetId, readonly string[]>;



/** Which ruleset a document sub-type belongs to, or null for a type Fracas does not know. */
export function rulesetOfType(type: string): RulesetId | null {
  for (const id of RULESET_IDS) {
    if ((ACTOR_TYPES[id] as readonly string[]).includes(type) || (ITEM_TYPES[id] as readonly string[]).includes(type)) return id;
  }
  return null;
}
