/**
 * Session 4, wave 2 (the lead's decisions on the wave-1 open list), through the real flows, dialog
 * and templates in the typed fake:
 * - the dying card is applied when posted, also from the sheet's "A round passes" outside a fight
 *   (the round start's cards: round.test.ts and down-and-escape.test.ts);
 * - a second dodge in a round: the FEAT dialog says so and disables Roll before the click;
 * - attack and FEAT cards name the ticked talents whose shifts are in their column;
 * - the GM sets how many areas a White Slam? knocks back, on the card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight, sys } from "./fake-round.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { areasInput } from "../../../../src/rulesets/faserip/sheets/knockback-areas-view.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
type Handler = (this: unknown, event: unknown, target: unknown) => unknown;
const contentOf = (m: unknown) => (m as FakeChatMessage & { content: string }).content;

async function dialogFor(userId: string, actor: FakeActor, opts: { action: "dodging" | "slugfest"; ability?: "agility" | "fighting" }) {
  f.world.login(userId);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(actor as never, opts);
  const context = () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
  /** The dialog's own submit, with the form as the browser would send it. */
  async function submit(fields: Record<string, string>) {
    const handler = (FaseripFeatDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
    // V13 hands the handler the form as submitted (FormDataExtended).
    await handler.call(dialog, {}, {}, { object: fields });
  }
  return { dialog, context, submit };
}

describe("the dying card from the sheet is applied when posted", () => {
  it("outside a fight, the owner's \"A round passes\": the rank is lost at once (through the GM), the card keeps its Undo", async () => {
    const loner = f.world.createActor({
      name: "Loner",
      type: "faseripHero",
      system: { abilities: { fighting: 10, agility: 10, strength: 10, endurance: 20, reason: 6, intuition: 6, psyche: 6 } },
      ownership: { alice: 3 },
    });
    await f.setStatus(loner, "dying", { "system.health.value": 0, "system.status.unconscious": true });
    f.world.login("alice");
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: loner } as never);
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    f.world.queryLog.length = 0;
    await actions["dyingRound"]!.call(sheet, {}, {});
    const [tick] = f.cards("dyingTick");
    expect(sys(loner).status["endurance"]).toBe("good"); // Excellent (20) → Good, without an Apply click
    expect(f.world.queryLog.map((q) => q.name)).toEqual(["fracas.applyCard"]); // Alice may not write the card's Apply alone
    expect(cardOf(tick).applications).toEqual([expect.objectContaining({ targetUuid: loner.uuid, by: "alice", undone: false })]);
    expect(await f.undo("gm", tick!, loner)).toMatchObject({ ok: true });
    expect(sys(loner).status["endurance"]).toBe("");
  });
});

describe("a second dodge in a round: the dialog says so before Roll", () => {
  it("the Captain has dodged: the dodge dialog shows the refusal and disables Roll; an attack's is the attack refusal; next round it is open", async () => {
    f.world.dice.queue(70); // Agility Remarkable, 70 → Yellow
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    const { context } = await dialogFor("alice", f.captain, { action: "dodging", ability: "agility" });
    const ctx = await context();
    expect([ctx.view.error, ctx.view.canRoll]).toEqual(["FRACAS.Faserip.Refused.AlreadyDodged", false]);
    const html = await f.world.templates.renderTemplate("systems/fracas/templates/faserip/feat-dialog.hbs", ctx);
    expect(html).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.AlreadyDodged", { name: "Captain" }));
    expect(html).toMatch(/<button type="submit" disabled>/);
    // The roll refuses the same, before any die (none is queued).
    expect(await f.feat("alice", f.captain, { ability: "agility", action: "dodging" })).toEqual([]);

    await f.nextRound([3, 9]);
    const again = await (await dialogFor("alice", f.captain, { action: "dodging", ability: "agility" })).context();
    expect([again.view.error, again.view.canRoll]).toEqual([null, true]);
  });

  it("a combatant who declared an attack: the dodge dialog says a dodge takes the round's action", async () => {
    f.world.login("gm");
    await f.adapter.queries.requestDeclare(f.combat.id, f.cid(f.bruiser), "slugfest");
    const ctx = await (await dialogFor("bob", f.bruiser, { action: "dodging", ability: "agility" })).context();
    expect([ctx.view.error, ctx.view.canRoll]).toEqual(["FRACAS.Faserip.Refused.DeclaredOther", false]);
  });

  it("outside a fight a dodge is a plain roll: no refusal", async () => {
    const loner = f.world.createActor({ name: "Loner", type: "faseripHero", system: { abilities: { fighting: 10, agility: 10, strength: 10, endurance: 10, reason: 6, intuition: 6, psyche: 6 } }, ownership: { alice: 3 } });
    const ctx = await (await dialogFor("alice", loner, { action: "dodging", ability: "agility" })).context();
    expect([ctx.view.error, ctx.view.canRoll]).toEqual([null, true]);
  });
});

