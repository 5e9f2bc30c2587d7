/**
 * The radio findings of the session 3 review (notes/review-session3.md), through the real adapter
 * in the typed Foundry fake (game present, so pluralKey checks the keys exist):
 * - #1 a group's flee outcome reads "1 flees, 4 stay" in Foundry: two counted strings, each its
 *   own One/Other (Summary.HenchmenFlee<form><form>), on the card and in the Apply summary;
 * - #6 the summary keys that cards posted before this session still name stay in the lang file;
 * - #3 an unlinked leader (a token's own actor) is matched by its base actor, and unlinked
 *   followers are found among the combatants (not their world actor);
 * - #5 the escape and the damage roll are claimed (core claimRoll) before the die: two clicks at
 *   the same instant roll once, and a claim already made refuses without rolling;
 * - #10 the duplicates left behind are gone, and an update to one unlinked mook's actor checks only
 *   the combat that mook fights in.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { applicationsView } from "../../../../src/foundry/chat/applications-view.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import { heroView, opponentView } from "../../../../src/rulesets/radio/sheets/views.js";
import { heroSystem, meta, opponentSystem } from "./samples.js";
import { attackWithFirstWeapon, createFalzetti, createGoons, createJake, pressRollDamage, radioModules, radioWorld, startRadioCombat } from "./fight.js";

type Card = { kind: string; result: Record<string, any>; targets: { uuid: string; name: string }[]; applications: { id: string }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (this: unknown, event: unknown, target: unknown) => Promise<void>;

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor; // alice's hero with a revolver
let falzetti: FakeActor; // the boss (world actor), 3 wounds left
let goons: FakeActor; // five henchmen led by Falzetti (stored leader: his world actor's UUID)

const kinds = () => adapter.rulesets.descriptor("radio")!.cards!;
const cards = (kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const settled = async () => {
  const m = await radioModules();
  await m.leaderFallSettled();
  await m.combatEndSettled();
};
const alreadyRolled = () => world.localize("FRACAS.Chat.Refused.AlreadyRolled");

/** `user` shoots `target` with Jake's revolver (out of a combat anyone may attack): 9+9 hits. Returns the attack card. */
const shoot = (user: string, target: FakeActor): Promise<FakeChatMessage> => attackWithFirstWeapon(world, user, jake, target);

/** The attack card's "Roll damage" as the logged-in user. */
const rollDamage = (attack: FakeChatMessage) => pressRollDamage(adapter, attack);

/** Shoots `target` and rolls the damage (d6 = 2: the revolver's 3 fells Falzetti's 3 wounds); returns the damage card. */
async function damageCard(target: FakeActor): Promise<FakeChatMessage> {
  const attack = await shoot("gm", target);
  world.dice.queue(2);
  await rollDamage(attack);
  return cards("damage").at(-1)!;
}

/** A started combat of these combatants (a token's with its tokenId). */
async function startCombat(combatants: { actorId: string; tokenId?: string }[], dice = [5, 3, 2, 1]): Promise<FakeCombat> {
  const combat = await startRadioCombat(world, combatants, dice);
  await settled();
  return combat;
}

beforeEach(async () => {
  ({ world, adapter } = await radioWorld());
  jake = createJake(world);
  falzetti = createFalzetti(world, 3, 8);
  goons = createGoons(world, 5, falzetti);
});

