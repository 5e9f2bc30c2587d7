/**
 * A leader who falls other than by a damage card still brings the followers' flee checks (seed 001:
 * "When a group's leader falls, members each make a consequence check"), through the real adapter
 * in the typed Foundry fake: the active GM's client notices the fall (an actor update, a status)
 * and whispers ONE "leader down" card per fall with "Roll flee checks (GM)"; the damage card that
 * fells a leader offers the checks itself (no second prompt), and a hit on a leader already down
 * offers none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { fallAction, leaderFallen } from "../../../../src/rulesets/radio/data/leader-fall.js";
import { damageEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { createHandlebars } from "../../../browser/harness.js";
import leaderDownFixture from "../../../fixtures/templates/radio/cards/leader-down/status.js";
import { opponentSystem } from "./samples.js";
import { attackWithFirstWeapon, createFalzetti, createGoons, createJake, createSal, pressRollDamage, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { kind: string; applications: Application[]; result: Record<string, any>; targets: { uuid: string; name: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("a leader's fall (pure)", () => {
  it("wounds at or below 0, or the unconscious or dead status, fell a leader", () => {
    expect(leaderFallen("radioOpponent", opponentSystem())).toBe(false);
    expect(leaderFallen("radioOpponent", opponentSystem({ wounds: { value: 0, max: 6 } }))).toBe(true);
    expect(leaderFallen("radioOpponent", opponentSystem(), ["fracas-dead"])).toBe(true);
    expect(leaderFallen("radioOpponent", opponentSystem(), ["fracas-unconscious"])).toBe(true);
    expect(leaderFallen("radioOpponent", opponentSystem(), ["fracas-stunned"])).toBe(false);
  });

  it("prompts once per fall (while someone may flee), notes a fall with no one to flee without a prompt, and clears the note when the leader stands", () => {
    expect(fallAction({ fallen: true, noted: false, canFlee: true })).toBe("prompt");
    expect(fallAction({ fallen: true, noted: true, canFlee: true })).toBeNull();
    expect(fallAction({ fallen: true, noted: false, canFlee: false })).toBe("note");
    expect(fallAction({ fallen: true, noted: true, canFlee: false })).toBeNull();
    expect(fallAction({ fallen: false, noted: true, canFlee: true })).toBe("reset");
    expect(fallAction({ fallen: false, noted: false, canFlee: true })).toBeNull();
  });

  it("a damage card's Apply that fells a minion or boss notes the fall in the same write", () => {
    const damage = { damage: 3, weapon: "projectile", piercing: true, knockout: false, lethal: false, breakdown: { steps: [] } };
    const felled = damageEffect({ result: { damage } as never, target: { type: "radioOpponent", name: "Falzetti", system: opponentSystem({ wounds: { value: 3, max: 6 } }) as JsonObject } });
    expect("update" in felled && felled.update["system.fallNoted"]).toBe(true);
    const standing = damageEffect({ result: { damage } as never, target: { type: "radioOpponent", name: "Falzetti", system: opponentSystem({ wounds: { value: 6, max: 6 } }) as JsonObject } });
    expect("update" in standing && "system.fallNoted" in standing.update).toBe(false);
  });

  it("the leader-down card renders its line and the GM's button", () => {
    const env = createHandlebars();
    const html = env.renderTemplate("radio/cards/leader-down.hbs", leaderDownFixture().context).replace(/\s+/g, " ");
    expect(html).toContain("Falzetti has fallen. Followers: Falzetti&#x27;s goons and Lieutenant Sal.");
    expect(html).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="flee"');
    expect(html).toContain("Roll flee checks (GM)");
    expect([...env.i18n.missingKeys]).toEqual([]);
  });
});

describe("through the fake: the GM's fall check", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let goons: FakeActor;
  let sal: FakeActor;
  let combat: FakeCombat;

  const cards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
  const settled = async () => (await radioModules()).leaderFallSettled();

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world);
    falzetti = createFalzetti(world, 3, 8);
    goons = createGoons(world, 3, falzetti);
    sal = createSal(world, falzetti);
    combat = await startRadioCombat(world, [jake, falzetti, goons], [5, 3, 2, 1]);
    await settled();
  });

  it("a migration's write (fracasMigration) is not play: no fall card, no end check, and no bound is judged", async () => {
    await falzetti.update({ "system.wounds.value": 0 }, { fracasMigration: true });
    await settled();
    expect(cards("leaderDown")).toHaveLength(0);
    // A value out of the sheet's bounds is the migration's to write, not a typing slip to lower.
    const told = world.notifications.length;
    await jake.update({ "system.wounds.value": 99 }, { fracasMigration: true });
    expect(sys(jake).wounds.value).toBe(99);
    expect(world.notifications.length).toBe(told);
  });

  it("the GM edits the leader's wounds to 0: one card to the GM; the GM's button rolls each follower's checks once", async () => {
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    const [card, ...more] = cards("leaderDown");
    expect(more).toHaveLength(0);
    expect(card!._source.whisper).toEqual(["gm"]);
    expect(cardOf(card!).result).toEqual({ leaderUuid: falzetti.uuid, leaderName: "Falzetti", followers: ["Goons", "Sal"] });
    expect(cardOf(card!).targets).toEqual([{ uuid: falzetti.uuid, name: "Falzetti" }]);
    expect(card!.content).toContain('data-fracas-action="gmFollowUp" data-fracas-follow-up="flee"');
    expect(sys(falzetti).fallNoted).toBe(true);
    expect(await adapter.queries.requestApply(card!.id, falzetti.uuid, true)).toMatchObject({ ok: false });

    // More writes to the fallen leader: no second card.
    await falzetti.update({ "system.notes": "<p>Out cold.</p>" });
    await falzetti.toggleStatusEffect("fracas-unconscious", { active: true });
    await settled();
    expect(cards("leaderDown")).toHaveLength(1);

    // A player may not roll them; the GM does: three dice for the goons, one for Sal, once.
    world.login("alice");
    expect(await adapter.queries.requestFollowUp(card!.id, "flee", {})).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    world.login("gm");
    world.dice.queue(6, 2, 1, 4);
    expect(await adapter.queries.requestFollowUp(card!.id, "flee", {})).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Done" } });
    expect(cards("flee").map((c) => [cardOf(c).result.followerName, cardOf(c).result.rolls])).toEqual([
      ["Goons", [6, 2, 1]],
      ["Sal", [4]],
    ]);
    expect(await adapter.queries.requestFollowUp(card!.id, "flee", {})).toEqual({ ok: false, reason: "FRACAS.Radio.Refused.FleeRolled" });
    expect(cards("flee")).toHaveLength(2);
  });

  it("a status (the GM marks the leader dead) prompts too; standing again clears the note, and a later fall prompts again", async () => {
    await falzetti.toggleStatusEffect("fracas-dead", { active: true });
    await settled();
    expect(cards("leaderDown")).toHaveLength(1);
    await falzetti.toggleStatusEffect("fracas-dead", { active: false });
    await settled();
    expect(sys(falzetti).fallNoted).toBe(false);
    expect(cards("leaderDown")).toHaveLength(1);
    await falzetti.update({ "system.wounds.value": -2 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(2);
  });

  it("the damage card that fells the leader offers the checks itself: no leader-down card, nor after its Undo; a hit on a fallen leader offers none", async () => {
    /** The GM shoots Falzetti with Jake's revolver (the GM may attack out of turn): a 3-damage hit. */
    const shoot = async () => {
      const attack = await attackWithFirstWeapon(world, "gm", jake, falzetti);
      world.dice.queue(2);
      await pressRollDamage(adapter, attack);
      return world.messages.contents.at(-1) as unknown as FakeChatMessage;
    };
    const damage = await shoot();
    expect(cardOf(damage).result.leaders).toEqual(["Falzetti"]);
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    await settled();
    expect(sys(falzetti)).toMatchObject({ state: "unconscious", fallNoted: true });
    expect(falzetti.statuses.has("fracas-unconscious")).toBe(true);
    expect(cards("leaderDown")).toHaveLength(0);

    // Undo: standing again, the note restored with the wounds; the status removed after the write posts nothing.
    expect(await adapter.queries.requestUndo(damage.id, cardOf(damage).applications[0]!.id, true)).toMatchObject({ ok: true });
    await settled();
    expect(sys(falzetti)).toMatchObject({ state: "active", fallNoted: false });
    expect(cards("leaderDown")).toHaveLength(0);

    // Knocked down by the GM's hand instead: the prompt; a later hit on the fallen leader offers no flee checks.
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(1);
    const again = await shoot();
    expect(cardOf(again).result.leaders).toEqual([]);
    expect(again.content).not.toContain('data-fracas-follow-up="flee"');
  });

  it("only the active GM checks; a leader with no one in a radio fight posts nothing (the fall is noted)", async () => {
    world.setActiveGM(null);
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(0);
    world.setActiveGM("gm");

    const malefice = world.createActor({ name: "Malefice", type: "radioOpponent", system: { kind: "boss", wounds: { value: 4, max: 4 } } });
    world.createActor({ name: "Acolyte", type: "radioOpponent", system: { kind: "minion", leader: malefice.uuid } });
    await malefice.update({ "system.wounds.value": 0 });
    await settled();
    expect(cards("leaderDown")).toHaveLength(0);
    // Noted all the same, so a fight that starts later does not prompt for it (review-wave2.test.ts).
    expect(sys(malefice).fallNoted).toBe(true);
  });
});
