/**
 * Rules audit, session 9 (R4): a Yellow on the Slam? roll read only "Staggered" and did nothing.
 * "Staggered" is a provisional cell (RULES.md §4, graded as the Advanced table) that the kernel
 * gives no effect, so the GM could not tell whether Fracas had missed applying something. The card
 * now says it has no lasting effect and leaves any brief effect to the GM.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, clickAttackFollowUp, slamOnRampage, startFight } from "./fake-round.js";
import staggered from "../../../fixtures/templates/faserip/cards/secondary/slam-staggered.js";
import oneArea from "../../../fixtures/templates/faserip/cards/secondary/slam-one-area.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const T = "systems/fracas/templates/faserip/cards/secondary.hbs";
const contentOf = (m: unknown) => (m as FakeChatMessage & { content: string }).content.replace(/&#x27;/g, "'");
const note = () => f.world.i18n.localize("FRACAS.Faserip.Card.StaggeredNote");

describe("audit-s9 R4: a Yellow Slam? says it has no lasting effect", () => {
  it("rolled: Rampage's Endurance FEAT of 80 (Excellent) is Yellow; the card says Staggered and that nothing lasting follows", async () => {
    const slam = await slamOnRampage(f);
    f.world.dice.queue(80);
    f.world.dialogAnswers.push(0);
    await clickAttackFollowUp(f, "gm", slam, "secondary");
    const card = f.cards("secondary").at(-1)!;
    expect(cardOf(card).result.check).toMatchObject({ color: "yellow", result: "staggered", areas: 0, rounds: 0 });
    const html = contentOf(card);
    expect(html).toContain("<strong>Staggered</strong>");
    expect(note()).toContain("no lasting effect");
    expect(html).toContain(`<p class="faserip-card-note">${note()}</p>`);
    // Nothing to move: no knock-back button.
    expect(html).not.toContain('data-fracas-follow-up="knockback"');
  });

  it("the fixture shows the note; a Green (knocked back) card does not", async () => {
    const html = (await f.world.templates.renderTemplate(T, staggered().context)).replace(/&#x27;/g, "'");
    expect(html).toContain(note());
    const green = (await f.world.templates.renderTemplate(T, oneArea().context)).replace(/&#x27;/g, "'");
    expect(green).not.toContain(note());
  });
});
