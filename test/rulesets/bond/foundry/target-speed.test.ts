/**
 * D52: a Hand-to-Hand attack at a targeted character uses that character's Speed (RULES.md §1: "the
 * target's Speed as a negative modifier"); the dialog shows it as read, not as a choice, and Roll
 * reads it again. Only with no target does the attacker pick it. Through the real dialog view,
 * template and attack card in the typed fake.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bondModules, bruteWorld, cardOf } from "./helpers.js";

let world: FakeWorld;
let brute: FakeActor; // Alice's brute, unarmed
let thug: FakeActor; // the GM's quick thug, Speed 2

const speedItems = (items: { labelKey: string; value: number }[]) => items.filter((i) => i.labelKey === "FRACAS.Bond.Ease.TargetSpeed");

beforeEach(async () => {
  ({ world, brute, thug } = await bruteWorld({ quickThug: true }));
  expect((thug.system as unknown as { speed: number }).speed).toBe(2);
});

/** Brute's unarmed attack setup as Alice sees it, aiming at `target` (or at no one). */
async function setupAt(target: FakeActor | null) {
  const m = await bondModules();
  world.login("alice");
  if (target) world.target("alice", target);
  const setup = m.buildSetup(brute as never, null);
  world.users.get("alice")!.targets.clear();
  return { m, setup };
}

describe("the target's Speed in Hand-to-Hand (D52)", () => {
  it("a targeted character's Speed is read: shown as text, a lower choice reads back as it", async () => {
    const { m, setup } = await setupAt(thug);
    expect(setup.targetSpeed).toBe(2);
    const choices = m.readChoices(setup, { targetSpeed: "0" }, m.defaultChoices(setup));
    expect(choices.targetSpeed).toBe(2);
    const view = m.attackView(setup, { ...choices, targetSpeed: 0 });
    expect(view.targetSpeedLocked).toBe(true);
    expect(view.easeItems.filter((i) => i.label === "FRACAS.Bond.Ease.TargetSpeed")).toEqual([{ label: "FRACAS.Bond.Ease.TargetSpeed", value: "−2" }]);
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view });
    // It says whose Speed it is (ux-review-s5 #4).
    expect(html.replaceAll("&#x27;", "'")).toContain('<output id="bond-a-tspeed">2 (Thug\'s Speed)</output>');
    expect(html).not.toContain('name="targetSpeed"');
  });

  it("Roll uses the target's Speed even when the choices say less", async () => {
    const { m, setup } = await setupAt(thug);
    world.login("alice");
    world.dice.queue(50, 3);
    const card = await m.rollAttack(brute as never, setup, { ...m.defaultChoices(setup), targetSpeed: 0 }, [{ uuid: thug.uuid, name: thug.name }]);
    const result = cardOf(card as never).result as { ease: { items: { labelKey: string; value: number }[] } };
    expect(speedItems(result.ease.items)).toEqual([{ labelKey: "FRACAS.Bond.Ease.TargetSpeed", value: -2 }]);
  });

  it("no target: the attacker picks it from a select, and the card uses the pick", async () => {
    const { m, setup } = await setupAt(null);
    expect(setup.targetSpeed).toBeNull();
    const choices = m.readChoices(setup, { targetSpeed: "1" }, m.defaultChoices(setup));
    expect(choices.targetSpeed).toBe(1);
    const view = m.attackView(setup, choices);
    expect(view.targetSpeedLocked).toBe(false);
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view });
    expect(html).toContain('<select id="bond-a-tspeed" name="targetSpeed">');
    expect(html).toContain('<option value="1" selected>1</option>');
    world.login("alice");
    world.dice.queue(50, 3);
    const picked = await m.rollAttack(brute as never, setup, choices, []);
    expect(speedItems((cardOf(picked as never).result as { ease: { items: { labelKey: string; value: number }[] } }).ease.items)).toEqual([{ labelKey: "FRACAS.Bond.Ease.TargetSpeed", value: -1 }]);
    // The sheet's usual attack at a target still reads that target's Speed.
    const card = await attack(world, "alice", brute, [thug], 50, 3, { weapon: false });
    expect(speedItems((cardOf(card).result as { ease: { items: { labelKey: string; value: number }[] } }).ease.items)).toEqual([{ labelKey: "FRACAS.Bond.Ease.TargetSpeed", value: -2 }]);
  });
});
