/**
 * Session 6: a hold ends with its holder (DECISIONS.md). Before, a Hold (Restrained) stayed when
 * its holder was knocked out, killed or stunned, when either left the fight and when the fight
 * ended: the GM had to remember to take the icon off. The Apply of a Hold now records the holder
 * (`status.heldBy`), and the active GM's client ends the hold and tells the GM why.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

/** The hold ends the hooks started (imported after loadAdapter: the adapter's own module instance). */
const holdsSettled = async () => (await import("../../../../src/rulesets/faserip/holds.js")).holdsSettled();
const icons = (a: FakeActor) => [...(a as unknown as { statuses: Set<string> }).statuses];

/** Captain (Strength Excellent 20) grapples Rampage: 97 → Red → Hold; Alice applies it (the GM writes it). */
async function captainHoldsRampage(): Promise<FakeChatMessage> {
  f.world.dice.queue(97);
  const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "grappling" }, [f.rampage]);
  expect(cardOf(card).result.attack.feat.effect).toBe("hold");
  expect(await f.apply("alice", card!, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Hold" } });
  await holdsSettled();
  expect(sys(f.rampage).status).toMatchObject({ restrained: true, heldBy: f.captain.uuid });
  expect(icons(f.rampage)).toContain("fracas-restrained");
  return card!;
}

/** Rampage's writes, and by whom, from now on. */
function watchRampage(): { by: string }[] {
  const writes: { by: string }[] = [];
  f.world.observe("updateActor", ((actor: FakeActor, _c: unknown, _o: unknown, userId: string) => {
    if (actor === f.rampage) writes.push({ by: userId });
  }) as never);
  return writes;
}

describe("a hold records its holder", () => {
  it("Apply writes who holds; Undo takes it back with the hold", async () => {
    const card = await captainHoldsRampage();
    expect(await f.undo("alice", card, f.rampage)).toMatchObject({ ok: true });
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
  });

  it("a Reverse records the escaper as the new holder, and the escaper's own row forgets its holder", async () => {
    await captainHoldsRampage();
    // Rampage (Strength Amazing 50) breaks it: 99 → Red → Reverse.
    f.world.dice.queue(99);
    f.world.login("gm");
    const [card] = await f.feat("gm", f.rampage, { ability: "strength", action: "escaping" }, [f.captain]);
    expect(cardOf(card).result.attack.feat.effect).toBe("reverse");
    await f.apply("gm", card!, f.captain);
    await f.apply("gm", card!, f.rampage);
    expect(sys(f.captain).status).toMatchObject({ restrained: true, heldBy: f.rampage.uuid });
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
  });
});

describe("Escaping breaks a grapple (review-s11 RF3)", () => {
  const warned = () => f.world.notifications.filter((n) => n.type === "warn").map((n) => n.message);

  it("a hero held by no one rolls no Escaping: refused before any die, with the reason", async () => {
    f.world.login("gm");
    // No die queued: a roll would throw.
    const posted = await f.feat("gm", f.rampage, { ability: "strength", action: "escaping" }, [f.captain]);
    expect(posted).toEqual([]);
    expect(warned()).toContain("Rampage is not held: Escaping breaks a grapple, so nothing was rolled.");
    expect(sys(f.captain).status).toMatchObject({ restrained: false });
  });

  it("held by the Captain, Rampage's Escaping aims at the Captain alone: at another, refused", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    expect(await f.feat("gm", f.rampage, { ability: "strength", action: "escaping" }, [f.thug])).toEqual([]);
    expect(warned()).toContain("Rampage is held by Captain: Escaping is rolled against the one holding them, alone. Nothing was rolled.");
    f.world.dice.queue(99);
    const [card] = await f.feat("gm", f.rampage, { ability: "strength", action: "escaping" }, [f.captain]);
    expect(cardOf(card).result.attack.feat.effect).toBe("reverse");
  });
});

