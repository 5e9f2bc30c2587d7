/**
 * UX review s5b (notes/ux-review-s5b.md), Zodiac's items:
 * - #5: the public cards' GM buttons (a miss's "Operations takes the Setback (GM)" and its Undo, a
 *   hit's "Operations saves one … (GM)" and its Undo, a commit card's "Reveal and roll (GM)" and
 *   "Cancel this duel (GM)") looked as live as the player's own and were refused after the click.
 *   They now sit inside `data-fracas-gm-only`, which core (chat/gm-only-controls.ts) disables on a
 *   player's copy as the card renders; the Apply rows' controls stay outside it.
 * - #6: `Duel.Pending` (the toast refusing a second commit) no longer says "never revealed", quotes
 *   no button label (the sheet's had changed), and is short enough to read before it fades.
 */
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createHandlebars, type Fixture } from "../../../browser/harness.js";
import { cardElement, splitControls } from "../../../foundry/gm-only-markup.js";
import { commitDuel, mikeAndJeremy, zodiacWorld } from "./world.js";
import killMiss from "../../../fixtures/templates/zodiac/cards/kill/miss.js";
import killSetbackTaken from "../../../fixtures/templates/zodiac/cards/kill/setback-taken.js";
import killSaved from "../../../fixtures/templates/zodiac/cards/kill/saved.js";
import killSetbackApplied from "../../../fixtures/templates/zodiac/cards/kill/setback-applied.js";
import strikeMiss from "../../../fixtures/templates/zodiac/cards/strike/miss.js";
import strikeSetbackTaken from "../../../fixtures/templates/zodiac/cards/strike/setback-taken.js";
import strikeApplied from "../../../fixtures/templates/zodiac/cards/strike/applied.js";
import duelMissSetback from "../../../fixtures/templates/zodiac/cards/duel/miss-setback.js";
import fightMiss from "../../../fixtures/templates/zodiac/cards/fight/miss.js";

const env = createHandlebars();
const card = (kind: string, f: Fixture) => env.renderTemplate(`zodiac/cards/${kind}.hbs`, f.context as object);
const json = (path: string) => JSON.parse(readFileSync(`test/fixtures/templates/zodiac/cards/${path}`, "utf8")) as Fixture;
/** Every follow-up a Zodiac card offers only the GM (their runs refuse a player). */
const GM_FOLLOW_UPS = ["takeSetback", "undoSetback", "saveOne", "undoSaveOne", "reveal", "cancel"];

describe("UX s5b #5: a Zodiac card's GM buttons sit inside data-fracas-gm-only; the Apply rows do not", () => {
  const cases: [string, string, Fixture, string[]][] = [
    ["a kill's miss: take the Setback", "kill", killMiss(), ["takeSetback"]],
    ["a kill's miss, Setback taken: its Undo", "kill", killSetbackTaken(), ["undoSetback"]],
    ["a kill's hit: save one and Undo the save", "kill", killSaved(), ["saveOne", "undoSaveOne"]],
    ["a strike's miss", "strike", strikeMiss(), ["takeSetback"]],
    ["a strike's miss, Setback taken", "strike", strikeSetbackTaken(), ["undoSetback"]],
    ["a duel's misses (one taken, one not)", "duel", duelMissSetback(), ["undoSetback", "takeSetback"]],
    ["a fight's miss", "fight", fightMiss(), ["takeSetback"]],
    ["a commit card: Reveal and Cancel", "commit", json("commit/default.json"), ["reveal", "cancel"]],
  ];
  it.each(cases)("%s", (_name, kind, fixture, gm) => {
    const { gmOnly, others } = splitControls(card(kind, fixture));
    expect(gmOnly).toEqual(gm);
    expect(others.filter((d) => GM_FOLLOW_UPS.includes(d))).toEqual([]);
  });

  it("an Apply row's Undo (the applier's or the GM's) stays outside the marker", () => {
    for (const [kind, f] of [["kill", killSetbackApplied()], ["strike", strikeApplied()]] as const) {
      const { gmOnly, others } = splitControls(card(kind, f));
      expect(others).toContain("undo");
      expect(gmOnly).toEqual([]);
    }
  });
});

describe("UX s5b #5: Mike's player's copy of his commit card has Reveal and Cancel disabled; the GM's are live", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let mike: FakeActor;
  let jeremy: FakeActor;
  beforeEach(async () => {
    ({ world, adapter } = await zodiacWorld());
    ({ mike, jeremy } = mikeAndJeremy(world));
  });

  it("the core render hook disables both on a player's copy only", async () => {
    const posted = (await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 })) as unknown as FakeChatMessage;
    const copyFor = (userId: string) => {
      world.login(userId);
      const el = cardElement(posted.content);
      adapter.render.onRenderChatMessageHTML(posted as never, el as never);
      return el.controls.map((c) => [c.does, c.disabled]);
    };
    expect(copyFor("mp")).toEqual([["reveal", true], ["cancel", true]]);
    expect(copyFor("gm")).toEqual([["reveal", false], ["cancel", false]]);
  });
});

describe("UX s5b #6: the refused second commit's toast (Duel.Pending) is short and true", () => {
  const lang = JSON.parse(readFileSync("lang/src/zodiac.json", "utf8")) as { FRACAS: { Zodiac: { Duel: { Pending: string } } } };
  const pending = lang.FRACAS.Zodiac.Duel.Pending;

  it("no 'never revealed', no quoted button label, at most 40 words; says who reveals, when, and where the GM cancels", () => {
    expect(pending).not.toMatch(/never/i);
    expect(pending).not.toContain('"');
    expect(pending).not.toContain("(GM)");
    expect(pending.split(/\s+/).length).toBeLessThanOrEqual(40);
    expect(pending).toContain("The GM reveals that duel once both have committed");
    expect(pending).toContain("on its card or {name}'s sheet");
    expect(pending).toContain("Agent Points");
  });

  it("Mike's second commit against Jeremy shows it, names filled in", async () => {
    const { world } = await zodiacWorld();
    const { mike, jeremy } = mikeAndJeremy(world);
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 1, gathered: 4, wagers: 3 })).toBeDefined();
    expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeUndefined();
    const warned = world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
    expect(warned.at(-1)).toBe(
      "Mike already has Wagers set aside against Jeremy, not revealed yet. The GM reveals that duel once both have committed, or cancels it (on its card or Mike's sheet) to give back the Agent Points.",
    );
  });
});
