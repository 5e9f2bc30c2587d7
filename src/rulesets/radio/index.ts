/** The radio ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { JsonObject, RulesetDescriptor } from "../../foundry/registry.js";
import { registerOnce } from "../../foundry/hooks-once.js";
import { tables } from "./rules/index.js";
import { RadioHeroData } from "./data/hero.js";
import { RadioOpponentData } from "./data/opponent.js";
import { RadioHenchmenData } from "./data/henchmen.js";
import { RadioGadgetData, RadioWeaponData } from "./data/items.js";
import { RadioHenchmenSheet, RadioHeroSheet, RadioOpponentSheet } from "./sheets/actor-sheets.js";
import { RadioItemSheet } from "./sheets/item-sheet.js";
import { radioCombat } from "./combat.js";
import { radioCards } from "./cards/kinds.js";
import { radioOptions, radioTables } from "./cards/runtime.js";
import { rollAttack, rollDamage } from "./cards/flow.js";
import { initialState } from "./sheets/attack-view.js";
import type { Sys } from "./data/state.js";
import { GROUPS_PANEL_TEMPLATE, groupsPanelContext } from "./combat-groups.js";
import { changeGroup } from "./group-change.js";
import { toggleGroupsHint } from "./groups-hint.js";
import { offerEscapes, onCombatUpdate } from "./cards/round.js";
import { onActorUpdate, queueCombatEndCheck } from "./cards/combat-end.js";
import { onLeaderChange } from "./cards/leader-fall.js";
import { isMigrationUpdate } from "../../foundry/migration-option.js";
import { radioFightEnded } from "./after-fight.js";
import { registerTokenLedger } from "./cards/token-writes.js";

// The active GM's client writes every token change a player (or another GM) asks for, so all of an
// actor's token writes queue on one lock (core's actor ledger, cards/token-writes.ts).
registerTokenLedger();

/**
 * A dying hero's final heroic action is due in their next action phase, which is a step of the
 * plan, not a round start: the core sets combat.system.step, so the prompt follows updateCombat
 * (and so do open attack dialogs: whose step it is).
 * Damage, flee and escape cards are applied by the core through pure effects that cannot act, so
 * "one side has no one left opposing" is checked after the write (updateActor); so is a leader's
 * fall by any other way than a damage card (updateActor and the status effects' create/delete).
 * An NPC group's declaration is its members' (group-declaration.ts), written on updateCombat too.
 * These handlers act only on the active GM's client.
 *
 * Registered on Foundry's "init" (not as an import side effect), at most once per Hooks registry:
 * a second import of this module (tests, hot reload) does not add a second pair of handlers.
 */
export function registerRadioHooks(): boolean {
  return registerOnce("radio", (hooks) => {
    // (The fighters' open sheets follow the fight through the core: sheets/fight-sheets.ts.)
    hooks.on("updateCombat", (combat, changed) => onCombatUpdate(combat as never, changed as object));
    hooks.on("updateActor", (actor, changed, options) => {
      // A migration reshapes stored data: no one fell, no side emptied (migration-option.ts).
      if (isMigrationUpdate(options)) return;
      onActorUpdate(actor as never);
      onLeaderChange(actor, changed as object);
    });
    // A leader felled by the GM's status (or the tracker's defeated mark) still brings the flee checks.
    hooks.on("createActiveEffect", (effect) => onLeaderChange((effect as { parent?: unknown }).parent));
    hooks.on("deleteActiveEffect", (effect) => onLeaderChange((effect as { parent?: unknown }).parent));
  });
}
if (typeof Hooks !== "undefined") Hooks.once("init", () => void registerRadioHooks());

export const RADIO_TEMPLATES = [
  GROUPS_PANEL_TEMPLATE,
  "radio/hero-sheet.hbs",
  "radio/opponent-sheet.hbs",
  "radio/henchmen-sheet.hbs",
  "radio/item-sheet.hbs",
  "radio/attack-dialog.hbs",
  "radio/attack-odds.hbs",
  "radio/_wounds.hbs",
  "radio/_items.hbs",
  "radio/_tokens.hbs",
  "radio/_name.hbs",
  "radio/_leader.hbs",
  "radio/_defence.hbs",
  "radio/cards/attack.hbs",
  "radio/cards/damage.hbs",
  "radio/cards/flee.hbs",
  "radio/cards/escape.hbs",
  "radio/cards/final.hbs",
  "radio/cards/escape-offer.hbs",
  "radio/cards/combat-end.hbs",
  "radio/cards/leader-down.hbs",
];

