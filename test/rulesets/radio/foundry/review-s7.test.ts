/**
 * Session 7, wave 2 (notes/review-s7-player.md) for radio:
 * - #7: "No GM" is said once. Core viaGM shows it as an error; Radio's callers of requestFollowUp /
 *   requestCombatantMemory pass the outcome to core warnRefused, which does not warn it again (and
 *   still warns any other refusal once).
 * And the wave-1 audit's items left ("can a GM check Fracas against the book?"):
 * - a henchmen pool's Apply row shows the count's arithmetic (seed 001 Henchmen; RULES.md §2 D);
 * - the escape card says a 6 fails (seed: "must be successful (not a 6)");
 * - the limb line restates "a 6: only the held weapon is lost" (seed Step 6);
 * - "Earned 2 action tokens" says why (seed Step 4), or that the world's table gave it;
 * - "Defensive: halved" says when its 1 is the minimum (seed: "rounded down to a minimum of 1").
 * - #2 (hidden combatants): Radio's panel is the GM's, the leader-down and combat-end cards are
 *   whispered to the GMs (groups.test.ts, leader-fall.test.ts, combat-end.test.ts); a flee card that
 *   names a hidden combatant is whispered to the GMs too, whatever the GM's roll mode.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { damageEffect } from "../../../../src/rulesets/radio/cards/effects.js";
import { radioSummaryText } from "../../../../src/rulesets/radio/cards/summaries.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { attackWithFirstWeapon, createFalzetti, createGoons, createJake, createSal, radioModules, radioWorld } from "./fight.js";
import { radioRenderer, text } from "./render.js";
import { henchmenSystem } from "./samples.js";
import { localize } from "../../zodiac/foundry/en-localize.js";
import henchmenApplied from "../../../fixtures/templates/radio/cards/damage/henchmen-applied.js";
import defensiveMinimum from "../../../fixtures/templates/radio/cards/damage/defensive-minimum.js";
import limbWeaponLost from "../../../fixtures/templates/radio/cards/damage/limb-weapon-lost.js";
import headShot from "../../../fixtures/templates/radio/cards/damage/head-shot.js";
import limbDisabled from "../../../fixtures/templates/radio/cards/damage/limb.js";
import attackHit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import tokensTable from "../../../fixtures/templates/radio/cards/attack/tokens-table.js";
import tokensUndone from "../../../fixtures/templates/radio/cards/attack/tokens-undone.js";
import escapes from "../../../fixtures/templates/radio/cards/escape/escapes.js";
import stays from "../../../fixtures/templates/radio/cards/escape/stays.js";

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;
let falzetti: FakeActor;
const NO_GM = "No GM is connected: a GM must be present to apply this. Nothing was changed.";

beforeEach(async () => {
  ({ world, adapter } = await radioWorld(["alice", "bob"]));
  jake = createJake(world);
  falzetti = createFalzetti(world, 6, 6);
});

describe("#7: with no GM connected, a request's refusal is one error toast, no warning", () => {
  it("'Final action taken' on a prompt card: the request says No GM once, as an error", async () => {
    const card = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    world.setActiveGM(null);
    world.login("alice");
    world.notifications.length = 0;
    const m = await radioModules();
    const outcome = await m.finishFinalAction(jake as never, card.id);
    expect(outcome).toEqual({ ok: false, reason: "FRACAS.Chat.NoGM" });
    expect(world.notifications.map((n) => n.type)).toEqual(["error"]);
    expect(world.notifications[0]!.message).toBe(NO_GM);
  });

  it("'Roll flee checks' on a damage card: one error, no warning", async () => {
    const card = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    world.setActiveGM(null);
    world.login("alice");
    world.notifications.length = 0;
    const { rollFleeChecks } = await import("../../../../src/rulesets/radio/cards/flee.js");
    await rollFleeChecks(card as never);
    expect(world.notifications.map((n) => n.type)).toEqual(["error"]);
  });

  it("any other refusal is still warned once ('Final action taken' by a player who owns no one on the card)", async () => {
    const card = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    world.login("bob");
    world.notifications.length = 0;
    const m = await radioModules();
    await m.finishFinalAction(jake as never, card.id);
    expect(world.notifications.map((n) => n.type)).toEqual(["warn"]);
  });
});

const { render } = radioRenderer();

describe("a henchmen pool's Apply row shows the count's arithmetic (seed 001 Henchmen; RULES.md §2 D)", () => {
  const goons = (count: number, woundsEach: number, carried: number) => ({ type: "radioHenchmen", name: "Goons", system: henchmenSystem({ count, woundsEach, carried }) as JsonObject });
  const row = (damage: Record<string, unknown>, target: ReturnType<typeof goons>) => {
    const e = damageEffect({ result: { damage: { piercing: false, critical: false, ...damage } } as unknown as JsonObject, target });
    if ("refused" in e) throw new Error(e.refused);
    return radioSummaryText(e.summary!, localize) ?? localize(e.summary!.key, e.summary!.data);
  };

  it("the damage, what was carried in, the wounds each, and what is carried over", () => {
    // 6 + 1 carried = 7 at 2 each: 3 down (6), 1 carried over; 4 - 3 = 1 left.
    expect(row({ damage: 6 }, goons(4, 2, 1))).toBe("3 down, 1 left: 6 damage + 1 from before = 7, 2 wounds each; 1 left for the next hit");
    // Nothing carried in or over, one wound each.
    expect(row({ damage: 2 }, goons(5, 1, 0))).toBe("2 down, 3 left: 2 damage, 1 wound each");
    // The group wiped out: the excess is not carried.
    expect(row({ damage: 9 }, goons(3, 2, 0))).toBe("the last 3 go down: 9 damage, 2 wounds each");
    // A head or heart shot fells at least the henchman hit: 1 rolled, 3 dealt.
    expect(row({ damage: 1, lethal: true }, goons(5, 3, 0))).toBe("1 down, 4 left: 3 damage (head or heart shot, rolled 1), 3 wounds each");
  });

  it("a row stored before (no wounds each) keeps its words", () => {
    expect(radioSummaryText({ key: "FRACAS.Radio.Summary.Row.Henchmen", data: { removed: 2, count: 3 } }, localize)).toBeNull();
    expect(radioSummaryText({ key: "FRACAS.Radio.Summary.Row.HenchmenGone", data: { removed: 2 } }, localize)).toBe("the last 2 go down");
  });

  it("the damage card with its Apply row, as the chat draws it (fixture damage/henchmen-applied)", () => {
    expect(text(render("cards/damage", henchmenApplied()))).toContain("Falzetti's goons 2 down, 3 left: 4 damage + 1 from before = 5, 2 wounds each; 1 left for the next hit");
  });
});

describe("the cards restate the rule that decided a roll", () => {
  it("escape: a 6 fails, anything else escapes", () => {
    expect(text(render("cards/escape", escapes()))).toMatch(/Consequence roll: \d \(a 6 fails; anything else escapes\) Escapes without pursuit\./);
    expect(text(render("cards/escape", stays()))).toContain("Consequence roll: 6 (a 6 fails; anything else escapes) Stays in the fight another round.");
  });

  it("limb shot: a 6 loses only the held weapon, any other roll disables the limb", () => {
    const rule = "(a 6: an arm drops its weapon, a leg keeps working; anything else disables the limb)";
    expect(text(render("cards/damage", limbWeaponLost()))).toContain(`consequence roll 6 — the weapon in it is lost ${rule}`);
    expect(text(render("cards/damage", limbDisabled()))).toContain(`consequence roll 3 — the limb is disabled ${rule}`);
    expect(text(render("cards/damage", headShot()))).not.toContain("a 6 loses");
  });

  it("tokens earned: a described action, the book's counts; or the world's table when it gave another", () => {
    expect(text(render("cards/attack", attackHit()))).toContain("Earned 2 action tokens. (a described standard action)");
    expect(text(render("cards/attack", tokensTable()))).toContain("Earned 3 action tokens. (a described standard action, by this world's tokens table)");
    // Taken back: the struck line stays, the why goes.
    expect(text(render("cards/attack", tokensUndone()))).not.toContain("a described");
  });

  it("defensive halving: 'rounded down', and 'minimum 1' when half rounds down to 0", () => {
    expect(text(render("cards/damage", defensiveMinimum()))).toContain("Weapon 1 Defensive: halved, minimum 1 1");
    expect(text(render("cards/damage", headShot()))).toContain("Weapon 3 Defensive: halved, rounded down 1");
  });
});

describe("#2: a flee card naming a hidden combatant is the GMs' only", () => {
  it("hidden goons follow Falzetti: their flee card is whispered to the GM; Sal's (shown) follows the roll mode", async () => {
    const goons = createGoons(world, 2, falzetti);
    const sal = createSal(world, falzetti);
    world.login("gm");
    const combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: jake.id }, { actorId: falzetti.id }, { actorId: goons.id, hidden: true }, { actorId: sal.id }]);
    world.dice.queue(5, 3, 2, 1);
    await (combat as unknown as FracasCombat).startCombat();
    const m = await radioModules();
    await falzetti.update({ "system.wounds.value": 0 });
    await m.leaderFallSettled();
    const card = world.messages.find((x) => (x.system as unknown as { kind: string }).kind === "leaderDown")!;
    world.dice.queue(6, 2, 4);
    expect(await adapter.queries.requestFollowUp(card.id, "flee", {})).toMatchObject({ ok: true });
    const flee = world.messages.filter((x) => (x.system as unknown as { kind: string }).kind === "flee") as unknown as FakeChatMessage[];
    const byFollower = Object.fromEntries(flee.map((c) => [(c.system as unknown as { result: { followerName: string } }).result.followerName, c._source.whisper]));
    expect(byFollower).toEqual({ Goons: ["gm"], Sal: [] });
  });
});
