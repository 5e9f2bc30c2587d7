/** The faserip tables in force (the GM's override or the shipped one), for every kernel call. */
import { activeTable } from "../../../foundry/tables.js";
import {
  battleEffectsTable,
  coverShiftsTable,
  dodgeShiftsTable,
  initiativeModifiersTable,
  rankNumbersTable,
  slamStunTable,
  universalTable,
} from "../rules/index.js";

export function faseripTables() {
  return {
    universal: activeTable(universalTable),
    battleEffects: activeTable(battleEffectsTable),
    dodgeShifts: activeTable(dodgeShiftsTable),
    ranks: activeTable(rankNumbersTable),
    slamStun: activeTable(slamStunTable),
    initiative: activeTable(initiativeModifiersTable),
    cover: activeTable(coverShiftsTable),
  };
}
