// The GM splits NPCs into initiative groups; each group rolls one d6 from the next round
// (a change during a fight waits for the next round's roll: session6.test.ts).
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeActor, type FakeCombat, type FakeWorld } from "../../../foundry/fake/index.js";
import { groupRows, groupsPanelContext, nextGroup } from "../../../../src/rulesets/radio/combat-groups.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";

describe("group cycle and rows", () => {
  it("cycles GM → A → B → C → D → GM and lists only NPCs that roll with a GM group", () => {
    expect(["", "A", "B", "C", "D"].map(nextGroup)).toEqual(["A", "B", "C", "D", ""]);
    expect(nextGroup(42)).toBe("A");
    const rows = groupRows([
      { id: "p", name: "P", actorType: "radioHero", isPC: true, system: {}, declaration: "", initiative: null, defeated: false, statuses: [], memory: {} },
      { id: "h", name: "H", actorType: "radioHenchmen", isPC: false, system: {}, declaration: "", initiative: null, defeated: false, statuses: [], memory: {} },
      { id: "b", name: "B", actorType: "radioOpponent", isPC: false, system: {}, declaration: "", initiative: null, defeated: false, statuses: [], memory: { group: "B" } },
    ]);
    expect(rows).toEqual([{ id: "b", name: "B", group: "B", label: "FRACAS.Radio.Groups.Named", next: null }]);
  });
});

describe("splitting in a combat", () => {
  let world: FakeWorld;
  let combat: FakeCombat;
  let boss: FakeActor;
  let minion: FakeActor;
  beforeEach(async () => {
    world = installFoundry();
    await loadAdapter();
    world.addUser({ id: "alice", name: "Alice", isGM: false });
    boss = world.createActor({ name: "Boss", type: "radioOpponent", system: { kind: "boss" } });
    minion = world.createActor({ name: "Minion", type: "radioOpponent", system: { kind: "minion" } });
    combat = world.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: boss.id }, { actorId: minion.id }]);
    world.dice.queue(4, 4, 4, 4);
    await (combat as unknown as FracasCombat).startCombat();
  });
  const idOf = (a: FakeActor) => combat.combatants.find((c) => c.actorId === a.id)!.id;
  const button = (id: string) => ({ dataset: { combatantId: id } }) as unknown as HTMLElement;
  // The panel action imports core queries, which need the fake's Foundry classes: loaded after it.
  const changeGroup = async (c: unknown, b: HTMLElement) => (await import("../../../../src/rulesets/radio/group-change.js")).changeGroup(c as never, b);

  it("one GM group rolls one d6; after the GM splits the minion off, two groups roll two", async () => {
    expect(world.dice.used.length).toBe(4); // a batch of four d6 was rolled for the one GM group
    const before = world.dice.used.length;
    await changeGroup(combat as never, button(idOf(minion)));
    // Mid-fight, the change waits for the next round's roll (session 6).
    expect((combat as unknown as FracasCombat).combatantState(idOf(minion)).memory).toMatchObject({ nextRoundGroup: "A" });
    world.dice.queue(2, 5, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    const init = (a: FakeActor) => combat.combatants.get(idOf(a))!.initiative;
    expect(world.dice.used.length - before).toBe(4);
    expect([init(boss), init(minion)].sort()).toEqual([2, 5]);
    expect((combat as unknown as FracasCombat).combatantState(idOf(minion)).memory.group).toBe("A");
  });

  it("the panel is the GM's: a hidden ambusher is listed for the GM, and players get no rows and no hint", async () => {
    const lookout = world.createActor({ name: "Lookout on the roof", type: "radioOpponent", system: { kind: "minion" } });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: lookout.id, hidden: true }]);
    world.login("gm");
    const gm = groupsPanelContext(combat as never) as { rows: { name: string }[]; isGM: boolean };
    expect(gm.isGM).toBe(true);
    expect(gm.rows.map((r) => r.name)).toEqual(["Boss", "Minion", "Lookout on the roof"]);
    world.login("alice");
    expect(groupsPanelContext(combat as never)).toEqual({ rows: [], isGM: false });
  });

  it("a player the GM gave an NPC to cannot move its group through the query either (audit s14: only the GM's request)", async () => {
    await world.as("gm", () => minion.update({ ownership: { alice: 3 } } as never));
    const { requestCombatantMemory } = await import("../../../../src/foundry/queries.js");
    const asked = await world.as("alice", () => requestCombatantMemory(combat.id!, idOf(minion), { changeGroup: "next" }));
    expect(asked).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.NotGM" });
    expect((combat as unknown as FracasCombat).combatantState(idOf(minion)).memory).not.toHaveProperty("nextRoundGroup");
  });

  it("a player cannot change groups", async () => {
    world.login("alice");
    await changeGroup(combat as never, button(idOf(minion)));
    expect((combat as unknown as FracasCombat).combatantState(idOf(minion)).memory.group).toBeUndefined();
    expect(world.notifications.at(-1)?.type).toBe("warn");
  });
});