export const radio: RulesetDescriptor = {
  id: "radio",
  actorModels: { radioHero: RadioHeroData, radioOpponent: RadioOpponentData, radioHenchmen: RadioHenchmenData },
  itemModels: { radioWeapon: RadioWeaponData, radioGadget: RadioGadgetData },
  actorSheets: [
    { types: ["radioHero"], sheet: RadioHeroSheet, label: "FRACAS.Radio.Sheet.Hero" },
    { types: ["radioOpponent"], sheet: RadioOpponentSheet, label: "FRACAS.Radio.Sheet.Opponent" },
    { types: ["radioHenchmen"], sheet: RadioHenchmenSheet, label: "FRACAS.Radio.Sheet.Henchmen" },
  ],
  itemSheets: [{ types: ["radioWeapon", "radioGadget"], sheet: RadioItemSheet, label: "FRACAS.Radio.Sheet.Item" }],
  isPlayerCharacter: ({ type }) => type === "radioHero",
  // New actors' and items' pictures, from Foundry's own icons (V13's mystery man and bag otherwise).
  defaultArt: { radioWeapon: "icons/svg/sword.svg", radioGadget: "icons/svg/clockwork.svg", radioHenchmen: "icons/svg/mystery-man-black.svg" },
  trackable: {
    radioHero: { bar: ["wounds"], value: ["tokenCount", "piercingWounds"] },
    radioOpponent: { bar: ["wounds"], value: ["tokenCount"] },
    // The group's wound pool (derived: data/henchmen.ts), first so it is a new group's bar1 (core defaultBar).
    radioHenchmen: { bar: ["woundPool"], value: ["count", "pool"] },
  },
  options: [
    { key: "spellBonus", type: "boolean", default: false },
    { key: "headShotsKill", type: "boolean", default: true },
  ],
  tables,
  combat: radioCombat(() => ({ spellBonus: radioOptions().spellBonus })),
  cards: radioCards,
  // After a round of defensive action, each defensive combatant's owners are offered the escape check;
  // and the GM is told if one side has no one left opposing.
  async onRoundStart(combat, round) {
    await offerEscapes(combat, round);
    await queueCombatEndCheck(combat, round);
  },
  // A begun fight's end: an escape or a flight from it is over; a dying hero's owed action is recalled.
  fightEnded: radioFightEnded,
  trackerPanel: { template: `systems/fracas/templates/${GROUPS_PANEL_TEMPLATE}`, context: groupsPanelContext, actions: { changeGroup, toggleGroupsHint } },
  templates: RADIO_TEMPLATES,
  sample: {
    // A hero whose melee bonus makes every test hit, so the batch always reaches the damage card.
    source: { name: "Jake (sample)", type: "radioHero", system: { skills: { melee: 50, ranged: 0, brawl: 50 } } },
    target: { name: "Falzetti's lieutenant (sample)", type: "radioOpponent", system: { kind: "minion", tier: "standard", wounds: { value: 6, max: 6 } } },
    async roll(source, target) {
      const setup = {
        attacker: { name: source.name, type: source.type, system: source.system as unknown as Sys },
        weapons: [],
        targets: [{ uuid: target.uuid, name: target.name, type: target.type, system: target.system as unknown as Sys, defensive: false }],
        phase: null,
        declared: null,
        options: radioOptions(),
        tables: radioTables(),
      };
      const attack = await rollAttack(source, setup, initialState(setup));
      if (!attack) throw new Error("Fracas | radio sample: no attack card");
      const damage = await rollDamage(attack, (attack.system as unknown as { result: JsonObject }).result);
      if (!damage) throw new Error("Fracas | radio sample: no damage card");
      return damage;
    },
  },
};
