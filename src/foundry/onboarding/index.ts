/**
 * Onboarding, wired from init (src/fracas.ts): the first-run question on ready (first-run.ts) and
 * the Compendium sidebar that shows only the world's rulesets (compendium-sidebar.ts).
 */
import { isRulesetEnabled } from "../settings.js";
import { hideDisabledRulesets, type DirectoryNode } from "./compendium-sidebar.js";
import { runFirstRun } from "./first-run.js";

export function registerOnboarding(): void {
  Hooks.on("renderCompendiumDirectory", (_app, element) => hideDisabledRulesets(element as unknown as DirectoryNode, isRulesetEnabled));
  Hooks.once("ready", () => {
    // A dialog needs a page: in bare Node (the typed fake, whose loadAdapter fires ready for every
    // test) there is none, and tests call runFirstRun themselves (test/foundry/onboarding.test.ts).
    if (typeof document === "undefined") return;
    runFirstRun().catch((err: unknown) => console.error("Fracas | the first-run question failed; it is asked again next load", err));
  });
}
