// The fake's clients: a query's handler runs as its recipient on its own async chain, while the
// sender's code (and any other client's) keeps its own game.user meanwhile — as separate browsers.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FakeWorld } from "./fake/index.js";
import { addPlayers } from "./helpers.js";

let world: FakeWorld;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  world = installFoundry();
  addPlayers(world);
});

describe("each client keeps its own game.user", () => {
  it("a player's code that resumes while a GM query is running still runs as the player", async () => {
    world.config.queries["test.slow"] = async () => {
      await sleep(20);
      return game.user.id;
    };
    world.login("alice");
    const seen: string[] = [];
    const query = world.users.get("gm")!.query("test.slow", {});
    await sleep(5);
    seen.push(game.user.id ?? "");
    expect(await query).toBe("gm");
    seen.push(game.user.id ?? "");
    expect(seen).toEqual(["alice", "alice"]);
  });

  it("two clients running at once each see themselves", async () => {
    const ids = await Promise.all([
      world.as("alice", async () => {
        await sleep(10);
        return game.user.id;
      }),
      world.as("bob", async () => {
        await sleep(5);
        return game.user.id;
      }),
    ]);
    expect(ids).toEqual(["alice", "bob"]);
  });
});

describe("each client keeps its own open applications", () => {
  it("an application rendered on a player's client is open there only, until it is closed", async () => {
    const { ApplicationV2 } = foundry.applications.api as unknown as { ApplicationV2: new () => { id: string; render(): Promise<unknown>; close(): Promise<unknown> } };
    const instances = () => [...(foundry.applications as unknown as { instances: Map<string, unknown> }).instances.values()];
    const app = new ApplicationV2();
    await world.as("alice", async () => {
      await app.render();
      expect(instances()).toEqual([app]);
    });
    expect(game.user.id).toBe("gm");
    expect(instances()).toEqual([]);
    expect([...world.appsOf("alice").keys()]).toEqual([app.id]);
    // A re-render from a hook on another client still belongs to the client that opened it.
    await app.render();
    expect(instances()).toEqual([]);
    await app.close();
    expect(world.appsOf("alice").size).toBe(0);
  });
});
