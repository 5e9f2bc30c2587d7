/**
 * Session 6 audit: the FEAT dialog's numbers were brought into range quietly. Karma over the pool
 * rolled with the pool, Other beyond ±100 with ±100, 2.5 with 2, and the field simply redrew with
 * another number (or the Roll, clicked straight after typing, rolled at it). Now the dialog says
 * what was typed and what is used, and Roll refuses until the form holds a number it can use.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight } from "./fake-round.js";
import { readTyped, typedNote } from "../../../../src/rulesets/faserip/sheets/typed-numbers.js";
import type { featDialogView } from "../../../../src/rulesets/faserip/sheets/feat-dialog-view.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

type DialogView = ReturnType<typeof featDialogView>;
const TEMPLATE = "systems/fracas/templates/faserip/feat-dialog.hbs";
const base = { action: "slugfest", ability: "fighting", weaponId: "", dodge: "0", cover: "0", multipleTargets: "0", other: "0", karma: "0" };
type Handler = (this: unknown, e: unknown, form: unknown, formData?: { object: Record<string, unknown> }) => Promise<void>;

/** Alice's FEAT dialog for the Captain (the fixture's Karma pool: 18), at Rampage, rendered. */
async function open() {
  f.world.login("alice");
  f.world.target("alice", f.rampage);
  const { FaseripFeatDialog } = await import("../../../../src/rulesets/faserip/sheets/feat-dialog.js");
  const dialog = new FaseripFeatDialog(f.captain as never, { action: "slugfest" });
  await dialog.render();
  const context = async () => (dialog as unknown as { _prepareContext(): Promise<{ view: DialogView; coverChoices: unknown }> })._prepareContext();
  /** The user types into the fields and leaves one (its change event): the form is read, redrawn. */
  const type = (values: Record<string, string>, changed: string) => {
    f.world.login("alice");
    f.world.typeInto(dialog as never, { ...base, ...values });
    dialog.readForm(changed);
  };
  /** Roll, with the form as V13 submits it. */
  const roll = async (values: Record<string, string>, dice: number[] = []) => {
    f.world.login("alice");
    f.world.dice.queue(...dice);
    const before = f.cards("attack").length;
    const handler = (FaseripFeatDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Handler } }).form.handler;
    await handler.call(dialog, {}, {}, { object: { ...base, ...values } });
    return f.cards("attack").slice(before);
  };
  return { dialog, context, type, roll };
}

describe("pure: a number as typed", () => {
  it("whole and in range is used; outside, the nearer end; not whole, the previous; empty 0; absent the previous", () => {
    expect(readTyped("karma", "5", 0, 60)).toEqual({ value: 5, adjusted: null });
    expect(readTyped("karma", "999", 0, 60)).toMatchObject({ value: 60, adjusted: { reason: "range", typed: "999", used: 60, max: 60 } });
    expect(readTyped("karma", -3, 4, 60)).toMatchObject({ value: 0, adjusted: { reason: "range", used: 0 } });
    expect(readTyped("other", "150", 0, 60)).toMatchObject({ value: 100, adjusted: { reason: "range" } });
    expect(readTyped("other", "-150", 0, 60)).toMatchObject({ value: -100, adjusted: { reason: "range" } });
    expect(readTyped("other", "2.5", 3, 60)).toMatchObject({ value: 3, adjusted: { reason: "whole", typed: "2.5", used: 3 } });
    expect(readTyped("other", "abc", -1, 60)).toMatchObject({ value: -1, adjusted: { reason: "whole" } });
    expect(readTyped("multipleTargets", "2", -1, 60)).toMatchObject({ value: 0, adjusted: { reason: "range", min: -100, max: 0 } });
    expect(readTyped("other", "", 7, 60)).toEqual({ value: 0, adjusted: null });
    expect(readTyped("other", null, 7, 60)).toEqual({ value: 0, adjusted: null });
    expect(readTyped("multipleTargets", undefined, -1, 60)).toEqual({ value: -1, adjusted: null });
  });
});

describe("session 7: read by core's readTypedNumber", () => {
  it("a pool of 0: \u22123 Karma is below 0 (not 'more than the pool'), 5 is over the pool", () => {
    // Before, the line was chosen by `used === max`, and with a pool of 0 both ends are 0.
    const below = readTyped("karma", "-3", 0, 0).adjusted!;
    expect(below).toMatchObject({ reason: "range", used: 0 });
    expect(typedNote(below).key).toBe("FRACAS.Faserip.Dialog.Typed.Negative");
    expect(typedNote(readTyped("karma", "5", 0, 0).adjusted!).key).toBe("FRACAS.Faserip.Dialog.Typed.KarmaOverPool");
  });

  it("Infinity, text and a decimal keep the previous value; emptied reads 0; absent keeps the previous", () => {
    expect(readTyped("other", "Infinity", 2, 10)).toMatchObject({ value: 2, adjusted: { reason: "whole" } });
    expect(readTyped("karma", "  ", 4, 10)).toEqual({ value: 0, adjusted: null });
    expect(readTyped("other", undefined, -7, 10)).toEqual({ value: -7, adjusted: null });
  });
});

