/**
 * Session 4 audit: a hero's status flags follow the token icons toggled by hand (status-sync.ts).
 * Before, only the flows wrote flags (then icons); an icon the GM took off by hand changed nothing
 * the rules read — the skull off a dead hero still refused Restore ("the GM clears Dead first"
 * could not be done), Restrained off still kept a prone hero from standing up, Unconscious off
 * still kept the hero down. The flows' own toggles (flags written first) write nothing more.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys } from "./fake-round.js";
import { flagsAfterIconToggle } from "../../../../src/rulesets/faserip/status-sync.js";
import { heroSystem } from "./fixture-samples.js";

type SyncModule = typeof import("../../../../src/rulesets/faserip/status-sync.js");

let f: Awaited<ReturnType<typeof startFight>>;
let sync: SyncModule;
beforeEach(async () => {
  f = await startFight();
  // After loadAdapter: the module instance whose hooks the adapter registered.
  sync = await import("../../../../src/rulesets/faserip/status-sync.js");
});

const status = (a: FakeActor) => sys(a).status;

/** `user` toggles a status on the hero's token, as the token HUD does; then the flag write settles. */
async function toggle(user: string, a: FakeActor, status: string, active: boolean): Promise<void> {
  await f.world.as(user, async () => {
    await a.toggleStatusEffect(`fracas-${status}`, { active });
  });
  await sync.statusSyncSettled();
}

describe("flagsAfterIconToggle (pure)", () => {
  const base = heroSystem();
  const withStatus = (st: Record<string, unknown>, health = 30) => ({ ...base, health: { value: health, max: 60 }, status: { ...(base as { status: object }).status, ...st } });

  it("each mirrored flag follows its icon, only when it differs", () => {
    expect(flagsAfterIconToggle(withStatus({ restrained: true }), ["fracas-restrained"], false)).toEqual({ "system.status.restrained": false });
    expect(flagsAfterIconToggle(withStatus({ restrained: false }), ["fracas-restrained"], false)).toBeNull();
    expect(flagsAfterIconToggle(withStatus({}), ["fracas-prone"], true)).toEqual({ "system.status.prone": true });
    expect(flagsAfterIconToggle(withStatus({ dead: true }), ["fracas-dead"], false)).toEqual({ "system.status.dead": false });
    expect(flagsAfterIconToggle(withStatus({ unconscious: true }), ["fracas-unconscious"], true)).toBeNull();
    expect(flagsAfterIconToggle(withStatus({}), ["fracas-almost-dead", "something-else"], true)).toBeNull();
  });

  it("stunned off ends the stun; stunned on sets no count", () => {
    expect(flagsAfterIconToggle(withStatus({ stunnedRounds: 4 }), ["fracas-stunned"], false)).toEqual({ "system.status.stunnedRounds": 0 });
    expect(flagsAfterIconToggle(withStatus({ stunnedRounds: 0 }), ["fracas-stunned"], true)).toBeNull();
  });

  it("dying off at 0 Health stabilises (as the card's Stabilise); above 0 or dead it only ends dying", () => {
    expect(flagsAfterIconToggle(withStatus({ dying: true, unconscious: true }, 0), ["fracas-dying"], false)).toEqual({ "system.status.dying": false, "system.status.stabilised": true });
    expect(flagsAfterIconToggle(withStatus({ dying: true }, 12), ["fracas-dying"], false)).toEqual({ "system.status.dying": false });
    expect(flagsAfterIconToggle(withStatus({ dying: true, dead: true }, 0), ["fracas-dying"], false)).toEqual({ "system.status.dying": false });
  });
});

describe("an icon toggled by hand: the hero's flags follow", () => {
  it("the skull off a dead hero: no longer dead, and Restore now works", async () => {
    await f.setStatus(f.thug, "dead", { "system.health.value": 0 });
    await toggle("gm", f.thug, "dead", false);
    expect(status(f.thug).dead).toBe(false);
    f.world.login("gm");
    await f.flows.restoreActor(f.thug as never);
    expect(sys(f.thug).health.value).toBe(sys(f.thug).health.max);
  });

  it("the tracker's skull (DEFEATED) on: dead in the flags too; the round start passes them by", async () => {
    await f.setStatus(f.thug, "dying", { "system.health.value": 0, "system.status.unconscious": true });
    await toggle("gm", f.thug, "dead", true);
    expect(status(f.thug).dead).toBe(true);
    await f.nextRound([3, 9]);
    expect(f.cards("dyingTick")).toHaveLength(0);
  });

  it("Restrained off (the holder let go): free, and a prone hero stands up at the next round start", async () => {
    f.world.login("gm");
    await f.captain.update({ "system.status.prone": true, "system.status.restrained": true } as never);
    await f.captain.toggleStatusEffect("fracas-prone", { active: true });
    await f.captain.toggleStatusEffect("fracas-restrained", { active: true });
    await toggle("gm", f.captain, "restrained", false);
    expect(status(f.captain).restrained).toBe(false);
    await f.nextRound([3, 9]);
    expect(f.cards("standUp")).toHaveLength(1);
    expect(status(f.captain).prone).toBe(false);
  });

  it("Unconscious off: no longer down; Stunned off: the stun's rounds end", async () => {
    await f.setStatus(f.thug, "unconscious");
    await f.setStatus(f.rampage, "stunned");
    expect(f.flows.actorDownReason(f.thug as never)).not.toBeNull();
    await toggle("gm", f.thug, "unconscious", false);
    await toggle("gm", f.rampage, "stunned", false);
    expect(status(f.thug).unconscious).toBe(false);
    expect(status(f.rampage).stunnedRounds).toBe(0);
    expect(f.flows.actorDownReason(f.thug as never)).toBeNull();
    expect(f.flows.actorDownReason(f.rampage as never)).toBeNull();
  });

  it("a player's own click on their hero's icon changes no rule state (only the GM rules a hold ended or a stun over)", async () => {
    await f.setStatus(f.captain, "restrained");
    await toggle("alice", f.captain, "restrained", false);
    await sync.statusSyncSettled();
    expect(status(f.captain).restrained).toBe(true);
  });

  it("a flow's own toggles change nothing more: Apply then Undo of a Hold leaves flags and icons agreeing", async () => {
    f.world.dice.queue(99); // Strength Good 20 → 99 Red → Hold on Rampage
    const [hold] = await f.feat("alice", f.captain, { ability: "strength", action: "grappling" }, [f.rampage]);
    expect(cardOf(hold).result.attack.feat.effect).toBe("hold");
    expect(await f.apply("gm", hold!, f.rampage)).toMatchObject({ ok: true });
    await sync.statusSyncSettled();
    expect([status(f.rampage).restrained, f.rampage.statuses.has("fracas-restrained")]).toEqual([true, true]);
    expect(await f.undo("gm", hold!, f.rampage)).toMatchObject({ ok: true });
    await sync.statusSyncSettled();
    expect([status(f.rampage).restrained, f.rampage.statuses.has("fracas-restrained")]).toEqual([false, false]);
  });
});
