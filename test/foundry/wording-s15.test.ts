// UX audit s15 wording (findings 1, 9, 12, 13, 14): refusals that say what to do next, Bond's
// "before the GM presses Apply", no developer jargon in GM-facing text, one name for Performance,
// the weapon table's abbreviations spelled out, and a failure a player can act on.
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { addPlayers } from "./helpers.js";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";
import { t } from "../../src/foundry/i18n.js";
import npcHitDraw from "../fixtures/templates/bond/cards/attack/npc-hit-draw.js";
import npcHitOnPc from "../fixtures/templates/bond/cards/attack/npc-hit-on-pc.js";
import pcReady from "../fixtures/templates/bond/sheets/character/pc-ready.js";

const en = JSON.parse(readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
const s = (key: string): string => {
  const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
  if (typeof v !== "string") throw new Error(`no string ${key}`);
  return v;
};
const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) => unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/${template}.hbs`, context));

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
  addPlayers(world);
});

describe("refusals say what to do next (finding 14)", () => {
  it("closed declarations, a broken plan, a dodge after another declaration", () => {
    expect(s("FRACAS.Tracker.Refused.NotDeclaring")).toBe("Declarations are closed for this round. Declare next round, or ask the GM to go back with Previous step.");
    expect(s("FRACAS.Tracker.Back")).toBe("Previous step");
    expect(s("FRACAS.Error.badPlan")).toBe("This combat has no valid round plan. Press Next step to begin a new round, or End Combat and Begin Combat again.");
    expect(s("FRACAS.Tracker.Advance")).toBe("Next step");
    expect(s("FRACAS.Faserip.Refused.DeclaredOther")).toContain("To dodge, change the declaration to Dodging in the tracker while declarations are open.");
    expect(s("FRACAS.Faserip.Declare.dodging")).toBe("Dodging");
  });

  it("a failure tells a player to ask the GM, not to read the console; the GM is pointed at the console", () => {
    world.login("alice");
    const player = t("FRACAS.Chat.Failed");
    expect(player).toBe(s("FRACAS.Chat.FailedPlayer"));
    expect(player).toContain("ask the GM");
    expect(player).not.toContain("console");
    world.login("gm");
    const gm = t("FRACAS.Chat.Failed");
    expect(gm).toBe(s("FRACAS.Chat.Failed"));
    expect(gm).toContain("see the console");
    // Other keys read the same for both.
    world.login("alice");
    expect(t("FRACAS.Chat.NoGM")).toBe(s("FRACAS.Chat.NoGM"));
  });
});

describe("Bond: the card says the Hero Points and the draw come before the GM's Apply (finding 1)", () => {
  it("the Hero Points line and the draw line say so; a refused late spend or draw says to ask the GM to Undo the Apply", async () => {
    const drawCard = await render("bond/cards/attack", npcHitDraw().context);
    expect(drawCard).toContain(`<p class="bond-card-note">${s("FRACAS.Bond.Card.HeroPointsOfferedAny")}</p>`);
    expect(s("FRACAS.Bond.Card.HeroPointsOfferedAny")).toMatch(/— before the GM presses Apply\.$/);
    expect(drawCard).toContain('<p class="bond-card-note">A player character fired at before firing this round may call a draw — before the GM presses Apply.</p>');
    // No draw offered (nobody holds a firearm here): no draw line, the Hero Points line still says when.
    const plain = await render("bond/cards/attack", npcHitOnPc().context);
    expect(plain).not.toContain("may call a draw");
    expect(plain).toContain("An NPC's roll: the target may spend Hero Points to lower its Quality Rating — before the GM presses Apply.");
    expect(s("FRACAS.Bond.Refused.AppliedUndoFirst")).toContain("ask the GM to Undo that Apply on the card first, then spend the Hero Point");
    expect(s("FRACAS.Bond.Refused.DrawAfterApply")).toContain("ask the GM to Undo that Apply on the card first, then call the draw");
  });
});

describe("plain words for a GM (findings 9, 12, 13)", () => {
  it("no 'seed' or 'presumably'; Multiple targets says it is a column shift; Performance has one name", () => {
    expect(s("FRACAS.Tables.Source.seed")).toBe("Source: the rulebook text Fracas follows");
    expect(s("FRACAS.Settings.bond.heroPoints.Hint")).not.toMatch(/seed|presumably/);
    expect(s("FRACAS.Faserip.Dialog.MultipleTargets")).toBe("Multiple targets (column shift)");
    expect(s("FRACAS.Faserip.Dialog.Typed.Field.multipleTargets")).toBe(s("FRACAS.Faserip.Dialog.MultipleTargets"));
    expect([s("FRACAS.Bond.Performance"), s("FRACAS.Bond.Ease.Performance"), s("FRACAS.Bond.Term.performanceModifier")]).toEqual(["Performance", "Performance", "Performance"]);
  });

  it("Bond's weapon table spells out PC, DC and PR", async () => {
    const html = await render("bond/sheets/character", pcReady().context);
    expect(html).toContain('<th scope="col"><abbr title="Primary Chance">PC</abbr></th><th scope="col"><abbr title="Damage Class">DC</abbr></th><th scope="col"><abbr title="Performance">PR</abbr></th>');
  });
});
