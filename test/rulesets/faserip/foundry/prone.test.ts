/**
 * Prone ends (session 3 gap 3). A knock-back leaves the defender prone (kernel); the seed gives
 * prone no rule, and nothing ever cleared it. Decision: when the next round begins, a prone
 * character who can act stands up — the round start (GM's client) posts a "Stands up" card and
 * applies it at once; Undo on the card keeps them down. Who cannot act (dead, dying, unconscious,
 * stunned after this round start's count-down, defeated) or is held stays prone.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor } from "../../../foundry/fake/index.js";
import { cardOf, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

async function knockDown(a: FakeActor, extra: Record<string, unknown> = {}) {
  f.world.login("gm");
  await a.update({ "system.status.prone": true, ...extra } as never);
  await a.toggleStatusEffect("fracas-prone", { active: true });
}
const standUps = () => f.cards("standUp");
const prone = (a: FakeActor) => [sys(a).status["prone"], a.statuses.has("fracas-prone")];
const contentOf = (m: unknown) => (m as { content: string }).content.replaceAll("&#x27;", "'");

describe("prone ends at the next round start", () => {
  it("a knock-back's prone: the round start's card stands the hero up at once; Undo keeps them down", async () => {
    // Captain's Slugfest on Rampage: 70 → Yellow → Slam; Rampage's Slam? 10 → White: knocked back, prone.
    f.world.dice.queue(70);
    const [slam] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.rampage]);
    f.world.login("gm");
    f.world.dice.queue(10);
    f.world.dialogAnswers.push(0);
    await f.adapter.rulesets.descriptor("faserip")!.cards!["attack"]!.followUps!["secondary"]!({ message: slam as never, result: cardOf(slam).result, button: {} as never });
    const [check] = f.cards("secondary");
    expect(await f.apply("gm", check!, f.rampage)).toMatchObject({ ok: true });
    expect(prone(f.rampage)).toEqual([true, true]);

    await f.nextRound([3, 9]);
    const [card] = standUps();
    expect(standUps()).toHaveLength(1);
    expect(cardOf(card).targets.map((x) => x.uuid)).toEqual([f.rampage.uuid]);
    expect(cardOf(card).applications).toHaveLength(1);
    expect(cardOf(card).applications[0]!.summary.key).toBe("FRACAS.Faserip.Summary.StoodUp");
    expect(prone(f.rampage)).toEqual([false, false]);
    expect(contentOf(card)).toContain(f.world.i18n.format("FRACAS.Faserip.Card.StandsUp", { name: "Rampage" }));

    expect(await f.undo("gm", card!, f.rampage)).toMatchObject({ ok: true });
    expect(prone(f.rampage)).toEqual([true, true]);
  });

  it("nobody prone, nothing posted; a stunned hero stays down until the round their stun ends", async () => {
    await f.nextRound([3, 9]);
    expect(standUps()).toHaveLength(0);

    await knockDown(f.bruiser, { "system.status.stunnedRounds": 2 });
    await f.bruiser.toggleStatusEffect("fracas-stunned", { active: true });
    await f.nextRound([3, 9]); // stun 2 → 1: still stunned
    expect(standUps()).toHaveLength(0);
    expect(prone(f.bruiser)).toEqual([true, true]);
    await f.nextRound([3, 9]); // stun ends this round start: up again, and on his feet
    expect(sys(f.bruiser).status["stunnedRounds"]).toBe(0);
    expect(standUps()).toHaveLength(1);
    expect(prone(f.bruiser)).toEqual([false, false]);
  });

  it("the unconscious, the held and the defeated stay prone", async () => {
    await knockDown(f.thug, { "system.health.value": 0, "system.status.unconscious": true, "system.status.stabilised": true });
    await knockDown(f.rampage, { "system.status.restrained": true });
    await knockDown(f.bruiser);
    await f.combat.combatants.get(f.cid(f.bruiser))!.update({ defeated: true });
    await f.nextRound([3, 9]);
    expect(standUps()).toHaveLength(0);
    expect([prone(f.thug), prone(f.rampage), prone(f.bruiser)]).toEqual([[true, true], [true, true], [true, true]]);
  });
});
