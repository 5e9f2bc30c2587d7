/**
 * A test ruleset for adapter tests: one actor type with a bounded model, a card kind that lowers
 * system.x by result.damage and stuns, a card kind that also earns GM Setback, and a combat
 * mapping on the engine's speedPlan. Registered through the adapter's own registerDescriptor.
 */
import type { JsonObject } from "../../src/foundry/registry.js";
import { speedPlan } from "../../src/engine/order.js";
import type { RulesetDescriptor } from "../../src/foundry/registry.js";
import type { RulesetId } from "../../src/rulesets/types.js";
import type { DataModelClass } from "../../src/foundry/typed.js";
import { NumberField, ObjectField, StringField, TypeDataModel, type Adapter, type FakeWorld, type Schema } from "./fake/index.js";

export const TEST_RULESET = "fracastest" as RulesetId;
export const TEST_TYPE = "testChar";

export class TestCharData extends TypeDataModel {
  static override defineSchema(): Schema {
    return {
      x: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 20, initial: 10 }),
      speed: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 20, initial: 5 }),
      stance: new StringField({ required: true, blank: false, choices: ["calm", "angry"], initial: "calm" }),
      /** An actor's own ledger pool (core's actor ledger: actor-ledger.test.ts). */
      pool: new ObjectField({ required: false, nullable: true, initial: null }),
      /** The previous shape's field, kept so a migration can read it (see migrations.test.ts). */
      old: new NumberField({ required: false, nullable: true, integer: true, initial: null }),
      renamed: new NumberField({ required: false, nullable: true, integer: true, initial: null }),
    };
  }
}

export const TEST_ITEM_TYPE = "testGear";

/** An item with a field in the previous shape, for the item migrations (see migrations.test.ts). */
export class TestGearData extends TypeDataModel {
  static override defineSchema(): Schema {
    return {
      old: new NumberField({ required: false, nullable: true, integer: true, initial: null }),
      renamed: new NumberField({ required: false, nullable: true, integer: true, initial: null }),
    };
  }
}

export const CHOICES = [
  { value: "attack", label: "FRACAS.Tracker.Kind.act" },
  { value: "dodge", label: "FRACAS.Tracker.Kind.declare" },
];

