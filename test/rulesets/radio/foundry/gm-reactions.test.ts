/**
 * The GM's client reacts to a player's own write. In Foundry a document hook runs on every
 * connected client, so Radio's combat-end check (gated to the active GM) runs on the GM's client
 * when a player changes their own hero on their sheet. The fake runs document hooks on every
 * connected client too (world.everyClient, on by default; set here so the test says what it needs).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import { createGoons, createFalzetti, createJake, radioModules, radioWorld, startRadioCombat } from "./fight.js";

let world: FakeWorld;
let jake: FakeActor;
let goons: FakeActor;

const endCards = () => world.messages.filter((m) => (m.system as unknown as { kind: string }).kind === "combatEnd") as unknown as FakeChatMessage[];

beforeEach(async () => {
  ({ world } = await radioWorld());
  world.everyClient = true;
  jake = createJake(world, { system: { wounds: { value: 4, max: 5 } } });
  goons = createGoons(world, 2, createFalzetti(world, 2, 8));
  await startRadioCombat(world, [jake, goons], [5, 3, 2, 1]);
  await (await radioModules()).combatEndSettled();
});

describe("the GM's client reacts to a player's own write", () => {
  it("Alice writes her hero down on her own sheet: the GM's client whispers the fight's end to the GM", async () => {
    world.login("alice");
    await jake.update({ "system.wounds.value": -1, "system.state": "dead", "system.finalAction": false });
    await (await radioModules()).combatEndSettled();
    expect(endCards()).toHaveLength(1);
    expect(endCards()[0]!.author?.id).toBe("gm");
    expect((endCards()[0]!.system as unknown as { result: { winner: string } }).result.winner).toBe("gm");
  });
});
