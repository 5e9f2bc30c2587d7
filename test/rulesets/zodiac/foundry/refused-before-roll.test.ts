/**
 * Review-s11 RZ1: every refusal the kernel makes of a kill or strike depends on the choice, not the
 * dice, so it comes before any Agent Point is spent or die rolled: the dialog's model shows it (Roll
 * disabled) and rollAndPost refuses by a dry run. Before, the points were spent, the dice rolled
 * and the kernel's error escaped with no card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { calledShotCosts } from "../../../../src/rulesets/zodiac/rules/index.js";
import { rollModel, type RollChoice } from "../../../../src/rulesets/zodiac/cards/roll-model.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";

const base: RollChoice = { kind: "kill", area: 3, spend: 1, gathered: 2, wagers: 2, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" };
const roller = { agentPoints: 3, almostDead: false };

describe("the roll model refuses before the roll (pure)", () => {
  it("taking someone alive with a called shot: refused, with the kernel's own reason", () => {
    const m = rollModel({ ...base, captureAlive: true, calledShot: "arm" }, roller, 5, calledShotCosts);
    expect(m.ok).toBe(false);
    expect(m.error?.key).toBe("FRACAS.Error.captureWithCalledShot");
    expect(rollModel({ ...base, captureAlive: true }, roller, 5, calledShotCosts).ok).toBe(true);
  });

  it("a finish needs a Wager against Rank besides a called shot's: arm (2) + 2 Wagers leaves none", () => {
    const finish = { ...base, kind: "duel" as const, finish: true, spend: 2, calledShot: "arm" as const };
    const m = rollModel({ ...finish, wagers: 2 }, roller, 10, calledShotCosts);
    expect(m.ok).toBe(false);
    expect(m.error).toEqual({ key: "FRACAS.Error.finishNeedsWager", data: { wagers: 0 } });
    expect(rollModel({ ...finish, wagers: 3 }, roller, 10, calledShotCosts).ok).toBe(true);
  });
});

let world: FakeWorld;
let mike: FakeActor;

beforeEach(async () => {
  ({ world } = await zodiacWorld());
  addPlayers(world, "mp");
  mike = createMike(world);
});

const cards = () => [...world.messages].filter((m) => (m as unknown as FakeChatMessage).type === "card");
const points = () => (mike.system as unknown as { agentPoints: { value: number } }).agentPoints.value;
const warnings = () => world.notifications.filter((n) => n.type === "warn").map((n) => n.message);

describe("rollAndPost refuses before any point is spent or die rolled", () => {
  async function roll(choice: RollChoice, target: Parameters<typeof import("../../../../src/rulesets/zodiac/cards/flow.js").rollAndPost>[4]) {
    const flow = await import("../../../../src/rulesets/zodiac/cards/flow.js");
    // The model as a stale dialog drew it (ok), so the refusal must come from rollAndPost itself.
    const mm = { ...rollModel({ ...choice, captureAlive: false }, roller, 5, flow.grids().shots), ok: true };
    return world.as("mp", () => flow.rollAndPost(mike as never, "a1", choice, mm, target));
  }

  it("a kill taking someone alive with a called shot: nothing spent, rolled or posted; the reason said", async () => {
    // No die is queued: a roll would throw (the fake's dice are scripted).
    const posted = await roll({ ...base, captureAlive: true, calledShot: "arm" }, null);
    expect(posted).toBeUndefined();
    expect(cards()).toEqual([]);
    expect(points()).toBe(3);
    expect(warnings()).toEqual(["Taking someone alive cannot also be a called shot. Nothing was rolled and no Agent Points were spent."]);
  });

  it("a strike at an Other Agent already dead at his Rank: refused the same way", async () => {
    const baron = { uuid: "Actor.baron", name: "Baron", type: "zodiacOtherAgent", tn: 10, rank: 4, accumulated: 4, almostDead: false };
    const posted = await roll({ ...base, kind: "strike", wagers: 1 }, baron);
    expect(posted).toBeUndefined();
    expect(cards()).toEqual([]);
    expect(points()).toBe(3);
    expect(warnings()).toEqual(["Already dead. Nothing was rolled and no Agent Points were spent."]);
  });

  it("the same strike at a living Other Agent rolls and posts (the dry run refuses nothing else)", async () => {
    const baron = { uuid: "Actor.baron", name: "Baron", type: "zodiacOtherAgent", tn: 10, rank: 4, accumulated: 1, almostDead: false };
    world.dice.queue(6, 6, 6, 6);
    const posted = await roll({ ...base, kind: "strike", wagers: 1 }, baron);
    expect(posted).toBeDefined();
    expect(cards()).toHaveLength(1);
    expect(points()).toBe(2);
  });
});