describe("#1 a group's flee outcome in Foundry: each count its own counted string", () => {
  it("one six of five: the card and the Apply summary read 'Goons: 1 flees, 4 stay'", async () => {
    const damage = await damageCard(falzetti);
    expect(cardOf(damage).result.leaders).toEqual(["Falzetti"]);
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    world.dice.queue(6, 2, 3, 4, 1);
    await kinds().damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const [flee] = cards("flee");
    expect(text(flee!.content)).toContain("Goons: 1 flees, 4 stay");
    const applied = (await adapter.queries.requestApply(flee!.id, goons.uuid, true)) as { ok: boolean; summary: { key: string; data: Record<string, string> } };
    // The base key and the counts; the reader's client picks the forms (session 5: summaries.ts).
    expect(applied.summary.key).toBe("FRACAS.Radio.Summary.Row.HenchmenFlee");
    expect(radioSummaryText(applied.summary, (k, d) => world.i18n.format(k, d ?? {}))).toBe("1 flees, 4 stay");
    expect(sys(goons).count).toBe(4);
  });

  it("four sixes of five: 'Goons: 4 flee, 1 stays'", async () => {
    const damage = await damageCard(falzetti);
    await adapter.queries.requestApply(damage.id, falzetti.uuid, true);
    world.dice.queue(6, 6, 3, 6, 6);
    await kinds().damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    const [flee] = cards("flee");
    expect(text(flee!.content)).toContain("Goons: 4 flee, 1 stays");
    const applied = (await adapter.queries.requestApply(flee!.id, goons.uuid, true)) as { summary: { key: string; data: Record<string, string> } };
    expect(radioSummaryText(applied.summary, (k, d) => world.i18n.format(k, d ?? {}))).toBe("4 flee, 1 stays");
  });
});

describe("#6 older cards' Apply rows still read", () => {
  it("Summary.HenchmenGone and Summary.HenchmenFlee (named by cards posted before session 3) are in the lang file, without '(s)'", () => {
    const stored = [
      { key: "FRACAS.Radio.Summary.HenchmenGone", data: { name: "Goons", removed: 2 }, words: "Goons: none left (2 down)" },
      { key: "FRACAS.Radio.Summary.HenchmenFlee", data: { name: "Goons", fled: 2, count: 3 }, words: "Goons: 2 fled, 3 stayed" },
    ];
    for (const s of stored) {
      expect(world.i18n.has(s.key)).toBe(true);
      const application = { id: "a1", targetUuid: goons.uuid, undone: false, poolEntries: [], summary: { key: s.key, data: s.data } };
      const view = applicationsView({ targets: [{ uuid: goons.uuid, name: "Goons" }], applications: [application as never] }, (k, d) => world.i18n.format(k, d ?? {}));
      expect(view.rows[0]!.applied!.summary).toBe(s.words);
      expect(s.words).not.toContain("(s)");
    }
  });
});

