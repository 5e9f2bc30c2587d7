/**
 * Audit (session 3): the sheet's Restore ends what 0 Health brought. Before, it set Health to full
 * but left the hero Unconscious and Dying (flags and token icons): the hero stayed down, and each
 * round start went on posting dying cards that took Endurance ranks from a healed hero.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const status = (a: typeof f.thug) => sys(a).status as Record<string, unknown>;

describe("Restore on the hero sheet", () => {
  it("a dying hero: Health full, Endurance back to its rank, Unconscious and Dying off (icons too); no more dying cards", async () => {
    // The Thug was killed and lost a rank: 0 Health, dying at Typical (base Good), stunned and prone.
    await f.setStatus(f.thug, "dying", { "system.health.value": 0, "system.status.unconscious": true, "system.status.endurance": "typical", "system.status.stunnedRounds": 2, "system.status.prone": true });
    await f.thug.toggleStatusEffect("fracas-unconscious", { active: true });
    expect(f.flows.actorDownReason(f.thug as never)).not.toBeNull();

    f.world.login("gm");
    await f.flows.restoreActor(f.thug as never);
    expect(sys(f.thug).health.value).toBe(sys(f.thug).health.max);
    expect(status(f.thug)).toMatchObject({ dying: false, unconscious: false, endurance: "", stabilised: false, stunnedRounds: 2, prone: true });
    expect(f.thug.statuses.has("fracas-dying")).toBe(false);
    expect(f.thug.statuses.has("fracas-unconscious")).toBe(false);

    // Still stunned: down for that alone; once the stun is over, up.
    await f.thug.update({ "system.status.stunnedRounds": 0 } as never);
    await f.thug.toggleStatusEffect("fracas-stunned", { active: false });
    expect(f.flows.actorDownReason(f.thug as never)).toBeNull();

    // The next round start posts no dying card and rolls no 0-Health FEAT for him (no d100 queued).
    await f.nextRound([3, 9]);
    expect(f.cards("dyingTick")).toHaveLength(0);
    expect(f.cards("secondary").filter((m) => cardOf(m).result.kind === "zeroHealth")).toHaveLength(0);
  });

  it("the owner restores their own hero on their client", async () => {
    await f.captain.update({ "system.health.value": 0, "system.status.unconscious": true } as never);
    f.world.queryLog.length = 0;
    f.world.login("alice");
    await f.flows.restoreActor(f.captain as never);
    expect(sys(f.captain).health.value).toBe(sys(f.captain).health.max);
    expect(status(f.captain).unconscious).toBe(false);
    expect(f.world.queryLog).toEqual([]);
  });

  it("a dead hero (status or DEFEATED icon) is refused and nothing changes", async () => {
    await f.setStatus(f.thug, "dead", { "system.health.value": 0 });
    f.world.login("gm");
    await f.flows.restoreActor(f.thug as never);
    expect(sys(f.thug).health.value).toBe(0);
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Error.restoreDead"));

    await f.thug.update({ "system.status.dead": false } as never); // only the icon left
    await f.flows.restoreActor(f.thug as never);
    expect(sys(f.thug).health.value).toBe(0);
  });
});
