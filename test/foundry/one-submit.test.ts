import { describe, expect, it } from "vitest";
import { oneSubmitAtATime } from "../../src/foundry/sheets/one-submit.js";

describe("oneSubmitAtATime", () => {
  it("ignores a second submit of the same dialog while the first runs, and runs the next one after it", async () => {
    const dialog = {};
    let release!: () => void;
    const runs: string[] = [];
    const first = oneSubmitAtATime(dialog, async () => {
      runs.push("first");
      await new Promise<void>((r) => (release = r));
    });
    expect(await oneSubmitAtATime(dialog, async () => void runs.push("double click"))).toBe(false);
    // Another dialog is not held up by this one.
    expect(await oneSubmitAtATime({}, async () => void runs.push("other dialog"))).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await oneSubmitAtATime(dialog, async () => void runs.push("next roll"))).toBe(true);
    expect(runs).toEqual(["first", "other dialog", "next roll"]);
  });

  it("a string key (a button that is no dialog) is held the same way, apart from other keys", async () => {
    let release!: () => void;
    const first = oneSubmitAtATime("bond.recover:Actor.a:stun", () => new Promise<void>((r) => (release = r)));
    expect(await oneSubmitAtATime("bond.recover:Actor.a:stun", async () => undefined)).toBe(false);
    expect(await oneSubmitAtATime("bond.recover:Actor.a:wound", async () => undefined)).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await oneSubmitAtATime("bond.recover:Actor.a:stun", async () => undefined)).toBe(true);
  });

  it("a submit that throws frees the dialog for the next one, and the error reaches the caller", async () => {
    const dialog = {};
    await expect(oneSubmitAtATime(dialog, async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await oneSubmitAtATime(dialog, async () => undefined)).toBe(true);
  });
});
