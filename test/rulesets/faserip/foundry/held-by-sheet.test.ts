/**
 * Session 6, wave 3: a hold records its holder (`system.status.heldBy`, holds.ts), but no sheet
 * showed it: a held hero's player saw "Restrained" and nothing of whose grip it was, nor that it
 * ends with the holder. The hero sheet now says "Held by <holder>." under its badges, through the
 * real Hold and the real sheet in the fake.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys } from "./fake-round.js";
import type { heroSheetView } from "../../../../src/rulesets/faserip/sheets/hero-sheet-view.js";

const T = "systems/fracas/templates/faserip/";
let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
  // The fake has no TextEditor: the sheet enriches its notes on every render.
  (foundry.applications as unknown as Record<string, unknown>).ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => s } } };
});

const holdsSettled = async () => (await import("../../../../src/rulesets/faserip/holds.js")).holdsSettled();

/** The real sheet's context for `actor`, as `userId` sees it, and its rendered HTML. */
async function sheetOf(actor: FakeActor, userId: string) {
  f.world.login(userId);
  const { FaseripHeroSheet } = await import("../../../../src/rulesets/faserip/sheets/hero-sheet.js");
  const sheet = new FaseripHeroSheet({ document: actor } as never);
  const context = await (sheet as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof heroSheetView>; notesRaw: string }> })._prepareContext({});
  return { view: context.view, html: await f.world.templates.renderTemplate(`${T}hero-sheet.hbs`, context) };
}

describe("the hero sheet says who holds the hero", () => {
  it("after Captain's Hold is applied, Rampage's sheet reads 'Held by Captain.' under the badges; after the Undo, nothing", async () => {
    f.world.dice.queue(97);
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "grappling" }, [f.rampage]);
    expect(cardOf(card).result.attack.feat.effect).toBe("hold");
    await f.apply("alice", card!, f.rampage);
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: true, heldBy: f.captain.uuid });

    const held = await sheetOf(f.rampage, "gm");
    expect(held.view.status.heldBy).toEqual({ key: "FRACAS.Faserip.Sheet.HeldBy", holder: "Captain" });
    // The holder's name once; how to break free (an Escaping FEAT, the dialog's action); the other ends (UX review s6b #5).
    expect(held.html).toContain('<p class="faserip-held-by">Held by Captain. Roll an Escaping FEAT to break free; the hold also ends if the holder cannot act or leaves the fight.</p>');

    await f.undo("alice", card!, f.rampage);
    const free = await sheetOf(f.rampage, "gm");
    expect(free.view.status.heldBy).toBeNull();
    expect(free.html).not.toContain("faserip-held-by");
  });

  it("Restrained with no holder recorded (the icon set by hand): the badge only", async () => {
    await f.setStatus(f.rampage, "restrained");
    expect(sys(f.rampage).status).toMatchObject({ restrained: true, heldBy: "" });
    const { view, html } = await sheetOf(f.rampage, "gm");
    expect(view.status.badges).toContain("FRACAS.Status.restrained");
    expect(view.status.heldBy).toBeNull();
    expect(html).not.toContain("faserip-held-by");
  });

  it("a recorded holder who is no longer found is said too (no fall of theirs will end the hold)", async () => {
    f.world.login("gm");
    await f.rampage.update({ "system.status.restrained": true, "system.status.heldBy": "Actor.noSuchActor0001" } as never);
    const { view, html } = await sheetOf(f.rampage, "gm");
    expect(view.status.heldBy).toEqual({ key: "FRACAS.Faserip.Sheet.HeldByUnknown", holder: "" });
    // How the GM lifts it: the Restrained status off the token (status-sync.ts then forgets the holder).
    expect(html).toContain("Held by a character no longer in this world. Roll an Escaping FEAT to break free, or the GM turns off Restrained on the token.");
  });
});

describe("the held-by fixtures render", () => {
  it.each([
    ["held-by", "Held by Captain Resolute, Sentinel of the Lower East Side. Roll an Escaping FEAT to break free"],
    ["held-by-unknown-gm", "Held by a character no longer in this world."],
  ])("%s", async (name, text) => {
    const fixture = (await import(`../../../fixtures/templates/faserip/hero-sheet/${name}.ts`)) as { default: () => { context: object } };
    const html = await f.world.templates.renderTemplate(`${T}hero-sheet.hbs`, fixture.default().context);
    expect(html).toContain(text);
    // A long holder name is said once, not twice (UX review s6b #5).
    expect(html.split("Sentinel of the Lower East Side").length - 1).toBeLessThanOrEqual(1);
    expect(html).not.toContain("FRACAS.");
  });
});
