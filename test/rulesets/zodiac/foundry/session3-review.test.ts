/**
 * Session 3 UX review (notes/ux-review-s3.md) and fix review (notes/review-session3-fixes.md),
 * zodiac findings, on the real templates and views over the real fixtures:
 * - UX #1: the kill card's headline counts the kills that land (after saves), with what was
 *   rolled in brackets; the captive only when there is one; "with no Wagers", not "with 0 Wagers".
 * - UX #16: the miss's Setback is said once (the headline), not again beside the Take/Apply.
 * - UX #8: Operations' buttons say whose Wagers and what a shot does; a blocked Undo says which
 *   values to put back by hand, the Setback included.
 * - UX #13: on the Other Agent sheet "Of these" sits right under the Wagers it refers to.
 * (Fix review #5, the status icons at Rank, is in review-wave2.test.ts, "3. the status sync".)
 */
import { describe, expect, it } from "vitest";
import { createHandlebars } from "../../../browser/harness.js";
import { killResult } from "../../../../src/rulesets/zodiac/cards/results.js";
import { killView } from "../../../../src/rulesets/zodiac/cards/views.js";
import { calledShotCosts, everyoneElseTn, saveEveryoneElse, type KillEveryoneElseResult } from "../../../../src/rulesets/zodiac/rules/index.js";
import beyond from "../../../fixtures/templates/zodiac/cards/kill/kills-beyond-crowd.js";
import noneStanding from "../../../fixtures/templates/zodiac/cards/kill/none-standing.js";
import saved from "../../../fixtures/templates/zodiac/cards/kill/saved.js";
import savedBeyond from "../../../fixtures/templates/zodiac/cards/kill/saved-beyond-crowd.js";
import capture from "../../../fixtures/templates/zodiac/cards/kill/capture.js";
import headShot from "../../../fixtures/templates/zodiac/cards/kill/head-shot.js";
import setbackApplied from "../../../fixtures/templates/zodiac/cards/kill/setback-applied.js";
import setbackTaken from "../../../fixtures/templates/zodiac/cards/kill/setback-taken.js";
import killMiss from "../../../fixtures/templates/zodiac/cards/kill/miss.js";
import agentGm from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations.js";
import otherGm from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations.js";
import otherBlocked from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-undo-blocked.js";
import type { Fixture } from "../../../browser/discovery.js";

const env = createHandlebars();
const text = (template: string, f: Fixture | object) =>
  env
    .renderTemplate(`zodiac/${template}.hbs`, ("context" in f ? (f as Fixture).context : f) as object)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
const headline = (f: Fixture) => /<p class="zodiac-card-outcome[^"]*">(.*?)<\/p>/s.exec(env.renderTemplate("zodiac/cards/kill.hbs", f.context as object))?.[1]?.replace(/\s+/g, " ").trim();

