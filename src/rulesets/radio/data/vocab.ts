/** The adapter's own small vocabularies (pure, no Foundry): limbs, PC skills, stored wound states. */
export const LIMBS = ["leftArm", "rightArm", "leftLeg", "rightLeg"] as const;
export const SKILLS = ["melee", "ranged", "brawl"] as const;
export const STATES = ["active", "unconscious", "dead"] as const;
