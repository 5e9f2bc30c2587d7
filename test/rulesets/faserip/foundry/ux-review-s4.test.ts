/**
 * UX review s4 (/work/notes/ux-review-s4.md), FASERIP findings, through the real sheet, dialog,
 * flows and templates in the typed fake:
 * - #3: after a dodge the sheet's weapon Attacks are disabled with the reason (the roll refuses
 *   them), its chips open a plain FEAT, and a stale click opens nothing;
 * - #4: a White Slam? may be set to 1 area (seed: "1 or more"), its button and note say so;
 * - #11: a viewer's item buttons say "View", with an eye;
 * - #17: the in-fight dying and stun notes say what the round does and where Stabilise is;
 * - #20: a dodge fails (not "misses"), the dodge refusals name the dodger, the card says whose attackers;
 * - #22.5: both "applied when posted" notes read the same.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight } from "./fake-round.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";
import { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { heroSystem } from "./fixture-samples.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
  // The fake has no TextEditor: the sheet enriches its notes on every render.
  (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
});

const T = "systems/fracas/templates/faserip/";
const render = (path: string, data: object) => f.world.templates.renderTemplate(`${T}${path}`, data);
/** Handlebars escapes apostrophes and quotes in a localized string. */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
const contentOf = (m: unknown) => (m as FakeChatMessage & { content: string }).content;
const attackTags = (html: string) => [...html.matchAll(/<button [^>]*data-action="rollWeapon"[^>]*>/g)].map((m) => m[0]);
const chipTag = (html: string, ability: string) => new RegExp(`<button [^>]*data-ability="${ability}"[^>]*>`).exec(html)?.[0] ?? "";
type Handler = (this: unknown, event: unknown, target: unknown) => unknown;
type SheetView = ReturnType<typeof heroSheetView>;

async function sheetOf(userId: string, actor: FakeActor) {
  f.world.login(userId);
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
  return {
    context: () => (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: SheetView }> })._prepareContext({}),
    click: (action: string, target: unknown) => {
      f.world.login(userId);
      return actions[action]!.call(sheet, {}, target);
    },
  };
}

