/**
 * Review 1 #12: a kernel refusal of the Slam?/Stun? FEAT (any rule error but the d10 it asks for)
 * used to come after the card's claim, so a refused click spent the roll for good. The kernel's
 * checks now run as a dry run before the claim and before any Karma is taken.
 *
 * No shipped table makes resolveSecondary refuse a valid defender, so the kernel is wrapped here:
 * while `fault.on`, a face of 95 or more refuses (as a broken Red cell would). Only a dry run over
 * every face the d100 can show finds that before the claim.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as ledger from "../../../../src/engine/ledger.js";
import type { FakeActor, FakeChatMessage } from "../../../foundry/fake/index.js";
import { cardOf, startFight } from "./fake-round.js";

const fault = vi.hoisted(() => ({ on: false }));

vi.mock("../../../../src/rulesets/faserip/rules/index.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../../src/rulesets/faserip/rules/index.js")>();
  return {
    ...real,
    resolveSecondary: (input: Parameters<typeof real.resolveSecondary>[0], tables?: Parameters<typeof real.resolveSecondary>[1]) => {
      const face = input.roll + (input.karma?.points ?? 0);
      // The real kernel's own refusal (knock-back areas out of range), so it is a real FracasRuleError.
      if (fault.on && face >= 95) return real.resolveSecondary({ ...input, kind: "slam", knockbackAreas: 0 }, tables);
      return real.resolveSecondary(input, tables);
    },
  };
});

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  fault.on = false;
  f = await startFight();
  f.world.login("gm");
  const pool = ledger.createPool(16);
  await f.rampage.update({ "system.karma.==pool": pool, "system.karma.value": 16 } as never);
});

const claimsOf = (a: FakeActor) => (a.getFlag("fracas", "claims") as string[] | undefined) ?? [];
const poolOf = (a: FakeActor) => ledger.requirePool((a.system as unknown as { karma: { pool: unknown } }).karma.pool);

function click(userId: string, m: FakeChatMessage) {
  f.world.login(userId);
  const fn = f.adapter.rulesets.descriptor("faserip")!.cards!["attack"]!.followUps!["secondary"]!;
  return fn({ message: m as never, result: cardOf(m).result, button: {} as never });
}

describe("a kernel refusal of the Slam? FEAT comes before the claim", () => {
  it("the refused click warns, rolls nothing, claims nothing and takes no Karma; once fixed, the button rolls", async () => {
    f.world.dice.queue(70); // Captain's Slugfest on Rampage: Yellow → Slam
    const [slam] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage]);
    expect(cardOf(slam).result.attack.secondary).toMatchObject({ kind: "slam", applies: true });

    fault.on = true;
    f.world.dice.queue(92); // 92 + 5 Karma = 97: the roll would meet the fault (it used to, after the claim)
    f.world.dialogAnswers.push(5);
    await click("gm", slam!);
    expect(f.cards("secondary")).toHaveLength(0);
    expect(f.world.dice.remaining).toEqual([92]);
    expect(claimsOf(f.rampage)).toEqual([]);
    expect(poolOf(f.rampage).value).toBe(16);
    expect(ledger.history(poolOf(f.rampage))).toEqual([]);
    expect(f.world.notified("warn").at(-1)).toMatch(/knockbackAreas/);

    fault.on = false;
    f.world.dialogAnswers.push(5);
    await click("gm", slam!);
    expect(cardOf(f.cards("secondary")[0]).result.check).toMatchObject({ roll: 92, karmaSpent: 5, effectiveRoll: 97 });
    expect(claimsOf(f.rampage)).toEqual([`${slam!.id}:secondary`]);
    expect(poolOf(f.rampage).value).toBe(11);
  });
});
