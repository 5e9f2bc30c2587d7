/**
 * Who sent a sealed commit: the sender writes a digest of (nonce + commit) on their own User, and
 * the GM's client checks it against the nonce the query carries. The digest was a 53-bit
 * non-cryptographic hash (cyrb53) while core's card seals use SHA-256 for exactly this reason
 * (quality audit s15): the commit seal is SHA-256 now, one mechanism for both.
 */
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeActor, FakeWorld } from "../../../foundry/fake/index.js";
import { commitDuel, mikeAndJeremy, zodiacWorld } from "./world.js";

let world: FakeWorld;
let mike: FakeActor;
let jeremy: FakeActor;

beforeEach(async () => {
  ({ world } = await zodiacWorld());
  ({ mike, jeremy } = mikeAndJeremy(world));
});

describe("a sealed commit's flag", () => {
  it("is the SHA-256 of the nonce and the commit the query carries, and is cleared once the GM has read it", async () => {
    const handlers = CONFIG.queries as unknown as Record<string, (data: Record<string, unknown>) => Promise<unknown>>;
    const real = handlers["fracas.zodiacCommit"]!;
    const seen: { flag: unknown; expected: string }[] = [];
    handlers["fracas.zodiacCommit"] = (data) => {
      const flag = world.users.get(String(data.userId))!.getFlag("fracas", `zodiacSeals.${String(data.sealId)}`);
      seen.push({ flag, expected: createHash("sha256").update(String(data.nonce) + JSON.stringify(data.commit)).digest("hex") });
      return real(data);
    };
    try {
      expect(await commitDuel(world, "mp", mike, jeremy, { spend: 0, gathered: 0, wagers: 1 })).toBeDefined();
    } finally {
      handlers["fracas.zodiacCommit"] = real;
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.flag).toBe(seen[0]!.expected);
    expect(world.users.get("mp")!.getFlag("fracas", "zodiacSeals") ?? {}).toEqual({});
  });
});
