import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeWorld } from "./fake/index.js";

let world: FakeWorld;
let adapter: Adapter;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
});

describe("wiring (src/fracas.ts init/ready through the fake)", () => {
  it("sets the Fracas document classes and the tracker in CONFIG", () => {
    expect(world.config.Actor.documentClass).toBe(adapter.actor.FracasActor);
    expect(world.config.Item.documentClass).toBe(adapter.item.FracasItem);
    expect(world.config.Combat.documentClass).toBe(adapter.combat.FracasCombat);
    expect(world.config.Combatant.documentClass).toBe(adapter.combatant.FracasCombatant);
    expect(world.config.ChatMessage.documentClass).toBe(adapter.chatMessage.FracasChatMessage);
    expect(world.config.ui.combat).toBe(adapter.tracker.FracasCombatTracker);
    expect(world.config.Combat.dataModels.base).toBe(adapter.data.combat.FracasCombatData);
    expect(world.config.Combatant.dataModels.base).toBe(adapter.data.combatant.FracasCombatantData);
    expect(world.config.ChatMessage.dataModels.card).toBe(adapter.data.card.FracasCardData);
  });

  it("unregisters the core sheets", () => {
    const un = world.sheets.filter((s) => s.op === "unregister").map((s) => `${s.documentName}:${s.scope}`);
    expect(un).toEqual(["Actor:core", "Item:core"]);
  });

  it("adds the fracas status effects beside core's and points DEFEATED at fracas-dead", () => {
    const ids = world.config.statusEffects.map((e) => e.id);
    for (const s of ["stunned", "unconscious", "dying", "dead", "prone", "restrained", "almost-dead"]) expect(ids).toContain(`fracas-${s}`);
    expect(ids).toContain("dead");
    expect(new Set(ids).size).toBe(ids.length);
    expect(world.config.specialStatusEffects.DEFEATED).toBe("fracas-dead");
    for (const e of world.config.statusEffects.filter((x) => x.id.startsWith("fracas-"))) expect(world.i18n.has(e.name)).toBe(true);
  });

  it("the token HUD offers no two statuses with one picture, and each status only where a ruleset reads it (review-s10-gm G8)", () => {
    const onHud = (type: string) => world.config.statusEffects.filter((e) => e.hud !== false && (e.hud === undefined || e.hud.actorTypes.includes(type))).map((e) => e.id);
    for (const type of ["bondCharacter", "radioHero", "zodiacAgent", "faseripHero"]) {
      const pictures = world.config.statusEffects.filter((e) => onHud(type).includes(e.id)).map((e) => e.img);
      expect(new Set(pictures).size, type).toBe(pictures.length);
    }
    // Core's statuses are hidden but kept (effects already on actors still resolve), except those
    // Foundry itself acts on (blind here; invisible, burrow, hover, fly in V13).
    const hidden = world.config.statusEffects.filter((e) => e.hud === false).map((e) => e.id);
    expect(hidden.sort()).toEqual(["bleeding", "dead", "prone", "regen", "restrain", "stun", "unconscious"]);
    expect(onHud("bondCharacter").sort()).toEqual(["blind", "fracas-bond-hw", "fracas-bond-lw", "fracas-bond-mw", "fracas-dead", "fracas-prone", "fracas-restrained", "fracas-stunned", "fracas-unconscious"]);
    expect(onHud("radioHero").sort()).toEqual(["blind", "fracas-dead", "fracas-dying", "fracas-unconscious"]);
    expect(onHud("zodiacAgent").sort()).toEqual(["blind", "fracas-almost-dead", "fracas-dead"]);
    expect(onHud("faseripHero").sort()).toEqual(["blind", "fracas-dead", "fracas-dying", "fracas-prone", "fracas-restrained", "fracas-stunned", "fracas-unconscious"]);
  });

  it("registers the GM queries", () => {
    expect(Object.keys(world.config.queries).sort()).toEqual(["fracas.actorLedger", "fracas.applyCard", "fracas.claim", "fracas.declare", "fracas.followUp", "fracas.memory", "fracas.pool", "fracas.round", "fracas.undoCard", "fracas.zodiacCommit", "fracas.zodiacCommitPaid", "fracas.zodiacDuels"]);
    expect(typeof world.config.queries["fracas.applyCard"]).toBe("function");
  });

  it("registers the world settings and the rules-tables menu", () => {
    for (const r of ["bond", "radio", "zodiac", "faserip"]) {
      const s = world.settings.settings.get(`fracas.enabled.${r}`);
      expect(s?.scope).toBe("world");
      expect(s?.default).toBe(true);
      expect(world.i18n.has(String(s?.name))).toBe(true);
    }
    for (const k of ["tableOverrides", "gmPools", "schemaVersion"]) expect(world.settings.settings.get(`fracas.${k}`)?.scope).toBe("world");
    const menu = world.settings.menus.get("fracas.rulesTables");
    expect(menu?.type).toBe(adapter.rulesTablesApp.RulesTablesApp);
    expect(menu?.restricted).toBe(true);
  });

  it("preloads the core templates, all of which exist", () => {
    expect(world.templates.loaded).toEqual(expect.arrayContaining(["systems/fracas/templates/tracker/plan.hbs", "systems/fracas/templates/chat/card-frame.hbs", "systems/fracas/templates/settings/rules-tables.hbs"]));
  });

  it("listens to renderChatMessageHTML and runs the migrations on ready (schema version recorded)", () => {
    expect(world.hooks.count("renderChatMessageHTML")).toBe(1);
    // Configure Settings shows a ruleset's options only while it is on (test/browser/settings-config.test.ts).
    expect(world.hooks.count("renderSettingsConfig")).toBe(1);
    expect(world.settings.get("fracas", "schemaVersion")).toBe(adapter.migrationSteps.LATEST_SCHEMA);
    expect(world.hooks.errors).toEqual([]);
  });

  it("a long ruleset panel goes after the steps (Zodiac's Setback ledger), a short one before (FASERIP's sides)", () => {
    expect(adapter.rulesets.descriptor("zodiac")?.trackerPanel?.position).toBe("after");
    expect(adapter.rulesets.descriptor("faserip")?.trackerPanel?.position ?? "before").toBe("before");
  });

  it("the tracker keeps core's parts and adds the plan after the header", () => {
    const parts = Object.keys((adapter.tracker.FracasCombatTracker as unknown as { PARTS: Record<string, unknown> }).PARTS);
    expect(parts).toEqual(["header", "plan", "tracker", "footer"]);
  });
});