describe("UX #1: the kill headline counts the kills that land", () => {
  it("5 rolled at 2 standing: 2 killed, the 5 in brackets; nothing takes it back below", () => {
    expect(headline(beyond())).toBe("2 killed (5 rolled; only 2 standing).");
    expect(text("cards/kill", beyond())).not.toMatch(/5 killed|of these kills land/);
  });
  it("nobody standing: no one dies (not \"2 killed\")", () => {
    expect(headline(noneStanding())).toBe("Hit, but nobody is left standing: no one dies.");
    expect(text("cards/kill", noneStanding())).not.toContain("2 killed");
  });
  it("saved: the dead that remain, then the save and what was hit — no \"save 1 of them\"", () => {
    expect(headline(saved())).toBe("2 killed — Operations saved 1 with Setback (3 hit).");
    expect(text("cards/kill", saved())).not.toContain("of them");
    expect(headline(savedBeyond())).toBe("1 killed — Operations saved 1 with Setback (5 hit; only 2 standing).");
  });
  it("the captive only when there is one: no \", 0 taken alive\"", () => {
    expect(headline(capture())).toBe("1 killed. One taken alive.");
    expect(headline(headShot())).toBe("2 killed.");
    expect(text("cards/kill", beyond())).not.toContain("taken alive");
  });
  it("a capture with no kill: one taken alive, no one killed", () => {
    const base = { actor: { uuid: "Actor.mike", name: "Mike" }, areaName: "Aries", area: 3, spend: 1, gathered: 2, wagers: 2, calledShot: null, almostDead: false, totalMode: "keepArea" as const, chance: 0.8, combat: null };
    const result = killResult({ ...base, dice: [6, 5, 4], captureAlive: true }, everyoneElseTn, calledShotCosts);
    expect(killView(result)).toMatchObject({ outcomeKey: "FRACAS.Zodiac.Card.KillHitCaptiveOnly", capturedKey: null });
  });
  it("while an Apply stands, the headline reads what the Apply killed, not the rolled count", () => {
    const base = { actor: { uuid: "Actor.mike", name: "Mike" }, areaName: "Aries", area: 3, spend: 1, gathered: 5, wagers: 4, calledShot: null, almostDead: false, totalMode: "keepArea" as const, chance: 0.9, combat: null };
    const result = killResult({ ...base, dice: [6, 6, 6, 5], captureAlive: false }, everyoneElseTn, calledShotCosts);
    const targets = [{ uuid: "Actor.goons", name: "Goons" }];
    const applications = [{ id: "a1", targetUuid: "Actor.goons", by: "gm", at: 1, prior: [], statuses: [], summary: { key: "FRACAS.Zodiac.Summary.Kill", data: { killed: 2, captured: 0, standing: 0 } }, poolEntries: [], undone: false }];
    expect(killView(result, { targets, applications, crowd: { standing: 0, captured: 0 } })).toMatchObject({ outcomeKey: "FRACAS.Zodiac.Card.KillHitLands", landing: 2, rolled: 5, standing: 2, canSave: false });
  });
  it("the rolled count survives saves made before savedFrom was kept (kills + saved)", () => {
    const base = { actor: { uuid: "Actor.mike", name: "Mike" }, areaName: "Aries", area: 3, spend: 1, gathered: 2, wagers: 2, calledShot: null, almostDead: false, totalMode: "keepArea" as const, chance: 0.6, combat: null };
    const rolled = killResult({ ...base, dice: [6, 5, 2], captureAlive: false }, everyoneElseTn, calledShotCosts);
    const kill = saveEveryoneElse({ setback: 2, result: rolled.kill as unknown as KillEveryoneElseResult, n: 2 }).result;
    expect(killView({ ...rolled, kill: kill as never })).toMatchObject({ outcomeKey: "FRACAS.Zodiac.Card.KillHitSaved", landing: 1, saved: 2, rolled: 3 });
  });
  it("no Wagers: none said (UX s7 #5: no zero terms)", () => {
    expect(text("cards/kill", killMiss())).toContain("Mike rolls Aries.");
    expect(text("cards/kill", killMiss())).not.toContain("Wagers 0");
  });
});

describe("UX #16: the miss's Setback is said once", () => {
  it("taken from the card, or with an Apply: the line says where it went, not the amount again", () => {
    // The headline; with an Apply, its row's summary too (it records what that Apply did) — not a third time.
    expect(text("cards/kill", setbackTaken()).match(/1 Setback/g)).toHaveLength(1);
    expect(text("cards/kill", setbackApplied()).match(/1 Setback/g)).toHaveLength(2);
    expect(text("cards/kill", setbackApplied())).toContain("Taken with the Apply to Three goons from the Lisbon docks below; its Undo gives it back.");
    expect(text("cards/kill", setbackTaken())).toContain("Operations has taken it (Undo below gives it back).");
  });
});

describe("UX #8: Operations (GM) wording", () => {
  it("Shoot says it makes the Agent Almost Dead; Cancel says the Wagers are against them", () => {
    const t = text("agent-sheet", agentGm());
    expect(t).toContain("Shoot Mike: Almost Dead — costs 1 Setback");
    expect(t).toContain("Cancel 1 spent Wager against Mike (3 of 5 toward Rank)");
    expect(t).not.toContain("of Mike's Wagers");
    expect(text("other-agent-sheet", otherGm())).toContain("Cancel 1 spent Wager against The Baron");
  });
  it("a blocked Undo says which values to fix by hand, and to give Operations its Setback back", () => {
    const t = text("other-agent-sheet", otherBlocked());
    // UX s4 #2: the fixture's Baron is Dead at his Rank again, so only the Setback is missing, by the GM button (no macro).
    expect(t).toContain("so only the Setback needs putting back: give Operations 1 Setback (button below).");
    expect(t).toContain("Give Operations its 1 Setback back");
    expect(t).not.toContain("macro");
    expect(t).not.toContain("Set the values by hand");
  });
});

describe("UX #13: \"Of these\" sits right under the Wagers against Rank", () => {
  it("the Other Agent sheet: the breakdown before \"n more Wagers kill\"", () => {
    const t = text("other-agent-sheet", otherGm());
    const of = t.indexOf("Of these");
    const more = t.search(/\d+ more Wagers? kills?\./);
    expect(of).toBeGreaterThan(-1);
    expect(more).toBeGreaterThan(-1);
    expect(of).toBeLessThan(more);
  });
});
