/**
 * What the sheet says after a Hospital press (D25, audit-s9 R1): a press that heals nothing is not
 * silent. Either the days were carried towards the next level (1 or 2 days, or a remainder), or the
 * stay had already healed its two levels; a press that healed the stay's last level says how many of
 * its days healed nothing. Nothing is said when the press healed as asked, or healed the wound away.
 * Also the GM's ending of a stay by hand (D67): the question before it loses carried days, and the
 * notice after.
 */
import { pluralKey } from "../../../foundry/i18n.js";
import { HOSPITAL_DAYS_PER_LEVEL, HOSPITAL_MAX_LEVELS, type HospitalChange, type HospitalStayEnd } from "../rules/index.js";

export interface HospitalNotice {
  level: "info" | "warn";
  key: string;
  data: Record<string, string | number>;
}

export function hospitalNotice(name: string, change: HospitalChange): HospitalNotice | null {
  if (change.state.level === "none") return null;
  const data = { name, days: change.unusedDays, max: HOSPITAL_MAX_LEVELS, per: HOSPITAL_DAYS_PER_LEVEL };
  if (change.levels === 0 && change.unusedDays > 0) return { level: "warn", key: "FRACAS.Bond.Heal.HospitalStayUsed", data };
  if (change.levels === 0) return { level: "info", key: pluralKey("FRACAS.Bond.Heal.HospitalDaysCarried", change.carriedDays), data: { ...data, days: change.carriedDays } };
  if (change.unusedDays > 0) return { level: "info", key: pluralKey("FRACAS.Bond.Heal.HospitalDaysUnused", change.unusedDays), data };
  return null;
}

/** What the sheet says once the GM has ended a stay (D67): that it is over, and the days lost if any. */
export function hospitalStayEndNotice(name: string, end: Pick<HospitalStayEnd, "lostDays">): HospitalNotice {
  const data = { name, days: end.lostDays, max: HOSPITAL_MAX_LEVELS, per: HOSPITAL_DAYS_PER_LEVEL };
  const key = end.lostDays > 0 ? pluralKey("FRACAS.Bond.Heal.EndedStayDaysLost", end.lostDays) : "FRACAS.Bond.Heal.EndedStay";
  return { level: "info", key, data };
}

/** The question asked before ending a stay that would lose carried days (D67); null when none would be lost. */
export function hospitalStayEndQuestion(name: string, carriedDays: number): { titleKey: string; bodyKey: string; data: HospitalNotice["data"] } | null {
  if (carriedDays <= 0) return null;
  const data = { name, days: carriedDays, per: HOSPITAL_DAYS_PER_LEVEL };
  return { titleKey: "FRACAS.Bond.Heal.EndStayConfirmTitle", bodyKey: pluralKey("FRACAS.Bond.Heal.EndStayConfirm", carriedDays), data };
}
