/**
 * Session 6, wave 3 (notes/review-s6-changes.md, notes/ux-review-s6.md) for radio:
 * - R1: "Change group" is a combatant-memory request answered by the active GM under the combat's
 *   lock (core requestCombatantMemory → radio memoryPatch), so a press while a round start is in
 *   flight is kept (the round start writes every combatant's memory back whole), and two GMs'
 *   presses are serialised there;
 * - T2/S1: the groups hint's shown state is its own module's, kept per user (two GMs);
 * - UX #2: stable `name`s on the panel's buttons (V13 gives focus back after the redraw only to an
 *   element with an id or a name), `aria-controls` on the hint's button, no tooltip while shown;
 * - UX #7: shorter strings (no "(GM)" in the GM-only panel; "Group A from round 3" with no-break
 *   spaces; a shorter hint).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { radioRenderer, text } from "./render.js";
import { combatantIdOf, createFalzetti, createJake, createSal, radioWorld, startRadioCombat } from "./fight.js";

type PanelRow = { name: string; label: string; group: string; next: { label: string; group: string; round: number } | null };

describe("R1: a change of group is queued on the active GM behind the round start", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let combat: FakeCombat;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let vito: FakeActor;
  const fc = () => combat as unknown as FracasCombat;
  const idOf = (a: FakeActor) => combatantIdOf(combat, a);
  const memoryOf = (a: FakeActor) => fc().combatantState(idOf(a)).memory;
  const changeGroup = async (a: FakeActor) => {
    const { changeGroup: change } = await import("../../../../src/rulesets/radio/group-change.js");
    await change(combat as never, { dataset: { combatantId: idOf(a) } } as unknown as HTMLElement);
  };
  const rowOf = async (a: FakeActor) => {
    const { groupsPanelContext } = await import("../../../../src/rulesets/radio/combat-groups.js");
    return (groupsPanelContext(combat as never) as { rows: PanelRow[] }).rows.find((r) => r.name === a.name);
  };
  /** Lets every pending promise chain run (the fake's writes are async but immediate). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  };

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    jake = createJake(world);
    falzetti = createFalzetti(world, 20, 20);
    const sal = createSal(world, falzetti);
    vito = world.createActor({ name: "Vito", type: "radioOpponent", system: { kind: "minion" } });
    combat = await startRadioCombat(world, [jake, falzetti, sal, vito], [2, 5, 1, 1]);
  });

  it("a change pressed while the next round's start is in flight (after it read the memory) is kept, pending for the round after", async () => {
    // Hold the round start between its read of every combatant's memory and its whole write back
    // (as a slow dice roll, e.g. Dice So Nice, does in Foundry).
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const own = combat as unknown as { updateEmbeddedDocuments: (...a: unknown[]) => Promise<unknown> };
    const original = own.updateEmbeddedDocuments.bind(combat);
    own.updateEmbeddedDocuments = async (...a: unknown[]) => {
      reached();
      await gate;
      return original(...a);
    };
    world.dice.queue(4, 3, 1, 1);
    const round2 = fc().nextRound();
    await atGate;
    const press = changeGroup(vito);
    await settle();
    open();
    await Promise.all([round2, press]);
    expect(combat.round).toBe(2);
    // Round 2 was rolled with the groups in force: Vito still with the GM's group.
    expect(combat.combatants.get(idOf(vito))!.initiative).toBe(combat.combatants.get(idOf(falzetti))!.initiative);
    // The press survived the round start's write: Vito moves to group A from round 3.
    expect(memoryOf(vito)).toMatchObject({ nextRoundGroup: "A" });
    expect(await rowOf(vito)).toMatchObject({ label: "FRACAS.Radio.Groups.GM", next: { label: "FRACAS.Radio.Groups.NextNamed", group: "A", round: 3 } });
    expect(world.hooks.errors).toEqual([]);
  });

  it("two GMs press at once: the second GM's press goes to the active GM and queues there, so the NPC moves two groups on", async () => {
    expect(game.users.activeGM?.id).toBe("gm");
    await Promise.all([world.as("gm", () => changeGroup(vito)), world.as("gm2", () => changeGroup(vito))]);
    expect(memoryOf(vito)).toMatchObject({ nextRoundGroup: "B" });
    expect(world.queryLog.some((q) => q.from === "gm2" && q.to === "gm" && !q.error)).toBe(true);
    expect(world.notifications.filter((n) => n.type !== "info")).toEqual([]);
  });

  it("the active GM writes only a change of group for a listed NPC: a player's request for their hero, or any other memory, is refused", async () => {
    world.login("alice");
    // A player's request is refused first as not the GM's (session 14); the GM's for a hero, as not listed.
    expect(await adapter.queries.requestCombatantMemory(combat.id, idOf(jake), { changeGroup: "next" })).toEqual({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect(await adapter.queries.requestCombatantMemory(combat.id, idOf(vito), { changeGroup: "next" })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.NotYours" });
    world.login("gm");
    expect(await adapter.queries.requestCombatantMemory(combat.id, idOf(jake), { changeGroup: "next" })).toEqual({ ok: false, reason: "FRACAS.Radio.Groups.NotListed" });
    expect(await adapter.queries.requestCombatantMemory(combat.id, idOf(vito), { group: "A" })).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.BadChoice" });
    expect(memoryOf(vito).group).toBeUndefined();
    expect(memoryOf(vito).nextRoundGroup).toBeUndefined();
    expect(memoryOf(jake).nextRoundGroup).toBeUndefined();
  });
});

describe("R1: the active GM's answer to a change-group request (groupChangePatch)", () => {
  const npc = (initiative: number | null, memory: Record<string, string> = {}) => ({ id: "v", name: "Vito", actorType: "radioOpponent", isPC: false, system: {}, declaration: "", initiative, defeated: false, statuses: [], memory });
  it("counts at once before any roll; waits for the next roll once the round number or the combatant's initiative is there (the first round start writes initiative before the round)", async () => {
    const { groupChangePatch } = await import("../../../../src/rulesets/radio/combat-groups.js");
    expect(groupChangePatch(npc(null), { changeGroup: "next" }, 0)).toEqual({ group: "A", nextRoundGroup: "A" });
    expect(groupChangePatch(npc(5), { changeGroup: "next" }, 0)).toEqual({ nextRoundGroup: "A" });
    expect(groupChangePatch(npc(null), { changeGroup: "next" }, 2)).toEqual({ nextRoundGroup: "A" });
    // From the group chosen (pending), not the one in force: each press one group on.
    expect(groupChangePatch(npc(5, { group: "", nextRoundGroup: "C" }), { changeGroup: "next" }, 2)).toEqual({ nextRoundGroup: "D" });
    expect(groupChangePatch(npc(5), { changeGroup: "next", group: "B" }, 2)).toEqual({ refused: "FRACAS.Tracker.Refused.BadChoice" });
    expect(groupChangePatch({ ...npc(5), actorType: "radioHenchmen" }, { changeGroup: "next" }, 2)).toEqual({ refused: "FRACAS.Radio.Groups.NotListed" });
  });
});

describe("T2/S1: the groups hint's shown state is per user", () => {
  it("one GM's press opens the hint on that GM's panel only; the other GM's stays closed, and each toggles their own", async () => {
    const { world } = await radioWorld();
    world.addUser({ id: "gm2", name: "Second GM", isGM: true });
    world.login("gm");
    const combat = world.createCombat();
    const { groupsPanelContext } = await import("../../../../src/rulesets/radio/combat-groups.js");
    const { toggleGroupsHint } = await import("../../../../src/rulesets/radio/groups-hint.js");
    const shownFor = (user: string) => world.as(user, () => Promise.resolve((groupsPanelContext(combat as never) as { hintShown: boolean }).hintShown));
    expect([await shownFor("gm"), await shownFor("gm2")]).toEqual([false, false]);
    await world.as("gm", () => toggleGroupsHint(combat as never, {} as HTMLElement));
    expect([await shownFor("gm"), await shownFor("gm2")]).toEqual([true, false]);
    await world.as("gm2", () => toggleGroupsHint(combat as never, {} as HTMLElement));
    await world.as("gm", () => toggleGroupsHint(combat as never, {} as HTMLElement));
    expect([await shownFor("gm"), await shownFor("gm2")]).toEqual([false, true]);
  });
});

describe("UX s6 #2 and #7: the panel's buttons keep focus across redraws; shorter strings", () => {
  const rows = [
    { id: "b1", name: "Falzetti", group: "", label: "FRACAS.Radio.Groups.GM", next: null },
    { id: "v1", name: "Vito 'the Lookout' Benedetti", group: "", label: "FRACAS.Radio.Groups.GM", next: { label: "FRACAS.Radio.Groups.NextNamed", group: "A", round: 3 } },
    { id: "s1", name: "Sal", group: "B", label: "FRACAS.Radio.Groups.Named", next: { label: "FRACAS.Radio.Groups.NextGM", group: "", round: 3 } },
  ];
  const { env, render } = radioRenderer();
  const buttons = (html: string) => [...html.matchAll(/<button[^>]*>/g)].map((m) => m[0]);

  it("every button has a stable name (one per NPC for Change group); the hint's button controls the hint, whose id is there open or closed", () => {
    for (const hintShown of [false, true]) {
      // The hint's id is fresh per render (review s6b: the tracker renders twice), given by the context.
      const html = render("tracker-panel", { context: { rows, isGM: true, hintShown, hintId: "radio-groups-hint-x1" } });
      const names = buttons(html).map((b) => /\bname="([^"]+)"/.exec(b)?.[1]);
      expect(names).toEqual(["radioGroupsHint", "radioChangeGroup-b1", "radioChangeGroup-v1", "radioChangeGroup-s1"]);
      expect(buttons(html)[0]).toContain('aria-controls="radio-groups-hint-x1"');
      expect(html.match(/id="radio-groups-hint-x1"/g)).toHaveLength(1);
      // No id on any button: the tracker can be rendered twice (sidebar and pop-out).
      expect(buttons(html).some((b) => /\sid=/.test(b))).toBe(false);
    }
  });

  it("the tooltip is there only while the hint is collapsed (shown, it would pop the same words over them)", () => {
    expect(buttons(render("tracker-panel", { context: { rows, isGM: true, hintShown: false } }))[0]).toMatch(/data-tooltip="Each group rolls one d6/);
    expect(render("tracker-panel", { context: { rows, isGM: true, hintShown: true } })).not.toContain("data-tooltip");
  });

  it("no (GM) in the GM-only panel; the pending group comes first, glued to its letter and round by no-break spaces; the hint is two short sentences", () => {
    const raw = env.renderTemplate("radio/tracker-panel.hbs", { rows, isGM: true, hintShown: true }).replace(/&#x27;/g, "'");
    expect(raw).toContain("Group\u00a0A from round\u00a03");
    expect(raw).toContain("GM's group from round\u00a03");
    const words = text(render("tracker-panel", { context: { rows, isGM: true, hintShown: true } }));
    expect(words).not.toContain("(GM)");
    expect(words).toContain("Change group");
    expect(buttons(render("tracker-panel", { context: { rows, isGM: true, hintShown: true } }))[2]).toContain("aria-label=\"Change group: Vito 'the Lookout' Benedetti\"");
    expect(words).toContain(
      "Each group rolls one d6 and declares one action, set for every member still standing. A change of group waits for the next round's roll. Each group is its own side: the fight ends when only the heroes or one group has anyone standing.",
    );
  });

  it("the fixtures cover the shorter pending lines and the hint shown without its tooltip", async () => {
    const fixture = async (name: string) => ((await import(`../../../fixtures/templates/radio/tracker-panel/${name}.ts`)) as { default: () => { context: Record<string, unknown> } }).default();
    const pending = text(render("tracker-panel", await fixture("pending-change")));
    expect(pending).toContain("Group A from round 3");
    expect(pending).toContain("GM's group from round 3");
    const long = render("tracker-panel", await fixture("pending-long-names"));
    expect(text(long)).toContain("Group D from round 12");
    expect(long).toMatch(/<p id="radio-groups-hint-[\w-]+" class="radio-groups-hint">Each group rolls one d6/);
    expect(long).not.toContain("data-tooltip");
  });
});
