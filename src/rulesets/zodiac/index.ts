/** The zodiac ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { RulesetDescriptor } from "../../foundry/registry.js";
import { tables } from "./rules/index.js";

export const zodiac: RulesetDescriptor = {
  id: "zodiac",
  actorModels: {},
  itemModels: {},
  actorSheets: [],
  itemSheets: [],
  trackable: {},
  tables,
};
