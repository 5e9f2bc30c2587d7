/**
 * Limb shots (seed Step 6, audit R1) through the real adapter in the typed Foundry fake: a
 * targeted shot at Jake's gun arm, the damage card with the victim's consequence roll, applied by
 * the GM; then Jake's own attack dialog. A 6 loses the held weapon: the dialog starts on bare
 * hands and says why. 1–5 disables the arm: the dialog lists it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attackWithFirstWeapon, createFalzetti, createJake, pressRollDamage, radioModules, radioWorld, TOMMY_GUN } from "./fight.js";

type Card = { kind: string; result: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world);
  falzetti = createFalzetti(world, 6, 6, { items: [TOMMY_GUN] });
});

/**
 * Falzetti shoots Jake's right arm (targeted, hits on 9+9); the GM clicks the card's Damage button,
 * which rolls "1d6 + 1d6" (the damage d6, then the victim's consequence d6), and applies the damage
 * card to Jake.
 */
async function shootGunArm(consequence: number) {
  const attack = await attackWithFirstWeapon(world, "gm", falzetti, jake, { state: { action: "targeted", called: "limb", limb: "rightArm" } });
  expect(cardOf(attack).result.attack).toMatchObject({ hit: true, called: "limb", limb: "rightArm" });
  world.dice.queue(2, consequence);
  await pressRollDamage(adapter, attack);
  const card = world.messages.contents.at(-1) as unknown as FakeChatMessage;
  expect(cardOf(card)).toMatchObject({ kind: "damage", result: { critRoll: 2 } });
  expect(card.rolls[0]!.formula).toBe("1d6+1d6");
  expect(await adapter.queries.requestApply(card.id, jake.uuid, true)).toMatchObject({ ok: true });
}

describe("after a limb shot, the victim's attack dialog", () => {
  it("a consequence roll of 6: the held weapon is lost — the dialog starts on bare hands and says so; rolling it uses bare hands", async () => {
    await shootGunArm(6);
    expect(sys(jake)).toMatchObject({ disarmed: true, disabledLimbs: [] });
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    expect(dialog.attackState.weaponId).toBe("");
    const view = m.attackView(dialog.setup, dialog.attackState);
    expect(view).toMatchObject({ disarmed: true, disabledLimbs: [], canRoll: true });
    world.dice.queue(9, 9);
    const attack = (await m.rollAttack(jake as never, dialog.setup, dialog.attackState)) as unknown as FakeChatMessage;
    expect(cardOf(attack).result).toMatchObject({ weaponName: world.localize("FRACAS.Radio.Attack.BareHands"), attack: { weapon: "hand" } });
    // The sheet's "Weapon lost" unticked (recovered): the revolver is the default again.
    await jake.update({ "system.disarmed": false });
    expect(new m.RadioAttackDialog(jake as never).attackState.weaponId).toBe(jake.items.contents[0]!.id);
  });

  it("a consequence roll of 1–5: the arm is no longer operational — the dialog lists it", async () => {
    await shootGunArm(3);
    expect(sys(jake)).toMatchObject({ disarmed: false, disabledLimbs: ["rightArm"] });
    const m = await radioModules();
    world.login("alice");
    const dialog = new m.RadioAttackDialog(jake as never);
    const view = m.attackView(dialog.setup, dialog.attackState);
    expect(view.disabledLimbs).toEqual(["FRACAS.Radio.Limb.rightArm"]);
    expect(view.disarmed).toBe(false);
  });
});
