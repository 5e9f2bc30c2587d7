/**
 * Karma on the Endurance FEATs (session 3 gap 1). The kernel lets Karma be spent on the Slam?/Stun?
 * FEAT and the 0-Health FEAT (DECISIONS.md "Secondary FEATs … Karma may be spent on them"); the
 * card's button now asks its roller first (a DialogV2 with the exact odds of each colour and a Karma
 * amount within the pool), claims the roll, rolls with the Karma added, and spends it through the
 * Karma ledger. The round start's own 0-Health FEAT offers none, and its card says so.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import { DialogV2 } from "../../../foundry/fake/apps.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys, clickAttackFollowUp, slamOnRampage as slamOnRampageIn } from "./fake-round.js";
import { bindKarmaOdds, type OddsRoot } from "../../../../src/rulesets/faserip/cards/endurance-karma.js";
import { clampKarma, enduranceKarmaView } from "../../../../src/rulesets/faserip/sheets/endurance-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
/** Karma pools as R+I+P would give them (the fake's createActor keeps the model's initial pool). */
async function setPool(a: FakeActor, value: number): Promise<void> {
  const pool = ledger.createPool(value);
  await a.update({ "system.karma.==pool": pool, "system.karma.value": value } as never);
}
beforeEach(async () => {
  f = await startFight();
  f.world.login("gm");
  await setPool(f.captain, 60); // R 10 + I 30 + P 20
  await setPool(f.bruiser, 16); // 4 + 6 + 6
  await setPool(f.rampage, 16);
  await setPool(f.thug, 12); // 4 + 4 + 4
});

type Asked = { kind: string; content: string; buttons: { action: string; callback?: (e: unknown, button: unknown) => unknown }[]; render: (e: unknown, d: unknown) => void };
const asked = () => DialogV2.asked as unknown as Asked[];
const poolOf = (a: FakeActor) => ledger.requirePool((a.system as unknown as { karma: { pool: unknown } }).karma.pool);
const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
/** The card's HTML with Handlebars' escapes of "=" and "'" read back. */
const contentOf = (m: unknown) => (m as { content: string }).content.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'");
const secondaries = () => f.cards("secondary");

const click = (userId: string, m: FakeChatMessage, name: "secondary" | "zeroHealth") => clickAttackFollowUp(f, userId, m, name);

const slamOnRampage = () => slamOnRampageIn(f);

