// GM review s10 G1 and G9: a world's first run (the rulesets question, the welcome linking the
// Fracas: Guide, marked done only once answered) and the Compendium sidebar showing only the
// world's rulesets.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";
import { chosenRulesets, rulesetChoiceView } from "../../src/foundry/onboarding/ruleset-choice.js";
import { GUIDE_ENTRY, GUIDE_PAGES, guideUuid } from "../../src/foundry/onboarding/guide.js";
import type { DirectoryNode } from "../../src/foundry/onboarding/compendium-sidebar.js";
import { DialogV2 } from "./fake/apps.js";

// The modules that read settings, as the freshly loaded adapter has them (imported after loadAdapter:
// settings.ts reaches Foundry globals when imported).
type FirstRun = typeof import("../../src/foundry/onboarding/first-run.js");
type Sidebar = typeof import("../../src/foundry/onboarding/compendium-sidebar.js");
let runFirstRun: FirstRun["runFirstRun"];
let hideDisabledRulesets: Sidebar["hideDisabledRulesets"];
let rulesetOfPack: Sidebar["rulesetOfPack"];

type Asked = { kind: string; content?: string; buttons?: { action: string }[] };
const asked = () => DialogV2.asked as unknown as Asked[];
const enabled = (world: FakeWorld) => Object.fromEntries(["bond", "radio", "zodiac", "faserip"].map((id) => [id, world.settings.get("fracas", `enabled.${id}`)]));
const guide = JSON.parse(readFileSync(new URL("../../src/packs/fracas-guide/fracas-guide.json", import.meta.url), "utf8")) as { _id: string; pages: { _id: string; name: string }[] };

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  await loadAdapter();
  ({ runFirstRun } = await import("../../src/foundry/onboarding/first-run.js"));
  ({ hideDisabledRulesets, rulesetOfPack } = await import("../../src/foundry/onboarding/compendium-sidebar.js"));
});

