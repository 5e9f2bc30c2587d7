/**
 * The first-run question's form (templates/onboarding/choose-rulesets.hbs): one checkbox per
 * ruleset, ticked as the world's `enabled.*` settings are now, and what the GM ticked. Pure: the
 * template fixtures build their context with it.
 */
import { RULESET_IDS, type RulesetId } from "../../rulesets/types.js";

export const CHOOSE_RULESETS_TEMPLATE = "onboarding/choose-rulesets.hbs";

export interface RulesetChoiceView {
  rulesets: { id: RulesetId; field: string; name: string; checked: boolean }[];
}

/** The form's checkbox name for a ruleset. */
export const fieldOf = (id: RulesetId): string => `ruleset-${id}`;

export function rulesetChoiceView(enabled: (id: RulesetId) => boolean): RulesetChoiceView {
  return { rulesets: RULESET_IDS.map((id) => ({ id, field: fieldOf(id), name: `FRACAS.Ruleset.${id}`, checked: enabled(id) })) };
}

/** The part of a form read here: its controls by name (HTMLFormElement#elements). */
export interface ChoiceForm {
  elements: { namedItem(name: string): unknown };
}

/** The rulesets ticked in the dialog's form, in RULESET_IDS order. */
export function chosenRulesets(form: ChoiceForm | null | undefined): RulesetId[] {
  if (!form) return [];
  return RULESET_IDS.filter((id) => (form.elements.namedItem(fieldOf(id)) as { checked?: unknown } | null)?.checked === true);
}
