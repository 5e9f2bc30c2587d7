/**
 * Session 4 (notes/ux-review-s3.md, the items still open for Zodiac, and the audit):
 * - #8: the Operations (GM) section gives the actual reason nothing can be spent, first, each as
 *   its own key; a blocked Undo says exactly what to put back by hand (the State included when the
 *   cancel changed it).
 * - audit: the State follows the Wagers against Rank a GM types in (an Other Agent, whose sheet has
 *   no State, could not be corrected by hand at all; an Agent typed up to Rank stayed Healthy).
 * - #14: an Agent's Roll buttons only for who may roll; #16: the card's GM buttons in one
 *   full-width column; #18: the crowd hint; #19: no empty Notes/Description heading read-only;
 *   #20: the chat Apply-row fixtures show real summaries.
 * Real templates with real Handlebars over the fixtures' contexts, and the typed fake.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { compileCss, createHandlebars, type Fixture } from "../../../browser/harness.js";
import { operationsView } from "../../../../src/rulesets/zodiac/sheets/operations-view.js";
import { otherAgentStatusAfterHandEdit, stateAfterCountEdit } from "../../../../src/rulesets/zodiac/sheets/hand-edit.js";
import { crowdSheetView, weaponSheetView } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { jeremyAreas } from "./mike-jeremy-data.js";
import { localize } from "./en-localize.js";
import { mikeAndJeremy, startZodiacCombat, stubTextEditor, zodiacWorld, type Sheets } from "./world.js";
import gmNothing from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations-nothing.js";
import gmNoSetback from "../../../fixtures/templates/zodiac/agent-sheet/gm-operations-no-setback.js";
import otherHeadShot from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-head-shot.js";
import undoBlocked from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations-undo-blocked.js";
import otherGm from "../../../fixtures/templates/zodiac/other-agent-sheet/gm-operations.js";
import agentMike from "../../../fixtures/templates/zodiac/agent-sheet/mike.js";
import agentAlmostDead from "../../../fixtures/templates/zodiac/agent-sheet/almost-dead.js";
import crowdDefault from "../../../fixtures/templates/zodiac/crowd-sheet/default.js";
import crowdReadOnly from "../../../fixtures/templates/zodiac/crowd-sheet/read-only.js";
import otherReadOnly from "../../../fixtures/templates/zodiac/other-agent-sheet/read-only.js";
import weaponReadOnly from "../../../fixtures/templates/zodiac/weapon-sheet/read-only.js";
import killSaved from "../../../fixtures/templates/zodiac/cards/kill/saved.js";
import killMiss from "../../../fixtures/templates/zodiac/cards/kill/miss.js";
import appsLocked from "../../../fixtures/templates/chat/applications/gm-undo-locked.js";
import appsMixed from "../../../fixtures/templates/chat/applications/mixed.js";

const env = createHandlebars();
const ctx = (f: Fixture | Record<string, unknown>) => ("context" in f ? (f as Fixture).context : f) as object;
const html = (template: string, f: Fixture | Record<string, unknown>) => env.renderTemplate(template, ctx(f)).replace(/\s+/g, " ");
const text = (h: string) => h.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ").trim();
const section = (h: string) => /<section class="zodiac-operations".*?<\/section>/.exec(h)?.[0] ?? "";
const WHY = "FRACAS.Zodiac.Sheet.Operations.Why";

describe("UX s3 #8: the Operations section says the actual reason nothing can be spent, first", () => {
  const agent = (health: Record<string, unknown>, setback: number) =>
    operationsView({ isGM: true, type: "zodiacAgent", name: "Jeremy", system: { areas: jeremyAreas, health: { status: "healthy", wagersAgainst: 0, spent: 0, free: 0, ...health } } as never, setback, undo: null })!;
  const other = (system: Record<string, unknown>, setback: number) =>
    operationsView({ isGM: true, type: "zodiacOtherAgent", name: "The Baron", system: { rank: 4, tn: 10, wagersAgainst: 0, breakdown: { spent: 0, free: 0 }, status: "healthy", ...system } as never, setback, undo: null })!;
  const keys = (v: { why: { key: string }[] }) => v.why.map((w) => w.key);

  it("no Setback: that alone when nothing about the actor stops a spend", () => {
    expect(keys(agent({}, 0))).toEqual([`${WHY}.noSetback`]);
    expect(keys(agent({ wagersAgainst: 2, spent: 2 }, 0))).toEqual([`${WHY}.noSetback`]);
    expect(keys(other({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 } }, 0))).toEqual([`${WHY}.noSetback`]);
  });

  it("a spend offered: no reason at all", () => {
    expect(agent({}, 1).why).toEqual([]);
    expect(agent({ status: "almostDead", wagersAgainst: 1, spent: 1 }, 1).why).toEqual([]);
    expect(other({ wagersAgainst: 2, breakdown: { spent: 1, free: 1 } }, 1).why).toEqual([]);
  });

  it("the actor's own reasons, after the Setback's, when even Setback would offer nothing", () => {
    expect(keys(agent({ status: "almostDead", wagersAgainst: 1, free: 1 }, 0))).toEqual([`${WHY}.noSetback`, `${WHY}.almostDead`, `${WHY}.freeOnlyOne`]);
    expect(keys(agent({ status: "almostDead" }, 2))).toEqual([`${WHY}.almostDead`, `${WHY}.noWagers`]);
    expect(keys(agent({ status: "almostDead", wagersAgainst: 3, free: 1 }, 2))).toEqual([`${WHY}.almostDead`, `${WHY}.handOnly`]);
    expect(keys(agent({ status: "dead", wagersAgainst: 4, spent: 3, free: 1 }, 2))).toEqual([`${WHY}.agentDead`]);
    expect(keys(other({ wagersAgainst: 2, breakdown: { spent: 0, free: 2 } }, 2))).toEqual([`${WHY}.freeOnlyOther`]);
    expect(keys(other({ status: "dead", headShot: true }, 3))).toEqual([`${WHY}.headShot`]);
    expect(keys(other({}, 0))).toEqual([`${WHY}.noSetback`, `${WHY}.noWagers`]);
  });

  it("each reason is its own sentence with its values (the counts use One/Other keys)", () => {
    const say = (v: { why: { key: string; name: string; free: number; wagers: number; cost: number }[] }) => v.why.map((w) => localize(w.key, { ...w }));
    expect(say(agent({ status: "almostDead", wagersAgainst: 1, free: 1 }, 0))).toEqual([
      "Operations has no Setback to spend.",
      "Jeremy is already Almost Dead: Setback cannot shoot them again.",
      "No spent Wager against Jeremy to cancel (1 free Wager only).",
    ]);
    expect(say(other({ wagersAgainst: 2, breakdown: { spent: 0, free: 2 } }, 1))).toEqual(["No spent Wager against The Baron to cancel (2 free Wagers only)."]);
  });

  it("rendered (fixture gm-operations-nothing): the reasons come first, before the hint; the old catch-all line is gone", () => {
    const s = text(section(html("zodiac/agent-sheet.hbs", gmNothing())));
    expect(s).toMatch(
      /^Operations \(GM\) Operations has no Setback to spend\. Jeremy Fitzwilliam-Oppenheimer is already Almost Dead: Setback cannot shoot them again\. No spent Wager against Jeremy Fitzwilliam-Oppenheimer to cancel \(1 free Wager only\)\. Operations may spend Setback on/,
    );
    expect(s).not.toMatch(/Nothing to spend|holds 0 Setback and may spend/);
    expect(text(section(html("zodiac/agent-sheet.hbs", gmNoSetback())))).toMatch(/^Operations \(GM\) Operations has no Setback to spend\. Operations may spend/);
  });

  it("a head shot's kill: said once on the GM's sheet (the section's reason), still said to players", () => {
    const gm = text(html("zodiac/other-agent-sheet.hbs", otherHeadShot()));
    expect(gm.split("Killed by a head shot: Setback cannot save them.").length - 1).toBe(1);
    expect(text(section(html("zodiac/other-agent-sheet.hbs", otherHeadShot())))).toContain("Killed by a head shot: Setback cannot save them.");
    const player = { ...(otherHeadShot().context as Record<string, unknown>), operations: null };
    expect(text(html("zodiac/other-agent-sheet.hbs", player))).toContain("Killed by a head shot: Setback cannot save them.");
  });

  it("a blocked Undo says what is left to put back (fixture gm-operations-undo-blocked: the State is back, s4 #2)", () => {
    const s = text(section(html("zodiac/other-agent-sheet.hbs", undoBlocked())));
    expect(s).toContain("The Baron is already back to Dead, so only the Setback needs putting back: give Operations 1 Setback (button below).");
  });
});

describe("audit: the State follows the Wagers against Rank typed in by hand (pure)", () => {
  const healthy = { status: "healthy", wagersAgainst: 3, almostDeadSince: null, almostDeadBy: "none" };
  it("an Agent typed up to their Rank is Almost Dead by the Rank, since this round; one the Rank made Almost Dead is Healthy below it", () => {
    expect(stateAfterCountEdit(healthy, { wagersAgainst: 4, status: "healthy" }, { before: 4, after: 4 }, 2)).toEqual({ status: "almostDead", almostDeadSince: 2, almostDeadBy: "rank" });
    expect(stateAfterCountEdit(healthy, { wagersAgainst: 3, status: "healthy" }, { before: 4, after: 4 }, 2)).toBeNull();
    expect(stateAfterCountEdit(healthy, { wagersAgainst: 2, status: "healthy" }, { before: 4, after: 4 }, 2)).toBeNull();
    const byRank = { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, almostDeadBy: "rank" };
    expect(stateAfterCountEdit(byRank, { wagersAgainst: 3, status: "almostDead" }, { before: 4, after: 4 }, 2)).toEqual({ status: "healthy", almostDeadSince: null, almostDeadBy: "none" });
    // No recorded cause, at Rank: the Rank counts as the cause (as Setback's cancel reads it).
    expect(stateAfterCountEdit({ ...byRank, almostDeadBy: "none" }, { wagersAgainst: 3, status: "almostDead" }, { before: 4, after: 4 }, 2)).toMatchObject({ status: "healthy" });
  });
  it("what does not follow: a Setback shot, Dead, a State changed in the same submit, Wagers unchanged", () => {
    expect(stateAfterCountEdit({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 1, almostDeadBy: "setback" }, { wagersAgainst: 0, status: "almostDead" }, { before: 4, after: 4 }, 2)).toBeNull();
    expect(stateAfterCountEdit({ status: "almostDead", wagersAgainst: 1, almostDeadSince: 1, almostDeadBy: "none" }, { wagersAgainst: 0, status: "almostDead" }, { before: 4, after: 4 }, 2)).toBeNull();
    expect(stateAfterCountEdit({ status: "dead", wagersAgainst: 4, almostDeadSince: 1, almostDeadBy: "none" }, { wagersAgainst: 0, status: "dead" }, { before: 4, after: 4 }, 2)).toBeNull();
    expect(stateAfterCountEdit(healthy, { wagersAgainst: 4, status: "dead" }, { before: 4, after: 4 }, 2)).toBeNull();
    expect(stateAfterCountEdit(healthy, { wagersAgainst: undefined, status: "healthy" }, { before: 3, after: 3 }, 2)).toBeNull();
  });
  it("an Other Agent is Dead at Rank and alive below it, by Wagers or by Rank; a head shot's kill stays", () => {
    const baron = { status: "healthy", wagersAgainst: 3, rank: 4, headShot: false };
    expect(otherAgentStatusAfterHandEdit(baron, { wagersAgainst: 4, rank: 4 })).toBe("dead");
    expect(otherAgentStatusAfterHandEdit(baron, { wagersAgainst: 3, rank: 3 })).toBe("dead");
    expect(otherAgentStatusAfterHandEdit(baron, { wagersAgainst: 3, rank: 4 })).toBeNull();
    expect(otherAgentStatusAfterHandEdit({ ...baron, status: "dead", wagersAgainst: 4 }, { wagersAgainst: 3, rank: 4 })).toBe("healthy");
    expect(otherAgentStatusAfterHandEdit({ ...baron, status: "dead", wagersAgainst: 4 }, { wagersAgainst: 4, rank: 6 })).toBe("healthy");
    expect(otherAgentStatusAfterHandEdit({ ...baron, status: "dead", wagersAgainst: 5, headShot: true }, { wagersAgainst: 0, rank: 4 })).toBeNull();
    // Killed by a head shot before the flag existed: dead below Rank (panel-view.ts reads it so too).
    expect(otherAgentStatusAfterHandEdit({ ...baron, status: "dead", wagersAgainst: 1 }, { wagersAgainst: 0, rank: 4 })).toBeNull();
  });
});

describe("audit, on the real sheets and Operations' Undo (typed fake)", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let sheets: Sheets;
  let jeremy: FakeActor;
  const seedSetback = (n: number) => world.as("gm", () => adapter.pools.executePoolChange({ kind: "change", pool: "setback", delta: n, reason: "seed" }, "gm"));
  const health = (a: FakeActor) => (a.system as unknown as { health: Record<string, unknown> }).health;
  const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);
  type SheetApp = {
    submitForm(f: Record<string, unknown>): Promise<void>;
    options: { actions: Record<string, (this: unknown, e: Event, t: HTMLElement) => Promise<void>> };
    _prepareContext(o: unknown): Promise<{ operations: import("../../../../src/rulesets/zodiac/sheets/operations-view.js").OperationsView | null }>;
  };
  const sheetOf = (a: FakeActor) => new (a.type === "zodiacOtherAgent" ? sheets.ZodiacOtherAgentSheet : sheets.ZodiacAgentSheet)({ document: a } as never) as unknown as SheetApp;
  const click = (s: SheetApp, action: string, data: Record<string, string> = {}) => s.options.actions[action]!.call(s, new Event("click"), { dataset: { action, ...data } } as unknown as HTMLElement);

  beforeEach(async () => {
    ({ world, adapter, sheets } = await zodiacWorld());
    stubTextEditor();
    ({ jeremy } = mikeAndJeremy(world));
  });

  it("the Baron's Wagers typed up to his Rank: Dead, with the Dead icon; lowered again: alive, icon off (before: no way to revive him by hand)", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 4, tn: 10, wagersAgainst: 3 } });
    const sheet = sheetOf(baron);
    await world.as("gm", () => sheet.submitForm({ "system.rank": 4, "system.tn": 10, "system.wagersAgainst": 4 }));
    expect(baron.system).toMatchObject({ wagersAgainst: 4, status: "dead" });
    expect(baron.statuses.has("fracas-dead")).toBe(true);
    await world.as("gm", () => sheet.submitForm({ "system.rank": 4, "system.tn": 10, "system.wagersAgainst": 3 }));
    expect(baron.system).toMatchObject({ wagersAgainst: 3, status: "healthy" });
    expect(baron.statuses.has("fracas-dead")).toBe(false);
    // A submit that changes neither the Wagers nor the Rank leaves the status alone.
    await world.as("gm", () => sheet.submitForm({ "system.rank": 4, "system.tn": 12, "system.wagersAgainst": 3 }));
    expect(baron.system).toMatchObject({ tn: 12, status: "healthy" });
  });

  it("Jeremy's Wagers typed up to his Rank in round 2: Almost Dead by the Rank since round 2, icon on; a later cancel below Rank heals him", async () => {
    const combat = await startZodiacCombat(world, [jeremy]);
    await world.as("gm", () => (combat as unknown as FracasCombat).nextRound());
    const sheet = sheetOf(jeremy);
    await world.as("gm", () => sheet.submitForm({ "system.health.status": "healthy", "system.health.wagersAgainst": 4 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 4, almostDeadSince: 2, almostDeadBy: "rank" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
    await world.as("gm", () => sheet.submitForm({ "system.health.status": "almostDead", "system.health.wagersAgainst": 3 }));
    expect(health(jeremy)).toMatchObject({ status: "healthy", almostDeadSince: null, almostDeadBy: "none" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(false);
  });

  it("a cancel that healed Jeremy, then changed since: the refusal names the State and Rank; the hand fix it gives restores them", async () => {
    await world.as("gm", async () => jeremy.update({ "system.health.status": "almostDead", "system.health.wagersAgainst": 4, "system.health.spent": 3, "system.health.free": 1, "system.health.almostDeadSince": 0, "system.health.almostDeadBy": "rank" } as never));
    await seedSetback(1);
    const sheet = sheetOf(jeremy);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    expect(health(jeremy)).toMatchObject({ status: "healthy", wagersAgainst: 3 });
    // Since then something else wrote the Wagers' split (a macro, say): the record no longer matches.
    await world.as("gm", async () => jeremy.update({ "system.health.spent": 1 } as never));
    const offer = (await world.as("gm", () => sheet._prepareContext({}))).operations!.undo!;
    expect(offer).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancelState", blockedData: { name: "Jeremy", cost: 1, state: "Almost Dead", rank: 4 } });
    await world.as("gm", () => click(sheet, "operationsUndo", { spendId: offer.id }));
    expect(warnings()).toEqual([
      "Undo is not possible: Jeremy has changed since this Setback spend (a card's Apply, a hand edit or another spend), and undoing it would overwrite that. To undo it by hand: on Jeremy's sheet add 1 to Wagers against Rank (that brings them back to their Rank of 4, and the State returns to Almost Dead by itself), then use “Give Operations its 1 Setback back” below.",
    ]);
    // Following it: one Wager more on the sheet, and Almost Dead comes back by itself (icon too).
    await world.as("gm", () => sheet.submitForm({ "system.health.status": "healthy", "system.health.wagersAgainst": 4 }));
    expect(health(jeremy)).toMatchObject({ status: "almostDead", wagersAgainst: 4, almostDeadBy: "rank" });
    expect(jeremy.statuses.has("fracas-almost-dead")).toBe(true);
  });

  it("a cancel that changed no State keeps the short hand fix (Wager and Setback only)", async () => {
    const baron = world.createActor({ name: "The Baron", type: "zodiacOtherAgent", system: { rank: 6, tn: 10, wagersAgainst: 3, breakdown: { spent: 2, free: 1 } } });
    await seedSetback(1);
    const sheet = sheetOf(baron);
    await world.as("gm", () => click(sheet, "operationsCancel"));
    await world.as("gm", async () => baron.update({ "system.wagersAgainst": 4 } as never));
    expect((await world.as("gm", () => sheet._prepareContext({}))).operations!.undo).toMatchObject({ blockedKey: "FRACAS.Zodiac.Refused.UndoChangedCancel", blockedData: { name: "The Baron", cost: 1 } });
  });
});

describe("UX s3 #13: 'Of these …' stays with the Wagers it counts", () => {
  it("the breakdown, then 'n more Wagers kill', in one block with tight line margins", () => {
    const h = html("zodiac/other-agent-sheet.hbs", otherGm());
    const block = /<div class="zodiac-wager-notes">(.*?)<\/div>/.exec(h)?.[1] ?? "";
    expect(text(block)).toBe("Of these, 2 spent and 1 free: Setback can cancel only spent Wagers. 1 more Wager kills.");
    expect(/\.fracas \.zodiac-wager-notes p \{([^}]*)\}/.exec(compileCss())?.[1]).toMatch(/margin: 0 0 0\.15rem/);
  });
});

describe("UX s3 #14: an Agent's Roll buttons only for who may roll for them", () => {
  it("editable (owner, GM): one Roll per Area; read-only (another player): none", () => {
    expect(html("zodiac/agent-sheet.hbs", agentMike()).match(/data-action="roll"/g)).toHaveLength(5);
    const ro = html("zodiac/agent-sheet.hbs", agentAlmostDead());
    expect((agentAlmostDead().context as { editable: boolean }).editable).toBe(false);
    expect(ro).not.toContain('data-action="roll"');
    expect(ro).not.toContain("<button");
  });
});

describe("UX s3 #16: the card's GM buttons in one full-width column", () => {
  it("the save and its Undo sit in one .zodiac-card-actions; the miss's take-Setback too", () => {
    const saved = html("zodiac/cards/kill.hbs", killSaved());
    const box = /<div class="zodiac-card-actions"[^>]*>(.*?)<\/div>/.exec(saved)?.[1] ?? "";
    expect(box.match(/<button/g)).toHaveLength(2);
    expect(text(box)).toBe("Operations saves one — costs 1 Setback (GM) Undo the latest save (GM)");
    expect(html("zodiac/cards/kill.hbs", killMiss())).toMatch(/<div class="zodiac-card-actions"[^>]*><button[^>]*data-fracas-follow-up="takeSetback"/);
  });
  it("the column stretches its buttons (flex column, align-items: stretch) and lets labels wrap", () => {
    const css = compileCss();
    const rule = /\.fracas \.zodiac-card-actions \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toMatch(/display: flex;/);
    expect(rule).toMatch(/flex-direction: column;/);
    expect(rule).toMatch(/align-items: stretch;/);
    expect(/\.fracas \.zodiac-card-actions \.fracas-card-button \{([^}]*)\}/.exec(css)?.[1]).toMatch(/white-space: normal/);
  });
});

describe("UX s3 #18: the crowd hint says who Everyone Else are", () => {
  it("reads as the review asks", () => {
    expect(text(html("zodiac/crowd-sheet.hbs", crowdDefault()))).toContain("Bystanders and goons in range of the Agents (Operations decides who is in range).");
  });
});

describe("UX s3 #19: read-only with nothing written, no empty Notes/Description heading", () => {
  it("read-only, empty: no section; read-only with notes, or editable: the section", () => {
    expect(html("zodiac/crowd-sheet.hbs", crowdReadOnly())).not.toContain("zodiac-notes");
    expect(html("zodiac/other-agent-sheet.hbs", otherReadOnly())).not.toContain("zodiac-notes");
    expect(html("zodiac/agent-sheet.hbs", agentAlmostDead())).toContain('class="zodiac-notes"');
    expect(html("zodiac/crowd-sheet.hbs", crowdSheetView({ name: "Goons", img: "", system: { standing: 3, captured: 0, killed: 0, notes: "" } }, true))).toContain('class="zodiac-notes"');
    expect(html("zodiac/weapon-sheet.hbs", weaponReadOnly())).toContain('class="zodiac-description"');
    expect(html("zodiac/weapon-sheet.hbs", weaponSheetView({ name: "Fists", img: "", system: { range: "unarmed", description: "" } }, false, ""))).not.toContain("zodiac-description");
  });
});

describe("UX s3 #20: the chat Apply-row fixtures show the summaries the card effects really write", () => {
  const summaries = (f: Fixture) => ((f.context as { rows: { applied: { summary: string } | null }[] }).rows ?? []).flatMap((r) => (r.applied ? [r.applied.summary] : []));
  it("a missed Zodiac kill's row (the only Zodiac Apply whose Undo is the GM's) and a Bond wound's row", () => {
    expect(summaries(appsLocked())).toEqual(["Missed: Operations gains 1 Setback."]);
    // The real Bond key's text, whatever Bond words it (its s4 #12 dropped the name the row already shows).
    expect(summaries(appsMixed())).toEqual([localize("FRACAS.Bond.Summary.Now.MW", { name: "Oddjob" })]);
    const rows = html("chat/applications.hbs", appsLocked());
    expect(text(rows)).toBe("Goons in the casino Missed: Operations gains 1 Setback. Undo (GM)");
    expect(appsLocked().classes).toContain("fracas-card");
  });
  it("both render with no missing language key", () => {
    const fresh = createHandlebars();
    for (const f of [appsLocked(), appsMixed()]) fresh.renderTemplate("chat/applications.hbs", f.context);
    expect([...fresh.i18n.missingKeys]).toEqual([]);
  });
});

