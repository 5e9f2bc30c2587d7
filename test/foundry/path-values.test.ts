/**
 * Review-s10-quench Q1: V13's client expands every dotted key of every object in a write, inside
 * arrays too, so an application's prior values kept as `{"system.x": 10}` were stored as
 * `{system: {x: 10}}` and every Undo was refused in real Foundry. Applications keep {path, value}
 * pairs now; a card stored the old way is read back leaf by leaf.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "./fake/index.js";
import { expandObject } from "./fake/utils.js";
import { TEST_TYPE, registerTestRuleset } from "./helpers.js";
import type { Application } from "../../src/foundry/data/card-data.js";
import { pathValuesOf } from "../../src/foundry/documents/path-values.js";

let world: FakeWorld;
let adapter: Adapter;
let hero: FakeActor;
let villain: FakeActor;

beforeEach(async () => {
  world = installFoundry();
  adapter = await loadAdapter();
  registerTestRuleset(world, adapter);
  hero = world.createActor({ name: "Hero", type: TEST_TYPE });
  villain = world.createActor({ name: "Villain", type: TEST_TYPE, system: { x: 12 } });
});

const applicationsOf = (m: FakeChatMessage) => (m.system as unknown as { applications: Application[] }).applications;

async function appliedCard(): Promise<FakeChatMessage> {
  world.login("gm");
  world.target("gm", hero);
  const m = (await adapter.cards.postCard({ ruleset: "fracastest", kind: "hit", source: villain as never, result: { damage: 3, stun: false } })) as unknown as FakeChatMessage;
  expect(await adapter.queries.requestApply(m.id, hero.uuid, true)).toMatchObject({ ok: true });
  return m;
}

describe("an application's prior values survive V13's expansion", () => {
  it("the fake expands as V13 does: dotted keys at any depth, inside arrays too", () => {
    expect(expandObject({ "a.b": [{ "c.d": 1, e: { "f.g": 2 } }] })).toEqual({ a: { b: [{ c: { d: 1 }, e: { f: { g: 2 } } }] } });
  });

  it("the card stores {path, value} pairs, and Undo restores the target", async () => {
    const m = await appliedCard();
    const [app] = applicationsOf(m);
    expect(app!.prior).toEqual([{ path: "system.x", value: 10 }]);
    expect(app!.after).toEqual([{ path: "system.x", value: 7 }]);
    expect(await adapter.queries.requestUndo(m.id, app!.id, true)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(hero.system.x).toBe(10);
  });

  it("a card stored before the pairs (prior and after nested by V13's expansion) is read back leaf by leaf, and its Undo goes ahead", async () => {
    const m = await appliedCard();
    const [app] = applicationsOf(m);
    // As an earlier build wrote it: objects keyed by path, which V13 stored nested.
    await m.update({ "system.applications": [{ ...app!, prior: { "system.x": 10 }, after: { "system.x": 7 } }] });
    expect(applicationsOf(m)[0]!.prior).toEqual([{ path: "system.x", value: 10 }]);
    expect(await adapter.queries.requestUndo(m.id, app!.id, true)).toEqual({ ok: true, summary: { key: "FRACAS.Chat.Undone" } });
    expect(hero.system.x).toBe(10);
  });

  it("pathValuesOf: pairs as they are (malformed ones dropped), an object leaf by leaf, anything else as none", () => {
    expect(pathValuesOf([{ path: "system.a", value: { b: 1 } }, { path: "", value: 2 }, null, { value: 3 }])).toEqual([{ path: "system.a", value: { b: 1 } }]);
    expect(pathValuesOf({ system: { a: 1, b: "x" } })).toEqual([
      { path: "system.a", value: 1 },
      { path: "system.b", value: "x" },
    ]);
    expect(pathValuesOf("nonsense")).toEqual([]);
    expect(pathValuesOf(undefined)).toEqual([]);
  });
});