describe("#3: no live Attack on the sheet after this round's dodge", () => {
  it("the Captain dodged: the sheet disables his Attacks with the reason, his chips open a plain FEAT, a stale click opens nothing; next round all is live", async () => {
    f.world.login("alice");
    await f.captain.createEmbeddedDocuments("Item", [{ type: "faseripWeapon", name: "Shield", system: { damage: 10, range: 0, edge: "blunt", thrown: true } }] as never);
    const weaponId = [...f.captain.items][0]!.id!;
    const sheet = await sheetOf("alice", f.captain);
    const before = await sheet.context();
    expect([before.view.attackRefusal, before.view.weapons[0]!.attackDisabled]).toEqual([null, false]);

    f.world.dice.queue(70); // Agility Remarkable, 70 → Yellow
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    const ctx = await sheet.context();
    expect(ctx.view.cannotAct).toBeNull(); // not down: he can act, he may not attack
    expect(ctx.view.attackRefusal).toBe("FRACAS.Faserip.Refused.DodgedThisRound");
    expect(ctx.view.weapons.map((w) => [w.attackDisabled, w.attackKey])).toEqual([[true, "FRACAS.Faserip.Sheet.AttackAfterDodge"]]);
    const html = await render("hero-sheet.hbs", { ...ctx, notesRaw: "" });
    const [tag] = attackTags(html);
    expect(tag).toMatch(/\sdisabled[\s>]/);
    expect(tag).toContain('aria-describedby="faserip-attack-refused"');
    expect(tag).toContain(`data-tooltip="${esc(f.world.i18n.format("FRACAS.Faserip.Sheet.AttackAfterDodge", { name: "Shield" }))}"`);
    expect(html).toContain(`id="faserip-attack-refused">${esc(f.world.i18n.format("FRACAS.Faserip.Refused.DodgedThisRound", { name: "Captain" }))}</p>`);
    // The chips say they roll a plain FEAT (an attack or a second dodge would be refused).
    expect(chipTag(html, "fighting")).toContain(f.world.i18n.format("FRACAS.Faserip.Sheet.RollAbilityPlain", { ability: "Fighting" }));

    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const opened: { formState: { action: string; ability: string } }[] = [];
    const spy = vi.spyOn(FaseripFeatDialog.prototype, "render").mockImplementation(async function (this: InstanceType<typeof FaseripFeatDialog>) {
      opened.push(this);
      return this;
    } as never);
    await sheet.click("rollAbility", { dataset: { ability: "fighting" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "feat", ability: "fighting" });
    await sheet.click("rollAbility", { dataset: { ability: "agility" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "feat", ability: "agility" });
    const count = opened.length;
    await sheet.click("rollWeapon", { closest: () => ({ dataset: { itemId: weaponId } }) });
    expect(opened).toHaveLength(count);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.DodgedThisRound", { name: "Captain" }));

    // The GM's view of the sheet says the same (the roll refuses the GM too).
    const gm = await (await sheetOf("gm", f.captain)).context();
    expect(gm.view.weapons[0]!.attackDisabled).toBe(true);

    await f.nextRound([3, 9]);
    const next = await sheet.context();
    expect([next.view.attackRefusal, next.view.weapons[0]!.attackDisabled]).toEqual([null, false]);
    await sheet.click("rollAbility", { dataset: { ability: "fighting" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "slugfest" });
    spy.mockRestore();
  });

  it("down wins over the dodge: the down line and reason, not the dodge's", async () => {
    const view = heroSheetView({ name: "Captain", img: "", system: heroSystem(), karma: { value: 0, start: 0, history: [] }, items: [{ id: "w1", name: "Pistol", img: "", type: "faseripWeapon", system: { damage: 6, range: 3 } }], editable: true, isGM: false, notesHTML: "", downReason: "FRACAS.Faserip.Down.stunned", attackRefusal: "FRACAS.Faserip.Refused.DodgedThisRound" });
    expect([view.cannotAct, view.attackRefusal, view.weapons[0]!.attackKey]).toEqual(["FRACAS.Faserip.Down.stunned", null, "FRACAS.Faserip.Sheet.AttackBlocked"]);
    const html = await render("hero-sheet.hbs", { view, notesRaw: "" });
    expect(attackTags(html)[0]).toContain('aria-describedby="faserip-cannot-act"');
    expect(html).not.toContain("faserip-attack-refused");
  });
});

describe("#4: a White Slam? may be set to 1 area", () => {
  it("the GM's \"1 area instead (GM)\": the card, its move button and its Apply say 1 area", async () => {
    const slam = await slamOnRampage(f);
    f.world.dice.queue(10); // Rampage's Endurance Good: 10 → White (knocked back, 2 areas)
    f.world.dialogAnswers.push(0);
    await clickAttackFollowUp(f, "gm", slam, "secondary");
    const check = f.cards("secondary").at(-1)!;
    expect(contentOf(check)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.AreasInput", { min: 1, max: 100 }));
    f.world.login("gm");
    expect(await f.adapter.queries.requestFollowUp(check.id, "knockbackAreas", { areas: 1 } as never)).toMatchObject({ ok: true });
    expect(cardOf(check).result.check).toMatchObject({ color: "white", result: "knockedBack", areas: 1 });
    expect(contentOf(check)).toContain(f.world.localize("FRACAS.Faserip.Outcome.knockedBackOne"));
    expect(contentOf(check)).toMatch(/name="areas" min="1" max="100" step="1" value="1"/); // the field holds the GM's 1
    expect(await f.apply("gm", check, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.KnockedBackOne" } });
  });
});

describe("#11: a viewer's item buttons say View", () => {
  const items = [
    { id: "w1", name: "Pistol", img: "", type: "faseripWeapon", system: { damage: 6, range: 3 } },
    { id: "p1", name: "Flight", img: "", type: "faseripPower", system: { rank: 20, effect: "" } },
    { id: "t1", name: "Martial Arts B", img: "", type: "faseripTalent", system: { ability: "fighting", shift: 1 } },
  ];
  const viewFor = (editable: boolean) => heroSheetView({ name: "Captain", img: "", system: heroSystem(), karma: { value: 0, start: 0, history: [] }, items, editable, isGM: false, notesHTML: "" });
  const editTags = (html: string) => [...html.matchAll(/<button [^>]*data-action="editItem"[^>]*><i class="([^"]*)"/g)].map((m) => [m[0], m[1]]);

  it("read-only: \"View {name}\" with an eye on every item; editable: \"Edit {name}\" with a pen", async () => {
    const ro = editTags(await render("hero-sheet.hbs", { view: viewFor(false), notesRaw: "" }));
    expect(ro).toHaveLength(3);
    for (const [[tag, icon], name] of ro.map((r, i) => [r, items[i]!.name] as const)) {
      expect(tag).toContain(`aria-label="${f.world.i18n.format("FRACAS.Faserip.Sheet.View", { name })}"`);
      expect(tag).toContain(`data-tooltip="${f.world.i18n.format("FRACAS.Faserip.Sheet.View", { name })}"`);
      expect(tag).toContain("data-fracas-viewer");
      expect(icon).toBe("fa-solid fa-eye");
    }
    const rw = editTags(await render("hero-sheet.hbs", { view: viewFor(true), notesRaw: "" }));
    expect(rw.map(([tag, icon], i) => [tag!.includes(`aria-label="${f.world.i18n.format("FRACAS.Faserip.Sheet.Edit", { name: items[i]!.name })}"`), icon])).toEqual([
      [true, "fa-solid fa-pen"],
      [true, "fa-solid fa-pen"],
      [true, "fa-solid fa-pen"],
    ]);
  });

  it("the real sheet: Bob (not an owner) sees the Captain's items with View", async () => {
    f.world.login("alice");
    await f.captain.createEmbeddedDocuments("Item", [{ type: "faseripWeapon", name: "Shield", system: { damage: 10 } }] as never);
    await f.captain.update({ ownership: { alice: 3, bob: 2 } } as never);
    const ctx = await (await sheetOf("bob", f.captain)).context();
    expect(ctx.view.itemButton).toEqual({ key: "FRACAS.Faserip.Sheet.View", icon: "fa-eye" });
    const owner = await (await sheetOf("alice", f.captain)).context();
    expect(owner.view.itemButton).toEqual({ key: "FRACAS.Faserip.Sheet.Edit", icon: "fa-pen" });
  });
});

describe("#17: the in-fight notes say what each round does", () => {
  it("dying: the round posts a Dying card that removes a rank at once, and Stabilise (GM) is on that card; stunned: counts one down", async () => {
    await f.setStatus(f.rampage, "dying", { "system.health.value": 0, "system.status.unconscious": true });
    await f.setStatus(f.thug, "stunned");
    const dying = await render("hero-sheet.hbs", { ...(await (await sheetOf("gm", f.rampage)).context()), notesRaw: "" });
    const note = f.world.i18n.format("FRACAS.Faserip.Sheet.DyingByTracker", { stabilise: f.world.localize("FRACAS.Faserip.Card.Stabilise") });
    expect(note).toContain(f.world.localize("FRACAS.Faserip.Card.Stabilise")); // names the card's own button
    expect(note).not.toMatch(/takes the rank/);
    expect(dying).toContain(note);
    const stun = await render("hero-sheet.hbs", { ...(await (await sheetOf("gm", f.thug)).context()), notesRaw: "" });
    expect(stun).toContain(f.world.localize("FRACAS.Faserip.Sheet.StunByTracker"));
    expect(f.world.localize("FRACAS.Faserip.Sheet.StunByTracker")).toBe("In this fight, each new round counts one down.");
  });
});

describe("#20: dodge wording", () => {
  it("the dialog: a White dodge is a Failure, not a Miss", () => {
    const v = featDialogView({ actorName: "Captain", abilities: { fighting: 30, agility: 30, strength: 20, endurance: 30, reason: 10, intuition: 30, psyche: 20 }, karmaPool: 0, weapons: [], targets: [], form: { ability: "agility", action: "dodging", weaponId: "", dodge: 0, cover: 0, multipleTargets: 0, other: 0, karma: 0 } });
    expect(v.odds.find((o) => o.color === "white")!.effectLabel).toBe("FRACAS.Faserip.Effect.fail");
  });

  it("the card: a Yellow dodge names whose attackers take −4; a White one says Failure", async () => {
    f.world.dice.queue(70); // Agility Remarkable, 70 → Yellow → −4
    const [yellow] = await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    expect(contentOf(yellow)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.DodgeShift", { name: "Captain", shift: "−4" }));
    expect(f.world.localize("FRACAS.Faserip.Card.DodgeShift")).toBe("Attacks on {name} this round: {shift} CS.");

    f.world.dice.queue(1); // Bruiser's Agility Typical, 1 → White: no shift
    const [white] = await f.feat("bob", f.bruiser, { ability: "agility", action: "dodging" });
    expect(cardOf(white).result.feat).toMatchObject({ color: "white", dodgeShift: 0 });
    expect(contentOf(white)).toContain(`<strong>${f.world.localize("FRACAS.Faserip.Effect.fail")}</strong>`);
    expect(contentOf(white)).not.toContain("CS.");
  });

  it("both refusals name the dodger in the same voice", async () => {
    f.world.dice.queue(70);
    await f.feat("alice", f.captain, { ability: "agility", action: "dodging" });
    expect(await f.feat("alice", f.captain, { ability: "agility", action: "dodging" })).toEqual([]);
    expect(f.world.notified("warn")).toContain("Captain has already dodged this round: one dodge per round.");
    expect(await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage])).toEqual([]);
    expect(f.world.notified("warn")).toContain("Captain has dodged this round: the dodge was the round's action, so no attack until the next round.");
  });
});

describe("#22.5: the applied-when-posted notes", () => {
  it("the dying card and the round start's 0-Health card say the same", () => {
    const dying = f.world.localize("FRACAS.Faserip.Card.DyingApplied");
    expect(dying).toBe("Applied when posted; its Undo gives it back.");
    expect(f.world.localize("FRACAS.Faserip.Card.RoundStartApplied")).toBe(dying);
  });
});
