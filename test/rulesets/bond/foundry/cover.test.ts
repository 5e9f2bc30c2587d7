/**
 * Cover (D49; RULES.md §1 EF modifiers: "cover (GM, P −1/−2/−3)"), through the real sheet, data
 * model, attack dialog and card in the typed fake. The GM sets a character's cover on its sheet (a
 * select only the GM gets; everyone else reads it); an attack dialog aimed at that character starts
 * from it and offers no less, says so, and the roll uses at least it even when asked for less.
 * Nobody but a GM changes it, from a sheet or otherwise.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bondModules, cardOf, characterSheet, npcChars, pcChars, pool, standInEnrichHTML } from "./helpers.js";

let world: FakeWorld;
let bond: FakeActor; // alice's PC with a Walther PPK
let hood: FakeActor; // the GM's NPC

const ppk = { name: "Walther PPK", type: "bondWeapon", system: { attackKind: "fire", damageClass: "D", shotsPerRound: 2 } };
const coverOf = (a: FakeActor) => (a.system as unknown as { cover: string }).cover;
const coverItems = (items: { labelKey: string; value: number }[]) => items.filter((i) => i.labelKey.startsWith("FRACAS.Bond.Ease.Cover."));

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  standInEnrichHTML();
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) }, ownership: { alice: 3, bob: 2 }, items: [ppk] });
  hood = world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars } });
});

/** The attack dialog's setup and view for `user`'s `attacker` aiming its first weapon at `target`. */
async function dialogAt(user: string, attacker: FakeActor, target: FakeActor) {
  const m = await bondModules();
  world.login(user);
  world.target(user, target);
  const setup = m.buildSetup(attacker as never, attacker.items.contents[0] as never);
  world.users.get(user)!.targets.clear();
  return { m, setup };
}

describe("the GM sets a character's cover on its sheet", () => {
  it("a bounded field, 'none' until set; only a GM's change is kept", async () => {
    expect(coverOf(hood)).toBe("none");
    const gm = await characterSheet(world, hood, "gm");
    await gm.sheet.submitForm({ "system.cover": "medium" });
    expect(coverOf(hood)).toBe("medium");

    // Alice owns Bond: her sheet's submit and her own update both leave his cover alone; the rest goes through.
    world.login("gm");
    await bond.update({ "system.cover": "light" } as never);
    const own = await characterSheet(world, bond, "alice");
    await own.sheet.submitForm({ "system.cover": "heavy", "system.fame": 40 });
    expect(coverOf(bond)).toBe("light");
    expect((bond.system as unknown as { fame: number }).fame).toBe(40);
    world.login("alice");
    await bond.update({ "system.cover": "none" } as never);
    expect(coverOf(bond)).toBe("light");

    // Whether Bond is a non-player character is the GM's ruling too (it swaps Hero for Survival Points).
    world.login("alice");
    await bond.update({ "system.npc": true } as never);
    expect((bond.system as unknown as { npc: boolean }).npc).toBe(false);
    world.login("gm");
    await bond.update({ "system.npc": true } as never);
    expect((bond.system as unknown as { npc: boolean }).npc).toBe(true);
    await bond.update({ "system.npc": false } as never);

    // Not one of the choices: refused by the field, as any bounded field (V13's client shows the
    // validation error and sends nothing, without throwing).
    world.login("gm");
    await expect(hood.update({ "system.cover": "bunker" } as never)).resolves.toBeUndefined();
    expect(world.notified("error").at(-1)).toContain("cover");
    expect(coverOf(hood)).toBe("medium");
  });

  it("the GM gets a select labelled (GM); the owner and an Observer read the cover as text", async () => {
    world.login("gm");
    await bond.update({ "system.cover": "heavy" } as never);
    const gm = (await characterSheet(world, bond, "gm")).html;
    expect(gm).toContain('<label for="bond-cover">Cover (GM)</label>');
    expect(gm).toMatch(/<select id="bond-cover" name="system.cover"[^>]*>/);
    expect(gm).toContain('<option value="heavy" selected>Heavy cover</option>');
    for (const user of ["alice", "bob"]) {
      const html = (await characterSheet(world, bond, user)).html;
      expect(html, user).not.toContain('name="system.cover"');
      expect(html, user).toContain('<div class="bond-cover"><dt>Cover</dt><dd data-tooltip="Set by the GM: Fire Combat at this character uses at least this cover.">Heavy cover</dd></div>');
    }
  });
});

describe("an attack on a character whose cover the GM set", () => {
  it("the dialog starts from it, offers no less and says so; a lower choice reads back as the GM's", async () => {
    world.login("gm");
    await hood.update({ "system.cover": "medium" } as never);
    const { m, setup } = await dialogAt("alice", bond, hood);
    expect(setup.targetCover).toBe("medium");
    const choices = m.defaultChoices(setup);
    expect(choices.cover).toBe("medium");
    const view = m.attackView(setup, choices);
    expect(view.coverOptions.map((o) => o.value)).toEqual(["medium", "heavy"]);
    expect(coverItems(view.easeItems.map((i) => ({ labelKey: i.label, value: Number(i.value.replace("−", "-")) })))).toEqual([{ labelKey: "FRACAS.Bond.Ease.Cover.medium", value: -2 }]);
    const html = await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/dialogs/attack.hbs", { view });
    expect(html).toContain("Cover set by the GM on the target: at least Medium cover.");
    expect(html).toContain('aria-describedby="bond-a-cover-gm"');

    // The form asks for less (a stale dialog, a forged value): medium stays; more is the attacker's to take.
    expect(m.readChoices(setup, { cover: "none" }, choices).cover).toBe("medium");
    expect(m.readChoices(setup, { cover: "heavy" }, choices).cover).toBe("heavy");
  });

  it("the roll uses at least the GM's cover, even when the choices ask for less (set after the dialog opened)", async () => {
    const { m, setup } = await dialogAt("alice", bond, hood);
    const before = m.defaultChoices(setup);
    expect(before.cover).toBe("none");
    world.login("gm");
    await hood.update({ "system.cover": "heavy" } as never);
    // The dialog reads its setup again at Roll (attack-dialog.ts #onRoll): the target's cover now.
    const { setup: atRoll } = await dialogAt("alice", bond, hood);
    world.dice.queue(50, 3);
    const card = await m.rollAttack(bond as never, atRoll, before, [{ uuid: hood.uuid, name: hood.name }]);
    const result = cardOf(card as never).result as { ease: { items: { labelKey: string; value: number }[] } };
    expect(coverItems(result.ease.items)).toEqual([{ labelKey: "FRACAS.Bond.Ease.Cover.heavy", value: -3 }]);
  });

  it("no cover set: the attacker picks, from none (and the attack card's lines show the choice)", async () => {
    const { m, setup } = await dialogAt("alice", bond, hood);
    expect(setup.targetCover).toBe("none");
    const view = m.attackView(setup, m.readChoices(setup, { cover: "light" }, m.defaultChoices(setup)));
    expect(view.coverOptions.map((o) => o.value)).toEqual(["none", "light", "medium", "heavy"]);
    expect(view.coverSetByGm).toBeNull();
    const card = await attack(world, "alice", bond, [hood], 50, 3);
    expect(coverItems((cardOf(card).result as { ease: { items: { labelKey: string; value: number }[] } }).ease.items)).toEqual([]);
  });
});
