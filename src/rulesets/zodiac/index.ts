/** The zodiac ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { RulesetDescriptor } from "../../foundry/registry.js";
import { tables } from "./rules/index.js";
import { ZodiacAgentData, ZodiacCrowdData, ZodiacOtherAgentData, ZodiacWeaponData } from "./data/models.js";
import { ZodiacAgentSheet, ZodiacCrowdSheet, ZodiacOtherAgentSheet, ZodiacWeaponSheet } from "./sheets/sheets.js";
import { zodiacCombat } from "./combat.js";
import { commitEffect, duelEffect, fightEffect, killEffect, strikeEffect } from "./cards/effects.js";
import { registerDuelsQuery, revealAnywhere } from "./cards/duel-remote.js";
import { SETBACK_FOLLOW_UPS } from "./cards/setback-follow-up.js";
import { SAVE_FOLLOW_UPS } from "./cards/save-follow-up.js";
import { cancelFromCardHere, DUEL_CANCEL_FOLLOW_UPS } from "./cards/duel-cancel-card.js";
import { PANEL_ACTIONS, PANEL_TEMPLATE, panelContext } from "./combat-panel.js";
import { AREA_NAMES_DEFAULT } from "./data/areas.js";
import { DEFAULT_TOTAL_MODE } from "./rules/index.js";
import { sample } from "./sample.js";
import { onCommitCardPosted, onGmTabTakenOver } from "./cards/commits.js";
import { onMissCardPosted } from "./cards/auto-setback.js";
import { onHitCardPosted } from "./cards/auto-apply.js";
import { registerAutoReveal } from "./cards/auto-reveal.js";
import { remoteDuelsChanged } from "./cards/duel-list-cache.js";
import { registerCommitQuery } from "./cards/commit-query.js";
import { GM_TAB_TAKEN_OVER } from "../../foundry/gm-tab.js";
import { t } from "../../foundry/i18n.js";
import { registerOnce } from "../../foundry/hooks-once.js";
import { contentWithApplications, onCardUpdate } from "./cards/card-refresh.js";
import { onStatusEffectToggle } from "./sheets/status-sync.js";
import { onAreaNamesSetting } from "./area-names-check.js";
import { onReadyClearOldDuelAsks } from "./cards/old-duel-asks.js";
import { onCombatChange, onDuelCardChange, onSettingChange, onUserConnected, redrawOperationsSheets } from "./sheets/operations-refresh.js";

// The GM's client answers sealed duel commits, and other GMs' questions about the duels it holds
// (guarded and idempotent; CONFIG exists before systems load).
registerCommitQuery();
registerDuelsQuery();

/**
 * The active GM re-renders a kill or fight card after its applications change (cards/card-refresh.ts);
 * an Agent's state follows a status icon toggled by hand (sheets/status-sync.ts); the GM's open
 * sheets redraw their Operations section when the Setback pool or a fight's spends change
 * (sheets/operations-refresh.ts).
 * Registered on Foundry's "init", at most once per Hooks registry (core registerOnce: a second import adds nothing).
 */
