/**
 * The once-per-attack rolls on an attack card — the knockout Willpower roll, Shake Off and the GM's
 * scar roll — are claimed on the target (core claimRoll, key "<attackId>:<roll>") right before
 * they are rolled, through the real adapter in the fake. The stored record (attackResponses) is
 * written only after the roll, so two clients clicking at the same instant both passed its check;
 * the claim is what stops the second: refused, no die rolled, no card posted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { attack, cardOf, pcChars, pool, responses, wound, clickAttackFollowUp, bruteWorld } from "./helpers.js";

let world: FakeWorld;
let adapter: Adapter;
let brute: FakeActor; // alice's strong PC (STR 18, WIL 10)
let thug: FakeActor; // the GM's NPC
let hood: FakeActor; // the GM's NPC with a Beretta


const clickFollowUp = (name: string, message: FakeChatMessage, target: FakeActor) => clickAttackFollowUp(adapter, name, message, target);

const claims = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const attackIdOf = (m: FakeChatMessage) => String(cardOf(m).result.attackId);
const recoveryCards = () => [...world.messages].filter((m) => cardOf(m as unknown as FakeChatMessage).kind === "recovery");
/** Chat notes (Shake Off, scar): plain messages without a card. */
const notes = () => [...world.messages].filter((m) => String(m.content).includes("bond-note"));
const alreadyRolled = () => world.localize("FRACAS.Chat.Refused.AlreadyRolled");
const scars = (a: FakeActor) => (a.system as unknown as { scars: unknown[]; fame: number }).scars;

beforeEach(async () => {
  ({ world, adapter, brute, thug, hood } = await bruteWorld({ hood: true }));
});

describe("the knockout Willpower roll is claimed before it is rolled", () => {
  it("another client's claim for this attack's knockout (its record not yet written): refused, nothing rolled or posted; another attack's knockout still rolls", async () => {
    const m1 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    const m2 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    // The GM's click claimed m1's knockout an instant ago; its roll and record are still under way.
    world.login("gm");
    expect(await adapter.queries.claimRoll(brute as never, `${attackIdOf(m1)}:knockout`)).toBe(true);

    world.login("alice");
    world.dice.queue(90, 1);
    const usedBefore = world.dice.used.length;
    await clickFollowUp("knockout", m1, brute);
    expect(world.dice.used.length).toBe(usedBefore); // no die rolled
    expect(world.dice.remaining).toEqual([90, 1]);
    expect(recoveryCards()).toHaveLength(0);
    expect(wound(brute).knockedOut).toBe(false);
    expect(world.notified("warn").at(-1)).toBe(alreadyRolled());

    // The other attack's knockout is its own roll.
    await clickFollowUp("knockout", m2, brute);
    expect(world.dice.remaining).toEqual([]);
    expect(recoveryCards()).toHaveLength(1);
    expect(responses(brute)[attackIdOf(m2)]).toMatchObject({ knockout: { success: false } });
    expect(claims(brute)).toEqual([`${attackIdOf(m1)}:knockout`, `${attackIdOf(m2)}:knockout`]);
  });

  it("two clicks at the same instant: exactly one roll and one recovery card", async () => {
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    world.dice.queue(20, 1, 90, 1); // enough for two rolls: only the first pair may be used
    await Promise.all([clickFollowUp("knockout", m, brute), clickFollowUp("knockout", m, brute)]);
    expect(recoveryCards()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([90, 1]);
    expect(wound(brute).knockedOut).toBe(false); // the pass (20) stands
  });
});

describe("Shake Off is claimed before it is rolled", () => {
  it("another client's claim for this attack's Shake Off: refused without rolling; another attack's Shake Off still rolls", async () => {
    // Thug's punches: roll 3 is QR1, DC B → Heavy Wound, H-t-H without point or edge.
    const m1 = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    const m2 = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("gm");
    expect(await adapter.queries.claimRoll(brute as never, `${attackIdOf(m1)}:shakeOff`)).toBe(true);

    world.login("alice");
    world.dice.queue(10);
    await clickFollowUp("shakeOff", m1, brute);
    expect(world.dice.remaining).toEqual([10]); // not rolled
    expect(notes()).toHaveLength(0);
    expect((responses(brute)[attackIdOf(m1)] as { shakeOff?: unknown } | undefined)?.shakeOff ?? null).toBeNull();
    expect(world.notified("warn").at(-1)).toBe(alreadyRolled());

    await clickFollowUp("shakeOff", m2, brute);
    expect(world.dice.remaining).toEqual([]);
    expect(notes()).toHaveLength(1);
    expect(responses(brute)[attackIdOf(m2)]).toMatchObject({ shakeOff: { roll: 10 } });
  });

  it("two clicks at the same instant: exactly one roll and one note", async () => {
    const m = await attack(world, "gm", thug, [brute], 3, 1, { weapon: false });
    world.login("alice");
    world.dice.queue(10, 95);
    await Promise.all([clickFollowUp("shakeOff", m, brute), clickFollowUp("shakeOff", m, brute)]);
    expect(notes()).toHaveLength(1);
    expect(world.dice.remaining).toEqual([95]);
    expect(responses(brute)[attackIdOf(m)]).toMatchObject({ shakeOff: { roll: 10 } });
  });

  it("a character too weak to Shake Off is told why in words, and the attack's one try is not used up", async () => {
    const weak = world.createActor({ name: "Weakling", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(1) }, ownership: { alice: 3 } });
    const m = await attack(world, "gm", thug, [weak], 3, 1, { weapon: false });
    world.login("alice");
    world.dice.queue(10);
    await clickFollowUp("shakeOff", m, weak);
    expect(world.notified("warn").at(-1)).toBe("Shake Off is not allowed here (Strength under 14).");
    expect(world.dice.remaining).toEqual([10]);
    expect(claims(weak)).toEqual([]);
  });
});

