/**
 * The picture a new actor or item of each Fracas type starts with (V13's getDefaultArtwork: the
 * mystery man and the bag otherwise), from Foundry's own icons (public/icons/svg), so a GM-made
 * Bond skill does not wear the same bag as a weapon, and matches the compendium items beside it.
 * A type not listed keeps Foundry's.
 */
export const DEFAULT_ART: Readonly<Record<string, string>> = {
  bondWeapon: "icons/svg/sword.svg",
  bondSkill: "icons/svg/book.svg",
  radioWeapon: "icons/svg/sword.svg",
  radioGadget: "icons/svg/clockwork.svg",
  zodiacWeapon: "icons/svg/sword.svg",
  faseripWeapon: "icons/svg/sword.svg",
  faseripPower: "icons/svg/lightning.svg",
  faseripTalent: "icons/svg/upgrade.svg",
  radioHenchmen: "icons/svg/mystery-man-black.svg",
  zodiacCrowd: "icons/svg/village.svg",
};
