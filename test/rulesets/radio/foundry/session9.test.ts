/**
 * Session 9: one behaviour and one wording when a roll dialog's target or roller is deleted (core
 * src/foundry/sheets/target-gone.ts and roller-gone.ts). Radio's attack dialog (and the final heroic
 * action's, the same dialog) used to refuse a Roll at a deleted target and close ("Target someone
 * else and open the attack again"); now it stays open, drops the target, redraws, says so in core's
 * words, rolls and spends nothing, and does not use up the step. Henchmen and opponents are often
 * unlinked tokens: a token deleted alone is followed at once too.
 */
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { advanceToAct, createFalzetti, createGoons, createJake, createSal, declareAll, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { kind: string; result: Record<string, any>; targets: { uuid: string; name: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const attackCards = (world: FakeWorld) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "attack") as unknown as FakeChatMessage[];
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });
/** One submit event on the dialog, as V13's _onSubmitForm runs it (the fake's submitEvent: handler, error shown, closeOnSubmit). */
const submit = (dialog: unknown, values: Record<string, unknown>) => (dialog as { submitEvent(v: Record<string, unknown>): Promise<void> }).submitEvent(values);
const dropped = (world: FakeWorld, name: string) => world.i18n.format("FRACAS.Dialog.TargetDropped", { name });
const gone = (world: FakeWorld, name: string) => world.i18n.format("FRACAS.Dialog.TargetGone", { name });
const rollerGone = (world: FakeWorld, name: string) => world.i18n.format("FRACAS.Dialog.RollerGone", { name });
const rendersOf = (dialog: unknown) => (dialog as { renders: number }).renders;

/** Alice's attack dialog for Jake (a final heroic action when `final`), aiming at `targets` in order, rendered. */
async function openDialog(world: FakeWorld, jake: FakeActor, targets: FakeActor[], final = false) {
  const m = await radioModules();
  world.login("alice");
  for (const x of targets) world.target("alice", x);
  const dialog = new m.RadioAttackDialog(jake as never, final ? {} : null);
  await dialog.render({ force: true });
  return dialog;
}

describe("session 9: the attack dialog's target deleted — it stays open, redraws without them, rolls and spends nothing", () => {
  it("hard to break: a Roll on a form still naming the deleted target (drawn before the redraw): core's notice, no dice, no card, the 5 tokens kept; the dialog stays open, aims at the next target, and its next Roll attacks them", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world, { system: { tokens: pool(5) } });
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 3, falzetti);
    const dialog = await openDialog(world, jake, [falzetti, goons]);
    const stale = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "", cashIn: "on" };
    world.login("gm");
    await falzetti.delete();
    world.login("alice");
    const dice = world.dice.used.length;
    const renders = rendersOf(dialog);
    await submit(dialog, stale);
    expect(world.notified("warn")).toEqual([dropped(world, "Falzetti"), gone(world, "Falzetti")]);
    expect(world.notified("warn")[1]).toBe("Falzetti was deleted, so nothing was rolled or spent. The dialog now shows the roll without them: check it, then roll again.");
    expect(world.dice.used.length).toBe(dice);
    expect(attackCards(world)).toHaveLength(0);
    expect(sys(jake).tokens.value).toBe(5);
    expect(dialog.rendered).toBe(true);
    expect(rendersOf(dialog)).toBeGreaterThan(renders);
    expect(dialog.setup.targets.map((x) => x.name)).toEqual(["Goons"]);
    expect(dialog.attackState.targetUuid).toBe(goons.uuid);
    // The next Roll, as the redrawn dialog now shows it: at the Goons.
    world.dice.queue(9, 9);
    await submit(dialog, { ...stale, targetUuid: goons.uuid });
    expect(attackCards(world).map((c) => cardOf(c).targets)).toEqual([[{ uuid: goons.uuid, name: "Goons" }]]);
    expect(dialog.rendered).toBe(false);
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: a Roll racing the deletion (the dialog not yet told): refused in core's words, the dialog stays open and redraws without the target", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const dialog = await openDialog(world, jake, [falzetti]);
    const data = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "" };
    // Gone from the world before its deletion's event reached this client.
    world.actors.delete(falzetti.id);
    const renders = rendersOf(dialog);
    const dice = world.dice.used.length;
    await submit(dialog, data);
    expect(world.notified("warn")).toEqual([gone(world, "Falzetti")]);
    expect(world.dice.used.length).toBe(dice);
    expect(attackCards(world)).toHaveLength(0);
    expect(dialog.rendered).toBe(true);
    expect(rendersOf(dialog)).toBeGreaterThan(renders);
    expect(dialog.setup.targets).toEqual([]);
    expect(dialog.attackState.targetUuid).toBe("");
    await dialog.close();
  });

  it("hard to break: in a fight, the target deleted during the Roll's claim of the step: nothing rolled, the step given back, the dialog open; its next Roll at someone else uses the step", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const sal = createSal(world, falzetti);
    const combat = await startRadioCombat(world, [jake, falzetti, sal], [5, 2, 1, 1]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, jake, 1);
    const dialog = await openDialog(world, jake, [sal, falzetti]);
    expect(dialog.attackState.targetUuid).toBe(sal.uuid);
    // The GM deletes Sal while the step's claim is on its way (the claim query answered, then Sal gone).
    const queries = world.config.queries as Record<string, (data: unknown, options?: unknown) => Promise<unknown>>;
    const claim = queries["fracas.claim"]!;
    let deleted = false;
    queries["fracas.claim"] = async (data, options) => {
      const answer = await claim(data, options);
      if (!deleted) {
        deleted = true;
        await sal.delete();
      }
      return answer;
    };
    const data = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: sal.uuid, description: "" };
    const dice = world.dice.used.length;
    try {
      await submit(dialog, data);
    } finally {
      queries["fracas.claim"] = claim;
    }
    expect(deleted).toBe(true);
    expect(world.dice.used.length).toBe(dice);
    expect(attackCards(world)).toHaveLength(0);
    expect(world.notified("warn")).toContain(gone(world, "Sal"));
    expect(dialog.rendered).toBe(true);
    expect(dialog.attackState.targetUuid).toBe(falzetti.uuid);
    expect((jake.getFlag("fracas", "claims") as string[] | undefined) ?? []).toEqual([]);
    world.dice.queue(9, 9);
    await submit(dialog, { ...data, targetUuid: falzetti.uuid });
    expect(attackCards(world).map((c) => cardOf(c).targets)).toEqual([[{ uuid: falzetti.uuid, name: "Falzetti" }]]);
    expect(dialog.rendered).toBe(false);
    expect(world.hooks.errors).toEqual([]);
  });

  it("hard to break: the final heroic action's dialog, its target deleted: the same — open, redrawn, nothing rolled, the action still owed", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world, { system: { wounds: { value: -1, max: 5 }, state: "dead", finalAction: true } });
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 3, falzetti);
    const dialog = await openDialog(world, jake, [falzetti, goons], true);
    const data = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "" };
    world.login("gm");
    await falzetti.delete();
    world.login("alice");
    await submit(dialog, data);
    expect(world.notified("warn")).toEqual([dropped(world, "Falzetti"), gone(world, "Falzetti")]);
    expect(attackCards(world)).toHaveLength(0);
    expect(sys(jake).finalAction).toBe(true);
    expect(dialog.rendered).toBe(true);
    expect(dialog.attackState.targetUuid).toBe(goons.uuid);
    world.dice.queue(9, 9);
    await submit(dialog, { ...data, targetUuid: goons.uuid });
    expect(attackCards(world).map((c) => cardOf(c).result.final)).toEqual([true]);
    expect(sys(jake).finalAction).toBe(false);
    expect(dialog.rendered).toBe(false);
  });
});

