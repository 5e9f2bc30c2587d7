/**
 * The four ruleset descriptors, in one list. Adding a ruleset = one folder under src/rulesets/
 * and one line here.
 */
import type { RulesetDescriptor } from "../foundry/registry.js";
import { bond } from "./bond/index.js";
import { radio } from "./radio/index.js";
import { zodiac } from "./zodiac/index.js";
import { faserip } from "./faserip/index.js";

export const DESCRIPTORS: readonly RulesetDescriptor[] = [bond, radio, zodiac, faserip];
