/**
 * Audit Z3 (seed ¶3: "To kill Everyone Else you roll Aries"): a kill roll always uses the killing
 * slot (a1, whatever the world names it). The dialog fixes the Area for a kill (select disabled,
 * with the reason), rolls Aries even if another Area was picked before switching to a kill, and
 * opens a sheet's other Area as a fight roll; a kill posted with another slot is refused.
 * X1: an Agent marked defeated is not waited for in the round's "still to roll".
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { CombatantInfo, JsonObject } from "../../../../src/foundry/registry.js";
import { calledShotCosts, everyoneElseTn } from "../../../../src/rulesets/zodiac/rules/index.js";
import { defaultKind, rollDialogView, type DialogInput } from "../../../../src/rulesets/zodiac/sheets/view.js";
import { roundStatus } from "../../../../src/rulesets/zodiac/combat.js";
import { mikeAreas } from "./mike-jeremy-data.js";
import { addPlayers, createMike, zodiacWorld } from "./world.js";

const input = (over: Partial<DialogInput> = {}): DialogInput => ({
  actorName: "Mike",
  areas: mikeAreas,
  slot: "a2",
  choice: { kind: "kill", area: 5, spend: 0, gathered: 0, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" },
  agentPoints: 3,
  almostDead: false,
  target: null,
  totalMode: "keepArea",
  everyoneElseTn,
  calledShotGrid: calledShotCosts,
  ...over,
});

describe("the roll dialog's view (pure)", () => {
  it("a kill rolls Aries even with Capricorn picked: slot a1, Aries 3, 3d6 vs TN 5, the select fixed", () => {
    const v = rollDialogView(input());
    expect(v).toMatchObject({ kind: "kill", slot: "a1", slotFixed: true, areaName: "Aries", area: 3 });
    expect(v.model).toMatchObject({ ok: true, pool: 3, keep: 3, tn: 5 });
    expect((v.areas as { value: string; selected: boolean }[]).filter((a) => a.selected).map((a) => a.value)).toEqual(["a1"]);
  });

  it("any other roll keeps the Area picked: a fight with Capricorn 5", () => {
    const v = rollDialogView(input({ choice: { ...input().choice, kind: "fight", tn: 12 } }));
    expect(v).toMatchObject({ kind: "fight", slot: "a2", slotFixed: false, areaName: "Capricorn", area: 5 });
    expect(v.model).toMatchObject({ pool: 5, tn: 12 });
  });

  it("RZ5: a fight roll has no called shot: one picked before switching is dropped, not charged in Wagers", () => {
    const v = rollDialogView(input({ choice: { ...input().choice, kind: "fight", tn: 12, calledShot: "head", wagers: 0 } }));
    expect((v.choice as { calledShot: unknown }).calledShot).toBeNull();
    expect(v.model).toMatchObject({ ok: true, pool: 5 });
    const kill = rollDialogView(input({ choice: { ...input().choice, calledShot: "head", wagers: 0 } }));
    expect(kill.model.ok).toBe(false);
  });

  it("opening on another Area offers a fight roll, on Aries a kill; targets decide as before", () => {
    expect(defaultKind(null)).toBe("kill");
    expect(defaultKind(null, "a1")).toBe("kill");
    expect(defaultKind(null, "a4")).toBe("fight");
    const crowd = { uuid: "Actor.g", name: "Goons", type: "zodiacCrowd", tn: null, rank: null, accumulated: 0, almostDead: false };
    expect(defaultKind(crowd, "a4")).toBe("fight");
    const baron = { uuid: "Actor.b", name: "Baron", type: "zodiacOtherAgent", tn: 10, rank: 4, accumulated: 0, almostDead: false };
    expect(defaultKind(baron, "a4")).toBe("strike");
  });
});

let world: FakeWorld;
let mike: FakeActor;

beforeEach(async () => {
  ({ world } = await zodiacWorld());
  addPlayers(world, "mp");
  mike = createMike(world);
});

const cards = () => [...world.messages].filter((m) => (m as unknown as FakeChatMessage).type === "card");

describe("the kill roll on the fake", () => {
  it("the dialog, switched from Capricorn to a kill, rolls Aries (3 dice) and the card says Aries", async () => {
    const m = await import("../../../../src/rulesets/zodiac/sheets/roll-dialog.js");
    await world.as("mp", async () => {
      const dialog = new m.ZodiacRollDialog({ actor: mike as never, slot: "a2" });
      expect(dialog.choice.kind).toBe("fight");
      dialog.choice = { ...dialog.choice, kind: "kill" };
      const submit = (m.ZodiacRollDialog.DEFAULT_OPTIONS as unknown as { form: { handler: (this: unknown) => Promise<void> } }).form.handler;
      world.dice.queue(6, 2, 1);
      await submit.call(dialog);
    });
    const [card] = cards();
    const result = (card!.system as unknown as { kind: string; result: JsonObject }).result;
    expect((card!.system as unknown as { kind: string }).kind).toBe("kill");
    expect(result).toMatchObject({ areaName: "Aries", area: 3 });
    expect(result.kill).toMatchObject({ success: true, tn: 5 });
  });

  it("a kill posted with another Area is refused with the reason; nothing rolled, spent or posted", async () => {
    const flow = await import("../../../../src/rulesets/zodiac/cards/flow.js");
    const model = await import("../../../../src/rulesets/zodiac/cards/roll-model.js");
    const choice = { kind: "kill" as const, area: 5, spend: 1, gathered: 1, wagers: 0, calledShot: null, captureAlive: false, finish: false, tn: 10, totalMode: "keepArea" as const };
    const mm = model.rollModel(choice, { agentPoints: 3, almostDead: false }, 5, flow.grids().shots);
    const posted = await world.as("mp", () => flow.rollAndPost(mike as never, "a2", choice, mm, null));
    expect(posted).toBeUndefined();
    expect(cards()).toEqual([]);
    expect((mike.system as unknown as { agentPoints: { value: number } }).agentPoints.value).toBe(3);
    expect(world.notifications.filter((n) => n.type === "warn").map((n) => n.message)).toEqual(["A kill on Everyone Else rolls Aries, the killing Area."]);
  });
});

describe("X1: who is still to roll", () => {
  const info = (id: string, defeated = false): CombatantInfo => ({
    defeated,
    statuses: defeated ? ["fracas-dead"] : [],
    id,
    name: id,
    actorType: "zodiacAgent",
    system: { health: { status: "healthy", wagersAgainst: 0, almostDeadSince: null } },
    isPC: true,
    declaration: "",
    initiative: null,
    memory: {},
  });

  it("an Agent marked defeated is not waited for; an Almost Dead one still rolls (seed ¶1: only no Wagers)", () => {
    const almost = { ...info("jeremy"), system: { health: { status: "almostDead", wagersAgainst: 4, almostDeadSince: 1 } } };
    expect(roundStatus([info("mike"), almost, info("ava", true)], {}, ["mike"])).toEqual({ complete: false, missing: ["jeremy"] });
    expect(roundStatus([info("mike"), almost, info("ava", true)], {}, ["mike", "jeremy"]).complete).toBe(true);
  });
});
