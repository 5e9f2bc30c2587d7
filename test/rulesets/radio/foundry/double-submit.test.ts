/**
 * Session 8, wave 2, "hard to break": a double click (two submits, or two clicks, before the first
 * has finished) on every radio control that rolls dice or spends tokens rolls once and spends once.
 * - The attack dialog's Roll (a hero's, a henchmen group's, a dying hero's final action): core
 *   oneSubmitAtATime (V13 runs the form handler per submit; the dialog closes after its card).
 * - The sheet's token buttons (described defence, described action, the GM's ±1): one write at a
 *   time per actor, each read on the pool as the previous one left it.
 * - Already once-only by a claim (tests elsewhere): Roll damage (hard-to-break.test.ts), the escape
 *   (below, and the offer's button), the flee checks (a claim per follower on the leader, under the
 *   card lock on the GM's client), Undo tokens (the card lock; hard-to-break.test.ts).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, FakeActor, FakeChatMessage, FakeCombat, FakeWorld } from "../../../foundry/fake/index.js";
import type { FracasCombat } from "../../../../src/foundry/documents/combat.js";
import type { JsonObject } from "../../../../src/foundry/registry.js";
import { advanceToAct, attackWithFirstWeapon, createFalzetti, createGoons, createJake, declareAll, pressRollDamage, radioModules, radioWorld, startRadioCombat, TOMMY_GUN } from "./fight.js";

type Card = { kind: string; result: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;
const sys = (a: FakeActor) => a.system as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const cardsOf = (world: FakeWorld, kind: string) => world.messages.filter((m) => cardOf(m as unknown as FakeChatMessage).kind === kind) as unknown as FakeChatMessage[];
const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

type Submit = (this: unknown, e: unknown, f: unknown, d: { object: Record<string, unknown> }) => Promise<void>;
type Action = (this: unknown, event: unknown, target: unknown) => Promise<void>;

/** The attack dialog's form handler, as V13 calls it for each submit event. */
async function dialogSubmit(): Promise<Submit> {
  const m = await radioModules();
  return (m.RadioAttackDialog.DEFAULT_OPTIONS as unknown as { form: { handler: Submit } }).form.handler;
}

/** A hero sheet's action, clicked by the logged-in user. */
async function sheetAction(actor: FakeActor, name: string): Promise<(dataset?: Record<string, string>) => Promise<void>> {
  const m = await radioModules();
  const sheet = new m.RadioHeroSheet({ document: actor } as never);
  const actions = (m.RadioHeroSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, Action> }).actions;
  return (dataset = {}) => actions[name]!.call(sheet, {}, { dataset });
}

describe("hard to break: the attack dialog's Roll double-clicked", () => {
  it("hard to break: a hero's attack double-clicked (cashing in 5, described): one card, 2d10 rolled once, the 5 tokens spent once", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world, { system: { tokens: pool(5) } });
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    const submit = await dialogSubmit();
    const used = world.dice.used.length;
    world.dice.queue(9, 9, 9, 9);
    const data = { object: { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description: "I vault the bar and fire twice", cashIn: "on" } };
    await Promise.all([submit.call(dialog, {}, {}, data), submit.call(dialog, {}, {}, data)]);
    expect(cardsOf(world, "attack")).toHaveLength(1);
    expect(world.dice.used.length - used).toBe(2);
    // 5 − 5 cashed in + 2 earned by the description (standard action), each once.
    expect(sys(jake).tokens.value).toBe(2);
    expect(sys(jake).tokens.entries).toHaveLength(2);
    expect(world.notified("warn")).toEqual([]);
  });

  it("hard to break: the GM's henchmen attack double-clicked in their step: one card, the step used once", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const goons = createGoons(world, 3, falzetti, { items: [TOMMY_GUN] });
    const combat = await startRadioCombat(world, [jake, falzetti, goons], [1, 1, 6, 6]);
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti], ["gm", goons]]);
    await advanceToAct(world, combat, goons, 1);
    const m = await radioModules();
    world.target("gm", jake);
    const dialog = new m.RadioAttackDialog(goons as never);
    await dialog.render({ force: true });
    const submit = await dialogSubmit();
    world.dice.queue(9, 9, 9, 9);
    const data = { object: { weaponId: dialog.setup.weapons[0]!.id, targetUuid: jake.uuid, description: "" } };
    await Promise.all([submit.call(dialog, {}, {}, data), submit.call(dialog, {}, {}, data)]);
    expect(cardsOf(world, "attack")).toHaveLength(1);
  });
});

describe("hard to break: the sheet's Attack double-clicked", () => {
  it("hard to break: a double click on Attack opens one dialog (the second brings it to the front); another actor's opens its own", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6, { items: [TOMMY_GUN] });
    const m = await radioModules();
    const dialogs = () => [...world.appsOf("gm").values()].filter((a): a is InstanceType<typeof m.RadioAttackDialog> => a instanceof m.RadioAttackDialog);
    world.login("gm");
    m.openAttackDialog(jake as never);
    await Promise.resolve();
    m.openAttackDialog(jake as never);
    await Promise.resolve();
    expect(dialogs().map((d) => d.actor.name)).toEqual(["Jake"]);
    expect((dialogs()[0] as unknown as { broughtToFront: number }).broughtToFront).toBe(1);
    m.openAttackDialog(falzetti as never);
    await Promise.resolve();
    expect(dialogs().map((d) => d.actor.name)).toEqual(["Jake", "Falzetti"]);
    // Closed, it opens anew.
    await dialogs()[0]!.close();
    m.openAttackDialog(jake as never);
    await Promise.resolve();
    expect(dialogs().map((d) => d.actor.name)).toEqual(["Falzetti", "Jake"]);
    for (const d of dialogs()) await d.close();
  });
});

