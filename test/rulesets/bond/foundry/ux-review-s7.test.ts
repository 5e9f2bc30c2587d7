/**
 * ux-review-s7's Bond findings and review-s7-changes R7, through the real views, templates and
 * lang file (rendered with Handlebars in the fake) and the real adapter:
 * - #2 the attack card says the knockout once, with the EF before the penalty worded as such; the
 *   round-start prompt says what its EF (after the penalty) is made of: "EF 2 × QR2 = 4, −1 Light Wound = 3." (session 8 shape);
 * - #3 the Shake Off note's PC × EF is the SC it gives;
 * - #4 derivation lines carry the shared `.fracas-derivation`;
 * - #6 the Damage Class line comes before the wound, in one sum; the wound leads its line, bold;
 * - #15 Quality Rating bands: no ceiling above 99, "—" for a band no roll reaches;
 * - #17 accumulation rows in words; the Hero Point note counts its points; "no duration" on the sheet only;
 * - R7 the GM's second tab sends its own Hero Point spend to the one tab.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeWorld } from "../../../foundry/fake/index.js";
import type { TabLocks } from "../../../../src/foundry/gm-tab.js";
import { attackCardView, knockoutPromptView, qualityBands, recoveryCardView, type KnockoutPromptResult } from "../../../../src/rulesets/bond/cards/views.js";
import { attackSummaryText, resolveRecoveryCard, type RecoveryCardResult } from "../../../../src/rulesets/bond/cards/effects.js";
import { taskCardView, taskCheck, type TaskCardResult } from "../../../../src/rulesets/bond/cards/task.js";
import { resolveAttack, UNWOUNDED } from "../../../../src/rulesets/bond/rules/index.js";
import { pluralKey } from "../../../../src/foundry/i18n.js";
import { attack, bruteWorld, cardOf, clickAttackFollowUp, createHood, heroPoints, pcChars, pool, responses } from "./helpers.js";

const unescape = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const render = async (template: string, context: Record<string, unknown>) =>
  unescape(await foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/bond/${template}.hbs`, context));
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
const source = { name: "James Bond", img: "x.svg", uuid: "Actor.bond" };
const attackCard = (input: Parameters<typeof resolveAttack>[0]) => {
  const result = { ...resolveAttack(input), attackId: "a1", hoursRoll: 2, attackerName: "James Bond", weaponName: "Unarmed" };
  return { result, view: attackCardView(result, [{ uuid: "Actor.jaws", name: "Jaws", isPC: false }]) };
};

let world: FakeWorld;
beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

describe("#2 the knockout: said once on the attack card; the prompt's EF with its parts", () => {
  it("the attack card has one knockout line, its EF the parenthesis's product, the penalty outside it", async () => {
    // PC 30, EF ½ → SC 15; rolled 3 → QR2: EF 2 × 2 = 4 before the target's wound penalty.
    const { view } = attackCard({ attackKind: "hth", primaryChance: 30, roll: 3, damageClass: "B", targetSpeed: 1, specificBlow: "knockout" });
    const html = text(await render("cards/attack", { card: view, source }));
    expect(html).toContain("Knockout: the target rolls Willpower at EF 4 (2 × QR2), less their wound penalty, or falls unconscious.");
    expect(html).not.toContain("must make a Willpower roll");
    expect(html.match(/unconscious/g)).toHaveLength(1);
    // Another blow keeps its own effect line.
    const trip = attackCard({ attackKind: "hth", primaryChance: 30, roll: 3, damageClass: "B", targetSpeed: 1, specificBlow: "trip" });
    expect(text(await render("cards/attack", { card: trip.view, source }))).toContain("the target falls prone");
  });

  const prompt = (extra: Partial<KnockoutPromptResult>, ease: number) => {
    const atk = { ...resolveAttack({ attackKind: "hth", primaryChance: 30, roll: 2, damageClass: "C", targetSpeed: 1, specificBlow: "knockout", attackerIsNpc: true }), attackId: "a1", hoursRoll: 3, attackerName: "Oddjob", weaponName: "Unarmed", combatId: "c1", combatRound: 2 };
    const result: KnockoutPromptResult = { attack: atk, targetUuid: "Actor.felix", targetName: "Felix", round: 3, ease, ...extra };
    return render("cards/knockout-prompt", { result, source, targets: [], card: knockoutPromptView(result) }).then(text);
  };

  it("the prompt: 2 × QR and the penalty; 'at least ½' when raised; no penalty part unwounded; the bare EF on an older card", async () => {
    // Session 8: the parts are a derivation line under the hint, result last (the recovery card's words).
    expect(await prompt({ qualityRating: 2, woundLevel: "LW" }, 3)).toContain("Willpower roll at EF 3. On a failure, Felix is knocked out until the GM wakes them. Spend any Hero Points against the blow before rolling. EF 2 × QR2 = 4, −1 Light Wound = 3.");
    expect(await prompt({ qualityRating: 1, woundLevel: "HW" }, 0.5)).toContain("EF 2 × QR1 = 2, −3 Heavy Wound, at least ½ = ½.");
    expect(await prompt({ qualityRating: 2, woundLevel: "none" }, 4)).toContain("Willpower roll at EF 4. On a failure, Felix is knocked out until the GM wakes them. Spend any Hero Points against the blow before rolling. EF 2 × QR2 = 4.");
    const older = await prompt({}, 3);
    expect(older).toContain("Willpower roll at EF 3. On a failure, Felix is knocked out until the GM wakes them.");
    expect(older).not.toContain("QR0");
    expect(older).not.toContain("2 ×");
  });

  it("the round start stores what the prompt's EF was made of (the QR after Hero Points, the target's wound)", async () => {
    const { world: w, brute, thug } = await bruteWorld({ quickThug: true });
    w.login("gm");
    const combat = w.createCombat();
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: brute.id }, { actorId: thug.id }]);
    const fc = combat as unknown as { startCombat(): Promise<unknown>; nextRound(): Promise<unknown> };
    await fc.startCombat();
    await brute.update({ "system.wound.level": "LW" } as never);
    await attack(w, "gm", thug, [brute], 1, 1, { weapon: false, blow: "knockout" }); // QR2
    w.login("gm");
    await fc.nextRound();
    const p = [...w.messages].find((m) => cardOf(m).kind === "knockoutPrompt")!;
    expect(cardOf(p).result).toMatchObject({ ease: 3, qualityRating: 2, woundLevel: "LW" });
    expect(text(unescape(p.content))).toContain("EF 2 × QR2 = 4, −1 Light Wound = 3.");
  });
});

describe("#4/#6 the attack card: the DC's sum before the wound; derivation lines muted", () => {
  it("'Damage Class: DC C, kick +1 = D' then '<strong>Incapacitated</strong> (wound table: DC D, QR1)'", async () => {
    const { view } = attackCard({ attackKind: "hth", primaryChance: 30, roll: 2, damageClass: "C", kick: true, targetSpeed: 1 });
    const html = await render("cards/attack", { card: view, source });
    const dc = html.indexOf('<p class="bond-card-shifts fracas-derivation">Damage Class: DC C, kick +1 = D</p>');
    const woundLine = html.indexOf('<p class="bond-card-wound"><strong>Incapacitated</strong> (wound table: DC D, QR1)</p>');
    expect(dc).toBeGreaterThan(-1);
    expect(woundLine).toBeGreaterThan(dc);
    expect(html).not.toContain(" × QR");
    expect(html).toContain('<ul class="fracas-derivation">');
    expect(html).toContain('<p class="bond-card-bands fracas-derivation">');
  });

  it("no shift: no DC line, the wound line alone", async () => {
    const { view } = attackCard({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "medium" });
    const html = await render("cards/attack", { card: view, source });
    expect(html).not.toContain("bond-card-shifts");
    expect(text(html)).toContain("Heavy Wound (wound table: DC E, QR2)");
  });

  it("the recovery card's EF line and D6 line are derivations", async () => {
    const result: RecoveryCardResult = { which: "stun", primaryChance: 13, roll: 95, durationRoll: 4, woundPenaltyApplies: true, attackQualityRating: 0, actorName: "Felix", characteristic: "wil" };
    const before = { ...UNWOUNDED, level: "LW" as const, stunRollPending: true };
    const change = resolveRecoveryCard(result, before);
    const html = await render("cards/recovery", { result, source, targets: [], card: recoveryCardView(result, change.check, change.state, before) });
    expect(html).toContain('<p class="bond-card-note fracas-derivation">EF 8 for a Stun roll, −1 Light Wound = 7.</p>');
    expect(html).toContain('<p class="bond-card-note fracas-derivation">Rounds without action: the D6 rolled 4.</p>');
  });
});

describe("#15 Quality Rating bands", () => {
  it("ceilings are capped at 99; a ceiling below 1 is no band", () => {
    expect(qualityBands(200)).toEqual({ qr1: 20, qr2: 50, qr3: 99, qr4: 99 });
    expect(qualityBands(5)).toEqual({ qr1: null, qr2: 1, qr3: 2, qr4: 5 });
  });

  it("the card reads 'QR1 —' for a band no roll reaches, never '≤ 0' nor '≤ 100'", async () => {
    const low: TaskCardResult = { actorName: "Bond", taskLabel: "Driving", localize: false, primaryChance: 5, easeItems: [{ labelKey: "FRACAS.Bond.Task.Ease", value: 1 }], easeUnclamped: 1, roll: 3 };
    const html = text(await render("cards/task", { result: low, source, targets: [], card: taskCardView(low, taskCheck(low)) }));
    expect(html).toContain("Quality Rating by roll: QR1 — · QR2 ≤ 1 · QR3 ≤ 2 · QR4 ≤ 5; 100 always fails.");
    const high: TaskCardResult = { ...low, primaryChance: 20, easeItems: [{ labelKey: "FRACAS.Bond.Task.Ease", value: 10 }], easeUnclamped: 10, roll: 50 };
    const top = text(await render("cards/task", { result: high, source, targets: [], card: taskCardView(high, taskCheck(high)) }));
    expect(top).toContain("QR3 ≤ 99 · QR4 ≤ 99; 100 always fails.");
    expect(top).not.toContain("≤ 100");
  });

  it("the disclosure opens for a fixture (openEase), closed otherwise", async () => {
    const { view } = attackCard({ attackKind: "fire", primaryChance: 20, roll: 12, damageClass: "E", range: "close" });
    expect(await render("cards/attack", { card: view, source, openEase: true })).toContain('<details class="bond-card-ease" open>');
    expect(await render("cards/attack", { card: view, source })).toContain('<details class="bond-card-ease">');
  });
});

describe("#17 small items", () => {
  it("an accumulation row names the levels in words", () => {
    const translate = (key: string, data?: Record<string, string | number>) => world.i18n.format(key, Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)])));
    const summary = { key: "FRACAS.Bond.Summary.Accumulated.MW", data: { name: "Bond", before: "LW", wound: "LW" } };
    expect(attackSummaryText(summary, translate)).toBe("now Medium Wound (Light Wound + Light Wound, by the wound accumulation table)");
    expect(attackSummaryText({ key: "FRACAS.Bond.Summary.Now.LW", data: { name: "Bond" } }, translate)).toBeNull();
  });

  it("the Hero Point note counts its points with the plural keys", () => {
    expect(world.i18n.format(pluralKey("FRACAS.Bond.Note.HeroPointsSpent", 1), { count: "1" })).toBe("1 Hero Point");
    expect(world.i18n.format(pluralKey("FRACAS.Bond.Note.HeroPointsSpent", 2), { count: "2" })).toBe("2 Hero Points");
  });

  it("'the rules set no duration' is said on the sheet only", () => {
    const lang = JSON.parse(readFileSync(join(process.cwd(), "lang/src/bond.json"), "utf8")) as unknown;
    const found: string[] = [];
    const walk = (o: unknown, path: string): void => {
      if (typeof o === "string") {
        if (/no duration/.test(o)) found.push(path);
      } else if (o && typeof o === "object") for (const [k, v] of Object.entries(o)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(lang, "");
    expect(found).toEqual(["FRACAS.Bond.State.KnockedOut"]);
  });
});

describe("#3 the Shake Off note: Strength PC × EF is the SC", () => {
  it("a Light-Wounded target: 'SC 56 (Strength PC 14 × EF 4: Shake Off's 5, −1 Light Wound)'", async () => {
    const { world: w, adapter, brute, thug } = await bruteWorld({ quickThug: true });
    await brute.update({ "system.characteristics.str": 14, "system.wound.level": "LW" } as never);
    // A plain hand-to-hand hit that wounds; then Brute shakes it off.
    const m = await attack(w, "gm", thug, [brute], 1, 1, { weapon: false });
    if (!cardOf(m).result.shakeOffPossible) throw new Error("the fixture hit must allow Shake Off");
    w.login("alice");
    w.dice.queue(40);
    await clickAttackFollowUp(adapter, "shakeOff", m, brute);
    const note = unescape([...w.messages].at(-1)!.content);
    const match = note.match(/rolled 40 vs SC (\d+) \(Strength PC (\d+) × EF (\d+): Shake Off's 5, −1 Light Wound\)/);
    expect(match).not.toBeNull();
    const [, sc, pc, ef] = match!.map(Number);
    expect(ef).toBe(4);
    expect(pc! * ef!).toBe(sc);
  });
});

describe("R7: the GM's second tab sends its own Hero Point spend to the one tab", () => {
  let adapter: Adapter;
  let bond: FakeActor;
  afterEach(async () => (await import("../../../../src/foundry/gm-tab.js")).resetGmTab());

  it("not spent here, outside the first tab's card lock: asked of the active GM instead", async () => {
    adapter = await loadAdapter();
    bond = world.createActor({ name: "James Bond", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(3) } });
    const hood = createHood(world);
    const m = await attack(world, "gm", hood, [bond], 5, 3);
    const gmTab = await import("../../../../src/foundry/gm-tab.js");
    // The first tab holds this GM's lock: this tab is told so, and waits in line.
    const heldByTheFirstTab: TabLocks = { request: (_name, options, callback) => (options.ifAvailable ? callback(null) : new Promise(() => undefined)) };
    await gmTab.electGmTab(heldByTheFirstTab, "fracas-gm:w:gm", () => undefined);
    world.login("gm");
    const before = world.queryLog.length;
    void clickAttackFollowUp(adapter, "heroPoint", m, bond);
    await new Promise((r) => setTimeout(r, 50));
    expect(world.queryLog.slice(before)).toMatchObject([{ name: "fracas.followUp", from: "gm", to: "gm" }]);
    expect(heroPoints(bond).value).toBe(3);
    expect(responses(bond)[String(cardOf(m).result.attackId)]?.heroPoints ?? 0).toBe(0);
  });
});
