/**
 * The attack card's 0-Health FEAT button follows the blow's Apply (zero-health-prompt.ts): offered
 * by the card whose applied blow took Health from above 0 to 0, not by the one predicted at the roll.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { zeroHealthOwed } from "../../../../src/rulesets/faserip/cards/zero-health-prompt.js";
import { cardOf, startFight, sys } from "./fake-round.js";

const app = (over: Partial<Application>): Application => ({
  id: "a1",
  targetUuid: "Actor.t",
  by: "gm",
  at: 0,
  prior: [{ path: "system.health.value", value: 10 }],
  after: [{ path: "system.health.value", value: 0 }],
  statuses: [],
  summary: {},
  poolEntries: [],
  undone: false,
  ...over,
});

describe("zeroHealthOwed (pure)", () => {
  it("owed when the standing Apply took Health from above 0 to 0", () => {
    expect(zeroHealthOwed([app({})], "Actor.t")).toBe(true);
    expect(zeroHealthOwed([app({})], "Actor.other")).toBe(false);
  });

  it("not owed: undone, already at 0 before, left above 0, or the blow started dying or killed", () => {
    expect(zeroHealthOwed([app({ undone: true })], "Actor.t")).toBe(false);
    expect(zeroHealthOwed([app({ prior: [{ path: "system.health.value", value: 0 }] })], "Actor.t")).toBe(false);
    expect(zeroHealthOwed([app({ after: [{ path: "system.health.value", value: 3 }] })], "Actor.t")).toBe(false);
    expect(zeroHealthOwed([app({ statuses: [{ status: "dying", on: true }] })], "Actor.t")).toBe(false);
    expect(zeroHealthOwed([app({ statuses: [{ status: "dead", on: true }] })], "Actor.t")).toBe(false);
    // A status turned off by the blow is no reason.
    expect(zeroHealthOwed([app({ statuses: [{ status: "dying", on: false }] })], "Actor.t")).toBe(true);
  });

  it("the latest standing Apply decides (an undone later one does not)", () => {
    const first = app({ id: "a1" });
    const second = app({ id: "a2", prior: [{ path: "system.health.value", value: 0 }] });
    expect(zeroHealthOwed([first, second], "Actor.t")).toBe(false);
    expect(zeroHealthOwed([first, { ...second, undone: true }], "Actor.t")).toBe(true);
  });
});

describe("the attack card's 0-Health FEAT button in a fight", () => {
  let f: Awaited<ReturnType<typeof startFight>>;
  beforeEach(async () => {
    f = await startFight();
  });
  const button = 'data-fracas-follow-up="zeroHealth"';

  it("two hits rolled before either is applied: the one whose Apply takes Health to 0 offers the FEAT; its Undo takes it away", async () => {
    // Captain's Slugfest: Remarkable, 60 → Green → a hit for 20. The Thug has 36 Health.
    f.world.dice.queue(60);
    const [first] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    f.world.dice.queue(60);
    const [second] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    for (const m of [first!, second!]) {
      expect(cardOf(m).result.zeroHealthPrompt).toBe(false);
      expect(m.content).not.toContain(button);
    }
    expect(await f.apply("gm", first!, f.thug)).toMatchObject({ ok: true });
    expect(sys(f.thug).health.value).toBe(16);
    expect([cardOf(first).result.zeroHealthPrompt, first!.content.includes(button)]).toEqual([false, false]);
    expect(await f.apply("gm", second!, f.thug)).toMatchObject({ ok: true });
    expect(sys(f.thug).health.value).toBe(0);
    expect([cardOf(second).result.zeroHealthPrompt, second!.content.includes(button)]).toEqual([true, true]);
    expect(first!.content).not.toContain(button);
    // Undo: Health back to 16, no FEAT owed; applied again, it is.
    expect(await f.undo("gm", second!, f.thug)).toMatchObject({ ok: true });
    expect([sys(f.thug).health.value, cardOf(second).result.zeroHealthPrompt, second!.content.includes(button)]).toEqual([16, false, false]);
    expect(await f.apply("gm", second!, f.thug)).toMatchObject({ ok: true });
    expect([cardOf(second).result.zeroHealthPrompt, second!.content.includes(button)]).toEqual([true, true]);
  });

  it("a hit rolled at 0 Health predicted but healed before its Apply offers nothing", async () => {
    await f.thug.update({ "system.health.value": 5 } as never);
    f.world.dice.queue(60);
    const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    f.world.login("gm");
    await f.thug.update({ "system.health.value": 36 } as never);
    expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
    expect([sys(f.thug).health.value, cardOf(hit).result.zeroHealthPrompt, hit!.content.includes(button)]).toEqual([16, false, false]);
  });
});