describe("the first run (G1)", () => {
  it("loading the adapter in bare Node asks nothing (no page): existing tests and a world with no UI are left alone", () => {
    expect(asked()).toEqual([]);
    expect(world.settings.get("fracas", "onboarded")).toBe(false);
  });

  it("the active GM is asked once; the answer is written, the GMs get the welcome, and the world is marked done", async () => {
    world.addUser({ id: "gm2", name: "Second GM", isGM: true, active: false });
    world.dialogAnswers.push(["bond", "faserip"]);
    expect(await runFirstRun()).toBe("done");
    expect(asked()).toHaveLength(1);
    expect(enabled(world)).toEqual({ bond: true, radio: false, zodiac: false, faserip: true });
    expect(world.settings.get("fracas", "onboarded")).toBe(true);

    const [welcome, ...others] = [...world.messages];
    expect(others).toEqual([]);
    expect(welcome!.whisper.sort()).toEqual(["gm", "gm2"]);
    const content = String(welcome!.content);
    for (const page of ["start", "fight", "bond", "faserip"] as const) expect(content).toContain(`@UUID[${guideUuid(page)}]{`);
    expect(content).not.toContain(guideUuid("radio"));
    expect(content).toContain(world.localize("FRACAS.Ruleset.bond"));
    expect(content).toContain(world.localize("FRACAS.Welcome.Message.Heading"));

    // The next load: nothing asked, nothing posted.
    expect(await runFirstRun()).toBe("notHere");
    expect(asked()).toHaveLength(1);
    expect(world.messages.size).toBe(1);
  });

  it("the dialog shows one checkbox per ruleset, ticked as the settings are now, and one button", async () => {
    world.settings.seed("fracas", "enabled.radio", false);
    world.dialogAnswers.push(null);
    await runFirstRun();
    const dialog = asked()[0]!;
    expect(dialog.kind).toBe("wait");
    expect(dialog.buttons?.map((b) => b.action)).toEqual(["save"]);
    const boxes = [...String(dialog.content).matchAll(/<input type="checkbox" name="(ruleset-\w+)" ?(checked)?>/g)].map(([, name, checked]) => [name, checked === "checked"]);
    expect(boxes).toEqual([["ruleset-bond", true], ["ruleset-radio", false], ["ruleset-zodiac", true], ["ruleset-faserip", true]]);
    expect(String(dialog.content)).toContain(world.localize("FRACAS.Welcome.Choose.Intro"));
  });

  it("closing the dialog is no answer: nothing written or posted, the GM told, and asked again next load", async () => {
    world.dialogAnswers.push(null);
    expect(await runFirstRun()).toBe("closed");
    expect(enabled(world)).toEqual({ bond: true, radio: true, zodiac: true, faserip: true });
    const mine = () => world.settings.writes.map((w) => w.key).filter((k) => k.startsWith("fracas.enabled.") || k === "fracas.onboarded");
    expect(mine()).toEqual([]);
    expect(world.messages.size).toBe(0);
    expect(world.notified("info")).toEqual([world.localize("FRACAS.Welcome.Choose.AskAgain")]);
    expect(world.settings.get("fracas", "onboarded")).toBe(false);

    world.dialogAnswers.push(["radio", "zodiac", "bond", "faserip"]);
    expect(await runFirstRun()).toBe("done");
    expect(asked()).toHaveLength(2);
    // All four kept: no setting rewritten but the hidden one.
    expect(mine()).toEqual(["fracas.onboarded"]);
  });

  it("the button with nothing ticked is refused and the question asked again at once", async () => {
    world.dialogAnswers.push([], ["zodiac"]);
    expect(await runFirstRun()).toBe("done");
    expect(asked()).toHaveLength(2);
    expect(world.notified("warn")).toEqual([world.localize("FRACAS.Welcome.Choose.NoneChosen")]);
    expect(enabled(world)).toEqual({ bond: false, radio: false, zodiac: true, faserip: false });
  });

  it("only the active GM's client asks: not a player's, not another GM's", async () => {
    world.login("alice");
    expect(await runFirstRun()).toBe("notHere");
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.setActiveGM("gm");
    world.login("gm2");
    expect(await runFirstRun()).toBe("notHere");
    expect(asked()).toEqual([]);
    expect(world.settings.get("fracas", "onboarded")).toBe(false);
  });

  it("the welcome's link labels cannot break V13's @UUID[…]{label} syntax", () => {
    const labels = ["Start", "Fight"].map((k) => world.localize(`FRACAS.Welcome.Message.${k}`));
    for (const id of ["bond", "radio", "zodiac", "faserip"]) labels.push(world.i18n.format("FRACAS.Welcome.Message.RulesetPage", { name: world.localize(`FRACAS.Ruleset.${id}`) }));
    for (const label of labels) expect(label).not.toMatch(/[[\]{}]/);
  });
});

describe("the first run, wired on ready", () => {
  const g = globalThis as { document?: unknown };
  afterEach(() => {
    delete g.document;
  });

  it("with a page, ready on the active GM's client asks, and a later load does not", async () => {
    world = installFoundry();
    // A page: the ready hook's other user of `document` (keyboard tooltips) only listens on it.
    g.document = { addEventListener: () => undefined };
    world.dialogAnswers.push(["radio"]);
    await loadAdapter();
    await vi.waitFor(() => expect(world.settings.get("fracas", "onboarded")).toBe(true));
    expect(asked()).toHaveLength(1);
    expect(enabled(world)).toEqual({ bond: false, radio: true, zodiac: false, faserip: false });
    await loadAdapter();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked()).toHaveLength(1);
  });
});

describe("the dialog's form", () => {
  it("reads the ticked boxes, in ruleset order", () => {
    const ticked = new Set(["ruleset-faserip", "ruleset-bond"]);
    const form = { elements: { namedItem: (name: string) => ({ checked: ticked.has(name) }) } };
    expect(chosenRulesets(form)).toEqual(["bond", "faserip"]);
    expect(chosenRulesets(null)).toEqual([]);
    expect(rulesetChoiceView((id) => id === "zodiac").rulesets.map((r) => [r.field, r.checked])).toEqual([
      ["ruleset-bond", false],
      ["ruleset-radio", false],
      ["ruleset-zodiac", true],
      ["ruleset-faserip", false],
    ]);
  });
});

