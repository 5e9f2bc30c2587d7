// Shared sample data for the faserip template fixtures (built with the real kernel and views).
import * as ledger from "../../../../src/engine/ledger.js";
import { health, karma } from "../../../../src/rulesets/faserip/rules/index.js";

export const captainAbilities = { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 };

export function heroSystem(abilities = captainAbilities, extra: Record<string, unknown> = {}) {
  const max = health(abilities);
  const pool = ledger.change(ledger.createPool(karma(abilities)), { id: "k1", delta: -5, reason: "Karma spent", by: "u", at: 1 });
  return {
    abilities,
    armor: 20,
    health: { value: max - 25, max },
    karma: { pool, value: pool.value },
    status: { endurance: "", stunnedRounds: 0, unconscious: false, dying: false, dead: false, prone: false, restrained: false, stabilised: false },
    side: "auto",
    notes: "",
    ...extra,
  };
}

// A side-initiative round built with the real combat mapping and a scripted die: Heroes (Captain
// Resolute, Intuition 30) against Villains (Doctor Malevolent, Intuition 20). Seed mode: heroes
// 9 + 30 = 39, villains 2 + 20 = 22. Pass other faces (and a mode) for ties or another mode.
import { faseripCombat } from "../../../../src/rulesets/faserip/combat.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";
import type { InitiativeMode } from "../../../../src/rulesets/faserip/rules/index.js";

const member = (id: string, name: string, isPC: boolean, intuition: number, declaration = ""): CombatantInfo => ({
  defeated: false,
  statuses: [],  id,
  name,
  actorType: "faseripHero",
  system: heroSystem({ ...captainAbilities, intuition }, { side: isPC ? "heroes" : "villains" }) as unknown as JsonObject,
  isPC,
  declaration,
  initiative: null,
  memory: {},
});

/** `unconscious`: ids of the combatants down (unconscious at 0 Health) when the round starts. */
export function faseripRoundSample(faces: number[] = [9, 2], mode: InitiativeMode = "seed", declarations: Record<string, string> = {}, unconscious: string[] = []) {
  const queue = [...faces];
  const die = (sides: number) => {
    const f = queue.shift();
    if (f === undefined || f < 1 || f > sides) throw new Error(`fixture: no d${sides} face scripted`);
    return f;
  };
  const mapping = faseripCombat({ mode: () => mode, tables: () => ({}) });
  const combatants = [
    member("captain", "Captain Resolute", true, 30, declarations["captain"]),
    member("bruiser", "Bruiser", true, 6, declarations["bruiser"]),
    member("rampage", "Rampage", false, 6, declarations["rampage"]),
    member("malevolent", "Doctor Malevolent, Master of the Seventh Dimension", false, 20, declarations["malevolent"]),
  ].map((c) => (unconscious.includes(c.id) ? { ...c, statuses: ["fracas-unconscious"] } : c));
  const start = mapping.startRound({ round: 3, combatants, combatMemory: {}, die });
  const withStart = combatants.map((c) => ({ ...c, initiative: start.initiative[c.id] ?? null, memory: { ...c.memory, ...(start.memory[c.id] ?? {}) } }));
  const plan = mapping.plan({ round: 3, combatants: withStart, combatMemory: start.combatMemory, die });
  return { mapping, combatants: withStart, start, plan };
}

// The FEAT dialog of Captain Resolute (pool 55, no weapon) as the feat-dialog fixtures build it: by
// default a Slugfest at Rampage; `extra` is the rest of the view's input (another form, other
// targets, a refusal), `frame` the window's height (640 by default) and themes.
import { featDialogView, type FeatDialogInput } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { coverChoiceList } from "../../../../src/rulesets/faserip/sheets/cover-choice.js";

/** A form at `ability` and `action` with nothing else set (the fixtures' starting point). */
export const featForm = (ability: FeatDialogInput["form"]["ability"], action: FeatDialogInput["form"]["action"], extra: Partial<FeatDialogInput["form"]> = {}): FeatDialogInput["form"] => ({
  ability,
  action,
  weaponId: "",
  dodge: 0,
  cover: 0,
  multipleTargets: 0,
  other: 0,
  karma: 0,
  ...extra,
});

export function captainFeatDialog(description: string, extra: Partial<FeatDialogInput>, frame: { height?: number; themes?: ("light" | "dark")[] } = {}) {
  return {
    description,
    width: 420,
    height: frame.height ?? 640,
    classes: "faserip faserip-feat-dialog",
    ...(frame.themes ? { themes: frame.themes } : {}),
    context: {
      view: featDialogView({
        actorName: "Captain Resolute",
        abilities: captainAbilities,
        karmaPool: 55,
        weapons: [],
        targets: [{ name: "Rampage", dodgeColor: null, dodgeShift: null }],
        form: featForm("fighting", "slugfest"),
        ...extra,
      }),
      coverChoices: coverChoiceList(),
    },
  };
}
