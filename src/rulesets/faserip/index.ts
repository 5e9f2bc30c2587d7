/** The faserip ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { JsonObject, RulesetDescriptor } from "../../foundry/registry.js";
import { rulesetOption } from "../../foundry/settings.js";
import { postCard } from "../../foundry/chat/cards.js";
import { tables, resolveAttack } from "./rules/index.js";
import { FaseripHeroData } from "./data/hero.js";
import { FaseripPowerData, FaseripTalentData, FaseripWeaponData } from "./data/items.js";
import { FaseripHeroSheet } from "./sheets/hero-sheet.js";
import { FaseripItemSheet } from "./sheets/item-sheet.js";
import { faseripCombat, isInitiativeMode } from "./combat.js";
import { CARD_TEMPLATES, faseripCards } from "./cards/index.js";
import { faseripTables } from "./cards/tables.js";
import { currentEndurance, heroView } from "./data/state.js";
import { attackCardView } from "./sheets/attack-card-view.js";
import { faseripRoundStart } from "./cards/round-start.js";
import { PANEL_TEMPLATE, panelContext } from "./sheets/tracker-panel.js";
import { ENDURANCE_KARMA_TEMPLATE } from "./cards/endurance-karma.js";
import { registerFaseripHooks } from "./hooks.js";
import { faseripFightEnded } from "./after-fight.js";
import { registerKarmaLedger } from "./cards/karma.js";

// Status flags follow hand-toggled icons; GM-only card controls are disabled for players (hooks.ts).
if (typeof Hooks !== "undefined") Hooks.once("init", () => void registerFaseripHooks());
// Every Karma write runs where every writer queues: the active GM's client (core's actor ledger, cards/karma.ts).
registerKarmaLedger();

export const faserip: RulesetDescriptor = {
  id: "faserip",
  actorModels: { faseripHero: FaseripHeroData },
  itemModels: { faseripWeapon: FaseripWeaponData, faseripPower: FaseripPowerData, faseripTalent: FaseripTalentData },
  actorSheets: [{ types: ["faseripHero"], sheet: FaseripHeroSheet, label: "FRACAS.Faserip.Sheet.Hero" }],
  itemSheets: [{ types: ["faseripWeapon", "faseripPower", "faseripTalent"], sheet: FaseripItemSheet, label: "FRACAS.Faserip.Sheet.Item" }],
  // One type for heroes and villains: a hero by its side, or "auto" while a player owns it.
  isPlayerCharacter: ({ system, hasPlayerOwner }) => system.side === "heroes" || (system.side !== "villains" && hasPlayerOwner),
  // The GM's cover and a stun's remaining rounds end with the fight (after-fight.ts; the core writes them).
  fightEnded: faseripFightEnded,
  // New actors' and items' pictures, from Foundry's own icons (V13's bag otherwise).
  defaultArt: { faseripWeapon: "icons/svg/sword.svg", faseripPower: "icons/svg/lightning.svg", faseripTalent: "icons/svg/upgrade.svg" },
  trackable: { faseripHero: { bar: ["health"], value: ["karma.value", "armor", "status.stunnedRounds"] } },
  options: [
    {
      key: "initiative",
      type: "choice",
      default: "seed",
      choices: {
        seed: "FRACAS.Settings.faserip.initiative.Choices.seed",
        plain: "FRACAS.Settings.faserip.initiative.Choices.plain",
        advanced: "FRACAS.Settings.faserip.initiative.Choices.advanced",
      },
    },
    // A player's attack waits for their side's turn in a started fight (side-turn.ts); off: any time.
    { key: "sideTurn", type: "boolean", default: true },
    // When a side begins to act, the other side's players are asked to dodge first (cards/dodge-prompt.ts).
    { key: "dodgePrompt", type: "boolean", default: true },
  ],
  tables,
  combat: faseripCombat({
    mode: () => {
      const v = rulesetOption("faserip", "initiative", "seed");
      return isInitiativeMode(v) ? v : "seed";
    },
    tables: () => {
      const t = faseripTables();
      return { ranks: t.ranks, initiative: t.initiative };
    },
  }),
  cards: faseripCards,
  onRoundStart: faseripRoundStart,
  trackerPanel: { template: PANEL_TEMPLATE, context: panelContext },
  templates: ["faserip/hero-sheet.hbs", "faserip/item-sheet.hbs", "faserip/feat-dialog.hbs", "faserip/tracker-panel.hbs", ENDURANCE_KARMA_TEMPLATE, ...Object.values(CARD_TEMPLATES)],
  sample: {
    source: {
      name: "Fracas sample: Brawler",
      type: "faseripHero",
      system: { abilities: { fighting: 20, agility: 10, strength: 30, endurance: 20, reason: 6, intuition: 10, psyche: 6 } },
    },
    target: {
      name: "Fracas sample: Thug",
      type: "faseripHero",
      system: { abilities: { fighting: 10, agility: 6, strength: 10, endurance: 10, reason: 4, intuition: 6, psyche: 4 }, armor: 4, health: { value: 32, max: 32 } },
    },
    async roll(source, target) {
      const roll = new Roll("1d100");
      await roll.evaluate();
      const s = heroView(source.system);
      const d = heroView(target.system);
      const attack = resolveAttack(
        {
          action: "slugfest",
          abilityRank: s.abilities.fighting,
          roll: roll.total ?? 1,
          attacker: { strength: s.abilities.strength, endurance: s.abilities.endurance },
          defender: { endurance: currentEndurance(d), armor: d.armor },
        },
        faseripTables(),
      );
      // A landed blow so the sample always has something to apply.
      const landed = attack.landed ? attack : { ...attack, landed: true, damage: Math.max(0, s.abilities.strength - d.armor), feat: { ...attack.feat, effect: "hit" as const } };
      const result = { action: "slugfest", attack: landed, actorName: source.name, targetName: target.name, targetUuid: target.uuid, targetTokenUuid: "", sourceTokenUuid: "", weaponName: "", zeroHealthPrompt: false };
      const message = await postCard({
        ruleset: "faserip",
        kind: "attack",
        source,
        result: result as unknown as JsonObject,
        rolls: [roll],
        targets: [{ uuid: target.uuid, name: target.name }],
        context: { view: attackCardView(result), hasTarget: true },
      });
      if (!message) throw new Error("Fracas: the faserip sample card was not posted");
      return message;
    },
  },
};
