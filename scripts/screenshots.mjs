// Copies the README's screenshots (taken by the browser tests into test-results/screenshots/) to
// docs/screenshots/. Run after `npm test`: `node scripts/screenshots.mjs`.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";

export const README_SHOTS = {
  "bond-sheet": "bond__sheets__character--pc-wounded--light.png",
  "bond-dialog": "bond__dialogs__attack--fire-from-tokens--light.png",
  "bond-card": "bond__cards__attack--npc-hit-on-pc--light.png",
  "bond-tracker": "tracker__plan--bond-round--light.png",
  "radio-sheet": "radio__hero-sheet--full--light.png",
  "radio-card": "radio__cards__damage--limb--light.png",
  "radio-tracker": "tracker__plan--radio-round--light.png",
  "zodiac-sheet": "zodiac__agent-sheet--mike--light.png",
  "zodiac-card": "zodiac__cards__duel--mike-vs-jeremy--light.png",
  "zodiac-tracker": "tracker__plan--zodiac-round--light.png",
  "faserip-sheet": "faserip__hero-sheet--full--light.png",
  "faserip-card": "faserip__cards__attack--slam-applies--light.png",
  "faserip-tracker": "tracker__plan--faserip-round--light.png",
  "rules-tables": "settings__rules-tables--all-rulesets--light.png",
};

const from = new URL("../test-results/screenshots/", import.meta.url);
const to = new URL("../docs/screenshots/", import.meta.url);
mkdirSync(to, { recursive: true });
const missing = [];
for (const [name, file] of Object.entries(README_SHOTS)) {
  if (existsSync(new URL(file, from))) copyFileSync(new URL(file, from), new URL(`${name}.png`, to));
  else missing.push(file);
}
if (missing.length) {
  console.error(`not found (run npm test first): ${missing.join(", ")}`);
  process.exitCode = 1;
} else console.log(`copied ${Object.keys(README_SHOTS).length} screenshots to docs/screenshots/`);