describe("session 9: unlinked tokens (henchmen and opponents) deleted alone", () => {
  it("hard to break: the dialog aiming at a henchmen group's unlinked token, the token deleted: dropped at once with core's notice, the dialog open and redrawn, its Roll at the one left", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 3, falzetti);
    const front = world.createUnlinkedToken(goons, "tokG");
    const dialog = await openDialog(world, jake, [front, falzetti]);
    expect(dialog.attackState.targetUuid).toBe(front.uuid);
    const renders = rendersOf(dialog);
    // The GM deletes the token alone (the world's Goons stay); Alice's client hears deleteToken.
    world.login("gm");
    world.deleteUnlinkedToken("tokG");
    world.login("alice");
    expect(world.notified("warn")).toEqual([dropped(world, "Goons")]);
    expect(dialog.rendered).toBe(true);
    expect(rendersOf(dialog)).toBeGreaterThan(renders);
    expect(dialog.setup.targets.map((x) => x.uuid)).toEqual([falzetti.uuid]);
    expect(dialog.attackState.targetUuid).toBe(falzetti.uuid);
    // A Roll on the form drawn before: refused by name, nothing rolled.
    const data = { weaponId: dialog.setup.weapons[0]!.id, targetUuid: front.uuid, description: "" };
    await submit(dialog, data);
    expect(world.notified("warn").at(-1)).toBe(gone(world, "Goons"));
    expect(attackCards(world)).toHaveLength(0);
    expect(dialog.rendered).toBe(true);
    world.dice.queue(9, 9);
    await submit(dialog, { ...data, targetUuid: falzetti.uuid });
    expect(attackCards(world).map((c) => cardOf(c).targets)).toEqual([[{ uuid: falzetti.uuid, name: "Falzetti" }]]);
    // The world's Goons were never touched: only their token went.
    expect(world.actors.get(goons.id)).toBe(goons);
  });

  it("hard to break: the GM's attack dialog for an opponent's unlinked token, the token deleted: the dialog closes in core's words, nothing rolled", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6, { items: [{ name: "Tommy gun", type: "radioWeapon", system: { category: "projectile", skill: "ranged" } }] });
    const boss = world.createUnlinkedToken(falzetti, "tokF");
    const m = await radioModules();
    world.login("gm");
    world.target("gm", jake);
    const dialog = new m.RadioAttackDialog(boss as never);
    await dialog.render({ force: true });
    const dice = world.dice.used.length;
    world.deleteUnlinkedToken("tokF");
    await Promise.resolve();
    expect(dialog.rendered).toBe(false);
    expect(world.notified("warn")).toEqual([rollerGone(world, "Falzetti")]);
    expect(world.notified("warn")[0]).toBe("Falzetti was deleted, so their roll dialog was closed. Nothing was rolled or spent.");
    expect(world.dice.used.length).toBe(dice);
    expect(attackCards(world)).toHaveLength(0);
    expect(world.hooks.errors).toEqual([]);
  });
});
