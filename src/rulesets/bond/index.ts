/** The bond ruleset descriptor: its types, models, sheets, tables, combat mapping and cards. */
import type { RulesetDescriptor } from "../../foundry/registry.js";
import { tables } from "./rules/index.js";
import { BondCharacterData } from "./data/character.js";
import { BondSkillData } from "./data/skill.js";
import { BondWeaponData } from "./data/weapon.js";
import { BondCharacterSheet } from "./sheets/character-sheet.js";
import { BondSkillSheet, BondWeaponSheet } from "./sheets/item-sheets.js";
import { bondCombat } from "./combat.js";
import { attackCard } from "./cards/attack.js";
import { recoveryCard } from "./cards/recovery.js";
import { drawCard } from "./cards/draw.js";
import { firstAidCard } from "./cards/first-aid.js";
import { taskCard } from "./cards/task.js";
import { bondRoundStart, recoveryPromptCard } from "./cards/round-start.js";
import { knockoutPromptCard } from "./cards/knockout-prompt.js";
import { sample } from "./sample.js";
import { registerHeroPointLedger } from "./cards/hero-point-ledger.js";
import { bondFightEnded } from "./after-fight.js";
import { woundStatuses } from "./statuses.js";

// The active GM's client writes every Hero Points change, the sheet's ± and the cards' spends, so
// all of a character's pool writes queue on one lock (core's actor ledger, cards/hero-point-ledger.ts).
registerHeroPointLedger();

// What ends with a fight (cover, a failed Stun's rounds) is after-fight.ts's `fightEnded`, which the
// core writes on the active GM's client; open attack dialogs follow their characters through the
// core's following dialogs (attack-dialog.ts `follow`).

export const bond: RulesetDescriptor = {
  id: "bond",
  actorModels: { bondCharacter: BondCharacterData },
  itemModels: { bondWeapon: BondWeaponData, bondSkill: BondSkillData },
  actorSheets: [{ types: ["bondCharacter"], sheet: BondCharacterSheet, label: "FRACAS.Bond.Sheet.Character" }],
  itemSheets: [
    { types: ["bondWeapon"], sheet: BondWeaponSheet, label: "FRACAS.Bond.Sheet.Weapon" },
    { types: ["bondSkill"], sheet: BondSkillSheet, label: "FRACAS.Bond.Sheet.Skill" },
  ],
  // A character is a player's unless the GM ticks its NPC box (which only the GM may write).
  isPlayerCharacter: ({ system }) => system.npc !== true,
  fightEnded: bondFightEnded,
  // New actors' and items' pictures, from Foundry's own icons (V13's bag otherwise).
  defaultArt: { bondWeapon: "icons/svg/sword.svg", bondSkill: "icons/svg/book.svg" },
  trackable: { bondCharacter: { bar: [], value: ["woundIndex", "fame", "heroPointsValue", "speed"] } },
  // The wound levels on the token (D68): fracas-bond-lw, -mw, -hw, set and cleared by the wound events.
  statuses: woundStatuses(),
  options: [
    { key: "heroPoints", type: "choice", default: "target", choices: { target: "FRACAS.Settings.bond.heroPoints.target", anyPlayerCharacter: "FRACAS.Settings.bond.heroPoints.anyPlayerCharacter" } },
    { key: "specificBlowWounds", type: "boolean", default: false },
    { key: "woundPenaltyApplies", type: "boolean", default: false },
  ],
  tables,
  combat: bondCombat,
  cards: { attack: attackCard, recovery: recoveryCard, draw: drawCard, recoveryPrompt: recoveryPromptCard, knockoutPrompt: knockoutPromptCard, firstAid: firstAidCard, task: taskCard },
  onRoundStart: bondRoundStart,
  templates: [
    "bond/sheets/character.hbs",
    "bond/sheets/weapon.hbs",
    "bond/sheets/skill.hbs",
    "bond/dialogs/attack.hbs",
    "bond/dialogs/first-aid.hbs",
    "bond/dialogs/task.hbs",
    "bond/cards/attack.hbs",
    "bond/cards/recovery.hbs",
    "bond/cards/draw.hbs",
    "bond/cards/recovery-prompt.hbs",
    "bond/cards/knockout-prompt.hbs",
    "bond/cards/first-aid.hbs",
    "bond/cards/task.hbs",
  ],
  sample,
};
