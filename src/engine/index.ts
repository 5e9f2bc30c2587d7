/**
 * The public kernel API, bundled alone as dist/engine.mjs. Pure: no Foundry globals, no DOM.
 * A test imports the built file in bare Node to prove it.
 */
export * as order from "./order.js";
export * as ledger from "./ledger.js";
export * as wounds from "./wounds.js";
export * as odds from "./odds.js";
export * as dice from "./dice.js";
export * as tables from "./tables.js";
export * as events from "./events.js";
export { FracasRuleError, isRuleError } from "./errors.js";

export * as bond from "../rulesets/bond/rules/index.js";
export * as radio from "../rulesets/radio/rules/index.js";
export * as zodiac from "../rulesets/zodiac/rules/index.js";
export * as faserip from "../rulesets/faserip/rules/index.js";
