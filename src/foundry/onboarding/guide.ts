/**
 * The "Fracas: Guide" compendium (src/packs/fracas-guide): one JournalEntry with a page for getting
 * started, one for running a fight and one per ruleset. The welcome message links its pages by
 * these ids; test/foundry/onboarding.test.ts checks that the pack holds every one of them.
 */
import type { RulesetId } from "../../rulesets/types.js";

/** The pack's collection id: the system's id and the pack's name. */
export const GUIDE_PACK = "fracas.fracas-guide";
export const GUIDE_ENTRY = "FracasGuide00001";
export const GUIDE_PAGES = {
  start: "FrcGuidePageStrt",
  fight: "FrcGuidePageFght",
  bond: "FrcGuidePageBond",
  radio: "FrcGuidePageRdio",
  zodiac: "FrcGuidePageZdac",
  faserip: "FrcGuidePageFsrp",
} as const satisfies Record<"start" | "fight" | RulesetId, string>;

export type GuidePage = keyof typeof GUIDE_PAGES;

/** The UUID of the guide's entry, or of one of its pages. */
export function guideUuid(page?: GuidePage): string {
  const entry = `Compendium.${GUIDE_PACK}.JournalEntry.${GUIDE_ENTRY}`;
  return page === undefined ? entry : `${entry}.JournalEntryPage.${GUIDE_PAGES[page]}`;
}
