/**
 * Session 7, wave 2 (review-s7-player.md) and wave-1 leftovers:
 * - #2: the side panel named a hidden villain as its side's leader to players;
 * - #4: a Snatching card listed, in public, every weapon the defender carried, concealed ones too;
 * - #7: a refused knock-back Set or dodge record warned "No GM" again after the core's error;
 * - the blocked Slam/Stun line now shows the two rank numbers compared (RULES.md: Strength ≥
 *   Endurance), and the Endurance FEAT card says no column shifts apply.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, slamOnRampage, startFight } from "./fake-round.js";
import { panelContext } from "../../../../src/rulesets/faserip/sheets/tracker-panel.js";
import { itemSheetView } from "../../../../src/rulesets/faserip/sheets/item-sheet-view.js";
import { attackCardView } from "../../../../src/rulesets/faserip/sheets/attack-card-view.js";
import { secondaryCardView } from "../../../../src/rulesets/faserip/sheets/secondary-card-view.js";
import { resolveAttack, resolveSecondary } from "../../../../src/rulesets/faserip/rules/index.js";
import hiddenLeader from "../../../fixtures/templates/faserip/tracker-panel/hidden-leader-player.js";
import blockedMiss from "../../../fixtures/templates/faserip/cards/attack/blocked-miss.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const seen = (html: string) => html.replace(/&#x3D;/g, "=").replace(/&#x27;/g, "'");
const render = async (path: string, context: object) => seen(await f.world.templates.renderTemplate(`systems/fracas/templates/faserip/${path}`, context));
const contentOf = (m: unknown) => seen((m as FakeChatMessage & { content: string }).content);
const leaders = (ctx: Record<string, unknown>) => (ctx["sides"] as { id: string; leader: string; total: number }[]).map((s) => [s.id, s.leader, s.total]);

describe("review-s7-player #2: a hidden leader is not named to players", () => {
  it("the villains' leader (Rampage, top Intuition) hidden: the GM's panel names him, a player's keeps the total only", async () => {
    f.world.login("gm");
    const rampage = f.combat.combatants.get(f.cid(f.rampage))!;
    await (rampage as unknown as { update(d: object): Promise<unknown> }).update({ hidden: true });
    const combat = f.combat as never;

    const gm = panelContext(combat);
    expect(leaders(gm)).toEqual([
      ["heroes", "Captain", 33],
      ["villains", "Rampage", 15],
    ]);
    f.world.login("alice");
    const player = panelContext(combat);
    expect(leaders(player)).toEqual([
      ["heroes", "Captain", 33],
      ["villains", "", 15],
    ]);
    const html = await render("tracker-panel.hbs", player);
    expect(html).not.toContain("Rampage");
    expect(html).toContain("9 + 6 = 15");
  });

  it("shown again (not hidden), the player reads the leader; a shown leader's side is unchanged", async () => {
    f.world.login("alice");
    expect(leaders(panelContext(f.combat as never))[1]).toEqual(["villains", "Rampage", 15]);
  });

  it("the fixture: a player's panel with the hidden villain leader names no villain", async () => {
    const html = await render("tracker-panel.hbs", hiddenLeader().context as object);
    expect(html).not.toContain("Doctor Malevolent");
    expect(html).toContain("Captain Resolute");
  });
});

describe("review-s7-player #4: a concealed weapon is not listed on a Snatching card", () => {
  it("a Grab lists only the weapons in view; the concealed one cannot be taken with the card", async () => {
    f.world.login("gm");
    await f.rampage.createEmbeddedDocuments("Item", [
      { name: "Club", type: "faseripWeapon", system: { damage: 10 } },
      { name: "Holdout pistol", type: "faseripWeapon", system: { damage: 10, range: 2, concealed: true } },
    ] as never);
    const club = f.rampage.items.find((i) => i.name === "Club")!;
    const pistol = f.rampage.items.find((i) => i.name === "Holdout pistol")!;
    expect((club.system as unknown as { concealed: boolean }).concealed).toBe(false); // the default
    f.world.dice.queue(80); // Captain's Strength Excellent: 80 → Yellow, a Grab
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "snatching" }, [f.rampage]);
    expect(cardOf(card).result.objects).toEqual([{ id: club.id, name: "Club" }]);
    expect(contentOf(card)).not.toContain("Holdout pistol");
    expect(contentOf(card)).toContain("Captain may take one of Rampage's weapons in view:");
    f.world.login("alice");
    expect(await f.adapter.queries.requestFollowUp(card!.id, "snatchObject", { itemId: pistol.id } as never)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.NothingToApply" });
  });

  it("every weapon concealed: the card says none was in view and the GM decides", async () => {
    f.world.login("gm");
    await f.rampage.createEmbeddedDocuments("Item", [{ name: "Holdout pistol", type: "faseripWeapon", system: { concealed: true } }] as never);
    f.world.dice.queue(80);
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "snatching" }, [f.rampage]);
    expect(cardOf(card).result.objects).toEqual([]);
    expect(contentOf(card)).toContain("Rampage carried no weapon in view when this was rolled: the GM decides what Captain takes.");
  });

  it("the weapon sheet shows the Concealed box (ticked when set) with its hint; read-only, disabled", async () => {
    const view = (concealed: boolean, editable: boolean) => ({ view: itemSheetView({ name: "Holdout pistol", img: "", type: "faseripWeapon", system: { damage: 10, range: 2, edge: "blunt", thrown: false, concealed, description: "" }, editable, descriptionHTML: "" }), descriptionRaw: "" });
    const on = await render("item-sheet.hbs", view(true, true));
    expect(on).toMatch(/<input id="faserip-weapon-concealed" type="checkbox" name="system.concealed"[^>]*checked/);
    expect(on).toContain("Carried out of sight: a Snatching's card does not list it.");
    const off = await render("item-sheet.hbs", view(false, false));
    expect(off).toMatch(/<input id="faserip-weapon-concealed"[^>]*disabled/);
    expect(off).not.toMatch(/<input id="faserip-weapon-concealed"[^>]*checked/);
  });
});

describe("review-s7-player #7: no GM is said once (the core's error), not warned again", () => {
  it("Set areas with no GM connected: one error toast, no warning", async () => {
    const card = await slamOnRampage(f);
    f.world.setActiveGM(null);
    f.world.notifications.length = 0;
    f.world.login("gm");
    const { sendTypedAreas } = await import("../../../../src/rulesets/faserip/cards/knockback-areas.js");
    expect(await sendTypedAreas(card as never, "3")).toBeNull();
    expect(f.world.notified("error")).toEqual([f.world.localize("FRACAS.Chat.NoGM")]);
    expect(f.world.notified("warn")).toEqual([]);
  });

  it("the GM leaves while a player's dodge is rolled: the dodge is not kept, one error toast, no warning", async () => {
    f.world.notifications.length = 0;
    // The GM disconnects as the dodge's card is posted (after the before-roll checks passed).
    Hooks.once("preCreateChatMessage", () => {
      f.world.setActiveGM(null);
    });
    f.world.dice.queue(80);
    const posted = await f.feat("bob", f.bruiser, { ability: "agility", action: "dodging" });
    expect(posted).toHaveLength(1);
    expect(f.fc.combatantState(f.cid(f.bruiser)).memory["dodge"]).toBeNull();
    expect(f.world.notified("error")).toEqual([f.world.localize("FRACAS.Chat.NoGM")]);
    expect(f.world.notified("warn")).toEqual([]);
  });
});

describe("wave-1 leftovers: the blocked Slam/Stun numbers and the Endurance FEAT's no shifts", () => {
  it("the attack result keeps the Strength and Endurance compared; none for a result with no Slam/Stun", () => {
    const blocked = resolveAttack({ action: "slugfest", abilityRank: 10, roll: 99, attacker: { strength: 6 }, defender: { endurance: 40 } });
    expect(blocked.secondary).toEqual({ kind: "stun", applies: false, check: null, strength: 6, endurance: 40 });
    const ranked = resolveAttack({ action: "slugfest", abilityRank: 30, roll: 80, attacker: { strength: "excellent" }, defender: { endurance: "good" } });
    expect(ranked.secondary).toMatchObject({ kind: "slam", applies: true, strength: 20, endurance: 10 });
    expect(resolveAttack({ action: "slugfest", abilityRank: 10, roll: 50, attacker: { strength: 6 }, defender: { endurance: 40 } }).secondary).toEqual({ kind: "none", applies: false, check: null });
  });

  it("the blocked line shows both numbers (the fixture); an older card without them keeps the former line", async () => {
    const html = await render("cards/attack.hbs", blockedMiss().context);
    expect(html).toContain("Stun? has no effect: the attacker's Strength 6 is below the defender's Endurance 40.");
    const { attack, ...rest } = blockedMiss().context.result;
    const old = { ...rest, attack: { ...attack, secondary: { kind: "stun" as const, applies: false, check: null } } };
    const legacy = await render("cards/attack.hbs", { ...blockedMiss().context, result: old, view: attackCardView(old) });
    expect(legacy).toContain("Stun? has no effect: the attacker's Strength is below the defender's Endurance.");
  });

  it("rolled in the fake: Thug (Strength 10) slams Rampage (Endurance 20): the card shows 10 and 20", async () => {
    // Thug: Fighting Good (10); 80 on the Good column → Yellow, a Slam.
    f.world.dice.queue(80);
    const [card] = await f.feat("gm", f.thug, { action: "slugfest" }, [f.rampage]);
    expect(cardOf(card).result.attack.secondary).toMatchObject({ kind: "slam", applies: false, strength: 10, endurance: 20 });
    expect(contentOf(card)).toContain("Slam? has no effect: the attacker's Strength 10 is below the defender's Endurance 20.");
  });

  it("the Endurance FEAT card (Slam?, Stun?, 0 Health) says no column shifts apply", async () => {
    const check = resolveSecondary({ kind: "stun", enduranceRank: 10, roll: 5, d10: 1 });
    const result = { kind: "stun" as const, name: "Henchman", check, roll: 5, color: check.color, enduranceRank: check.enduranceRank };
    const html = await render("cards/secondary.hbs", { result, source: null, targets: [], view: secondaryCardView(result) });
    // ux-review-s7 #17.4: in the column line's shape, short enough not to wrap.
    expect(html).toContain("Endurance Good (no column shifts)");
  });
});