describe("the FEAT dialog says what it did with a number typed", () => {
  it("Karma over the pool: the field reads the pool and a line says what was typed; Roll with 999 is refused, then rolls with 18", async () => {
    const d = await open();
    d.type({ karma: "999" }, "karma");
    const ctx = await d.context();
    expect(ctx.view.form.karma).toBe(18);
    const html = await f.world.templates.renderTemplate(TEMPLATE, ctx);
    expect(html).toContain("Karma: \u201c999\u201d is more than the Karma pool (18), so 18 is used.");

    // Roll straight after typing 999 (the field not left): nothing spent, no die, the dialog stays.
    const none = await d.roll({ karma: "999" });
    expect(none).toEqual([]);
    expect(f.world.notified("warn")).toContain("Karma: \u201c999\u201d is not one the roll can use, so nothing was rolled. The field now reads 18: check it, then press Roll d100 again.");
    expect(d.dialog.rendered).toBe(true);
    expect((f.captain.system as unknown as { karma: { value: number } }).karma.value).toBe(18);

    // The field now reads 18: Roll rolls with it, and the dialog closes.
    const [card] = await d.roll({ karma: "18" }, [20]);
    expect(cardOf(card).result.attack.feat).toMatchObject({ karmaSpent: 18 });
    expect(d.dialog.rendered).toBe(false);
  });

  it("Other beyond +100 and a decimal: said on the dialog with a true minus; Roll refused while the form holds one", async () => {
    const d = await open();
    d.type({ other: "150" }, "other");
    let html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
    expect(html).toContain("Other: \u201c150\u201d is more than this dialog takes (+100), so +100 is used.");

    d.type({ other: "3" }, "other");
    d.type({ other: "2.5" }, "other");
    const ctx = await d.context();
    expect(ctx.view.form.other).toBe(3);
    html = await f.world.templates.renderTemplate(TEMPLATE, ctx);
    expect(html).toContain("Other: \u201c2.5\u201d is not a whole number, so +3 is still used.</p>");
    expect(await d.roll({ other: "2.5" })).toEqual([]);
    expect(f.world.notified("warn").at(-1)).toBe("Other: \u201c2.5\u201d is not one the roll can use, so nothing was rolled. The field now reads +3: check it, then press Roll d100 again.");

    // A number it can use clears the line.
    d.type({ other: "3" }, "other");
    html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
    expect(html).not.toContain("faserip-feat-typed");
  });

  it("a positive multiple-target shift is said too (it can only be a left shift)", async () => {
    const d = await open();
    d.type({ multipleTargets: "2" }, "multipleTargets");
    const html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
    expect(html).toContain("Multiple targets (column shift): \u201c2\u201d is above 0, and extra targets only shift the column left, so 0 is used.");
  });
});

describe("UX review s6b #3: each typed-number line is the shared pattern, under its own field", () => {
  it("Other and Karma at once: each line right after its own input, which is marked invalid and points to it; warning colour, not the grey note", async () => {
    const d = await open();
    d.type({ other: "150", karma: "999" }, "karma");
    const html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
    const other = html.indexOf('id="faserip-feat-other"');
    const otherLine = html.indexOf('<p id="faserip-typed-other" class="faserip-feat-typed faserip-feat-grid-wide" role="status">Other: \u201c150\u201d');
    const karmaLabel = html.indexOf('for="faserip-feat-karma"');
    const karma = html.indexOf('id="faserip-feat-karma"');
    const karmaLine = html.indexOf('<p id="faserip-typed-karma" class="faserip-feat-typed faserip-feat-grid-wide" role="status">Karma: \u201c999\u201d');
    expect([other, otherLine, karmaLabel, karma, karmaLine].every((i) => i >= 0)).toBe(true);
    expect(other < otherLine && otherLine < karmaLabel && karmaLabel < karma && karma < karmaLine).toBe(true);
    expect(html).toMatch(/id="faserip-feat-other"[^>]*aria-invalid="true" aria-describedby="faserip-typed-other"/);
    expect(html).toMatch(/id="faserip-feat-karma"[^>]*aria-invalid="true" aria-describedby="faserip-typed-karma"/);
    // Multiple targets was typed as it may be: no mark, no line.
    expect(html).not.toMatch(/id="faserip-feat-multiple"[^>]*aria-invalid/);
    expect(html).not.toContain("faserip-typed-multipleTargets");
    expect(html).not.toContain("faserip-feat-note faserip-feat-typed");
    const scss = readFileSync(join(process.cwd(), "styles/_faserip.scss"), "utf8").replace(/\/\/.*$/gm, "");
    expect(scss).toMatch(/\.faserip-feat-typed \{[^}]*color: var\(--fracas-warn\);[^}]*font-weight: 600;/);
  });

  it("the ±100 guard rail is never offered as a range to type within", async () => {
    const d = await open();
    for (const [values, changed] of [[{ other: "2.5" }, "other"], [{ other: "-150" }, "other"], [{ multipleTargets: "-300" }, "multipleTargets"]] as const) {
      d.type(values, changed);
      const html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
      expect(html).toMatch(/class="faserip-feat-typed/);
      expect(html).not.toMatch(/\u2212100 to \+100|from \u2212100|Type a whole number/);
    }
    d.type({ multipleTargets: "-300" }, "multipleTargets");
    const html = await f.world.templates.renderTemplate(TEMPLATE, await d.context());
    expect(html).toContain("Multiple targets (column shift): \u201c-300\u201d is less than this dialog takes (\u2212100), so \u2212100 is used.");
  });

  it("the fixture is drawn in both themes", async () => {
    const fixture = (await import("../../../fixtures/templates/faserip/feat-dialog/typed-numbers.js")).default();
    expect(fixture.themes).toEqual(["light", "dark"]);
  });
});
