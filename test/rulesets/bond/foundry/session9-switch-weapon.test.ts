/**
 * Session 9 (review-s8b G5; D64 amended): another weapon's Attack clicked while the character's
 * attack dialog is open switches that dialog to the weapon clicked, keeping the choices that still
 * apply to it, and redraws (before, it only came to the front, still set for the first weapon).
 */
import { describe, expect, it } from "vitest";
import type { FakeWorld } from "../../../foundry/fake/index.js";
import { beretta, bondModules, bruteChars, cardOf, characterSheet, createThug, pool, standInEnrichHTML } from "./helpers.js";
import { installFoundry, loadAdapter } from "../../../foundry/fake/index.js";

type Handler = (this: unknown, ...args: unknown[]) => Promise<void>;
const rollAction = (cls: unknown) => (cls as { DEFAULT_OPTIONS: { actions: { roll: Handler } } }).DEFAULT_OPTIONS.actions.roll;
const cards = (world: FakeWorld, kind: string) => [...world.messages].filter((m) => cardOf(m).kind === kind);
type Dialog = { weapon: { name: string } | null; renders: number; choices: Record<string, unknown>; broughtToFront: number };

async function world2() {
  const world = installFoundry();
  await loadAdapter();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  const knife = { name: "Knife", type: "bondWeapon", system: { attackKind: "hth", meleeWeapon: "knife" } };
  const brute = world.createActor({ name: "Brute", type: "bondCharacter", system: { characteristics: bruteChars, heroPoints: pool(3) }, ownership: { alice: 3 }, items: [beretta, knife] });
  const thug = createThug(world);
  return { world, brute, thug, berettaId: brute.items.contents[0]!.id, knifeId: brute.items.contents[1]!.id };
}

/** The dialog's form as a redraw renders it now (the fake's render() draws nothing). */
async function redrawn(dialog: unknown): Promise<string> {
  const ctx = await (dialog as { _prepareContext(o: unknown): Promise<object> })._prepareContext({});
  return foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", ctx as never);
}

describe("session 9: another weapon's Attack clicked while the attack dialog is open (D64)", () => {
  it("the open dialog switches to the Beretta and redraws; the GM modifier and cover typed are kept, the Knockout (H-t-H only) is not; Roll attacks with the Beretta", async () => {
    const { world, brute, thug, berettaId } = await world2();
    const m = await bondModules();
    standInEnrichHTML();
    world.login("alice");
    world.target("alice", thug);
    const sheet = await characterSheet(world, brute, "alice");
    await sheet.click("attack"); // unarmed
    const [dialog] = [...world.appsOf("alice").values()].filter((a) => a instanceof m.BondAttackDialog) as unknown as Dialog[];
    expect(dialog!.weapon).toBeNull();
    // Typed, not yet sent: a GM modifier, light cover and a Knockout.
    world.typeInto(dialog as never, { gmModifier: "3", cover: "light", specificBlow: "knockout", range: "close" });
    const renders = dialog!.renders;
    await sheet.click("attack", { itemId: berettaId });
    const open = [...world.appsOf("alice").values()].filter((a) => a instanceof m.BondAttackDialog) as unknown as Dialog[];
    expect(open).toEqual([dialog]);
    expect(dialog!.broughtToFront).toBeGreaterThanOrEqual(1);
    expect(dialog!.weapon?.name).toBe("Beretta");
    expect(dialog!.renders).toBeGreaterThan(renders);
    expect(dialog!.choices).toMatchObject({ gmModifier: 3, cover: "light", range: "close", specificBlow: "", kick: false });
    expect(await redrawn(dialog)).toContain("Beretta");

    world.typeInto(dialog as never, { gmModifier: "3", cover: "light", range: "close" });
    world.dice.queue(50, 3);
    await rollAction(m.BondAttackDialog).call(dialog);
    const posted = cards(world, "attack");
    expect(posted).toHaveLength(1);
    expect(cardOf(posted[0]!).result).toMatchObject({ weaponName: "Beretta", attackKind: "fire" });
  });

  it("switching between two H-t-H weapons keeps the Knockout chosen; the same weapon clicked again changes nothing", async () => {
    const { world, brute, thug, knifeId } = await world2();
    const m = await bondModules();
    standInEnrichHTML();
    world.login("alice");
    world.target("alice", thug);
    const sheet = await characterSheet(world, brute, "alice");
    await sheet.click("attack");
    const [dialog] = [...world.appsOf("alice").values()].filter((a) => a instanceof m.BondAttackDialog) as unknown as Dialog[];
    world.typeInto(dialog as never, { gmModifier: "-2", specificBlow: "knockout", kick: "on" });
    await sheet.click("attack", { itemId: knifeId });
    expect(dialog!.weapon?.name).toBe("Knife");
    // A kick is no knife attack (kickAllowed): dropped; the Knockout still applies.
    expect(dialog!.choices).toMatchObject({ gmModifier: -2, specificBlow: "knockout", kick: false });
    const renders = dialog!.renders;
    await sheet.click("attack", { itemId: knifeId });
    expect(dialog!.renders).toBe(renders);
    expect(dialog!.weapon?.name).toBe("Knife");
  });
});
