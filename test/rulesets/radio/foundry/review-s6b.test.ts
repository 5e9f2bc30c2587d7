/**
 * Session 6, wave 4 (notes/review-s6b-changes.md, notes/ux-review-s6b.md) for radio:
 * - R1/T1: a NON-active GM's Next Round used to run its round start on its own client, under its own
 *   lock, so the active GM's answer to a "Change group" press could land between that round start's
 *   read of every combatant's memory and its whole write back. Core now sends such a round start to
 *   the active GM's client (src/foundry/documents/round-start.ts), behind the one lock.
 * - S-a11y / UX #11.1: the groups hint's id is fresh per render, so the tracker's two copies (sidebar
 *   and pop-out) do not share it, and each copy's `aria-controls` points at its own paragraph.
 *
 * The fake's clients share one module, so they share core locks.ts's Map, and the race itself cannot
 * be shown here: the test checks what prevents it in Foundry, that the round start is written by the
 * active GM's client.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeCombat } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { radioRenderer } from "./render.js";
import { combatantIdOf, createFalzetti, createJake, createSal, radioWorld, startRadioCombat } from "./fight.js";

describe("R1: a non-active GM's Next Round runs on the active GM's client (core round-start.ts)", () => {
  it("gm2 presses Next Round: the round start is the active GM's, so a Change group queued there is never overwritten", async () => {
    const { world } = await radioWorld();
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 20, 20);
    const sal = createSal(world, falzetti);
    const vito = world.createActor({ name: "Vito", type: "radioOpponent", system: { kind: "minion" } });
    const combat = await startRadioCombat(world, [jake, falzetti, sal, vito], [2, 5, 1, 1]);
    const writers: string[] = [];
    world.observe("updateCombat", ((_c: unknown, _d: unknown, _o: unknown, userId: string) => void writers.push(userId)) as never);
    world.login("gm2");
    world.dice.queue(3, 4, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    expect(combat.round).toBe(2);
    expect(new Set(writers)).toEqual(new Set(["gm"]));
    expect(combatantIdOf(combat as FakeCombat, vito)).toBeTruthy();
  });
});

describe("S-a11y / UX s6b #11.1: the groups hint's id is unique per render", () => {
  it("the sidebar's and the pop-out's panels (two renders) each have their own hint id, and each button controls its own", async () => {
    const { world } = await radioWorld();
    world.login("gm");
    const combat = world.createCombat();
    const vito = world.createActor({ name: "Vito", type: "radioOpponent", system: { kind: "minion" } });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: vito.id }]);
    const { groupsPanelContext } = await import("../../../../src/rulesets/radio/combat-groups.js");
    const { render } = radioRenderer();
    const sidebar = render("tracker-panel", { context: groupsPanelContext(combat as never) });
    const popOut = render("tracker-panel", { context: groupsPanelContext(combat as never) });
    const ids = [sidebar, popOut].map((html) => /<p id="([^"]+)"/.exec(html)?.[1] ?? "");
    expect(ids[0]).toMatch(/^radio-groups-hint-\w+$/);
    expect(ids[1]).toMatch(/^radio-groups-hint-\w+$/);
    expect(ids[0]).not.toBe(ids[1]);
    for (const [i, html] of [sidebar, popOut].entries()) expect(html).toContain(`aria-controls="${ids[i]}"`);
    // The whole page (both copies): no id twice.
    const every = [...(sidebar + popOut).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(every).size).toBe(every.length);
  });
});
