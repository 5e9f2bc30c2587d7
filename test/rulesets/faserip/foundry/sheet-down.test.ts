/**
 * UX review #8 (FASERIP part): the hero sheet shows, before any click, what the roll would refuse.
 * A hero who cannot act (dead, dying, unconscious, stunned, or the combatant's defeated mark) gets
 * its weapon attacks disabled with the reason as tooltip and a visible "Cannot act now" line; the
 * reason is the roll's own (cards/may-act.ts actorDownReason → down.ts). The ability chips stay live
 * but open a plain FEAT then, which the roll allows. The submit-time refusal stays.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { startFight } from "./fake-round.js";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { chipAction, heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";
import { heroSystem } from "./fixture-samples.js";

const T = "systems/fracas/templates/faserip/";
const pistol = { id: "w1", name: "Pistol", img: "", type: "faseripWeapon", system: { damage: 6, range: 3, edge: "blunt", thrown: false } };
const sheetInput = (downReason: string | null) => ({ name: "Captain", img: "", system: heroSystem(), karma: { value: 10, start: 10, history: [] }, items: [pistol], editable: true, isGM: false, notesHTML: "", downReason });
/** The rendered weapon Attack button's tag. */
const attackTag = (html: string) => /<button [^>]*data-action="rollWeapon"[^>]*>/.exec(html)?.[0] ?? "";
const chipTag = (html: string, ability: string) => new RegExp(`<button [^>]*data-ability="${ability}"[^>]*>`).exec(html)?.[0] ?? "";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
  // The fake has no TextEditor: the sheet enriches its notes on every render.
  (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
});
const render = (data: object) => f.world.templates.renderTemplate(`${T}hero-sheet.hbs`, data);

describe("UX #8: the hero sheet's view for a hero who cannot act", () => {
  it("attack buttons disabled with the reason as tooltip, and a visible line says why", async () => {
    const view = heroSheetView(sheetInput("FRACAS.Faserip.Down.stunned"));
    expect(view.cannotAct).toBe("FRACAS.Faserip.Down.stunned");
    expect(view.weapons.map((w) => [w.attackDisabled, w.attackKey])).toEqual([[true, "FRACAS.Faserip.Sheet.AttackBlocked"]]);
    const html = await render({ view, notesRaw: "" });
    const reason = f.world.localize("FRACAS.Faserip.Down.stunned");
    const tooltip = f.world.i18n.format("FRACAS.Faserip.Sheet.AttackBlocked", { name: "Pistol", reason });
    expect(tooltip).toContain(reason);
    const tag = attackTag(html);
    expect(tag).toMatch(/\sdisabled[\s>]/);
    expect(tag).toContain(`data-tooltip="${tooltip}"`);
    expect(tag).toContain('aria-describedby="faserip-cannot-act"');
    const line = f.world.i18n.format("FRACAS.Faserip.Sheet.CannotAct", { reason });
    expect(line).toBe("Cannot act now: Stunned");
    expect(html).toContain(`<p class="faserip-cannot-act" id="faserip-cannot-act">${line}</p>`);
  });

  it("the ability chips stay live: attack and dodge chips say they roll a plain FEAT", async () => {
    const html = await render({ view: heroSheetView(sheetInput("FRACAS.Tracker.Down.defeated")), notesRaw: "" });
    for (const ability of ["fighting", "agility", "strength", "endurance", "reason", "intuition", "psyche"]) {
      const tag = chipTag(html, ability);
      expect(tag, ability).not.toMatch(/\sdisabled[\s>]/);
      const label = f.world.localize(`FRACAS.Faserip.Ability.${ability}`);
      const plain = ["reason", "intuition", "psyche"].includes(ability) ? "FRACAS.Faserip.Sheet.RollAbility" : "FRACAS.Faserip.Sheet.RollAbilityPlain";
      expect(tag, ability).toContain(`data-tooltip="${f.world.i18n.format(plain, { ability: label })}"`);
    }
    expect(chipAction("fighting", true)).toBe("feat");
    expect(chipAction("agility", true)).toBe("feat");
    expect(chipAction("fighting", false)).toBe("slugfest");
    expect(chipAction("agility", false)).toBe("dodging");
    expect(chipAction("psyche", false)).toBe("feat");
  });

  it("a hero who can act: attack live, no line", async () => {
    const view = heroSheetView(sheetInput(null));
    expect(view.cannotAct).toBeNull();
    const html = await render({ view, notesRaw: "" });
    expect(attackTag(html)).not.toMatch(/\sdisabled[\s>]/);
    expect(attackTag(html)).toContain(`data-tooltip="${f.world.i18n.format("FRACAS.Faserip.Sheet.Attack", { name: "Pistol" })}"`);
    expect(html).not.toContain("faserip-cannot-act");
  });
});

