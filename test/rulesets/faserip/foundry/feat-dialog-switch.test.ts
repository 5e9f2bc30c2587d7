/**
 * Session 9 (review-s8b G5): another ability chip or weapon clicked on the hero sheet while its
 * FEAT dialog is open switches the open dialog to what was clicked and redraws, keeping what was
 * typed (shifts, cover, Karma, ticked talents). Before, the click only brought the open dialog to
 * the front, still on the first choice, so the click looked ignored (Zodiac already switched).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import type { FaseripFeatDialog } from "../../../../src/rulesets/faserip/sheets/feat-dialog.js";
import { startFight } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type Action = (this: unknown, e: unknown, target: unknown) => unknown;
type Dialog = FaseripFeatDialog & { renders: number; broughtToFront: number };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** `actor`'s hero sheet as `user` clicks it (V13 calls an action with the clicked element). */
async function sheetOf(actor: FakeActor) {
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  return async (name: string, dataset: Record<string, string>) => {
    actions[name]!.call(sheet, {}, { dataset, closest: () => ({ dataset }) });
    await settle();
  };
}

async function openDialogs(user: string): Promise<Dialog[]> {
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  return [...f.world.appsOf(user).values()].filter((a) => a instanceof FaseripFeatDialog) as Dialog[];
}

async function weapons() {
  f.world.login("gm");
  const [club, knife] = await f.captain.createEmbeddedDocuments("Item", [
    { type: "faseripWeapon", name: "Club", system: { damage: 10 } },
    { type: "faseripWeapon", name: "Knife", system: { damage: 6, thrown: true } },
  ] as never);
  f.world.login("alice");
  return { club: (club as { id: string }).id, knife: (knife as { id: string }).id };
}

const choice = (d: Dialog) => ({ action: d.formState.action, ability: d.formState.ability, weaponId: d.formState.weaponId });

describe("another chip or weapon clicked while the FEAT dialog is open", () => {
  it("a weapon clicked: the open dialog switches to its attack and redraws, the shifts and Karma typed (not yet committed) kept", async () => {
    const { club } = await weapons();
    const click = await sheetOf(f.captain);
    await click("rollAbility", { ability: "fighting" });
    const [dialog] = await openDialogs("alice");
    expect(choice(dialog!)).toEqual({ action: "slugfest", ability: "fighting", weaponId: "" });
    // Alice typed Other +1 and Karma 2 and has not left the field (no change event yet).
    f.world.typeInto(dialog!, { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "1", karma: "2" });
    const renders = dialog!.renders;
    await click("rollWeapon", { itemId: club });
    expect(await openDialogs("alice")).toEqual([dialog]);
    expect(choice(dialog!)).toEqual({ action: "hackSlash", ability: "fighting", weaponId: club });
    expect([dialog!.formState.other, dialog!.formState.karma]).toEqual([1, 2]);
    expect(dialog!.renders).toBeGreaterThan(renders);
  });

  it("a thrown weapon, then an ability chip: Throwing with it, then the chip's own FEAT with no weapon; Karma kept throughout", async () => {
    const { knife } = await weapons();
    const click = await sheetOf(f.captain);
    await click("rollAbility", { ability: "fighting" });
    const [dialog] = await openDialogs("alice");
    dialog!.formState = { ...dialog!.formState, karma: 3, other: -1 };
    await click("rollWeapon", { itemId: knife });
    expect(choice(dialog!)).toEqual({ action: "throwing", ability: "agility", weaponId: knife });
    await click("rollAbility", { ability: "strength" });
    expect(choice(dialog!)).toEqual({ action: "grappling", ability: "strength", weaponId: "" });
    expect([dialog!.formState.karma, dialog!.formState.other]).toEqual([3, -1]);
    expect(await openDialogs("alice")).toHaveLength(1);
  });

  it("the same chip again: brought to the front, not redrawn (nothing changed)", async () => {
    f.world.login("alice");
    const click = await sheetOf(f.captain);
    await click("rollAbility", { ability: "fighting" });
    const [dialog] = await openDialogs("alice");
    const [renders, fronted] = [dialog!.renders, dialog!.broughtToFront];
    await click("rollAbility", { ability: "fighting" });
    expect([dialog!.renders, dialog!.broughtToFront]).toEqual([renders, fronted + 1]);
  });

  it("a weapon clicked while the dialog is still opening: it opens on the weapon", async () => {
    const { club } = await weapons();
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: f.captain } as never);
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
    f.world.login("alice");
    // Two clicks in the same instant: the second finds the first's dialog still opening.
    actions["rollAbility"]!.call(sheet, {}, { dataset: { ability: "fighting" }, closest: () => ({ dataset: { ability: "fighting" } }) });
    actions["rollWeapon"]!.call(sheet, {}, { dataset: { itemId: club }, closest: () => ({ dataset: { itemId: club } }) });
    await settle();
    const open = await openDialogs("alice");
    expect(open).toHaveLength(1);
    expect(choice(open[0]!)).toEqual({ action: "hackSlash", ability: "fighting", weaponId: club });
  });
});