describe("the Fracas: Guide pack the welcome links", () => {
  it("holds the entry and every page the links name", () => {
    expect(guide._id).toBe(GUIDE_ENTRY);
    expect(guide.pages.map((p) => p._id).sort()).toEqual(Object.values(GUIDE_PAGES).sort());
    expect(guideUuid("bond")).toBe(`Compendium.fracas.fracas-guide.JournalEntry.${GUIDE_ENTRY}.JournalEntryPage.${GUIDE_PAGES.bond}`);
  });
});

// review-s10-content P1, P5, P6, P14: the guide says what the code does now.
describe("the Fracas: Guide says what the tracker, tokens and cards do", () => {
  const pageText = (id: string): string => {
    const page = (guide as unknown as { pages: { _id: string; text: { content: string } }[] }).pages.find((p) => p._id === id)!;
    return page.text.content;
  };
  const start = () => pageText(GUIDE_PAGES.start);
  const fight = () => pageText(GUIDE_PAGES.fight);

  it("names every core tracker control Fracas leaves out while it drives a fight, and no longer says they only refuse (P1)", async () => {
    const { HIDDEN_ACTIONS, HIDDEN_ENTRY_OPTIONS, HIDDEN_COMBAT_OPTIONS } = await import("../../src/foundry/tracker/core-controls.js");
    // V13's English labels for the controls core-controls.ts names (a control hidden later needs a label here).
    const LABEL: Record<string, string> = {
      rollAll: "Roll All",
      rollNPC: "Roll NPCs",
      previousRound: "Previous Round",
      "COMBAT.CombatantClear": "Clear",
      "COMBAT.CombatantReroll": "Reroll",
      "COMBAT.InitiativeReset": "Reset Initiative",
    };
    for (const id of [...HIDDEN_ACTIONS, ...HIDDEN_ENTRY_OPTIONS, ...HIDDEN_COMBAT_OPTIONS]) {
      expect(LABEL[id], id).toBeDefined();
      expect(fight(), id).toContain(LABEL[id]!);
    }
    expect(fight()).toContain("the d20 button");
    expect(fight()).toContain("not shown in a Fracas fight");
    expect(fight()).toContain("the tracker has no Previous Round");
    expect(fight()).not.toMatch(/only say so|Previous Round is refused/);
  });

  it("tells the GM about the refused combatant, the plan's rows and banner, and the Next step keybinding as Configure Controls names it (P5 a–c)", () => {
    expect(world.i18n.has("FRACAS.Combat.Refused.OtherRuleset")).toBe(true);
    expect(fight()).toContain("A combatant of another ruleset is refused, with a message naming both");
    expect(fight()).toContain("names the fight's ruleset");
    expect(fight()).toMatch(/a click \(or Enter\) selects the token and pans to it; a double click opens the sheet/);
    expect(fight()).toContain(`<strong>${game.i18n.localize("FRACAS.Tracker.Keybinding.NextStep")}</strong>`);
    expect(fight()).toContain("Configure Controls");
  });

  it("names each ruleset's token bar, the status HUD, and that a henchmen group or a crowd is one token (P5 d, P6)", () => {
    const trackable = CONFIG.Actor.trackableAttributes as unknown as Record<string, { bar: string[] }>;
    // What Getting started calls each bar a new token shows (descriptor.trackable's first).
    const NAMED: Record<string, string> = {
      wounds: "wounds",
      woundPool: "a Radio henchmen group's wound pool",
      agentPoints: "Agent Points",
      wagersLeft: "Wagers still needed",
      stillStanding: "still standing",
      health: "Health",
    };
    const bars = Object.values(trackable).flatMap((t) => t.bar.slice(0, 1));
    expect(bars.length).toBeGreaterThanOrEqual(6);
    for (const bar of bars) {
      expect(NAMED[bar], bar).toBeDefined();
      expect(start(), bar).toContain(NAMED[bar]!);
    }
    expect(start()).toContain("Bond's wound levels show as token icons");
    expect(start()).toContain("The token HUD offers only the status icons the actor's ruleset reads");
    expect(start()).toContain("A Radio henchmen group or a Zodiac crowd is one token for the whole group");
  });

  it("lists the roll-mode exceptions cards.ts makes: a GM's card about a player's character is public, a private card at one is shown to its player (P14)", () => {
    expect(fight()).toContain("A card the GM's client posts about a player's character (a draw, a round-start roll) is public");
    expect(fight()).toContain("A private or blind card aimed at a player's character is shown to that player as well");
  });
});

