/**
 * Session 5 audit: Snatching's Grab takes the object (seed: "Grabbing an object away from
 * someone"). Before, the card said "Grab" and the GM moved the item between the sheets by hand.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight } from "./fake-round.js";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { snatchView } from "../../../../src/rulesets/faserip/sheets/snatch-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
let shieldId: string;
let clubId: string;
beforeEach(async () => {
  f = await startFight();
  f.world.login("gm");
  await f.rampage.createEmbeddedDocuments("Item", [
    { name: "Shield", type: "faseripWeapon", system: { damage: 20 } },
    { name: "Club", type: "faseripWeapon", system: { damage: 10 } },
    { name: "Brawler", type: "faseripTalent", system: {} },
  ] as never);
  shieldId = f.rampage.items.find((i) => i.name === "Shield")!.id!;
  clubId = f.rampage.items.find((i) => i.name === "Club")!.id!;
});

const contentOf = (m: unknown) => (m as FakeChatMessage & { content: string }).content;
const names = (a: { items: { map: (fn: (i: { name: string }) => string) => string[] } }) => a.items.map((i) => i.name).sort();
const take = (userId: string, m: FakeChatMessage, itemId: unknown) => {
  f.world.login(userId);
  return f.adapter.queries.requestFollowUp(m.id, "snatchObject", { itemId } as never);
};

/** Alice's Captain snatches at Rampage: Strength Excellent, `face` 80 → Yellow (Grab), 50 → Green (miss), 99 → Red (Break). */
async function snatch(face = 80): Promise<FakeChatMessage> {
  f.world.dice.queue(face);
  const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "snatching" }, [f.rampage]);
  return card!;
}

describe("Snatching's Grab takes an object", () => {
  it("the card lists the defender's weapons; the snatcher's owner takes one: it moves to the snatcher, the card says so", async () => {
    const card = await snatch();
    expect(cardOf(card).result.attack.feat.effect).toBe("grab");
    expect(cardOf(card).result.objects).toEqual([
      { id: shieldId, name: "Shield" },
      { id: clubId, name: "Club" },
    ]); // the talent is not an object
    expect(contentOf(card)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.SnatchTake", { name: "Shield" }));
    expect(contentOf(card)).toContain('data-fracas-follow-up="snatchObject"');

    // Bob owns neither the snatcher nor the card: refused, nothing moves.
    expect(await take("bob", card, shieldId)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(names(f.captain as never)).toEqual([]);

    expect(await take("alice", card, shieldId)).toMatchObject({ ok: true });
    expect(names(f.rampage as never)).toEqual(["Brawler", "Club"]);
    expect(names(f.captain as never)).toEqual(["Shield"]);
    expect(f.captain.items.find((i) => i.name === "Shield")!.system).toMatchObject({ damage: 20 });
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
    // UX s5 #6: how to give it back (no Undo), naming both sheets.
    expect(contentOf(card)).toContain(esc(f.world.i18n.format("FRACAS.Faserip.Card.Snatched", { actor: "Captain", name: "Shield", target: "Rampage" })));
    expect(contentOf(card)).toContain("Captain took the Shield. To give it back: drag it to Rampage&#x27;s sheet, then delete it from Captain&#x27;s.");
    expect(contentOf(card)).not.toContain('data-fracas-follow-up="snatchObject"');

    // One object per card.
    expect(await take("gm", card, clubId)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.SnatchTaken", data: { name: "Shield" } });
    expect(names(f.rampage as never)).toEqual(["Brawler", "Club"]);
  });

  it("an object no longer carried, or not listed, is refused; the GM may take for the snatcher", async () => {
    const card = await snatch();
    f.world.login("gm");
    await f.rampage.deleteEmbeddedDocuments("Item", [clubId]);
    expect(await take("alice", card, clubId)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.SnatchGone", data: { target: "Rampage", name: "Club" } });
    const talentId = f.rampage.items.find((i) => i.name === "Brawler")!.id!;
    expect(await take("gm", card, talentId)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.NothingToApply" });
    expect(await take("gm", card, shieldId)).toMatchObject({ ok: true });
    expect(names(f.captain as never)).toEqual(["Shield"]);
  });

  it("a miss or a Break moves nothing and offers nothing", async () => {
    for (const face of [50, 99]) {
      const card = await snatch(face);
      expect(["miss", "break"]).toContain(cardOf(card).result.attack.feat.effect);
      expect(contentOf(card)).not.toContain('data-fracas-follow-up="snatchObject"');
      expect(await take("gm", card, shieldId)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.SnatchNoGrab" });
    }
    expect(names(f.rampage as never)).toEqual(["Brawler", "Club", "Shield"]);
  });

  it("a Grab on a defender with no weapon says the GM rules what is taken; other attacks have no Grab part", () => {
    const grab = { action: "snatching", attack: { feat: { effect: "grab" } } as never, targetName: "Thug" };
    expect(snatchView({ ...grab, objects: [] })).toMatchObject({ none: true, noteKey: "FRACAS.Faserip.Card.SnatchNone", objects: [] });
    expect(snatchView({ ...grab, objects: [{ id: "", name: "x" }, "junk"] })).toMatchObject({ none: true });
    expect(snatchView({ ...grab, action: "slugfest" })).toBeNull();
  });
});

describe("a snatch card its author edited (audit s14 H4: the card is the author's to edit)", () => {
  const edit = (m: FakeChatMessage, changes: Record<string, unknown>) => f.world.as("alice", () => m.update(changes as never));
  const brawlerId = () => f.rampage.items.find((i) => i.name === "Brawler")!.id!;

  it("a talent written into the card's objects is not an object: refused, nothing moves", async () => {
    const card = await snatch();
    await edit(card, { "system.result.objects": [{ id: brawlerId(), name: "x" }] });
    expect(await take("alice", card, brawlerId())).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.SnatchGone" });
    expect(names(f.rampage as never)).toEqual(["Brawler", "Club", "Shield"]);
  });

  it("clearing the card's note of the take does not take a second object (the take is kept on the defender)", async () => {
    const card = await snatch();
    expect(await take("alice", card, shieldId)).toMatchObject({ ok: true });
    await edit(card, { "system.result.snatched": null });
    expect(await take("alice", card, clubId)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.SnatchTaken" });
    expect(names(f.rampage as never)).toEqual(["Brawler", "Club"]);
  });

  it("a defender the card does not target (its targetUuid edited) is refused", async () => {
    const card = await snatch();
    f.world.login("gm");
    await f.thug.createEmbeddedDocuments("Item", [{ name: "Knife", type: "faseripWeapon", system: { damage: 5 } }] as never);
    const knifeId = f.thug.items.find((i) => i.name === "Knife")!.id!;
    await edit(card, { "system.result.targetUuid": f.thug.uuid, "system.result.objects": [{ id: knifeId, name: "Knife" }] });
    expect(await take("alice", card, knifeId)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotATarget" });
    expect(names(f.thug as never)).toEqual(["Knife"]);
  });
});