describe("a hold ends when its holder cannot act", () => {
  it("knocked out (flag and icon): the active GM frees the held one once and says why", async () => {
    await captainHoldsRampage();
    const writes = watchRampage();
    await f.setStatus(f.captain, "unconscious");
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(icons(f.rampage)).not.toContain("fracas-restrained");
    expect(writes).toEqual([{ by: "gm" }]);
    expect(f.world.notified("info")).toContain("Captain cannot hold on (Unconscious): Rampage no longer held.");
  });

  it("a migration's write is not play: a count of stun it writes frees no one, and Health does not follow its abilities", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.captain.update({ "system.status.stunnedRounds": 3 } as never, { fracasMigration: true } as never);
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(true);
    // The Thug is unhurt (36 = F+A+S+E): in play, raising Endurance would raise his Health with it.
    expect(sys(f.thug).health.value).toBe(36);
    await f.thug.update({ "system.abilities.endurance": 20 } as never, { fracasMigration: true } as never);
    expect(sys(f.thug).health.value).toBe(36);
  });

  it("stunned by a count (no icon yet) or by the Stunned icon alone", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.captain.update({ "system.status.stunnedRounds": 3 } as never);
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(false);

    await f.captain.update({ "system.status.stunnedRounds": 0 } as never);
    await captainHoldsRampage();
    f.world.login("gm");
    await f.captain.toggleStatusEffect("fracas-stunned", { active: true });
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(false);
    expect(f.world.notified("info")).toContain("Captain cannot hold on (Stunned): Rampage no longer held.");
  });

  it("a blow that kills the holder, applied from a card, ends the hold", async () => {
    await captainHoldsRampage();
    // Rampage's Hack & Slash (Fighting Excellent 20): 99 → Red → Kill.
    f.world.dice.queue(99);
    const [card] = await f.feat("gm", f.rampage, { ability: "fighting", action: "hackSlash" }, [f.captain]);
    expect(cardOf(card).result.attack.kill).toBe(true);
    await f.apply("gm", card!, f.captain);
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(false);
    expect(f.world.notified("info")).toContain("Captain cannot hold on (Dying): Rampage no longer held.");
  });

  it("only the holder's fall counts: another hero's, or a Restrained set by hand, changes nothing", async () => {
    await captainHoldsRampage();
    await f.setStatus(f.thug, "restrained"); // no holder recorded: the GM's to lift
    await f.setStatus(f.bruiser, "unconscious");
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(true);
    await f.setStatus(f.captain, "dead");
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(false);
    expect(sys(f.thug).status.restrained).toBe(true);
  });

  it("with no GM connected nothing is written (the hold waits for the GM)", async () => {
    await captainHoldsRampage();
    f.world.setActiveGM(null);
    await f.setStatus(f.captain, "unconscious");
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(true);
  });
});

describe("a hold ends when either leaves the fight, or the fight ends", () => {
  it("the holder's combatant removed: the held one is free", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.captain))!.delete();
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(false);
    expect(f.world.notified("info")).toContain("Captain left the fight: Rampage no longer held.");
  });

  it("the held one's combatant removed: free", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.rampage))!.delete();
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(f.world.notified("info")).toContain("Rampage left the fight: no longer held.");
  });

  it("the fight's end frees a recorded hold (icon off, the GM told), not a Restrained set by hand", async () => {
    await captainHoldsRampage();
    await f.setStatus(f.thug, "restrained");
    f.world.login("gm");
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    await holdsSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(icons(f.rampage)).not.toContain("fracas-restrained");
    expect(sys(f.thug).status.restrained).toBe(true);
    expect(f.world.notified("info")).toContain("The fight is over: Rampage no longer held.");
  });

  it("the GM taking the Restrained icon off forgets the holder", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.rampage.toggleStatusEffect("fracas-restrained", { active: false });
    const { statusSyncSettled } = await import("../../../../src/rulesets/faserip/status-sync.js");
    await statusSyncSettled();
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
  });
});