export function registerZodiacHooks(): boolean {
  return registerOnce("zodiac", (hooks) => {
    hooks.on("updateChatMessage", (message, changed) => onCardUpdate(message as never, changed as object));
    // A non-holding GM's sheets follow the duels another GM's client holds (sheets/operations-refresh.ts).
    hooks.on("createChatMessage", (message) => onDuelCardChange(message as never));
    // A held commit is paid once its card is posted (cards/commits.ts, review s7c F3).
    hooks.on("createChatMessage", (message) => onCommitCardPosted(message as never));
    // A miss's Setback is taken as its card appears (cards/auto-setback.ts).
    hooks.on("createChatMessage", (message) => onMissCardPosted(message as never));
    // A hit's Wagers on Rank are applied as its card appears (cards/auto-apply.ts).
    hooks.on("createChatMessage", (message) => onHitCardPosted(message as never));
    // A duel is revealed once both its commits are paid, on the client holding them (cards/auto-reveal.ts).
    registerAutoReveal();
    hooks.on("updateChatMessage", (message) => onDuelCardChange(message as never));
    hooks.on("deleteChatMessage", (message) => onDuelCardChange(message as never));
    hooks.on("userConnected", (user) => onUserConnected(user as never));
    hooks.on("createActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, true, userId as string));
    hooks.on("deleteActiveEffect", (effect, _options, userId) => onStatusEffectToggle(effect as never, false, userId as string));
    hooks.on("createSetting", (setting) => onSettingChange(setting as never));
    hooks.on("updateSetting", (setting) => onSettingChange(setting as never));
    // A list of Area names new Agents cannot use is said to the GM who saved it (area-names-check.ts).
    hooks.on("createSetting", (setting, _options, userId) => void onAreaNamesSetting(setting as never, userId));
    hooks.on("updateSetting", (setting, _changed, _options, userId) => void onAreaNamesSetting(setting as never, userId));
    hooks.on("updateCombat", (combat, changed) => onCombatChange(combat as never, changed as object));
    hooks.on("deleteCombat", () => void redrawOperationsSheets());
    // A tab taking over the GM's work reads the sealed commits again (cards/commits.ts, review s7 B2).
    // A tab that takes over re-reads its commits, and asks the other GMs afresh (its cached lists
    // were answered by the tab that closed, under this same GM's name: review-s7c F1).
    (hooks.on as (hook: string, fn: () => void) => number)(GM_TAB_TAKEN_OVER, () => {
      onGmTabTakenOver();
      remoteDuelsChanged();
    });
    // The active GM removes the User flags an earlier build's duel asks left (cards/old-duel-asks.ts).
    hooks.once("ready", () => onReadyClearOldDuelAsks());
  });
}
if (typeof Hooks !== "undefined") Hooks.once("init", () => void registerZodiacHooks());

export const ZODIAC_TEMPLATES = [
  "zodiac/cards/_dice.hbs",
  "zodiac/cards/_setback.hbs",
  "zodiac/cards/_save.hbs",
  "zodiac/cards/_pool.hbs",
  "zodiac/_operations.hbs",
  "zodiac/_weapons.hbs",
  "zodiac/cards/kill.hbs",
  "zodiac/cards/strike.hbs",
  "zodiac/cards/duel.hbs",
  "zodiac/cards/fight.hbs",
  "zodiac/cards/commit.hbs",
  "zodiac/tracker-panel.hbs",
];

export const zodiac: RulesetDescriptor = {
  id: "zodiac",
  actorModels: { zodiacAgent: ZodiacAgentData, zodiacOtherAgent: ZodiacOtherAgentData, zodiacCrowd: ZodiacCrowdData },
  itemModels: { zodiacWeapon: ZodiacWeaponData },
  actorSheets: [
    { types: ["zodiacAgent"], sheet: ZodiacAgentSheet, label: "FRACAS.Zodiac.Sheet.Agent" },
    { types: ["zodiacOtherAgent"], sheet: ZodiacOtherAgentSheet, label: "FRACAS.Zodiac.Sheet.OtherAgent" },
    { types: ["zodiacCrowd"], sheet: ZodiacCrowdSheet, label: "FRACAS.Zodiac.Sheet.Crowd" },
  ],
  itemSheets: [{ types: ["zodiacWeapon"], sheet: ZodiacWeaponSheet, label: "FRACAS.Zodiac.Sheet.Weapon" }],
  isPlayerCharacter: ({ type }) => type === "zodiacAgent",
  // New actors' and items' pictures, from Foundry's own icons (V13's mystery man and bag otherwise).
  defaultArt: { zodiacWeapon: "icons/svg/sword.svg", zodiacCrowd: "icons/svg/village.svg" },
  trackable: {
    zodiacAgent: { bar: ["agentPoints"], value: ["health.wagersAgainst"] },
    // The first bar is a new token's bar1 (core defaultBar): Wagers still needed out of Rank, and
    // Everyone Else still standing out of the crowd's whole (derived, data/models.ts; review s10 G5).
    zodiacOtherAgent: { bar: ["wagersLeft"], value: ["wagersAgainst", "rank", "remaining"] },
    zodiacCrowd: { bar: ["stillStanding"], value: ["standing", "captured", "killed"] },
  },
  options: [
    {
      key: "totalMode",
      type: "choice",
      default: DEFAULT_TOTAL_MODE,
      choices: { keepArea: "FRACAS.Zodiac.TotalMode.keepArea", sumWithoutOnes: "FRACAS.Zodiac.TotalMode.sumWithoutOnes" },
    },
    // The five Areas' names new Agents take (data/areas.ts validates; a bad list falls back with a warning).
    { key: "areaNames", type: "string", default: AREA_NAMES_DEFAULT },
    // A miss's Setback into Operations' pool as its card appears (cards/auto-setback.ts, RZ4).
    { key: "autoSetback", type: "boolean", default: true },
    // A hit's Wagers on Rank applied as its card appears (cards/auto-apply.ts, audit s14 F2).
    { key: "autoApplyHits", type: "boolean", default: true },
    // A duel revealed once both sides have committed (cards/auto-reveal.ts).
    { key: "autoReveal", type: "boolean", default: true },
  ],
  tables,
  combat: zodiacCombat,
  cards: {
    // A miss's Setback: from the card by the GM (with or without a crowd target), exactly once;
    // on a hit, Operations may save Everyone Else with Setback before the Apply (save-follow-up.ts).
    kill: { template: "zodiac/cards/kill.hbs", effect: killEffect, cardUpdate: contentWithApplications, gmFollowUps: { ...SETBACK_FOLLOW_UPS, ...SAVE_FOLLOW_UPS } },
    // A missed strike's Setback from the card too, as a kill's and a fight's (or with the Apply of the miss).
    strike: { template: "zodiac/cards/strike.hbs", effect: strikeEffect, cardUpdate: contentWithApplications, gmFollowUps: SETBACK_FOLLOW_UPS },
    duel: { template: "zodiac/cards/duel.hbs", effect: duelEffect, cardUpdate: contentWithApplications, gmFollowUps: SETBACK_FOLLOW_UPS },
    fight: {
      template: "zodiac/cards/fight.hbs",
      effect: fightEffect,
      cardUpdate: contentWithApplications,
      gmFollowUps: SETBACK_FOLLOW_UPS,
    },
    duelCommit: {
      template: "zodiac/cards/commit.hbs",
      effect: commitEffect,
      followUps: {
        reveal: async ({ result }) => {
          // A cancelled duel's card no longer offers Reveal; a stale rendering of it is refused.
          if (result.cancelled === true) ui.notifications?.warn(t("FRACAS.Zodiac.Duel.NotPending"));
          // Revealed where its commits are held: this client, or another GM's asked (duel-remote.ts).
          else await revealAnywhere(String(result.duelKey ?? ""));
        },
        // A duel one side committed to and the other never will (duel-cancel.ts): GM only, run on
        // the clicking GM's client, which asks every GM holding a side (duel-cancel-card.ts).
        cancel: ({ message, result }) => cancelFromCardHere(message, result),
      },
      // The Cancel of cards posted before it became a plain follow-up (their stored HTML).
      gmFollowUps: DUEL_CANCEL_FOLLOW_UPS,
    },
  },
  // After the steps: the Setback ledger is long and grows a line with every spend (UX s5b #1).
  trackerPanel: { template: PANEL_TEMPLATE, context: panelContext, actions: PANEL_ACTIONS, position: "after" },
  templates: ZODIAC_TEMPLATES,
  sample,
};
