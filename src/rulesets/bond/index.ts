/** The bond ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { RulesetDescriptor } from "../../foundry/registry.js";
import { tables } from "./rules/index.js";

export const bond: RulesetDescriptor = {
  id: "bond",
  actorModels: {},
  itemModels: {},
  actorSheets: [],
  itemSheets: [],
  trackable: {},
  tables,
};