describe("the GM's scar roll: once per attack and target, and only for a wound that may still scar", () => {
  it("a second click (or a second GM) is refused: one scar, +20 Fame at most", async () => {
    const m = await attack(world, "gm", hood, [brute], 5, 3); // QR2, DC E → Heavy Wound from Fire Combat
    expect(cardOf(m).result).toMatchObject({ scarPossible: true });
    world.login("gm");
    world.dice.queue(1, 1); // face (visible) twice: only one may be used
    await clickFollowUp("scar", m, brute);
    await clickFollowUp("scar", m, brute);
    expect(scars(brute)).toHaveLength(1);
    expect(world.dice.remaining).toEqual([1]);
    expect(world.notified("warn").at(-1)).toBe(alreadyRolled());
    expect(claims(brute)).toEqual([`${attackIdOf(m)}:scar`]);
  });

  it("Hero Points that lower the wound below Medium take the scar away: refused, nothing rolled", async () => {
    const m = await attack(world, "gm", hood, [brute], 5, 3); // QR2 → HW
    world.login("alice");
    await clickFollowUp("heroPoint", m, brute); // QR3 → MW
    await clickFollowUp("heroPoint", m, brute); // QR4 → LW: no scar
    world.login("gm");
    world.dice.queue(1);
    await clickFollowUp("scar", m, brute);
    expect(scars(brute)).toHaveLength(0);
    expect(world.dice.remaining).toEqual([1]);
    expect(world.notified("warn").at(-1)).toBe("Brute's wound is now Light Wound: it leaves no scar.");
    expect(claims(brute)).toEqual([]);
  });
});

describe("a scar rolled before Hero Points that lower the wound below Medium (D40)", () => {
  const fame = (a: FakeActor) => (a.system as unknown as { fame: number }).fame;

  it("is removed at once with its Fame, and a note says so; a scar from the sheet stays", async () => {
    world.login("gm");
    await brute.update({ "system.scars": [{ location: "arm", visible: false, fame: 0 }], "system.fame": 5 });
    const m = await attack(world, "gm", hood, [brute], 5, 3); // QR2, DC E → Heavy Wound from Fire Combat
    world.login("gm");
    world.dice.queue(1); // face: visible, +20 Fame
    await clickFollowUp("scar", m, brute);
    expect(scars(brute)).toEqual([
      { location: "arm", visible: false, fame: 0, attackId: "" },
      { location: "face", visible: true, fame: 20, attackId: attackIdOf(m) },
    ]);
    expect(fame(brute)).toBe(25);

    world.login("alice");
    await clickFollowUp("heroPoint", m, brute); // QR3 → Medium Wound: may still scar
    expect(scars(brute)).toHaveLength(2);
    await clickFollowUp("heroPoint", m, brute); // QR4 → Light Wound: no scar
    expect(scars(brute)).toEqual([{ location: "arm", visible: false, fame: 0, attackId: "" }]);
    expect(fame(brute)).toBe(5);
    expect(String(notes().at(-1)!.content).replaceAll("&#39;", "'")).toContain(
      "Brute's wound is now Light Wound, which leaves no scar: the scar rolled for it (Face) is removed (\u221220 Fame).",
    );
    // Still claimed: the scar cannot be rolled again for this attack.
    expect(claims(brute)).toEqual([`${attackIdOf(m)}:scar`]);
  });
});

describe("Hero Points come before the knockout roll (D35)", () => {
  const points = (a: FakeActor) => (a.system as unknown as { heroPoints: { value: number } }).heroPoints.value;

  it("spent first, a point lowers the QR and so eases the roll (EF 2 × QR); after the roll it is refused and nothing is spent", async () => {
    // Roll 1 is QR2 at SC 4 → knockout EF 4; one Hero Point → QR3 → EF 6.
    const m1 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    await clickFollowUp("heroPoint", m1, brute);
    expect(points(brute)).toBe(2);
    world.dice.queue(55, 1); // WIL 10 × EF 6 = SC 60: stays conscious (at EF 4 it would fail)
    await clickFollowUp("knockout", m1, brute);
    expect(wound(brute).knockedOut).toBe(false);

    const m2 = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    world.dice.queue(90, 1);
    await clickFollowUp("knockout", m2, brute); // fails: knocked out
    expect(wound(brute).knockedOut).toBe(true);
    await clickFollowUp("heroPoint", m2, brute);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Bond.Refused.HeroPointAfterKnockout"));
    expect(points(brute)).toBe(2);
    expect(responses(brute)[attackIdOf(m2)]?.heroPoints ?? 0).toBe(0);
  });

  it("another player's character (any-PC option) is refused the same way, through the GM", async () => {
    world.settings.seed("fracas", "bond.heroPoints", "anyPlayerCharacter");
    world.addUser({ id: "bob", name: "Bob", isGM: false });
    const felix = world.createActor({ name: "Felix Leiter", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(2) }, ownership: { bob: 3 } });
    const m = await attack(world, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" });
    world.login("alice");
    world.dice.queue(90, 1);
    await clickFollowUp("knockout", m, brute);
    world.login("bob");
    await clickFollowUp("heroPoint", m, brute);
    expect(world.notified("warn").at(-1)).toBe(world.localize("FRACAS.Bond.Refused.HeroPointAfterKnockout"));
    expect(points(felix)).toBe(2);
  });
});
