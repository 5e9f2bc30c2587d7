// Session 3 UX review (notes/ux-review-s3.md) for radio: #15 flee dice, #17 item and leader wording.
// (#9 the groups panel: groups.test.ts and ux-session3.test.ts; #5 the out-of-turn reason:
// turn.test.ts; #10 the defence row: audit-session3.test.ts.) The real templates, rendered with real
// Handlebars over the real fixtures.
import { describe, expect, it } from "vitest";
import { radioRenderer, text } from "./render.js";
import { fleeCardView } from "../../../../src/rulesets/radio/cards/views.js";
import fleeGroup from "../../../fixtures/templates/radio/cards/flee/henchmen.js";
import fleeMinion from "../../../fixtures/templates/radio/cards/flee/minion.js";
import leaderDown from "../../../fixtures/templates/radio/cards/leader-down/status.js";
import itemRocks from "../../../fixtures/templates/radio/item-sheet/rocks.js";
import itemRocksUnskilled from "../../../fixtures/templates/radio/item-sheet/rocks-unskilled.js";
import missingLeader from "../../../fixtures/templates/radio/opponent-sheet/missing-leader.js";
import missingLeaderReadOnly from "../../../fixtures/templates/radio/opponent-sheet/missing-leader-read-only.js";

const { render } = radioRenderer();

describe("#15 flee cards say which dice flee", () => {
  it("each 6 is bold, the others plain, in roll order; the label says a 6 flees", () => {
    expect(fleeCardView({ leaderName: "F", followerName: "G", rolls: [6, 2] }).dice).toEqual([
      { value: 6, flees: true },
      { value: 2, flees: false },
    ]);
    const html = render("cards/flee", fleeGroup());
    expect(html).toContain(
      'Rolls (a 6 flees): <span class="radio-flee-dice"><strong class="radio-die radio-die-flees">6</strong>, <span class="radio-die">2</span>, <strong class="radio-die radio-die-flees">6</strong>, <span class="radio-die">4</span>, <span class="radio-die">1</span></span>',
    );
    expect(text(render("cards/flee", fleeMinion()))).toContain("Roll (a 6 flees): 6");
  });

  it("the leader-down card says what each follower rolls, plainly", () => {
    expect(text(render("cards/leader-down", leaderDown()))).toContain("Each follower rolls a d6 (one per henchman): on a 6 it flees.");
  });
});

describe("#17 item and leader wording", () => {
  it("rocks: the damage as ticked first, the other in brackets", () => {
    expect(text(render("item-sheet", itemRocks()))).toContain("Damage on a hit: 2 (skilled; 1 if not).");
    expect(text(render("item-sheet", itemRocksUnskilled()))).toContain("Damage on a hit: 1 (2 if skilled with it).");
  });

  it("a deleted leader: the editor is asked to choose another; a reader is told plainly", () => {
    expect(render("opponent-sheet", missingLeader())).toContain('<option value="Actor.gone000000000001" selected>(deleted — choose another leader)</option>');
    const readOnly = render("opponent-sheet", missingLeaderReadOnly());
    expect(readOnly).not.toContain('<select name="system.leader"');
    expect(readOnly).toContain('<p class="radio-leader">Led by an actor that was deleted.</p>');
  });
});
