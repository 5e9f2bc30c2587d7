/** Fracas entry point: wiring only — every piece it registers lives in src/foundry or a ruleset. */
import { DESCRIPTORS } from "./rulesets/index.js";
import { registerRuleset } from "./foundry/register.js";
import { registerCoreSettings, SYSTEM_ID } from "./foundry/settings.js";
import { followRulesetToggles } from "./foundry/dom/ruleset-option-rows.js";
import { followFocusWithTooltips } from "./foundry/dom/keyboard-tooltips.js";
import { RULESET_IDS } from "./rulesets/types.js";
import { registerStatusEffects } from "./foundry/statuses.js";
import { clearOwnStaleRequests, registerQueries } from "./foundry/queries.js";
import { onRenderChatMessageHTML } from "./foundry/chat/render.js";
import { runMigrations } from "./foundry/migrations.js";
import { electThisGmTab, gmTabElected } from "./foundry/gm-tab.js";
import { registerQuench } from "./foundry/quench.js";
import { FracasActor } from "./foundry/documents/actor.js";
import { FracasItem } from "./foundry/documents/item.js";
import { FracasCombat } from "./foundry/documents/combat.js";
import { FracasCombatant } from "./foundry/documents/combatant.js";
import { FracasChatMessage } from "./foundry/documents/chat-message.js";
import { FracasCombatData } from "./foundry/data/combat-data.js";
import { FracasCombatantData } from "./foundry/data/combatant-data.js";
import { FracasCardData } from "./foundry/data/card-data.js";
import { FracasCombatTracker } from "./foundry/tracker/tracker.js";
import { RulesTablesApp } from "./foundry/settings/rules-tables-app.js";
import { CORE_TEMPLATES } from "./foundry/templates.js";
import { installApi } from "./foundry/api.js";
import { registerCombatGuard } from "./foundry/documents/combat-guard.js";
import { registerFightEnd } from "./foundry/documents/fight-end.js";
import { registerFollowingDialogs } from "./foundry/sheets/following-dialogs.js";
import { registerFightSheets } from "./foundry/sheets/fight-sheets.js";
import { registerCardSeals } from "./foundry/chat/card-seals.js";
import { registerOnboarding } from "./foundry/onboarding/index.js";

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = FracasActor as never;
  CONFIG.Item.documentClass = FracasItem as never;
  CONFIG.Combat.documentClass = FracasCombat as never;
  CONFIG.Combatant.documentClass = FracasCombatant as never;
  CONFIG.ChatMessage.documentClass = FracasChatMessage as never;
  CONFIG.Combat.dataModels.base = FracasCombatData;
  (CONFIG.Combatant.dataModels as Record<string, unknown>).base = FracasCombatantData;
  (CONFIG.ChatMessage.dataModels as Record<string, unknown>).card = FracasCardData;
  CONFIG.ui.combat = FracasCombatTracker as never;

  // V13 registers no core Actor/Item sheet, so this is a guard, not a need: no core V1 sheet may
  // ever be offered for a Fracas type.
  const { Actors, Items } = foundry.documents.collections;
  Actors.unregisterSheet("core", foundry.appv1.sheets.ActorSheet as never);
  Items.unregisterSheet("core", foundry.appv1.sheets.ItemSheet as never);

  registerCoreSettings();
  game.settings.registerMenu("fracas", "rulesTables", {
    name: "FRACAS.Tables.Title",
    label: "FRACAS.Tables.Open",
    hint: "FRACAS.Tables.Hint",
    icon: "fa-solid fa-table",
    type: RulesTablesApp as never,
    restricted: true,
  });

  const templates = [...CORE_TEMPLATES];
  const extraStatuses = [];
  for (const d of DESCRIPTORS) {
    templates.push(...registerRuleset(d));
    extraStatuses.push(...(d.statuses ?? []));
  }
  registerStatusEffects(extraStatuses);
  registerQueries();
  installApi();
  Hooks.on("renderChatMessageHTML", (message, html) => onRenderChatMessageHTML(message as never, html as HTMLElement));
  Hooks.on("renderSettingsConfig", (_app, html) => followRulesetToggles(html as HTMLElement, RULESET_IDS, SYSTEM_ID));
  registerCombatGuard();
  registerFightEnd();
  registerFollowingDialogs();
  registerFightSheets();
  registerCardSeals();
  registerOnboarding();
  void foundry.applications.handlebars.loadTemplates(templates.map((p) => `systems/fracas/templates/${p}`));
});

// A GM open in two tabs of one browser: one tab does the active GM's work (gm-tab.ts).
Hooks.once("setup", electThisGmTab);

Hooks.once("ready", () => {
  // (No document in bare Node, where the typed fake runs this hook.)
  if (typeof document !== "undefined") followFocusWithTooltips(document, () => game.tooltip as never);
  void gmTabElected().then(() => runMigrations());
  clearOwnStaleRequests().catch((err: unknown) => console.error("Fracas | old requests could not be cleared", err));
});

registerQuench();