export function testDescriptor(): RulesetDescriptor {
  return {
    id: TEST_RULESET,
    actorModels: { [TEST_TYPE]: TestCharData as unknown as DataModelClass },
    itemModels: { [TEST_ITEM_TYPE]: TestGearData as unknown as DataModelClass },
    actorSheets: [],
    itemSheets: [],
    trackable: { [TEST_TYPE]: { bar: ["x"], value: [] } },
    tables: [],
    cards: {
      hit: {
        template: "test/hit.hbs",
        effect: ({ result, target, source }) => {
          if (target.type !== TEST_TYPE) return { refused: "FRACAS.Chat.Refused.UnknownCard" };
          // A shot that lands only if its shooter still stands when it is applied (Bond's draw).
          if (result.shooterMustStand && (source?.statuses?.includes("fracas-dead") || source?.defeated)) return { refused: "FRACAS.Tracker.Refused.Down" };
          const damage = Number(result.damage);
          // A refusal that names numbers (Bond's "…must be from {min} to {max}"): its data travels with it.
          if (damage > 99) return { refused: "FRACAS.Error.badNumber", data: { name: "damage", min: 0, max: 99, value: damage } };
          return {
            update: { "system.x": Number(target.system.x) - damage },
            statuses: result.stun ? [{ status: "stunned", on: true }] : [],
            summary: { key: "FRACAS.Tracker.Current", data: { name: target.name } },
          };
        },
        // A GM follow-up: any player except bob may ask to add 1–3 to the first target's x.
        gmFollowUps: {
          bump: {
            allowed: ({ user }) => user.id !== "bob",
            run: async ({ message, args }) => {
              const n = args.n;
              if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 3) return { ok: false, reason: "FRACAS.Chat.Refused.BadRequest" };
              const uuid = (message.system as unknown as { targets: { uuid: string }[] }).targets[0]?.uuid ?? "";
              const target = (globalThis as unknown as { fromUuidSync(u: string): { system: { x: number }; update(d: object): Promise<unknown> } | null }).fromUuidSync(uuid);
              if (!target) return { ok: false, reason: "FRACAS.Chat.Refused.NoTarget" };
              await target.update({ "system.x": target.system.x + n });
              return { ok: true };
            },
          },
        },
      },
      miss: {
        template: "test/hit.hbs",
        effect: () => ({ update: {}, statuses: [], pools: [{ name: "setback", delta: 1, reason: "a miss" }], summary: { key: "FRACAS.Chat.Undone" } }),
      },
      // A write the target's model refuses (not one of stance's choices), with a status and a pool
      // entry after it: V13 leaves such a write out without throwing (review-s9-foundry V1).
      furious: {
        template: "test/hit.hbs",
        effect: () => ({
          update: { "system.stance": "furious" },
          statuses: [{ status: "stunned", on: true }],
          pools: [{ name: "setback", delta: 1, reason: "a miss" }],
          summary: { key: "FRACAS.Chat.Undone" },
        }),
      },
      // Two pool entries from one card, to test an Undo that fails half-way through its pools.
      doubleMiss: {
        template: "test/hit.hbs",
        effect: () => ({
          update: { "system.x": 5 },
          statuses: [],
          pools: [
            { name: "setback", delta: 1, reason: "a miss" },
            { name: "setback", delta: 2, reason: "a bad miss" },
          ],
          summary: { key: "FRACAS.Chat.Undone" },
        }),
      },
    },
    combat: {
      startRound: ({ combatants }) => ({
        initiative: Object.fromEntries(combatants.map((c) => [c.id, Number(c.system.speed)])),
        memory: {},
        combatMemory: {},
      }),
      plan: ({ round, combatants, die }) => speedPlan(combatants.map((c) => ({ id: c.id, speed: Number(c.system.speed) })), die, { round }),
      declarations: () => CHOICES,
      // The test ruleset's own "down": an unconscious or defeated actor cannot act.
      isDown: (c) => (c.statuses.includes("fracas-unconscious") ? "FRACAS.Status.unconscious" : c.defeated ? "FRACAS.Tracker.Down.defeated" : null),
      // Players may record a "mark" (a short word) in their combatant's memory, only while declaring.
      memoryPatch: ({ patch, phase }): JsonObject | { refused: string } => {
        if (phase !== "declare") return { refused: "FRACAS.Tracker.Refused.NotDeclaring" };
        const mark = patch.mark;
        return typeof mark === "string" && /^[a-z]{1,12}$/.test(mark) ? { mark } : { refused: "FRACAS.Tracker.Refused.BadChoice" };
      },
    },
  };
}

/** Registers the test ruleset in the adapter the world loaded, and its card body template. */
export function registerTestRuleset(world: FakeWorld, adapter: Adapter): void {
  const d = testDescriptor();
  adapter.rulesets.registerDescriptor(d);
  Object.assign(world.config.Actor.dataModels, d.actorModels);
  Object.assign(world.config.Item.dataModels, d.itemModels);
  world.templates.define(
    "systems/fracas/templates/test/hit.hbs",
    `{{#> "systems/fracas/templates/chat/card-frame.hbs" ruleset="fracastest" title="Hit"}}<p class="damage">{{result.damage}}</p>{{/"systems/fracas/templates/chat/card-frame.hbs"}}`,
  );
}

/** A GM, two players (alice, bob). Returns their ids. */
export function addPlayers(world: FakeWorld): { alice: string; bob: string } {
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  world.addUser({ id: "bob", name: "Bob", isGM: false });
  return { alice: "alice", bob: "bob" };
}