describe("UX review s6b #10: the held one's owners are told when a hold ends, not only the GM", () => {
  /** The chat lines saying a hold ended (not cards): their text, whom they are whispered to, who speaks. */
  const lines = () =>
    [...f.world.messages]
      .filter((m) => (m as unknown as { content: string }).content.includes("faserip-hold-ended"))
      .map((m) => {
        const msg = m as unknown as { content: string; whisper: string[]; speaker: { actor: string | null } };
        return { text: msg.content.replace(/<[^>]+>/g, ""), whisper: [...msg.whisper].sort(), speaker: msg.speaker.actor };
      });

  /** Rampage (Strength Amazing 50) grapples the Captain (Alice's): 97 → Red → Hold, applied by the GM. */
  async function rampageHoldsCaptain(): Promise<void> {
    f.world.dice.queue(97);
    const [card] = await f.feat("gm", f.rampage, { ability: "strength", action: "grappling" }, [f.captain]);
    expect(cardOf(card).result.attack.feat.effect).toBe("hold");
    expect(await f.apply("gm", card!, f.captain)).toMatchObject({ ok: true });
    await holdsSettled();
    expect(sys(f.captain).status).toMatchObject({ restrained: true, heldBy: f.rampage.uuid });
  }

  it("the holder knocked out: Alice, who owns the held Captain, gets a chat line saying why, spoken by the Captain; Bob does not", async () => {
    await rampageHoldsCaptain();
    await f.setStatus(f.rampage, "unconscious");
    await holdsSettled();
    expect(sys(f.captain).status.restrained).toBe(false);
    expect(lines()).toEqual([{ text: "Rampage cannot hold on (Unconscious): Captain no longer held.", whisper: ["alice", "gm"], speaker: f.captain.id }]);
    // The GM's toast stays.
    expect(f.world.notified("info")).toContain("Rampage cannot hold on (Unconscious): Captain no longer held.");
  });

  it("the held one leaves the fight: told to its owner (and the GM), once", async () => {
    await rampageHoldsCaptain();
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.captain))!.delete();
    await holdsSettled();
    expect(lines()).toEqual([{ text: "Captain left the fight: no longer held.", whisper: ["alice", "gm"], speaker: f.captain.id }]);
  });

  it("the holder leaves the fight: the holder's owner is told too (Alice's Captain let go of Rampage)", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.captain))!.delete();
    await holdsSettled();
    expect(lines()).toEqual([{ text: "Captain left the fight: Rampage no longer held.", whisper: ["alice", "gm"], speaker: f.rampage.id }]);
  });

  it("a name that looks like HTML is shown as text", async () => {
    await rampageHoldsCaptain();
    f.world.login("gm");
    await f.rampage.update({ name: "<b>Rampage</b>" } as never);
    await f.setStatus(f.rampage, "unconscious");
    await holdsSettled();
    const [msg] = [...f.world.messages].filter((m) => (m as unknown as { content: string }).content.includes("faserip-hold-ended"));
    expect((msg as unknown as { content: string }).content).toContain("&lt;b&gt;Rampage&lt;/b&gt; cannot hold on");
  });
});

describe("session 7: a held mook on the canvas, in no combat, is found when its holder falls", () => {
  /**
   * The fake keeps no scenes: the one scene V13 would list (game.scenes), holding the mook's
   * unlinked token (its own synthetic actor, with the token's UUID) and a linked token of the Thug.
   */
  function sceneWith(mook: FakeActor): void {
    const g = globalThis as unknown as { game: Record<string, unknown> };
    g.game["scenes"] = [{ tokens: [{ actorLink: false, actor: mook }, { actorLink: true, actor: f.thug }] }];
  }

  it("the Captain, holding an unlinked Thug token outside the fight, is knocked out: the token is freed and the GM told", async () => {
    const mook = f.world.createUnlinkedToken(f.thug, "tokMook");
    sceneWith(mook);
    expect(mook.uuid).not.toBe(f.thug.uuid);
    await f.setStatus(mook, "restrained", { "system.status.heldBy": f.captain.uuid });
    await holdsSettled();
    expect(sys(mook).status).toMatchObject({ restrained: true, heldBy: f.captain.uuid });

    await f.setStatus(f.captain, "unconscious");
    await holdsSettled();
    expect(sys(mook).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(icons(mook)).not.toContain("fracas-restrained");
    // The base actor the token was made from is not touched.
    expect(sys(f.thug).status.restrained).toBe(false);
    expect(f.world.notified("info")).toContain("Captain cannot hold on (Unconscious): Thug no longer held.");
  });
});

describe("session 7: the tracker's defeated mark alone makes the holder let go", () => {
  it("the Captain's combatant marked defeated (no status with it): Rampage is freed, said as Defeated; the tracker's isDown agrees", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    const combatant = f.combat.combatants.get(f.cid(f.captain))!;
    await combatant.update({ defeated: true });
    await holdsSettled();
    expect(icons(f.captain)).not.toContain("fracas-dead");
    expect(sys(f.rampage).status).toMatchObject({ restrained: false, heldBy: "" });
    expect(f.world.notified("info")).toContain("Captain cannot hold on (Defeated): Rampage no longer held.");
  });

  it("unmarking defeated, or marking another combatant, frees no one", async () => {
    await captainHoldsRampage();
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.captain))!.update({ defeated: false });
    await f.combat.combatants.get(f.cid(f.thug))!.update({ defeated: true });
    await holdsSettled();
    expect(sys(f.rampage).status.restrained).toBe(true);
  });
});