describe("cards name the ticked talents", () => {
  async function withTalents() {
    f.world.login("alice");
    await f.captain.createEmbeddedDocuments("Item", [
      { type: "faseripTalent", name: "Martial Arts B", system: { ability: "fighting", shift: 1 } },
      { type: "faseripTalent", name: "Acrobatics", system: { ability: "agility", shift: 1 } },
      { type: "faseripTalent", name: "Clumsy", system: { ability: "", shift: -1 } },
    ] as never);
    const id = (name: string) => [...f.captain.items].find((i) => i.name === name)!.id!;
    return { martial: id("Martial Arts B"), acrobatics: id("Acrobatics"), clumsy: id("Clumsy") };
  }
  const base = { weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0" };

  it("an attack: the card lists each ticked talent of the ability with its shift; the column's total includes them", async () => {
    const ids = await withTalents();
    f.world.target("alice", f.rampage);
    const { submit } = await dialogFor("alice", f.captain, { action: "slugfest" });
    f.world.dice.queue(50);
    // Acrobatics (Agility) ticked earlier in the session does not count for a Fighting FEAT.
    await submit({ ...base, action: "slugfest", ability: "fighting", [`talent-${ids.martial}`]: "on", [`talent-${ids.clumsy}`]: "on" });
    const card = f.cards("attack").at(-1)!;
    expect(cardOf(card).result.talents).toEqual([
      { name: "Martial Arts B", shift: 1 },
      { name: "Clumsy", shift: -1 },
    ]);
    expect(cardOf(card).result.attack.feat.totalShift).toBe(0);
    const html = contentOf(card);
    // ux-review-s7 #7/#10: each talent is a part of the Shifts line, by name, and the parts add up to the total.
    expect(html.replace(/&#x3D;/g, "=")).toContain("Shifts: Martial Arts B +1, Clumsy \u22121 = 0\u00a0CS");
  });

  it("a dodge's card names its talent; no talent ticked, no line", async () => {
    const ids = await withTalents();
    const plain = await dialogFor("alice", f.captain, { action: "slugfest" });
    f.world.dice.queue(50);
    await plain.submit({ ...base, action: "slugfest", ability: "fighting" });
    expect(cardOf(f.cards("attack").at(-1)).result.talents).toEqual([]);
    expect(contentOf(f.cards("attack").at(-1))).toContain("Fighting Remarkable (no shifts)");

    const dodge = await dialogFor("alice", f.captain, { action: "dodging", ability: "agility" });
    f.world.dice.queue(50);
    await dodge.submit({ ...base, action: "dodging", ability: "agility", [`talent-${ids.acrobatics}`]: "on" });
    const card = f.cards("feat").at(-1)!;
    expect(cardOf(card).result.talents).toEqual([{ name: "Acrobatics", shift: 1 }]);
    expect(cardOf(card).result.feat.totalShift).toBe(1);
    // The one shift: named in the column line itself, no Shifts line repeating it.
    expect(contentOf(card)).toContain("(Acrobatics +1\u00a0CS)");
    expect(contentOf(card)).not.toContain("faserip-card-shifts");
  });
});

describe("the GM sets a White Slam?'s knock-back on the card", () => {
  const SET = "knockbackAreas";
  /** The number in the card's GM areas field (UX s5 #5: the one control left), or null when it has none. */
  const field = (m: unknown): number | null => {
    const v = /name="areas" min="1" max="100" step="1" value="(\d+)"/.exec(contentOf(m))?.[1];
    return v === undefined ? null : Number(v);
  };
  const set = (userId: string, m: FakeChatMessage, areas: unknown) => {
    f.world.login(userId);
    return f.adapter.queries.requestFollowUp(m.id, SET, { areas } as never);
  };

  async function whiteSlam(face = 10): Promise<FakeChatMessage> {
    const slam = await slamOnRampage(f);
    f.world.dice.queue(face); // Rampage's Endurance Good: 10 → White (knocked back); 50 → Green (1 area)
    f.world.dialogAnswers.push(0);
    await clickAttackFollowUp(f, "gm", slam, "secondary");
    return f.cards("secondary").at(-1)!;
  }

  it("White: the card's GM field holds the areas (seed: \"1 or more\"; no ±1 buttons since s5); the GM's number rewrites the card and what its Apply says", async () => {
    const check = await whiteSlam();
    expect(cardOf(check).result.check).toMatchObject({ color: "white", result: "knockedBack", areas: 2 });
    expect(field(check)).toBe(2); // the kernel's White is 1–100 (UX review s4 #4)
    expect(contentOf(check)).not.toContain(`data-fracas-follow-up="${SET}"`); // no ±1 buttons (UX review s5 #5)
    expect(contentOf(check)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.AreasInput", { min: 1, max: 100 }));
    expect(contentOf(check)).not.toMatch(/seed/i); // no developer jargon on a player's card
    expect(f.world.localize("FRACAS.Faserip.Card.SetAreasTyped")).toMatch(/\(GM\)$/); // a GM-only button says so
    expect(f.world.i18n.format("FRACAS.Faserip.Card.AreasInput", { min: 1, max: 100 })).toBe("Areas (GM, 1–100)"); // and its field

    // A player may not; the GM may, through the button's args.
    expect(await set("alice", check, 3)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotYours" });
    expect(await set("gm", check, 3)).toMatchObject({ ok: true });
    expect(cardOf(check).result.check.areas).toBe(3);
    expect(contentOf(check)).toContain(f.world.i18n.format("FRACAS.Faserip.Outcome.knockedBackOther", { areas: 3 }));
    expect(field(check)).toBe(3);
    expect(await set("gm", check, 7)).toMatchObject({ ok: true });
    expect(field(check)).toBe(7);

    // Out of range or not a number: refused, nothing changes.
    for (const bad of [0, 101, 2.5, "3", null]) expect(await set("gm", check, bad)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.AreasRange" });
    expect(cardOf(check).result.check.areas).toBe(7);

    // Applied: the summary names the GM's number; changing it now is refused until Undo.
    expect(await f.apply("gm", check, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.KnockedBackOther", data: { areas: 7 } } });
    expect(await set("gm", check, 4)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.AreasAfterApply" });
    expect(await f.undo("gm", check, f.rampage)).toMatchObject({ ok: true });
    expect(await set("gm", check, 4)).toMatchObject({ ok: true });
    expect(cardOf(check).result.check.areas).toBe(4);
  });

  it("the field spans 1–100 and holds 100 when set there; a Green (1 area) card has none and is refused; a Stun? has none", async () => {
    expect(areasInput({ kind: "stun", result: "stunnedD10", areas: 0 })).toBeNull();
    expect(areasInput({ kind: "slam", result: "oneArea", areas: 1 })).toBeNull();
    expect(areasInput({ kind: "slam", result: "knockedBack", areas: 1 })).toEqual({ value: 1, min: 1, max: 100 });
    const white = await whiteSlam();
    expect(await set("gm", white, 100)).toMatchObject({ ok: true });
    expect(field(white)).toBe(100);

    const green = await whiteSlam(50);
    expect(cardOf(green).result.check).toMatchObject({ color: "green", areas: 1 });
    expect(field(green)).toBeNull();
    expect(await set("gm", green, 3)).toMatchObject({ ok: false, reason: "FRACAS.Faserip.Refused.NoKnockbackAreas" });
    expect(cardOf(green).result.check.areas).toBe(1);
  });
});
