/** The First Aid card kind: Apply runs the kernel's applyFirstAid on the wounded character (once per wound). */
import type { CardKind } from "../../../foundry/registry.js";
import { firstAidEffect } from "./effects.js";

export const firstAidCard: CardKind = {
  template: "bond/cards/first-aid.hbs",
  effect: firstAidEffect,
};
