/** The radio ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { RulesetDescriptor } from "../../foundry/registry.js";
import { tables } from "./rules/index.js";

export const radio: RulesetDescriptor = {
  id: "radio",
  actorModels: {},
  itemModels: {},
  actorSheets: [],
  itemSheets: [],
  trackable: {},
  tables,
};
