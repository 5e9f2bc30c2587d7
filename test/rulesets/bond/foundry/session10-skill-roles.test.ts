/**
 * Session 10 wave 2 (review-s10-gm G2, the skill trap; DECISIONS D68): an attack reads only a skill
 * whose use (role) is Fire Combat or Hand-to-Hand, and a skill added from the sheet starts on
 * General, so a GM's "Fire Combat" at level 6 was listed on the sheet and ignored by the attack: the
 * agent attacked at the unskilled chance. A General skill named for a use is now that use (in
 * English, the seed's names, and in the GM's language), and a skill created or renamed so takes the
 * use and its characteristics, so the item sheet says what the rules read.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor } from "../../../foundry/fake/index.js";
import { effectiveRole, roleFromName } from "../../../../src/rulesets/bond/data/derive.js";
import { bondModules, bruteWorld, characterSheet, standInEnrichHTML } from "./helpers.js";

type Derived = { fireCombatChance: number; handToHandChance: number };
/** The actor's derived numbers, prepared again (the fake prepares an actor on its own updates only, not its items'). */
const derived = (a: FakeActor) => {
  (a as unknown as { _initialize(): void })._initialize();
  return a.system as unknown as Derived;
};
const skillOf = (a: FakeActor, name: string) => a.items.contents.find((i) => i.name === name)!;
const stored = (a: FakeActor, name: string) => skillOf(a, name).system as unknown as { role: string; characteristic1: string; characteristic2: string; level: number };

describe("roleFromName / effectiveRole (D68)", () => {
  it("reads the seed's names whatever the case, spaces or hyphens, and nothing else", () => {
    expect(roleFromName("Fire Combat")).toBe("fireCombat");
    expect(roleFromName("  fire   COMBAT ")).toBe("fireCombat");
    expect(roleFromName("Hand-to-Hand")).toBe("handToHand");
    expect(roleFromName("Hand-to-Hand Combat")).toBe("handToHand");
    expect(roleFromName("hand to hand")).toBe("handToHand");
    expect(roleFromName("First Aid")).toBe("firstAid");
    for (const other of ["Driving", "Fire Combat (pistol)", "Combat", "Pistol", ""]) expect(roleFromName(other), other).toBe("general");
    expect(roleFromName("Tir", { fireCombat: ["Tir"] })).toBe("fireCombat");
  });

  it("the GM's chosen use stands; only General gives way to the name", () => {
    expect(effectiveRole("general", "Fire Combat")).toBe("fireCombat");
    expect(effectiveRole("handToHand", "Fire Combat")).toBe("handToHand");
    expect(effectiveRole("general", "Driving")).toBe("general");
  });
});

