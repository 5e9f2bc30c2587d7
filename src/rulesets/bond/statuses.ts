/**
 * Bond's token statuses for the wound levels no shared status names (DECISIONS D68): Light, Medium
 * and Heavy Wound. The kernel's wound events set and clear them (rules/wound-state.ts WOUND_MARKS),
 * so an Apply records them and its Undo reverses them like stunned. The token HUD offers them on
 * Bond characters only (a hand toggle marks the token; the sheet's Wound Level rules the rules).
 */
import { statusEffectId } from "../../engine/events.js";
import { WOUND_MARKS } from "./rules/index.js";

/** Foundry's own icons (public/icons/svg), none another status on a Bond token uses; worse looks worse. */
const ICONS = { LW: "icons/svg/downgrade.svg", MW: "icons/svg/degen.svg", HW: "icons/svg/blood.svg" } as const;

export interface WoundStatus {
  id: string;
  name: string;
  img: string;
  hud: { actorTypes: string[] };
}

export function woundStatuses(): WoundStatus[] {
  return (["LW", "MW", "HW"] as const).map((level) => ({
    id: statusEffectId(WOUND_MARKS[level]),
    // The sheet's own names for the levels ("Light Wound"), localised by Foundry's token HUD.
    name: `FRACAS.Bond.Wound.${level}`,
    img: ICONS[level],
    hud: { actorTypes: ["bondCharacter"] },
  }));
}
