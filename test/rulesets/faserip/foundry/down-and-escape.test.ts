/**
 * Audit findings F1–F4 and X1 through the typed Foundry fake, driving the real adapter: breaking a
 * grapple frees the escaper (Apply/Undo, the holder through the GM); a hero who is down cannot
 * attack or dodge and the GM's advance passes over their steps; side initiative counts only who
 * stands; the 0-Health Endurance FEAT comes again each round until dying or stabilised.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cardOf, startFight, sys } from "./fake-round.js";

let f: Awaited<ReturnType<typeof startFight>>;
beforeEach(async () => {
  f = await startFight();
});

describe("F1: breaking a grapple frees the escaper", () => {
  beforeEach(async () => {
    // Rampage holds the Captain.
    await f.setStatus(f.captain, "restrained");
    expect(f.captain.statuses.has("fracas-restrained")).toBe(true);
  });

  it("Escape: the card lists the escaper; Apply there ends Restrained, Undo restores it; the holder is unchanged", async () => {
    f.world.dice.queue(80); // Strength Excellent 20: 80 → Yellow → Escape
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "escaping" }, [f.rampage]);
    expect(cardOf(card).result.attack.feat.effect).toBe("escape");
    expect(cardOf(card).targets.map((t) => t.uuid)).toEqual([f.rampage.uuid, f.captain.uuid]);
    expect(await f.apply("alice", card!, f.rampage)).toEqual({ ok: false, reason: "FRACAS.Faserip.Refused.NoEffect" });
    f.world.queryLog.length = 0;
    expect(await f.apply("alice", card!, f.captain)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Released" } });
    // Her own hero, but a GM is connected: written on the GM's client, where the card's lock is.
    expect(f.world.queryLog.map((q) => [q.name, q.from])).toEqual([["fracas.applyCard", "alice"]]);
    expect(sys(f.captain).status.restrained).toBe(false);
    expect(f.captain.statuses.has("fracas-restrained")).toBe(false);
    expect(await f.undo("alice", card!, f.captain)).toMatchObject({ ok: true });
    expect(sys(f.captain).status.restrained).toBe(true);
    expect(f.captain.statuses.has("fracas-restrained")).toBe(true);
    expect(sys(f.rampage).status.restrained).toBe(false);
  });

  it("Reverse: the holder is restrained through the GM, the escaper freed; no target at all still frees", async () => {
    f.world.dice.queue(97); // 97 → Red → Reverse
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "escaping" }, [f.rampage]);
    expect(cardOf(card).result.attack.feat.effect).toBe("reverse");
    f.world.queryLog.length = 0;
    expect(await f.apply("alice", card!, f.rampage)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Hold" } });
    expect(f.world.queryLog.map((q) => q.name)).toEqual(["fracas.applyCard"]); // not hers: the GM writes it
    expect(sys(f.rampage).status.restrained).toBe(true);
    expect(await f.apply("alice", card!, f.captain)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.Released" } });
    expect(sys(f.captain).status.restrained).toBe(false);

    await f.setStatus(f.captain, "restrained");
    f.world.dice.queue(75);
    const [untargeted] = await f.feat("alice", f.captain, { ability: "strength", action: "escaping" });
    expect(cardOf(untargeted).targets.map((t) => t.uuid)).toEqual([f.captain.uuid]);
    expect(await f.apply("alice", untargeted!, f.captain)).toMatchObject({ ok: true });
    expect(sys(f.captain).status.restrained).toBe(false);
  });

  it("a failed Escaping lists no escaper: still held", async () => {
    f.world.dice.queue(50); // Green → Miss (P)
    const [card] = await f.feat("alice", f.captain, { ability: "strength", action: "escaping" }, [f.rampage]);
    expect(cardOf(card).result.escaperUuid).toBe("");
    expect(cardOf(card).targets.map((t) => t.uuid)).toEqual([f.rampage.uuid]);
    expect(await f.apply("alice", card!, f.captain)).toMatchObject({ ok: false });
    expect(sys(f.captain).status.restrained).toBe(true);
  });
});

describe("X1: a hero who is down cannot act", () => {
  it("a stunned hero's attack and dodge are refused before any roll; a plain FEAT is still rolled", async () => {
    await f.setStatus(f.bruiser, "stunned");
    const before = f.world.messages.size;
    expect(await f.feat("bob", f.bruiser, { action: "slugfest" }, [f.rampage])).toEqual([]); // no die queued: none rolled
    expect(await f.feat("bob", f.bruiser, { ability: "agility", action: "dodging" })).toEqual([]);
    expect(f.world.messages.size).toBe(before);
    const warning = f.world.i18n.format("FRACAS.Faserip.Refused.CannotAct", { name: "Bruiser", reason: f.world.localize("FRACAS.Faserip.Down.stunned") });
    expect(warning).toBe("Bruiser cannot act now: Stunned.");
    expect(f.world.notified("warn").filter((w) => w === warning)).toHaveLength(2);
    f.world.dice.queue(50);
    expect(await f.feat("bob", f.bruiser, { ability: "endurance", action: "feat" })).toHaveLength(1);
  });

  it("the tracker's defeated mark alone also stops an attack", async () => {
    f.world.login("gm");
    await f.combat.combatants.get(f.cid(f.thug))!.update({ defeated: true });
    expect(await f.feat("gm", f.thug, { action: "slugfest" }, [f.captain])).toEqual([]);
    expect(f.world.notified("warn")).toContain("Thug cannot act now: Defeated.");
  });

  it("the GM's advance passes over a stunned hero's declare and act steps; the tracker says why", async () => {
    // Plan: 0 declare Captain, 1 declare Bruiser, 2 act Captain, 3 act Bruiser, 4 declare Rampage, …
    expect(f.step()).toBe(0);
    await f.setStatus(f.bruiser, "stunned");
    f.world.login("bob");
    expect(await f.adapter.queries.requestDeclare(f.combat.id, f.cid(f.bruiser), "slugfest")).toEqual({ ok: false, reason: "FRACAS.Tracker.Refused.Down" });
    f.world.login("gm");
    await f.fc.advance();
    expect(f.step()).toBe(2);
    expect(f.stepOwner()).toBe(f.cid(f.captain));
    await f.fc.advance();
    expect(f.step()).toBe(4);
    expect(f.stepOwner()).toBe(f.cid(f.rampage));
    await f.fc.goBack();
    expect(f.step()).toBe(2);
    const view = f.adapter.tracker.trackerPlanView(f.fc);
    expect(view.steps.filter((s) => s.down).map((s) => [s.name, s.down])).toEqual([
      ["Bruiser", "FRACAS.Faserip.Down.stunned"],
      ["Bruiser", "FRACAS.Faserip.Down.stunned"],
    ]);
  });
});

describe("F2: side initiative counts only who stands", () => {
  it("the fallen Captain's Intuition 30 no longer counts: Bruiser's 6 does", async () => {
    await f.setStatus(f.captain, "unconscious", { "system.health.value": 0 });
    // Round 2: the Captain (unconscious, 0 Health) also rolls the 0-Health FEAT (d100 50 → no change).
    await f.nextRound([3, 9], 50);
    const sides = (f.fc.fracas.memory as { sides: { id: string; bonus: number; total: number; leader: string }[] }).sides;
    expect(sides).toEqual([
      expect.objectContaining({ id: "villains", bonus: 6, total: 15, leader: f.cid(f.rampage) }),
      expect.objectContaining({ id: "heroes", bonus: 6, total: 9, leader: f.cid(f.bruiser) }),
    ]);
    const panel = f.adapter.rulesets.descriptor("faserip")!.trackerPanel!.context(f.combat as never) as { sides: { id: string; leader: string }[] };
    expect(panel.sides.map((s) => [s.id, s.leader])).toEqual([["villains", "Rampage"], ["heroes", "Bruiser"]]);
  });

  it("a side with nobody standing rolls nothing and comes last; its steps are all passed over", async () => {
    await f.setStatus(f.rampage, "dead");
    await f.setStatus(f.thug, "stunned", { "system.status.stunnedRounds": 5 });
    await f.nextRound([2]); // only the heroes roll: 2 + 30
    const memory = f.fc.fracas.memory as { order: string[]; fallen: string[]; sides: { id: string }[] };
    expect(memory.order).toEqual(["heroes", "villains"]);
    expect(memory.fallen).toEqual(["villains"]);
    expect(memory.sides.map((s) => s.id)).toEqual(["heroes"]);
    expect(f.combat.combatants.get(f.cid(f.captain))!.initiative).toBe(32);
    expect(f.combat.combatants.get(f.cid(f.rampage))!.initiative).toBeNull();
    const panel = f.adapter.rulesets.descriptor("faserip")!.trackerPanel!;
    const html = (await foundry.applications.handlebars.renderTemplate(panel.template, panel.context(f.combat as never))).replaceAll("&#x3D;", "=");
    expect(html).toContain("d10 2 + 30 = 32");
    expect(html).toContain(f.world.localize("FRACAS.Faserip.Panel.Fallen"));
    for (let i = 0; i < 3; i++) await f.fc.advance();
    expect(f.step()).toBe(3);
    f.world.dice.queue(4, 1, 1, 1); // round 3: again only the heroes roll
    await f.fc.advance(); // the villains' four steps are passed over: a new round
    expect(f.combat.round).toBe(3);
  });
});

describe("F4: the 0-Health Endurance FEAT, once a round until dying or stabilised", () => {
  beforeEach(async () => {
    // The Thug was knocked out by damage: 0 Health, unconscious, not dying.
    await f.setStatus(f.thug, "unconscious", { "system.health.value": 0 });
  });
  const zeroHealthCards = () => f.cards("secondary").filter((m) => cardOf(m).result.kind === "zeroHealth");

  it("each round start rolls it again after a pass, its card applied when posted; a White starts dying (then the dying card)", async () => {
    await f.nextRound([3, 9], 60); // Endurance Good: 60 → Green, stays unconscious
    expect(zeroHealthCards()).toHaveLength(1);
    expect(cardOf(zeroHealthCards()[0]).result).toMatchObject({ roll: 60, startsDying: false, targetUuid: f.thug.uuid });
    // Applied at once (session 4): the Apply row is there, with its summary.
    expect(cardOf(zeroHealthCards()[0]).applications).toEqual([expect.objectContaining({ targetUuid: f.thug.uuid, undone: false, summary: expect.objectContaining({ key: "FRACAS.Faserip.Summary.StaysUnconscious" }) })]);
    expect((zeroHealthCards()[0] as unknown as { content: string }).content).toContain(f.world.localize("FRACAS.Faserip.Card.RoundStartApplied"));

    await f.nextRound([3, 9], 10); // 10 → White: begins dying
    expect(zeroHealthCards()).toHaveLength(2);
    const white = zeroHealthCards()[1]!;
    expect(cardOf(white).result).toMatchObject({ roll: 10, startsDying: true });
    expect(sys(f.thug).status.dying).toBe(true); // applied when posted
    expect(f.thug.statuses.has("fracas-dying")).toBe(true);
    expect(await f.apply("gm", white, f.thug)).toMatchObject({ ok: false, reason: "FRACAS.Chat.Refused.AlreadyApplied" });
    // The GM's ruling: Undo ends the dying it started; Apply starts it again.
    expect(await f.undo("gm", white, f.thug)).toMatchObject({ ok: true });
    expect([sys(f.thug).status.dying, f.thug.statuses.has("fracas-dying")]).toEqual([false, false]);
    expect(await f.apply("gm", white, f.thug)).toMatchObject({ ok: true, summary: { key: "FRACAS.Faserip.Summary.StartsDying" } });

    await f.nextRound([3, 9]); // dying: the dying card (applied), no FEAT
    expect(zeroHealthCards()).toHaveLength(2);
    expect(f.cards("dyingTick")).toHaveLength(1);
    expect(sys(f.thug).status.endurance).toBe("typical");
  });

  it("a stabilised character makes no more FEATs until hurt again or healed; none at round 1 nor above 0 Health", async () => {
    expect(zeroHealthCards()).toHaveLength(0);
    await f.thug.update({ "system.status.dying": true } as never);
    const tick = (await f.flows.postDyingTick(f.thug as never))!;
    await f.adapter.rulesets.descriptor("faserip")!.cards!["dyingTick"]!.followUps!["stabilise"]!({ message: tick as never, result: cardOf(tick).result, button: {} as never });
    expect(sys(f.thug).status).toMatchObject({ dying: false, unconscious: true, stabilised: true });
    await f.nextRound([3, 9]); // no d100 queued: none rolled
    expect(zeroHealthCards()).toHaveLength(0);
    // Its older card's button refuses too.
    f.world.login("gm");
    expect(await f.flows.rollZeroHealth({ targetUuid: f.thug.uuid })).toBeUndefined();
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Faserip.Refused.Stabilised"));

    // Healed to 5 on the sheet, then knocked to 0 again by an applied hit: the FEATs start again.
    await f.thug.update({ "system.health.value": 5 } as never);
    f.world.dice.queue(60); // Captain's Slugfest: Remarkable, 60 → Green → hit for 20
    const [hit] = await f.feat("alice", f.captain, { action: "slugfest" }, [f.thug]);
    // Offered once the blow is applied (zero-health-prompt.ts), not when it is rolled.
    expect(cardOf(hit).result.zeroHealthPrompt).toBe(false);
    expect(await f.apply("gm", hit!, f.thug)).toMatchObject({ ok: true });
    expect(cardOf(hit).result.zeroHealthPrompt).toBe(true);
    // The hit card's own 0-Health FEAT button rolls once; a second click rolls and posts nothing.
    const zeroHealth = f.adapter.rulesets.descriptor("faserip")!.cards!["attack"]!.followUps!["zeroHealth"]!;
    f.world.login("gm");
    f.world.dice.queue(80);
    f.world.dialogAnswers.push(0); // the Karma prompt (the second click is refused before it)
    await zeroHealth({ message: hit as never, result: cardOf(hit).result, button: {} as never });
    expect(zeroHealthCards()).toHaveLength(1);
    f.world.dice.queue(1);
    await zeroHealth({ message: hit as never, result: cardOf(hit).result, button: {} as never });
    expect(zeroHealthCards()).toHaveLength(1);
    expect(f.world.notified("warn")).toContain(f.world.localize("FRACAS.Chat.Refused.AlreadyRolled"));
    f.world.dice.clear();
    expect(sys(f.thug).status.stabilised).toBe(false);
    await f.nextRound([3, 9], 70);
    expect(zeroHealthCards()).toHaveLength(2);

    // Above 0 Health: none.
    await f.thug.update({ "system.health.value": 10 } as never);
    await f.nextRound([3, 9]);
    expect(zeroHealthCards()).toHaveLength(2);
  });
});