describe("Karma on the Slam?/Stun? FEAT", () => {
  it("the prompt shows the exact odds on the Endurance column; the Karma moves the colour, is spent through the ledger and shown on the card", async () => {
    const slam = await slamOnRampage();
    expect(poolOf(f.rampage).value).toBe(16);
    f.world.dice.queue(30); // Endurance Excellent: 30 alone → White (knocked back); + 15 Karma = 45 → Green (1 area)
    f.world.dialogAnswers.push(15);
    await click("gm", slam, "secondary");

    const prompt = asked().at(-1)!;
    expect(prompt.kind).toBe("wait");
    // Excellent: Green from 41, Yellow from 71, Red from 95 (100 faces: each share is exact).
    const odds = [...prompt.content.matchAll(/data-faserip-odds="(\w+)">([\d%]+)</g)].map((m) => [m[1], m[2]]);
    expect(odds).toEqual([["white", "40%"], ["green", "30%"], ["yellow", "24%"], ["red", "6%"]]);
    expect(prompt.content).toContain(f.world.i18n.format("FRACAS.Faserip.Dialog.Karma", { pool: 16 }));
    expect(prompt.content).toContain('max="16"');
    expect(prompt.content).toContain(f.world.i18n.format("FRACAS.Faserip.Outcome.knockedBackOther", { areas: 2 }));
    expect(prompt.content).toContain(f.world.localize("FRACAS.Faserip.Outcome.knockedBackOne"));

    const [check] = secondaries();
    expect(cardOf(check).result.check).toMatchObject({ kind: "slam", roll: 30, karmaSpent: 15, effectiveRoll: 45, color: "green", areas: 1 });
    expect(contentOf(check)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.Karma", { karma: 15, total: 45 }));
    expect(poolOf(f.rampage).value).toBe(1);
    expect(sys(f.rampage) as unknown as { karma: { value: number } }).toMatchObject({ karma: { value: 1 } });
    expect(ledger.history(poolOf(f.rampage)).at(-1)).toMatchObject({ delta: -15, reason: f.world.localize("FRACAS.Faserip.Secondary.slam") });

    // Apply uses the Karma's colour; Undo changes the target only: the Karma stays spent (it bought the roll).
    expect(await f.apply("gm", check!, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.KnockedBackOne" } });
    expect(await f.undo("gm", check!, f.rampage)).toMatchObject({ ok: true });
    expect(poolOf(f.rampage).value).toBe(1);
  });

  it("the owner rolls their own hero's Stun? with Karma; nobody else's pool is touched", async () => {
    f.world.dice.queue(96); // Bruiser's Slugfest, Fighting Excellent: 96 → Red → Stun (Strength 50 ≥ Endurance 30)
    const [stun] = await f.feat("bob", f.bruiser, { action: "slugfest" }, [f.captain]);
    expect(poolOf(f.captain).value).toBe(60);
    f.world.dice.queue(30); // Endurance Remarkable: 30 → White (d10 rounds); + 10 = 40 → Green (1 round)
    f.world.dialogAnswers.push(10);
    await click("alice", stun!, "secondary");
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ kind: "stun", karmaSpent: 10, color: "green", rounds: 1 });
    expect(poolOf(f.captain).value).toBe(50);
    expect(poolOf(f.bruiser).value).toBe(16);
    expect(f.world.dice.remaining).toEqual([]); // no d10: Green needs none
  });

  it("cancelling the prompt rolls and claims nothing: the button still works", async () => {
    const slam = await slamOnRampage();
    f.world.dice.queue(30);
    f.world.dialogAnswers.push("cancel");
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(0);
    expect(claimsOf(f.rampage)).toEqual([]);
    expect(f.world.dice.remaining).toEqual([30]);
    expect(poolOf(f.rampage).value).toBe(16);

    f.world.dialogAnswers.push(null); // closed with the window's own button
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(0);

    f.world.dialogAnswers.push(0);
    await click("gm", slam, "secondary");
    expect(cardOf(secondaries()[0]).result.check).toMatchObject({ roll: 30, karmaSpent: 0, color: "white" });
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`]);
    expect(poolOf(f.rampage).value).toBe(16);
  });

  it("a roll already made is refused before the prompt; Karma the pool no longer holds is refused before the claim", async () => {
    const slam = await slamOnRampage();
    f.world.dice.queue(50);
    f.world.dialogAnswers.push(0);
    await click("gm", slam, "secondary");
    const prompts = asked().length;
    await click("gm", slam, "secondary");
    expect(asked()).toHaveLength(prompts); // not asked again
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Chat.Refused.AlreadyRolled"));

    // Another card; while its prompt is open the pool drops to 5 (a Karma spend on the sheet).
    const second = await slamOnRampage();
    const spy = vi.spyOn(DialogV2, "wait").mockImplementationOnce(async () => {
      const after = ledger.change(poolOf(f.rampage), { id: "x", delta: -11, reason: "sheet", by: "gm", at: 1 });
      await f.rampage.update({ "system.karma.==pool": after, "system.karma.value": after.value } as never);
      return 10;
    });
    f.world.dice.queue(50);
    await click("gm", second, "secondary");
    spy.mockRestore();
    expect(secondaries()).toHaveLength(1);
    expect(claimsOf(f.rampage)).toEqual([`${slam.id}:secondary`]);
    expect(f.world.dice.remaining).toEqual([50]);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Error.notEnoughKarma", { points: 10, pool: 5 }));
  });

  it("the prompt's Roll button reads the field within the pool; its odds follow the Karma typed", async () => {
    const slam = await slamOnRampage();
    f.world.dice.queue(50);
    f.world.dialogAnswers.push(0);
    await click("gm", slam, "secondary");
    const prompt = asked().at(-1)!;
    const roll = prompt.buttons.find((b) => b.action === "roll")!;
    const button = (value: string) => ({ form: { elements: { namedItem: (n: string) => (n === "karma" ? { value } : null) } } });
    expect(roll.callback!({}, button("7"))).toBe(7);
    expect(roll.callback!({}, button(""))).toBe(0);
    // Session 6: a number the roll cannot use as typed is no longer clamped quietly: the answer says so.
    expect(roll.callback!({}, button("99"))).toMatchObject({ refused: { typed: "99", used: 16, reason: "range" } });
    expect(roll.callback!({}, button("-3"))).toMatchObject({ refused: { typed: "-3", used: 0 } });
    expect(roll.callback!({}, button("2.5"))).toMatchObject({ refused: { typed: "2.5", reason: "whole" } });

    // The render callback binds the field: 10 Karma on Excellent leaves 30% White (1–30 + 10 < 41).
    let onInput: () => void = () => {};
    const input = { value: "0", addEventListener: (_t: string, fn: () => void) => (onInput = fn) };
    const cells = ["white", "green", "yellow", "red"].map((c) => ({ dataset: { faseripOdds: c } as DOMStringMap, textContent: "" }));
    const root: OddsRoot = { querySelector: (s) => (s === 'input[name="karma"]' ? input : null), querySelectorAll: () => cells };
    prompt.render({}, { element: root });
    input.value = "10";
    onInput();
    expect(cells.map((c) => c.textContent)).toEqual(["30%", "30%", "24%", "16%"]);
    bindKarmaOdds(root, "excellent", 16);
    input.value = "999"; // the odds at the pool of 16, the value in force
    onInput();
    expect(cells.map((c) => c.textContent)).toEqual(["24%", "30%", "24%", "22%"]);
  });
});

describe("the Karma prompt says what it does with a number typed (session 6)", () => {
  it("99 on a pool of 16: a line says 16 is used and Roll is disabled; a usable number clears both", async () => {
    const slam = await slamOnRampage();
    f.world.dialogAnswers.push("cancel");
    await click("gm", slam, "secondary");
    const prompt = asked().at(-1)!;
    expect(prompt.content).toMatch(/<p id="faserip-endurance-typed" class="faserip-feat-typed faserip-feat-grid-wide" data-faserip-karma-typed role="status" hidden><\/p>/);
    expect(prompt.content).toMatch(/id="faserip-endurance-karma"[^>]*aria-describedby="faserip-endurance-typed"/);
    let onInput: () => void = () => {};
    const attrs = new Map<string, string>();
    const input = { value: "0", addEventListener: (_t: string, fn: () => void) => (onInput = fn), setAttribute: (n: string, v: string) => attrs.set(n, v), removeAttribute: (n: string) => attrs.delete(n) };
    const line = { textContent: "" as string | null, hidden: true, disabled: false };
    const roll = { textContent: "", hidden: false, disabled: false };
    const root = {
      querySelector: (sel: string) => (sel === 'input[name="karma"]' ? input : sel === "[data-faserip-karma-typed]" ? line : sel === 'button[data-action="roll"]' ? roll : null),
      querySelectorAll: () => [],
    };
    f.world.login("gm");
    prompt.render({}, { element: root as unknown as OddsRoot });
    input.value = "99";
    onInput();
    expect([line.textContent, line.hidden, roll.disabled, attrs.get("aria-invalid")]).toEqual(["Karma: \u201c99\u201d is more than the Karma pool (16), so 16 is used.", false, true, "true"]);
    input.value = "2.5";
    onInput();
    expect(line.textContent).toBe("Karma: \u201c2.5\u201d is not a whole number, so 0 is still used.");
    input.value = "-2";
    onInput();
    expect(line.textContent).toBe("Karma: \u201c-2\u201d is below 0, so 0 is used.");
    input.value = "5";
    onInput();
    expect([line.textContent, line.hidden, roll.disabled, attrs.has("aria-invalid")]).toEqual(["", true, false, false]);
  });

  it("a Roll that still carries such a number rolls nothing, claims nothing, spends nothing, and says why; the button then rolls", async () => {
    const slam = await slamOnRampage();
    const before = secondaries().length;
    f.world.dice.queue(50);
    f.world.dialogAnswers.push({ refused: { field: "karma", typed: "99", used: 16, reason: "range", min: 0, max: 16 } });
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(before);
    expect(poolOf(f.rampage).value).toBe(16);
    expect(claimsOf(f.rampage)).toEqual([]);
    expect(f.world.notified("warn")).toContain("Karma: \u201c99\u201d is not a whole number from 0 to 16, so nothing was rolled. Press the card's button again and type one.");
    f.world.dialogAnswers.push(3);
    await click("gm", slam, "secondary");
    expect(secondaries()).toHaveLength(before + 1);
    expect(poolOf(f.rampage).value).toBe(13);
  });
});

describe("Karma on the 0-Health Endurance FEAT", () => {
  async function knockOutThug(): Promise<FakeChatMessage> {
    await f.thug.update({ "system.health.value": 5 } as never);
    f.world.dice.queue(60); // Captain's Slugfest: Remarkable, 60 → Green → hit for 20
    const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
    expect(sys(f.thug).health.value).toBe(0);
    return hit!;
  }
  const zeroHealthCards = () => secondaries().filter((m) => cardOf(m).result.kind === "zeroHealth");

  it("the attack card's button offers Karma; Apply reads the Karma's colour (holds on), not the bare d100 (would die)", async () => {
    const hit = await knockOutThug();
    expect(poolOf(f.thug).value).toBe(12);
    f.world.dice.queue(40); // Endurance Good: 40 → White; + 10 Karma = 50 → Green
    f.world.dialogAnswers.push(10);
    await click("gm", hit, "zeroHealth");
    const prompt = asked().at(-1)!;
    const odds = [...prompt.content.matchAll(/data-faserip-odds="(\w+)">([\d%]+)</g)].map((m) => m[2]);
    expect(odds).toEqual(["45%", "30%", "22%", "3%"]); // Good: Green from 46, Yellow from 76, Red from 98
    expect(prompt.content).toContain(f.world.localize("FRACAS.Faserip.Outcome.startsDying"));

    const [card] = zeroHealthCards();
    expect(cardOf(card).result).toMatchObject({ roll: 40, karmaSpent: 10, effectiveRoll: 50, color: "green", startsDying: false, roundStart: false });
    expect(contentOf(card)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.Karma", { karma: 10, total: 50 }));
    expect(contentOf(card)).not.toContain(f.world.localize("FRACAS.Faserip.Card.RoundStartNoKarma"));
    expect(poolOf(f.thug).value).toBe(2);
    expect(await f.apply("gm", card!, f.thug)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.StaysUnconscious" } });
    expect(sys(f.thug).status.dying).toBe(false);
  });

  it("the round start's own FEAT asks nobody and spends nothing; its card says no Karma was offered", async () => {
    await f.setStatus(f.thug, "unconscious", { "system.health.value": 0 });
    const prompts = asked().length;
    await f.nextRound([3, 9], 40); // Good: 40 → White
    expect(asked()).toHaveLength(prompts);
    const [card] = zeroHealthCards();
    expect(cardOf(card).result).toMatchObject({ roll: 40, karmaSpent: 0, roundStart: true, startsDying: true });
    expect(contentOf(card)).toContain(f.world.localize("FRACAS.Faserip.Card.RoundStartNoKarma"));
    expect(poolOf(f.thug).value).toBe(12);
  });
});

describe("the prompt's view (pure)", () => {
  it("Stun?: White names the d10 range; a pool of 0 disables the field but still shows the odds", () => {
    const v = enduranceKarmaView({ kind: "stun", name: "Rampage", enduranceRank: "excellent", karmaPool: 0, karma: 5 });
    expect(v.karma).toBe(0);
    expect(v.noKarma).toBe(true);
    expect(v.odds.map((o) => [o.color, o.percent, o.outcomeLabel])).toEqual([
      ["white", "40%", "FRACAS.Faserip.Prompt.StunnedD10"],
      ["green", "30%", "FRACAS.Faserip.Outcome.stunnedOne"],
      ["yellow", "24%", "FRACAS.Faserip.Outcome.none"],
      ["red", "6%", "FRACAS.Faserip.Outcome.none"],
    ]);
    expect(clampKarma(3.9, 10)).toBe(3);
    expect(clampKarma(Number.NaN, 10)).toBe(0);
  });
});
