/**
 * The session-4 UX review's Bond findings (notes/ux-review-s4.md), through the real views and the
 * real templates rendered with Handlebars in the fake:
 * #3 no live Attack when the round has no attack left (whole round, or a firearm's shots);
 * #5 a knife's DC is the real class ("C"), with where it comes from; #9 the cover wording and tooltip;
 * #10 the off-declaration line is a warning naming the character; #11 a viewer's item button says View;
 * #12 Apply-row summaries leave the name to the row; #16 the pick-up counts; #18 the stun line names
 * its characteristic; #22.1 the NPC box is the GM's. (#8, the draw advice: draw.test.ts.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import type { CharacterViewInput } from "../../../../src/rulesets/bond/sheets/character-view.js";
import { attackView } from "../../../../src/rulesets/bond/sheets/attack-view.js";
import { attacksLeftThisRound } from "../../../../src/rulesets/bond/sheets/round-attacks.js";
import { applicationsView } from "../../../../src/foundry/chat/applications-view.js";
import type { WoundState } from "../../../../src/rulesets/bond/rules/index.js";
import { bondPcView, derived, knife, ppk, setup } from "../fixture-data.js";

let world: FakeWorld;

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const attackButtons = (html: string) => [...html.matchAll(/<button type="button" data-action="attack"[^>]*>/g)].map((b) => b[0]);

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

function sheet(over: Partial<CharacterViewInput> = {}, wound: Partial<WoundState> = {}) {
  return bondPcView({
    derived: derived(wound),
    weapons: [
      { id: "w1", name: "Walther PPK", weapon: ppk },
      { id: "w2", name: "Throwing knife", weapon: knife },
    ],
    ...over,
  });
}
const dialog = (over: Parameters<typeof setup>[0]) => attackView(setup(over), { range: "medium", cover: "none", targetSpeed: 0, kick: false, specificBlow: "", gmModifier: 0 });

describe("#3 the sheet's Attack buttons know the round's count", () => {
  it("Speed 3, three attacks made: every Attack disabled with the reason, one line under the Weapons heading", async () => {
    const html = await render("sheets/character", { view: sheet({ round: { round: 1, speed: 3, attacksMade: 3, pickUpsMade: 0 } }) });
    expect(html).toContain('<p id="bond-no-attack-left" class="bond-cannot-act">No attacks left this round.</p>');
    const disabled = '<button type="button" data-action="attack" disabled data-tooltip="No attacks left this round." aria-describedby="bond-no-attack-left">';
    expect(attackButtons(html)).toEqual([disabled, disabled.replace('"attack"', '"attack" data-item-id="w1"'), disabled.replace('"attack"', '"attack" data-item-id="w2"')]);
  });

  it("the PPK's two shots used while Speed allows a third: only the PPK is disabled, saying why; no line", async () => {
    const html = await render("sheets/character", { view: sheet({ round: { round: 1, speed: 3, attacksMade: 2, pickUpsMade: 0 } }) });
    expect(html).not.toContain("bond-no-attack-left");
    expect(attackButtons(html)).toEqual([
      '<button type="button" data-action="attack">',
      '<button type="button" data-action="attack" data-item-id="w1" disabled data-tooltip="No attack left with the Walther PPK this round (at most 2 a round).">',
      '<button type="button" data-action="attack" data-item-id="w2">',
    ]);
    // The dialog agrees: the PPK has none left, the knife one.
    expect(dialog({ attacksMade: 2 }).canRoll).toBe(false);
    expect(attacksLeftThisRound({ round: 1, speed: 3, attacksMade: 2, pickUpsMade: 0 })).toEqual({ allowed: 3, made: 2, remaining: 1 });
  });

  it("Speed 0 on round 1 says why; an attack left, or no fight: every Attack live", async () => {
    const speed0 = await render("sheets/character", { view: sheet({ round: { round: 1, speed: 0, attacksMade: 0, pickUpsMade: 0 } }) });
    expect(speed0).toContain('<p id="bond-no-attack-left" class="bond-cannot-act">No attack this round: Speed 0 attacks every other round.</p>');
    for (const round of [{ round: 1, speed: 3, attacksMade: 1, pickUpsMade: 0 }, { round: null, speed: 3, attacksMade: 9, pickUpsMade: 0 }, undefined]) {
      const html = await render("sheets/character", { view: sheet(round ? { round } : {}) });
      expect(attackButtons(html).every((b) => !b.includes("disabled")), JSON.stringify(round)).toBe(true);
    }
  });

  it("a character who cannot act keeps that reason (not the count's)", () => {
    const v = sheet({ downReason: "FRACAS.Bond.Down.stunned", round: { round: 1, speed: 3, attacksMade: 3, pickUpsMade: 0 } });
    expect(v.noAttackLeft).toBeNull();
    expect(v.unarmedAttackBlock).toMatchObject({ reason: "FRACAS.Bond.Down.stunned", describedBy: "bond-cannot-act" });
  });
});

describe("#5 a hand-to-hand weapon's Damage Class", () => {
  it("the knife's cell reads C (Strength's B + 1), with the Strength hint as its tooltip; the PPK keeps its own D", async () => {
    const v = sheet();
    expect(v.hthDamageClass).toBe("B");
    const html = await render("sheets/character", { view: v });
    expect(html).toContain('<td class="bond-num" data-tooltip="The wielder\'s Hand-to-Hand DC +1 (from Strength)">C</td>');
    expect(html).toContain('<td class="bond-num">D</td>');
    expect(html).not.toContain("B+");
  });
});

describe("#9 and #10 the attack dialog's lines", () => {
  it("the GM's cover: 'at least', no possessive", async () => {
    const html = await render("dialogs/attack", { view: dialog({ targetName: "Dr. Kananga's Second Bodyguard (Henchman)", targetCover: "medium" }) });
    expect(text(html)).toContain("Cover set by the GM on the target: at least Medium cover.");
    expect(html).not.toContain("(Henchman)'s");
  });

  it("an attack off the declaration is a warning naming the character, not a grey hint", async () => {
    const html = await render("dialogs/attack", { view: dialog({ declaration: "move", attacksMade: 0 }) });
    expect(html).toContain('<p class="bond-warning">James Bond declared Move this round. An attack now stands only if circumstances changed: the GM decides.</p>');
    const scss = readFileSync(join(process.cwd(), "styles/_bond.scss"), "utf8");
    expect(scss).toMatch(/\.bond-warning \{[^}]*color: var\(--fracas-accent\);[^}]*font-weight: 600;/);
  });

  it("#16 after a pick-up the count says where the attack went", async () => {
    expect(text(await render("dialogs/attack", { view: dialog({ attacksMade: 0, pickUpsMade: 1 }) }))).toContain("Attacks made this round: 0 of 2 (1 of Speed's attacks went to picking up a weapon)");
    expect(text(await render("dialogs/attack", { view: dialog({ attacksMade: 0, pickUpsMade: 2, shotsPerRound: 0, speed: 3 }) }))).toContain("Attacks made this round: 0 of 1 (2 of Speed's attacks went to picking up weapons)");
  });
});

describe("#9, #11, #18, #22.1 the sheet for its owner and for others", () => {
  it("the owner reads the cover with the hint as its tooltip", async () => {
    const html = await render("sheets/character", { view: sheet({ cover: "heavy" }) });
    expect(html).toContain('<dd data-tooltip="Set by the GM: Fire Combat at this character uses at least this cover.">Heavy cover</dd>');
  });

  it("a viewer's item buttons say View, in words; an editor keeps the pencil", async () => {
    const viewer = await render("sheets/character", { view: sheet({ editable: false }) });
    expect(viewer).toContain('aria-label="View Walther PPK" data-tooltip="View Walther PPK">View</button>');
    expect(viewer).not.toContain("✎");
    expect(await render("sheets/character", { view: sheet() })).toContain('aria-label="Edit Walther PPK" data-tooltip="Edit Walther PPK">✎</button>');
  });

  it("the stun line names its characteristic and says 'no action', as the wound line does", async () => {
    const html = await render("sheets/character", { view: sheet({}, { level: "LW", stunRollPending: true, stunCharacteristic: "willpower" }) });
    // A Light Wound's −1 on the Stun roll (review-s11 RB2).
    expect(html).toContain("<li>Stun roll due (Willpower, EF 7): no action until it is made.</li>");
  });

  it("the NPC box is the GM's: the owner reads the tag", async () => {
    const owner = await render("sheets/character", { view: sheet() });
    expect(owner).not.toContain('name="system.npc"');
    expect(owner).toContain('<span class="bond-tag bond-kind">Player character</span>');
    expect(await render("sheets/character", { view: sheet({ isGM: true }) })).toContain('name="system.npc"');
  });
});

describe("#12 the Apply row names the target once", () => {
  it("the row reads 'Oddjob' / 'now Medium Wound'; no Bond summary starts with the name", () => {
    const view = applicationsView(
      {
        targets: [{ uuid: "Actor.oddjob", name: "Oddjob" }],
        applications: [{ id: "a", targetUuid: "Actor.oddjob", by: "gm", at: 1, prior: [], statuses: [], summary: { key: "FRACAS.Bond.Summary.Now.MW", data: { name: "Oddjob" } }, poolEntries: [], undone: false }],
      },
      (key, data) => world.i18n.format(key, data ?? {}),
    );
    expect(view.rows[0]).toMatchObject({ name: "Oddjob", applied: { summary: "now Medium Wound" } });
    const lang = JSON.parse(readFileSync(join(process.cwd(), "lang/src/bond.json"), "utf8")) as { FRACAS: { Bond: { Summary: unknown } } };
    const leaves = (o: unknown): string[] => (typeof o === "string" ? [o] : Object.values(o as Record<string, unknown>).flatMap(leaves));
    const all = leaves(lang.FRACAS.Bond.Summary);
    expect(all.length).toBeGreaterThan(30);
    for (const s of all) expect(s).not.toContain("{name}");
  });
});