describe("the Compendium sidebar shows only the world's rulesets (G9)", () => {
  /** A rendered row: V13's markup, as the selectors the hider uses see it. */
  class Row implements DirectoryNode {
    hidden = false;
    constructor(
      readonly dataset: Record<string, string | undefined>,
      readonly children: Row[] = [],
      readonly folder = false,
    ) {}
    #all(): Row[] {
      return this.children.flatMap((c) => [c, ...c.#all()]);
    }
    querySelectorAll(selectors: string): Row[] {
      if (selectors === ".directory-item[data-pack]") return this.#all().filter((r) => r.dataset.pack !== undefined);
      if (selectors === ".directory-item.folder") return this.#all().filter((r) => r.folder);
      throw new Error(`unexpected selector ${selectors}`);
    }
  }
  const pack = (collection: string) => new Row({ pack: collection });
  const folder = (...rows: Row[]) => new Row({}, rows, true);

  it("hides a disabled ruleset's packs and its folder; other rulesets, packs of no ruleset, modules' and a GM's empty folder stay", () => {
    const bondNpcs = pack("fracas.bond-npcs");
    const bondEquipment = pack("fracas.bond-equipment");
    const bondFolder = folder(bondNpcs, bondEquipment);
    const radio = pack("fracas.radio-weapons");
    const radioFolder = folder(radio);
    const macros = pack("fracas.fracas-macros");
    const moduleBond = pack("some-module.bond-extras");
    const gmEmpty = folder();
    const mixed = folder(pack("fracas.bond-npcs-copy"), pack("world.my-notes"));
    const root = new Row({}, [bondFolder, radioFolder, macros, moduleBond, gmEmpty, mixed]);
    hideDisabledRulesets(root, (id) => id !== "bond");
    expect([bondNpcs.hidden, bondEquipment.hidden, bondFolder.hidden]).toEqual([true, true, true]);
    expect([radio.hidden, radioFolder.hidden, macros.hidden, moduleBond.hidden, gmEmpty.hidden]).toEqual([false, false, false, false, false]);
    // A GM's folder holding a bond pack and a world pack: the bond pack goes, the folder stays.
    expect(mixed.children.map((r) => r.hidden)).toEqual([true, false]);
    expect(mixed.hidden).toBe(false);
  });

  it("names a pack's ruleset by its name's prefix, for Fracas's packs only", () => {
    expect(rulesetOfPack("fracas.faserip-villains")).toBe("faserip");
    expect(rulesetOfPack("fracas.fracas-guide")).toBeNull();
    expect(rulesetOfPack("dnd5e.bond-npcs")).toBeNull();
    expect(rulesetOfPack(undefined)).toBeNull();
  });

  it("runs on every render of the Compendium directory, and turning a ruleset off redraws it", async () => {
    expect(world.hooks.count("renderCompendiumDirectory")).toBe(1);
    const row = pack("fracas.zodiac-agents");
    world.settings.seed("fracas", "enabled.zodiac", false);
    world.hooks.callAll("renderCompendiumDirectory", {}, new Row({}, [row]), {}, {});
    expect(row.hidden).toBe(true);

    const render = vi.fn();
    (globalThis as unknown as { ui: Record<string, unknown> }).ui.compendium = { render };
    await world.settings.set("fracas", "enabled.radio", false);
    // A world setting's onChange runs on every connected client, each redrawing its own sidebar
    // (the fake's clients share one `ui`): once per client.
    expect(render).toHaveBeenCalledTimes([...world.users].filter((u) => u.active).length);
    expect(render.mock.calls.length).toBeGreaterThan(0);
  });
});
