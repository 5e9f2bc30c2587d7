/**
 * UX review s5b #5 (notes/ux-review-s5b.md), Radio's part: the GM's card buttons ("Roll flee checks
 * (GM)" on a leader-down card, "End combat (GM)" on a combat-end card; both whispered to the GMs,
 * but a GM may show a card to everyone) sit inside `data-fracas-gm-only`, which core
 * (chat/gm-only-controls.ts) disables on a player's copy as it renders. The buttons an owner may
 * press (Undo tokens, Roll damage, the final action's two, Escape, a damage card's flee checks)
 * stay outside it (Roll damage, the card author's or a GM's, sits inside data-fracas-author-only
 * instead: audit-s15-damage.test.ts).
 */
import { describe, expect, it } from "vitest";
import { radioRenderer } from "./render.js";
import { cardElement, splitControls } from "../../../foundry/gm-only-markup.js";
import { radioWorld } from "./fight.js";
import leaderDown from "../../../fixtures/templates/radio/cards/leader-down/status.js";
import endOpen from "../../../fixtures/templates/radio/cards/combat-end/open.js";
import endRival from "../../../fixtures/templates/radio/cards/combat-end/rival-groups.js";
import endEnded from "../../../fixtures/templates/radio/cards/combat-end/ended.js";
import endStale from "../../../fixtures/templates/radio/cards/combat-end/stale.js";
import attackHit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import attackFinalTokens from "../../../fixtures/templates/radio/cards/attack/final-tokens.js";
import finalDue from "../../../fixtures/templates/radio/cards/final/due.js";
import escapeOffer from "../../../fixtures/templates/radio/cards/escape-offer/offer.js";
import damageLimb from "../../../fixtures/templates/radio/cards/damage/limb.js";

const { render } = radioRenderer();
type Fx = { context: Record<string, unknown> };

describe("UX s5b #5: a Radio card's GM buttons sit inside data-fracas-gm-only", () => {
  it.each([
    ["a leader-down card: Roll flee checks (GM)", "cards/leader-down", leaderDown(), ["flee"]],
    ["an open combat-end card: End combat (GM)", "cards/combat-end", endOpen(), ["endCombat"]],
    ["an open combat-end card between rival groups", "cards/combat-end", endRival(), ["endCombat"]],
  ] as [string, string, Fx, string[]][])("%s", (_name, template, fixture, gm) => {
    const { gmOnly, others } = splitControls(render(template, fixture));
    expect(gmOnly).toEqual(gm);
    expect(others).toEqual([]);
  });

  it.each([
    ["an ended combat-end card offers nothing", "cards/combat-end", endEnded()],
    ["a stale combat-end card offers nothing", "cards/combat-end", endStale()],
  ] as [string, string, Fx][])("%s", (_name, template, fixture) => {
    expect(splitControls(render(template, fixture))).toEqual({ gmOnly: [], others: [] });
  });

  it.each([
    ["a hit: Roll damage", "cards/attack", attackHit(), ["damage"]],
    ["a final attack: Undo tokens (the attacker's owner or the GM) and Roll damage", "cards/attack", attackFinalTokens(), ["undoTokens", "damage"]],
    ["a dying hero's final action: both the owner's", "cards/final", finalDue(), ["finalAttack", "finalDone"]],
    ["an escape offer", "cards/escape-offer", escapeOffer(), ["escape"]],
    ["a damage card: its flee checks are anyone's", "cards/damage", damageLimb(), ["flee"]],
  ] as [string, string, Fx, string[]][])("an owner's buttons stay outside the marker: %s", (_name, template, fixture, owners) => {
    expect(splitControls(render(template, fixture))).toEqual({ gmOnly: [], others: owners });
  });

  it("the core render hook disables Roll flee checks on a player's copy, not on the GM's", async () => {
    const { world, adapter } = await radioWorld();
    const fixture = leaderDown();
    const content = render("cards/leader-down", fixture);
    const message = { type: "card", system: { ruleset: "radio", kind: "leaderDown", result: (fixture.context as { result: unknown }).result, applications: [], targets: [] } };
    const copyFor = (userId: string) => {
      world.login(userId);
      const el = cardElement(content);
      adapter.render.onRenderChatMessageHTML(message as never, el as never);
      return el.controls.map((c) => [c.does, c.disabled]);
    };
    expect(copyFor("alice")).toEqual([["flee", true]]);
    expect(copyFor("gm")).toEqual([["flee", false]]);
  });
});
