/**
 * Session 9 (closing s8): a hero's Karma written by two clients at the same instant. The pool lock
 * is per client, as each browser has its own; the fake runs every client in one process, where
 * core's locks would be shared and hide the race, so this file keys the pool lock by the client
 * running it (the mock below). Every Karma write now runs on the active GM's client (core's actor
 * ledger, cards/karma.ts), so the GM's Gain and the owner's FEAT spend queue on one lock there.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { perClientPoolLocks, slowUpdates } from "../../../foundry/two-clients.js";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { form, startFight } from "./fake-round.js";

vi.mock("../../../../src/foundry/locks.js", (importOriginal) => perClientPoolLocks(importOriginal));

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const karmaOf = (a: FakeActor) => (a.system as unknown as { karma: { value: number; pool: { value: number; entries: { delta: number; by: string }[] } } }).karma;
const karmaModule = () => import("../../../../src/rulesets/faserip/cards/karma.js");


describe("session 9: a hero's Karma written by two clients at the same instant", () => {
  it("hard to break: the GM's Gain and the owner's FEAT spend, each on their own client: both land, both on the GM's client", async () => {
    const { changeKarma } = await karmaModule();
    const before = karmaOf(f.captain).value;
    const entries = karmaOf(f.captain).pool.entries.length;
    slowUpdates(f.captain);
    const writers: string[] = [];
    f.world.observe("updateActor", (actor: unknown, _c: unknown, _o: unknown, userId: string) => void (actor === f.captain && writers.push(userId)));
    f.world.dice.queue(50);
    const [posted] = await Promise.all([
      f.world.as("alice", () => f.flows.performFeat({ actor: f.captain as never, form: form({ ability: "reason", action: "feat", karma: 5 }), targets: [], weapon: null })),
      f.world.as("gm", () => changeKarma(f.captain as never, 3, "GM's gift")),
    ]);
    expect(posted).toHaveLength(1);
    expect(karmaOf(f.captain).value).toBe(before - 5 + 3);
    expect(karmaOf(f.captain).pool.entries.slice(entries).map((e) => [e.delta, e.by]).sort()).toEqual([
      [-5, "alice"],
      [3, "gm"],
    ]);
    expect(new Set(writers)).toEqual(new Set(["gm"]));
  });
});