describe("#3 unlinked leaders and followers", () => {
  it("an unlinked boss token: its damage card names it a leader (followers name its base actor) and its flee checks find them", async () => {
    const boss = world.createUnlinkedToken(falzetti, "tokF");
    expect(boss.uuid).not.toBe(falzetti.uuid);
    const damage = await damageCard(boss);
    expect(cardOf(damage).targets).toEqual([{ uuid: boss.uuid, name: "Falzetti" }]);
    expect(cardOf(damage).result.leaders).toEqual(["Falzetti"]);
    expect(damage.content).toContain('data-fracas-follow-up="flee"');
    expect(await adapter.queries.requestApply(damage.id, boss.uuid, true)).toMatchObject({ ok: true });
    expect(sys(boss).state).toBe("unconscious");
    expect(sys(falzetti).wounds.value).toBe(3); // the base actor is not the token
    world.dice.queue(6, 1, 1, 1, 1);
    await kinds().damage!.followUps!.flee!({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never });
    expect(cards("flee").map((c) => [cardOf(c).result.followerName, cardOf(c).targets[0]!.uuid])).toEqual([["Goons", goons.uuid]]);
  });

  it("the GM fells an unlinked boss token by hand: the leader-down prompt lists the followers", async () => {
    const boss = world.createUnlinkedToken(falzetti, "tokF");
    await startCombat([{ actorId: jake.id }, { actorId: falzetti.id, tokenId: "tokF" }, { actorId: goons.id }]);
    await boss.update({ "system.wounds.value": 0 });
    await settled();
    const [prompt, ...more] = cards("leaderDown");
    expect(more).toHaveLength(0);
    expect(cardOf(prompt!).result).toMatchObject({ leaderUuid: boss.uuid, followers: ["Goons"] });
    world.dice.queue(6, 6, 1, 1, 1);
    expect(await adapter.queries.requestFollowUp(prompt!.id, "flee", {})).toMatchObject({ ok: true });
    expect(cards("flee").map((c) => cardOf(c).result.rolls)).toEqual([[6, 6, 1, 1, 1]]);
  });

  it("unlinked followers are found among the combatants, once, and their flee card is applied to the token, not the world actor", async () => {
    const mooks = world.createUnlinkedToken(goons, "tokG");
    await startCombat([{ actorId: jake.id }, { actorId: falzetti.id }, { actorId: goons.id, tokenId: "tokG" }]);
    const { followersOf } = await import("../../../../src/rulesets/radio/cards/followers.js");
    expect(followersOf(falzetti as never).map((a) => a.uuid)).toEqual([mooks.uuid]);
    await falzetti.update({ "system.wounds.value": 0 });
    await settled();
    const [prompt] = cards("leaderDown");
    expect(cardOf(prompt!).result.followers).toEqual(["Goons"]);
    world.dice.queue(6, 6, 6, 1, 1);
    await adapter.queries.requestFollowUp(prompt!.id, "flee", {});
    const [flee, ...more] = cards("flee");
    expect(more).toHaveLength(0);
    expect(cardOf(flee!).targets).toEqual([{ uuid: mooks.uuid, name: "Goons" }]);
    expect(await adapter.queries.requestApply(flee!.id, mooks.uuid, true)).toMatchObject({ ok: true });
    expect(sys(mooks).count).toBe(2);
    expect(sys(goons).count).toBe(5);
  });

  it("a world follower still follows a world leader outside any fight; a leader matches only its own base actor", async () => {
    const { followersOf, follows } = await import("../../../../src/rulesets/radio/cards/followers.js");
    expect(followersOf(falzetti as never).map((a) => a.name)).toEqual(["Goons"]);
    const other = world.createActor({ name: "Malefice", type: "radioOpponent", system: { kind: "boss" } });
    expect(followersOf(world.createUnlinkedToken(other, "tokM") as never)).toEqual([]);
    expect(follows(falzetti.uuid, { uuid: `Scene.s.Token.t.Actor.${falzetti.id}`, id: falzetti.id, isToken: true })).toBe(true);
    expect(follows(falzetti.uuid, { uuid: `Scene.s.Token.t.Actor.${other.id}`, id: other.id, isToken: true })).toBe(false);
    // A world actor is named by its own UUID only.
    expect(follows(`Actor.${falzetti.id}`, { uuid: "Actor.x", id: falzetti.id, isToken: false })).toBe(false);
    expect(follows("", { uuid: "", id: null })).toBe(false);
  });
});