describe("hard to break: the sheet's token buttons double-clicked", () => {
  let world: FakeWorld;
  let adapter: Adapter;
  let jake: FakeActor;
  let falzetti: FakeActor;
  let combat: FakeCombat;

  beforeEach(async () => {
    ({ world, adapter } = await radioWorld());
    jake = createJake(world, { system: { tokens: pool(0) } });
    falzetti = createFalzetti(world, 6, 6);
    combat = await startRadioCombat(world, [jake, falzetti], [6, 6, 1, 1]);
  });

  it("hard to break: 'described defence' double-clicked: one token written once; the second click is told it was earned", async () => {
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    world.login("alice");
    const click = await sheetAction(jake, "earnDefence");
    const hooks = Hooks as unknown as { on(hook: string, fn: (...args: unknown[]) => void): number; off(hook: string, id: number): void };
    // Each client's hook sees a write: told apart by what it wrote (each entry has its own id).
    const writes = new Set<string>();
    const id = hooks.on("updateActor", (actor, changed) => {
      if (actor === jake && JSON.stringify(changed).includes("tokens")) writes.add(JSON.stringify(changed));
    });
    try {
      await Promise.all([click(), click()]);
    } finally {
      hooks.off("updateActor", id);
    }
    expect(sys(jake).tokens.value).toBe(1);
    expect(sys(jake).tokens.entries).toHaveLength(1);
    expect(writes.size).toBe(1);
    expect(world.notified("warn")).toEqual([world.i18n.format("FRACAS.Radio.Refused.DefenceEarned", { round: 1 })]);
  });

  // Already once-only before wave 2: the step's claim (cards/step-action.ts) refuses the second click.
  it("hard to break: 'described action' double-clicked in Jake's step: its 2 tokens once", async () => {
    await declareAll(world, adapter, combat, [["alice", jake], ["gm", falzetti]]);
    await advanceToAct(world, combat, jake, 1);
    world.login("alice");
    const click = await sheetAction(jake, "stepAction");
    await Promise.all([click(), click()]);
    expect(sys(jake).tokens.value).toBe(2);
    expect(sys(jake).tokens.entries).toHaveLength(1);
  });

  it("hard to break: the GM's +1 clicked twice quickly gives 2 tokens (each click counts, neither lost); −1 twice takes both back", async () => {
    world.login("gm");
    const click = await sheetAction(jake, "tokenAdjust");
    await Promise.all([click({ delta: "1" }), click({ delta: "1" })]);
    expect(sys(jake).tokens.value).toBe(2);
    expect(sys(jake).tokens.entries).toHaveLength(2);
    await Promise.all([click({ delta: "-1" }), click({ delta: "-1" })]);
    expect(sys(jake).tokens.value).toBe(0);
    expect(sys(jake).tokens.entries).toHaveLength(4);
  });

  // Already once-only before wave 2: the round's escape is claimed before the die (cards/flow.ts rollEscape).
  it("hard to break: the escape double-clicked at the round's end: one escape card, one d6", async () => {
    await declareAll(world, adapter, combat, [["alice", jake, "defensive"], ["gm", falzetti]]);
    world.dice.queue(6, 6, 1, 1);
    await (combat as unknown as FracasCombat).nextRound();
    world.login("alice");
    const click = await sheetAction(jake, "escape");
    const used = world.dice.used.length;
    world.dice.queue(5, 5);
    await Promise.all([click(), click()]);
    expect(cardsOf(world, "escape")).toHaveLength(1);
    expect(world.dice.used.length - used).toBe(1);
  });
});

describe("hard to break: the henchmen's flee checks pressed twice", () => {
  // Already once-only before wave 2: each follower's check is claimed per fall on the leader (cards/flee.ts).
  it("hard to break: 'Roll flee checks' double-clicked by Alice and pressed by the GM at once: one flee card, 3 dice", async () => {
    const { world, adapter } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 1, 6);
    const goons = createGoons(world, 3, falzetti);
    const attack = await attackWithFirstWeapon(world, "alice", jake, falzetti);
    world.dice.queue(2);
    await pressRollDamage(adapter, attack);
    const damage = cardsOf(world, "damage").at(-1)!;
    world.login("gm");
    expect(await adapter.queries.requestApply(damage.id, falzetti.uuid, true)).toMatchObject({ ok: true });
    const flee = adapter.rulesets.descriptor("radio")!.cards!.damage!.followUps!.flee!;
    const press = (user: string) => world.as(user, () => flee({ message: damage as never, result: cardOf(damage).result as JsonObject, button: {} as never }));
    const used = world.dice.used.length;
    world.dice.queue(1, 1, 1, 1, 1, 1, 1, 1, 1);
    await Promise.all([press("alice"), press("alice"), press("gm")]);
    expect(cardsOf(world, "flee")).toHaveLength(1);
    expect(cardOf(cardsOf(world, "flee")[0]!).result.followerUuid).toBe(goons.uuid);
    expect(world.dice.used.length - used).toBe(3);
  });
});
