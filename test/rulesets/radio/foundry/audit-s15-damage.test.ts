/**
 * UX audit s15 #15 (Radio's Roll damage): the attack card's "Roll damage" stayed enabled on every
 * player's copy though only the card's author or a GM may press it (cards/flow.ts rollDamage: only
 * they may mark the card). It sits inside data-fracas-author-only, which core's render hook
 * (chat/render.ts, chat/gm-only-controls.ts) disables on other players' copies, and its tooltip
 * says who may press it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { authorOnlyControls, cardElement, splitControls } from "../../../foundry/gm-only-markup.js";
import { attackWithFirstWeapon, createFalzetti, createJake, radioWorld } from "./fight.js";
import { radioRenderer } from "./render.js";
import attackHit from "../../../fixtures/templates/radio/cards/attack/hit.js";
import attackFinalTokens from "../../../fixtures/templates/radio/cards/attack/final-tokens.js";

const { render } = radioRenderer();

let world: FakeWorld;
let adapter: Adapter;
let jake: FakeActor;

beforeEach(async () => {
  ({ world, adapter } = await radioWorld(["alice", "bob"]));
  jake = createJake(world);
});

describe("audit s15 #15: Roll damage is the card author's or a GM's, disabled on other players' copies", () => {
  it("the button sits inside data-fracas-author-only (not the GM-only marker), with a tooltip saying who may", () => {
    for (const fixture of [attackHit(), attackFinalTokens()]) {
      const html = render("cards/attack", fixture);
      expect(authorOnlyControls(html)).toEqual(["damage"]);
      expect(splitControls(html).gmOnly).toEqual([]);
      expect(html).toContain('data-fracas-follow-up="damage" data-tooltip="Only the player who rolled this attack, or the GM, may roll its damage."');
    }
  });

  it("core's render hook: enabled on Alice's copy (she rolled it) and the GM's, disabled on Bob's", async () => {
    const falzetti = createFalzetti(world, 6, 6);
    const card = (await attackWithFirstWeapon(world, "alice", jake, falzetti)) as FakeChatMessage;
    expect((card.system as unknown as { result: { attack: { hit: boolean } } }).result.attack.hit).toBe(true);
    const copyFor = (userId: string) => {
      world.login(userId);
      const el = cardElement(card.content);
      adapter.render.onRenderChatMessageHTML(card as never, el as never);
      return el.controls.filter((c) => c.does === "damage").map((c) => c.disabled);
    };
    expect(copyFor("alice")).toEqual([false]);
    expect(copyFor("gm")).toEqual([false]);
    expect(copyFor("bob")).toEqual([true]);
  });
});
