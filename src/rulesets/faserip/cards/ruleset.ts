/** The ruleset id every faserip card is posted under. */
export const RULESET = "faserip";
