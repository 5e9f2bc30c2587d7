/**
 * The world setting "the five Areas" (`zodiac.areaNames`) is free text: a list that is not five
 * different names falls back to the seed's Areas for every new Agent. Before (session 6 audit) only
 * the browser console said so, when an Agent was next created; the GM who saved the list saw
 * nothing. Now the client that saved it warns at once, saying what is wrong and what new Agents get
 * instead. The list stays saved (the setting is the core's; the GM corrects it in Configure Settings).
 */
import { t } from "../../foundry/i18n.js";
import { rulesetOption } from "../../foundry/settings.js";
import { AREA_NAMES_DEFAULT, parseAreaNames } from "./data/areas.js";

const AREA_NAMES_SETTING = "fracas.zodiac.areaNames";

/** createSetting / updateSetting: on the writer's client, warns about a list new Agents will not use. Returns whether it warned. */
export function onAreaNamesSetting(setting: { key?: unknown } | null | undefined, userId: unknown): boolean {
  if (setting?.key !== AREA_NAMES_SETTING || userId !== game.user.id) return false;
  const parsed = parseAreaNames(rulesetOption("zodiac", "areaNames", AREA_NAMES_DEFAULT));
  if (parsed.ok) return false;
  ui.notifications?.warn(t("FRACAS.Zodiac.AreaNames.NotUsed", { problem: t(`FRACAS.Zodiac.AreaNames.${parsed.code}`, parsed.data), names: AREA_NAMES_DEFAULT }));
  return true;
}
