/**
 * Session 5, wave 3 (review-s5-changes #2, ux-review-s5 #1): the GM's cover and a stun's remaining
 * rounds end with the fight, as Bond's D51/D53. Before, a hero stunned 4 rounds when the combat
 * ended stayed down (every FEAT refused) until someone edited the sheet, and a villain's Heavy
 * cover shifted every attack of the next scene. The core writes descriptor.fightEnded on the
 * active GM's client; these tests wait for it with fightEndSettled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import { startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

const coverOf = (a: FakeActor) => (a.system as unknown as { cover: string }).cover;
const statuses = (a: FakeActor) => [...(a as unknown as { statuses: Set<string> }).statuses];

/** The GM sets Captain stunned 4 rounds (icon on) and Rampage behind Heavy cover. */
async function stunAndCover(): Promise<void> {
  await f.setStatus(f.captain, "stunned", { "system.status.stunnedRounds": 4 });
  await f.rampage.update({ "system.cover": "heavy" } as never);
  expect(statuses(f.captain)).toContain("fracas-stunned");
}

describe("what ends with a FASERIP fight", () => {
  it("ending a begun fight clears the cover and runs out the stun (the icon goes), one update each by the GM, and tells the GM", async () => {
    await stunAndCover();
    await f.setStatus(f.bruiser, "unconscious"); // nothing of it ends with the fight
    const writes: { name: string; by: string }[] = [];
    f.world.observe("updateActor", ((actor: FakeActor, _c: unknown, _o: unknown, userId: string) => void writes.push({ name: actor.name, by: userId })) as never);
    f.world.login("gm");
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();

    expect(sys(f.captain).status.stunnedRounds).toBe(0);
    expect(statuses(f.captain)).not.toContain("fracas-stunned");
    expect(coverOf(f.rampage)).toBe("none");
    expect(sys(f.bruiser).status.unconscious).toBe(true);
    expect(writes).toEqual([
      { name: "Captain", by: "gm" },
      { name: "Rampage", by: "gm" },
    ]);
    expect(f.world.notified("info")).toContain("The fight is over: cover cleared for Rampage.");
    expect(f.world.notified("info")).toContain("The fight is over: Captain no longer stunned.");
    // Captain may act again: nothing keeps them down.
    expect(f.adapter.rulesets.descriptor("faserip")!.fightEnded!(f.captain as never)).toBeNull();
  });

  it("a stun the GM set by hand with no count stays (the GM's to lift)", async () => {
    f.world.login("gm");
    await f.captain.toggleStatusEffect("fracas-stunned", { active: true });
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    expect(statuses(f.captain)).toContain("fracas-stunned");
  });

  it("a fighter still in another begun fight keeps both; an encounter deleted before it began changes nothing", async () => {
    await stunAndCover();
    f.world.login("gm");
    const unstarted = f.world.createCombat();
    await unstarted.createEmbeddedDocuments("Combatant", [{ actorId: f.thug.id }]);
    await f.thug.update({ "system.cover": "light" } as never);
    await unstarted.delete();
    await f.adapter.fightEnd.fightEndSettled();
    expect(coverOf(f.thug)).toBe("light");

    // Rampage and Captain also fight in a second, begun combat.
    const other = f.world.createCombat();
    await other.createEmbeddedDocuments("Combatant", [{ actorId: f.captain.id }, { actorId: f.rampage.id }]);
    f.world.dice.queue(5, 5, 1, 1);
    await (other as unknown as FracasCombat).startCombat();
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    expect(coverOf(f.rampage)).toBe("heavy");
    expect(sys(f.captain).status.stunnedRounds).toBe(4);
    expect(coverOf(f.thug)).toBe("none"); // the thug fought only in the one ended
  });

  it("with no GM connected nothing is written", async () => {
    await stunAndCover();
    f.world.setActiveGM(null);
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    expect(coverOf(f.rampage)).toBe("heavy");
    expect(sys(f.captain).status.stunnedRounds).toBe(4);
  });
});

describe("session 7: the player who owns a fighter reads what ended for it", () => {
  it("Alice's Captain (cover, stunned, held): one chat line whispered to Alice alone, each sentence naming the Captain; Bob gets none", async () => {
    f.world.login("gm");
    await f.captain.update({ "system.cover": "heavy" } as never);
    await f.setStatus(f.captain, "stunned", { "system.status.stunnedRounds": 4 });
    await f.setStatus(f.captain, "restrained", { "system.status.heldBy": f.rampage.uuid });
    f.world.login("gm");
    await f.combat.delete();
    await f.adapter.fightEnd.fightEndSettled();
    const lines = [...f.world.messages]
      .map((m) => m as unknown as { content: string; whisper: string[] })
      .filter((m) => m.content.includes("fracas-fight-ended"));
    expect(lines).toHaveLength(1);
    expect([...lines[0]!.whisper]).toEqual(["alice"]);
    // "The fight is over" once, over the three things that ended (review s7: it was said three times).
    expect(lines[0]!.content).toBe(
      '<div class="fracas fracas-fight-ended"><p>The fight is over for Captain:</p>' +
        "<ul><li>cover cleared for Captain.</li><li>Captain no longer stunned.</li><li>Captain no longer held.</li></ul></div>",
    );
  });
});