describe("UX #8 through the fake: the real sheet computes the roll's own reason", () => {
  type Handler = (this: unknown, event: unknown, target: unknown) => unknown;
  async function sheetOf(actor: FakeActor) {
    const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
    const sheet = new FaseripHeroSheet({ document: actor } as never);
    const actions = (FaseripHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Handler> }).actions;
    return {
      view: async () => ((await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof heroSheetView> }> })._prepareContext({})).view),
      click: (action: string, target: unknown) => actions[action]!.call(sheet, {}, target),
    };
  }

  it("stunned, dying, dead, defeated: each the reason the roll refuses with; standing: none", async () => {
    expect((await (await sheetOf(f.bruiser)).view()).cannotAct).toBeNull();
    await f.setStatus(f.bruiser, "stunned");
    expect((await (await sheetOf(f.bruiser)).view()).cannotAct).toBe("FRACAS.Faserip.Down.stunned");
    await f.setStatus(f.captain, "dying", { "system.status.unconscious": true, "system.health.value": 0 });
    expect((await (await sheetOf(f.captain)).view()).cannotAct).toBe("FRACAS.Faserip.Down.dying");
    await f.setStatus(f.rampage, "dead");
    expect((await (await sheetOf(f.rampage)).view()).cannotAct).toBe("FRACAS.Faserip.Down.dead");
    // The tracker's defeated mark alone (the actor has no status): the combatant's mark is read.
    expect((await (await sheetOf(f.thug)).view()).cannotAct).toBeNull();
    await f.combat.combatants.get(f.cid(f.thug))!.update({ defeated: true });
    const thug = await (await sheetOf(f.thug)).view();
    expect(thug.cannotAct).toBe("FRACAS.Tracker.Down.defeated");
    // … and the roll refuses with that same reason.
    expect(await f.feat("gm", f.thug, { action: "slugfest" }, [f.captain])).toEqual([]);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.CannotAct", { name: "Thug", reason: f.world.localize(thug.cannotAct!) }));
  });

  it("clicks on a down hero's sheet: the Fighting chip opens a plain FEAT; a stale Attack button warns and opens nothing", async () => {
    const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
    const opened: { formState: { action: string; ability: string } }[] = [];
    const spy = vi.spyOn(FaseripFeatDialog.prototype, "render").mockImplementation(async function (this: InstanceType<typeof FaseripFeatDialog>) {
      opened.push(this);
      return this;
    } as never);
    const bruiser = await sheetOf(f.bruiser);
    f.world.login("bob");
    await bruiser.click("rollAbility", { dataset: { ability: "fighting" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "slugfest", ability: "fighting" }); // standing: the attack

    await f.setStatus(f.bruiser, "stunned");
    f.world.login("bob");
    await bruiser.click("rollAbility", { dataset: { ability: "fighting" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "feat", ability: "fighting" });
    await bruiser.click("rollAbility", { dataset: { ability: "psyche" } });
    expect(opened.at(-1)!.formState).toMatchObject({ action: "feat", ability: "psyche" });

    const count = opened.length;
    await bruiser.click("rollWeapon", { closest: () => ({ dataset: { itemId: "w1" } }) });
    expect(opened).toHaveLength(count);
    expect(f.world.notified("warn")).toContain(f.world.i18n.format("FRACAS.Faserip.Refused.CannotAct", { name: "Bruiser", reason: f.world.localize("FRACAS.Faserip.Down.stunned") }));
    spy.mockRestore();

    // The plain FEAT the chip now opens is rolled (the submit-time check lets it through).
    f.world.dice.queue(50);
    expect(await f.feat("bob", f.bruiser, { ability: "fighting", action: "feat" })).toHaveLength(1);
  });
});
