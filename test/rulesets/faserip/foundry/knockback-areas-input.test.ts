/**
 * Session 5: the GM types a White Slam?'s knock-back areas (1–100) on its card, beside the ±1
 * buttons (before, 9 areas meant seven clicks). The typed text is read strictly, and anything but
 * a whole number in range gets a clear warning and sends nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight } from "./fake-round.js";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { areasInput, parseAreas } from "../../../../src/rulesets/faserip/sheets/knockback-areas-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const contentOf = (m: unknown) => (m as FakeChatMessage & { content: string }).content;

/** Rampage's White Slam? card (knocked back 2 areas), or a Green one (1 area, no choice). */
async function slamCard(face = 10): Promise<FakeChatMessage> {
  const slam = await slamOnRampage(f);
  f.world.dice.queue(face);
  f.world.dialogAnswers.push(0);
  await clickAttackFollowUp(f, "gm", slam, "secondary");
  return f.cards("secondary").at(-1)!;
}

/** `userId` types `value` in the card's areas field and presses its Set button. */
async function typeAreas(userId: string, m: FakeChatMessage, value: string) {
  f.world.login(userId);
  const field = { value };
  const button = { closest: (sel: string) => (sel === ".faserip-card-areas" ? { querySelector: (q: string) => (q === "input[name='areas']" ? field : null) } : null) };
  const setAreas = f.adapter.rulesets.descriptor("faserip")!.cards!["secondary"]!.followUps!["setAreas"]!;
  await setAreas({ message: m as never, result: cardOf(m).result, button: button as never });
}

describe("the GM types a White Slam?'s knock-back areas", () => {
  it("the card has a 1–100 number field holding the areas now, and a Set (GM) button", async () => {
    const check = await slamCard();
    const html = contentOf(check);
    expect(html).toMatch(/<input type="number" name="areas" min="1" max="100" step="1" value="2"/);
    expect(html).toContain(f.world.i18n.format("FRACAS.Faserip.Card.AreasInput", { min: 1, max: 100 }));
    expect(html).toContain('data-fracas-follow-up="setAreas"');
    expect(f.world.localize("FRACAS.Faserip.Card.SetAreasTyped")).toMatch(/\(GM\)$/);
  });

  it("a typed 9 sets 9 areas: the card's result, its text and its field follow", async () => {
    const check = await slamCard();
    await typeAreas("gm", check, " 9 ");
    expect(cardOf(check).result.check.areas).toBe(9);
    expect(contentOf(check)).toContain(f.world.i18n.format("FRACAS.Faserip.Outcome.knockedBackOther", { areas: 9 }));
    expect(contentOf(check)).toMatch(/name="areas"[^>]*value="9"/);
    expect(await f.apply("gm", check, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.KnockedBackOther", data: { areas: 9 } } });
  });

  it("anything but a whole number from 1 to 100 is refused with a clear message, and nothing is sent", async () => {
    const check = await slamCard();
    const before = f.world.queryLog.length;
    for (const bad of ["0", "101", "2.5", "1e2", "-3", "abc"]) {
      await typeAreas("gm", check, bad);
      expect(f.world.notified("warn").at(-1)).toBe(f.world.i18n.format("FRACAS.Faserip.Refused.AreasTyped", { value: bad, min: 1, max: 100 }));
    }
    // The shared wording of a refused typed number (UX s6 #9): the field first, the text quoted, what to type and press.
    expect(f.world.notified("warn").at(-1)).toBe("Areas: \u201cabc\u201d is not a whole number from 1 to 100. Type one, then press Set.");
    await typeAreas("gm", check, "  ");
    expect(f.world.notified("warn").at(-1)).toBe("Type a number of areas from 1 to 100, then press Set.");
    expect(f.world.queryLog.length).toBe(before);
    expect(cardOf(check).result.check.areas).toBe(2);
  });

  it("a player's typed number is refused by the GM's side; an applied card says to Undo first", async () => {
    const check = await slamCard();
    await typeAreas("alice", check, "5");
    expect(f.world.notified("warn").at(-1)).toBe(f.world.localize("FRACAS.Chat.Refused.NotYours"));
    expect(cardOf(check).result.check.areas).toBe(2);
    expect(await f.apply("gm", check, f.rampage)).toMatchObject({ ok: true });
    await typeAreas("gm", check, "5");
    expect(f.world.notified("warn").at(-1)).toBe(f.world.localize("FRACAS.Faserip.Refused.AreasAfterApply"));
    expect(cardOf(check).result.check.areas).toBe(2);
  });

  it("a Green Slam? (1 area, the table's) and a Stun? have no field", async () => {
    const green = await slamCard(50);
    expect(cardOf(green).result.check).toMatchObject({ color: "green", areas: 1 });
    expect(contentOf(green)).not.toContain('name="areas"');
    expect(areasInput({ kind: "stun", result: "stunnedD10", areas: 0 })).toBeNull();
    expect(areasInput({ kind: "slam", result: "knockedBack", areas: 4 })).toEqual({ value: 4, min: 1, max: 100 });
  });

  it("parseAreas reads digits only, within 1–100", () => {
    expect(parseAreas("1")).toEqual({ areas: 1 });
    expect(parseAreas("100")).toEqual({ areas: 100 });
    expect(parseAreas("007")).toEqual({ areas: 7 });
    expect(parseAreas("")).toEqual({ refused: "FRACAS.Faserip.Refused.AreasEmpty", data: { min: 1, max: 100 } });
    expect(parseAreas("+3")).toMatchObject({ refused: "FRACAS.Faserip.Refused.AreasTyped" });
  });
});