describe("#5 the escape and the damage are claimed before the die", () => {
  let combat: FakeCombat;
  const jakeCombatant = () => combat.combatants.find((c) => c.actorId === jake.id)!.id;

  /** Jake spends round 1 defensive; round 2 starts, offering the escape. Returns the offer. */
  async function defensiveRoundEnded(): Promise<FakeChatMessage> {
    combat = await startCombat([{ actorId: jake.id }, { actorId: falzetti.id }], [2, 5, 1, 1]);
    world.login("alice");
    expect(await adapter.queries.requestDeclare(combat.id, jakeCombatant(), "defensive")).toEqual({ ok: true });
    world.login("gm");
    world.dice.queue(3, 4, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    const [offer] = cards("escapeOffer");
    expect(cardOf(offer!).result).toMatchObject({ actorUuid: jake.uuid, round: 1 });
    return offer!;
  }
  const clickOffer = (offer: FakeChatMessage) => kinds().escapeOffer!.followUps!.escape!({ message: offer as never, result: cardOf(offer).result as JsonObject, button: {} as never });
  /** Jake's sheet, opened beforehand: its Escape click starts at once (no import in between). */
  async function sheetEscape(): Promise<() => Promise<void>> {
    const m = await import("../../../../src/rulesets/radio/sheets/actor-sheets.js");
    const sheet = new m.RadioHeroSheet({ document: jake } as never);
    const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    return () => actions.escape!.call(sheet, {}, { dataset: {} });
  }

  it("the GM's click claimed this round's escape an instant ago: the owner's click (offer or sheet) is refused without a die", async () => {
    const offer = await defensiveRoundEnded();
    world.login("gm");
    expect(await adapter.queries.claimRoll(jake as never, `${combat.id}:1:escape`)).toBe(true);
    world.login("alice");
    world.dice.queue(4);
    await clickOffer(offer);
    await (await sheetEscape())();
    expect(cards("escape")).toHaveLength(0);
    expect(world.dice.remaining).toEqual([4]);
    expect(world.notified("warn").filter((w) => w === alreadyRolled())).toHaveLength(2);
  });

  it("the offer's button and the sheet's at the same instant: one roll, one escape card", async () => {
    const offer = await defensiveRoundEnded();
    world.login("alice");
    const clickSheet = await sheetEscape();
    world.dice.queue(2, 3);
    await Promise.all([clickOffer(offer), clickSheet()]);
    expect(cards("escape")).toHaveLength(1);
    expect(world.dice.remaining).toEqual([3]);
    // The GM's client granted one claim and refused the other.
    expect(world.queryLog.filter((q) => q.name === "fracas.claim").map((q) => q.from)).toEqual(["alice", "alice"]);
    expect(cards("escape")[0]!.author?.id).toBe("alice");
    expect(world.user.id).toBe("alice");
    expect(world.notified("warn")).toContain(alreadyRolled());
  });

  it("another client claimed this hit's damage: the attacker's player is refused without a die", async () => {
    const attack = await shoot("alice", falzetti);
    world.login("gm");
    expect(await adapter.queries.claimRoll(jake as never, `${attack.id}:damage`)).toBe(true);
    world.login("alice");
    world.dice.queue(2);
    await rollDamage(attack);
    expect(cards("damage")).toHaveLength(0);
    expect(world.dice.remaining).toEqual([2]);
    expect(world.notified("warn").at(-1)).toBe(alreadyRolled());
  });

  it("two clicks on Roll damage at the same instant: one damage card", async () => {
    const attack = await shoot("alice", falzetti);
    world.dice.queue(2, 5);
    await Promise.all([rollDamage(attack), rollDamage(attack)]);
    expect(cards("damage")).toHaveLength(1);
    expect(world.dice.remaining).toEqual([5]);
  });
});

describe("#10 no duplicates left behind", () => {
  it("the sheet views give the escape once, in the defence row", () => {
    const hero = heroView(meta({ defensiveLastRound: true }), heroSystem(), []);
    expect(hero.defence.canEscape).toBe(true);
    expect(Object.keys(hero)).not.toContain("canEscape");
    expect(Object.keys(opponentView(meta({ defensiveLastRound: true }), opponentSystem(), []))).not.toContain("canEscape");
  });

  it("flow.ts keeps no second 'defensive last round' lookup, nor the unused open-offer lookup", async () => {
    const flow = await import("../../../../src/rulesets/radio/cards/flow.js");
    expect(Object.keys(flow)).not.toContain("defensiveLastRoundOf");
    expect(Object.keys(flow)).not.toContain("openEscapeOffer");
  });

  it("an update to one unlinked mook's actor checks only the combat that mook fights in (core isCombatantOf, not the actor id)", async () => {
    const a = world.createUnlinkedToken(goons, "tokA");
    world.createUnlinkedToken(goons, "tokB");
    const hero2 = world.createActor({ name: "Rosie", type: "radioHero", system: { wounds: { value: 5, max: 5 } }, ownership: { alice: 3 } });
    await startCombat([{ actorId: jake.id }, { actorId: goons.id, tokenId: "tokA" }]);
    const other = await startCombat([{ actorId: hero2.id }, { actorId: goons.id, tokenId: "tokB" }]);
    // An end card left open on the other combat although both its sides stand: a check there would mark it stale.
    const { postCard } = await import("../../../../src/foundry/chat/cards.js");
    const result = { combatId: other.id, seq: 1, round: 1, winner: "pc", standing: { pc: 1, gm: 0 }, open: true, stale: false, ended: false };
    const { combatEndView } = await import("../../../../src/rulesets/radio/cards/views.js");
    await postCard({ ruleset: "radio", kind: "combatEnd", source: null, result, targets: [], context: { view: combatEndView(result as never) } });
    await a.update({ "system.count": 4 });
    await settled();
    expect(cardOf(cards("combatEnd")[0]!).result).toMatchObject({ open: true, stale: false });
  });
});
