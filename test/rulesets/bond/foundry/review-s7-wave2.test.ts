/**
 * Session 7, wave 2 (review-s7-player): through the real adapter in the fake.
 * - #5: the notes that follow an attack card (Hero Point, Shake Off, a scar) go to whoever the card
 *   went to: a GM's private NPC attack on a PC is whispered to the GMs and the target's owners, and
 *   its notes too; a public card's notes stay public.
 * - #7: a Hero Point spent through the GM with no GM connected says "No GM" once (the core's
 *   error), with no warning repeating it.
 */
import { describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, bruteWorld, cardOf, clickAttackFollowUp } from "./helpers.js";

const whisper = (m: FakeChatMessage) => [...(m.toObject() as { whisper: string[] }).whisper].sort();
const notes = (world: FakeWorld) => [...world.messages].filter((m) => m.content.includes("bond-note"));

describe("follow-up notes keep the attack card's privacy (review-s7-player #5)", () => {
  /**
   * The thug's punch on the brute, the GM's chat in `mode`: SC 36, a roll of 3 is QR1; DC B → Heavy
   * Wound. Alice spends a Hero Point (QR2 → Medium), then Shakes Off (STR 18, EF 5 → SC 90; 10 passes).
   */
  async function punchAnswered(mode: string) {
    const { world, adapter, brute, thug } = await bruteWorld({ bruteHeroPoints: 1 });
    world.login("gm");
    await world.settings.set("core", "rollMode", mode);
    const card = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("alice");
    await clickAttackFollowUp(adapter, "heroPoint", card, brute);
    world.dice.queue(10);
    await clickAttackFollowUp(adapter, "shakeOff", card, brute);
    expect(world.notified("warn")).toEqual([]);
    return { world, card, brute };
  }

  it("a GM's private NPC attack: the Hero Point and Shake Off notes go to the GM and the target's owner only", async () => {
    const { world, card } = await punchAnswered("gmroll");
    expect(whisper(card)).toEqual(["alice", "gm"]);
    const [hero, shake] = notes(world);
    expect(hero!.content).toContain("spends a Hero Point");
    expect(whisper(hero!)).toEqual(["alice", "gm"]);
    expect(shake!.content).toContain("shakes off");
    expect(whisper(shake!)).toEqual(["alice", "gm"]);
    expect(notes(world)).toHaveLength(2);
  });

  it("a public attack: its notes stay public", async () => {
    const { world, card } = await punchAnswered("publicroll");
    expect(whisper(card)).toEqual([]);
    expect(notes(world)).toHaveLength(2);
    for (const n of notes(world)) expect(whisper(n)).toEqual([]);
  });

  /** Hood's Beretta (DC E) on the brute: a roll of 5 is QR2 → Heavy Wound, which may scar; the GM rolls it (d10 = 1). */
  async function scarred(mode: string): Promise<{ world: FakeWorld; card: FakeChatMessage; brute: FakeActor }> {
    const { world, adapter, brute, hood } = await bruteWorld({ hood: true });
    world.login("gm");
    await world.settings.set("core", "rollMode", mode);
    const card = await attack(world, "gm", hood, [brute], 5, 3);
    expect(cardOf(card).result).toMatchObject({ woundLevel: "HW", scarPossible: true });
    world.login("gm");
    world.dice.queue(1);
    await clickAttackFollowUp(adapter, "scar", card, brute);
    return { world, card, brute };
  }

  it("the GM's scar roll on a private attack is whispered like its card; on a public one, public", async () => {
    const hidden = await scarred("gmroll");
    expect(notes(hidden.world)).toHaveLength(1);
    expect(whisper(notes(hidden.world)[0]!)).toEqual(whisper(hidden.card));
    expect(whisper(hidden.card)).toEqual(["alice", "gm"]);
    const shown = await scarred("publicroll");
    expect(notes(shown.world)).toHaveLength(1);
    expect(whisper(notes(shown.world)[0]!)).toEqual([]);
  });
});

describe("no GM: said once (review-s7-player #7)", () => {
  it("Bob's Hero Point for Alice's brute (any player character) with no GM: one error, no warning", async () => {
    const { world, adapter, brute, thug } = await bruteWorld({ felix: true, anyPcHeroPoints: true });
    const card = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.setActiveGM(null);
    world.login("bob");
    await clickAttackFollowUp(adapter, "heroPoint", card, brute);
    expect(world.notified("error")).toEqual([world.localize("FRACAS.Chat.NoGM")]);
    expect(world.notified("warn")).toEqual([]);
  });
});