describe("G2: a skill named for a use is that use, wherever it came from", () => {
  it("an older General skill named \"Fire Combat\" (stored before D68) is the agent's Fire Combat: the attack dialog uses it, not the unskilled chance", async () => {
    const { world, brute } = await bruteWorld();
    const m = await bondModules();
    world.login("gm");
    // Brute: DEX 8, PER 8: unskilled Fire Combat 8; with the skill at level 6 on DEX+PER: 14.
    expect(derived(brute).fireCombatChance).toBe(8);
    // Written straight into the source (as an older world holds it), past _preCreate.
    await brute.createEmbeddedDocuments("Item", [{ name: "Fire Combat", type: "bondSkill", system: { role: "general", characteristic1: "dex", characteristic2: "per", level: 6 } }] as never);
    await skillOf(brute, "Fire Combat").updateSource({ system: { role: "general" } } as never);
    expect(stored(brute, "Fire Combat").role).toBe("general");
    expect(derived(brute).fireCombatChance).toBe(14);
    await brute.createEmbeddedDocuments("Item", [{ name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } }] as never);
    const setup = m.buildSetup(brute as never, skillOf(brute, "Beretta") as never);
    expect(setup.primaryChance).toBe(14);
  });

  it("a skill added from the sheet and renamed \"Fire Combat\" takes the use and Fire Combat's pair (DEX and PER); the sheet lists it as Fire Combat", async () => {
    const { world, brute } = await bruteWorld();
    standInEnrichHTML();
    const s = await characterSheet(world, brute, "alice");
    await s.click("createItem", { type: "bondSkill" });
    const skill = skillOf(brute, "New skill");
    expect(stored(brute, "New skill")).toMatchObject({ role: "general", characteristic1: "dex", characteristic2: "" });
    await skill.update({ name: "Fire Combat", "system.level": 6 } as never);
    expect(stored(brute, "Fire Combat")).toMatchObject({ role: "fireCombat", characteristic1: "dex", characteristic2: "per", level: 6 });
    expect(derived(brute).fireCombatChance).toBe(14);
    const after = await characterSheet(world, brute, "alice");
    const row = (after.context.view as { skills: { name: string; roleLabel: string }[] }).skills.find((x) => x.name === "Fire Combat")!;
    expect(row.roleLabel).toBe("FRACAS.Bond.SkillRole.fireCombat");
  });

  it("a skill whose characteristics the GM already set keeps them when renamed; a skill on another use keeps its use", async () => {
    const { world, brute } = await bruteWorld();
    world.login("gm");
    await brute.createEmbeddedDocuments("Item", [
      { name: "Brawling", type: "bondSkill", system: { role: "general", characteristic1: "str", characteristic2: "", level: 3 } },
      { name: "Shooting", type: "bondSkill", system: { role: "handToHand", characteristic1: "str", characteristic2: "dex", level: 2 } },
    ] as never);
    await skillOf(brute, "Brawling").update({ name: "Hand-to-Hand" } as never);
    expect(stored(brute, "Hand-to-Hand")).toMatchObject({ role: "handToHand", characteristic1: "str", characteristic2: "" });
    await skillOf(brute, "Shooting").update({ name: "Fire Combat" } as never);
    expect(stored(brute, "Fire Combat").role).toBe("handToHand");
  });

  it("a skill created by name (a macro, a drop) with no use takes the use and its characteristics; one with characteristics keeps them", async () => {
    const { world, brute } = await bruteWorld();
    world.login("gm");
    await brute.createEmbeddedDocuments("Item", [
      { name: "First Aid", type: "bondSkill", system: { level: 4 } },
      { name: "Hand-to-Hand Combat", type: "bondSkill", system: { characteristic1: "str", level: 2 } },
      { name: "Driving", type: "bondSkill", system: { level: 5 } },
    ] as never);
    expect(stored(brute, "First Aid")).toMatchObject({ role: "firstAid", characteristic1: "int", characteristic2: "dex" });
    expect(stored(brute, "Hand-to-Hand Combat")).toMatchObject({ role: "handToHand", characteristic1: "str", characteristic2: "" });
    expect(stored(brute, "Driving")).toMatchObject({ role: "general", characteristic1: "dex" });
  });

  it("the item sheet's Use shows the use the rules read", async () => {
    const { world, brute } = await bruteWorld();
    standInEnrichHTML();
    world.login("gm");
    await brute.createEmbeddedDocuments("Item", [{ name: "Fire Combat", type: "bondSkill", system: { role: "general", characteristic1: "dex", characteristic2: "per" } }] as never);
    await skillOf(brute, "Fire Combat").updateSource({ system: { role: "general" } } as never);
    const { BondSkillSheet } = await import("../../../../src/rulesets/bond/sheets/item-sheets.js");
    const sheet = new BondSkillSheet({ document: skillOf(brute, "Fire Combat") } as never);
    const ctx = (await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: { roleLabel: string } }> })._prepareContext({})) as { view: { roleLabel: string } };
    expect(ctx.view.roleLabel).toBe("FRACAS.Bond.SkillRole.fireCombat");
  });

  it("in the GM's language too: a skill named as the sheet names a use (here a French \"Tir\" for Fire Combat) is that use", async () => {
    const lang = JSON.parse(readFileSync(new URL("../../../../lang/en.json", import.meta.url), "utf8")) as { FRACAS: { Bond: { SkillRole: Record<string, string> } } };
    lang.FRACAS.Bond.SkillRole.fireCombat = "Tir";
    const file = join(mkdtempSync(join(tmpdir(), "fracas-lang-")), "fr.json");
    writeFileSync(file, JSON.stringify(lang));
    const world = installFoundry({ langFile: file });
    await loadAdapter();
    world.login("gm");
    const agent = world.createActor({ name: "Agent", type: "bondCharacter", system: { characteristics: { str: 8, dex: 8, wil: 8, per: 8, int: 8 } } });
    await agent.createEmbeddedDocuments("Item", [{ name: "Tir", type: "bondSkill", system: { level: 5 } }] as never);
    expect(stored(agent, "Tir")).toMatchObject({ role: "fireCombat", characteristic1: "dex", characteristic2: "per" });
    expect(derived(agent).fireCombatChance).toBe(13);
  });
});
