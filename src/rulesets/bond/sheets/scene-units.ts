/**
 * A scene's grid units in metres. Bond's range bands are metres (RULES.md, the weapons' ranges), but
 * a scene measures in whatever units its grid says: V13 gives a new scene the system manifest's grid
 * (5 ft squares), and a GM may choose any other. A distance measured on the scene is converted with
 * this before it is compared with a band, so two tokens side by side (5 ft) are at Point-blank, not
 * at Close. Units this does not know (hexes, "squares", a blank field) give null: the distance
 * cannot be read as metres, so the attacker chooses the range, told why (D57).
 */

/** Metres in one of each unit V13 scenes commonly use, by the names and abbreviations a GM types. */
const METRES_PER: Record<string, number> = {
  m: 1,
  metre: 1,
  metres: 1,
  meter: 1,
  meters: 1,
  ft: 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  yd: 0.9144,
  yds: 0.9144,
  yard: 0.9144,
  yards: 0.9144,
  km: 1000,
  kilometre: 1000,
  kilometres: 1000,
  kilometer: 1000,
  kilometers: 1000,
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
};

/** Metres in one of the scene's units, or null when the unit is not one of these (or blank). */
export function metresPerUnit(units: string): number | null {
  // "ft.", " Feet ", "M": the same unit.
  const key = units.trim().toLowerCase().replace(/\.$/, "");
  return Object.hasOwn(METRES_PER, key) ? METRES_PER[key]! : null;
}

/** A distance measured on the scene, in metres; null when its units are not known. */
export function toMetres(distance: number, units: string): number | null {
  const per = metresPerUnit(units);
  return per === null || !Number.isFinite(distance) ? null : distance * per;
}

/** True when the scene already measures in metres (the dialog then shows one number, not two). */
export const isMetres = (units: string): boolean => metresPerUnit(units) === 1;
