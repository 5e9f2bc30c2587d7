import { describe, expect, it } from "vitest";
import { openOnce } from "../../src/foundry/sheets/open-once.js";

/** A dialog as openOnce sees it: rendered after its render resolves, closed by hand. */
class Dialog {
  rendered = false;
  fronted = 0;
  release: () => void = () => undefined;
  bringToFront(): void {
    this.fronted++;
  }
  async render(): Promise<void> {
    await new Promise<void>((r) => (this.release = r));
    this.rendered = true;
  }
}

describe("openOnce", () => {
  it("a double click opens one dialog; a click once it is open brings it to the front; after its close a new one opens", async () => {
    const made: Dialog[] = [];
    const make = () => {
      const d = new Dialog();
      made.push(d);
      return d;
    };
    const first = openOnce("bond.attack:Actor.a", make);
    const second = openOnce("bond.attack:Actor.a", make); // still opening: the same dialog
    made[0]!.release();
    expect(await first).toBe(made[0]);
    expect(await second).toBe(made[0]);
    expect(made).toHaveLength(1);
    expect(made[0]!.fronted).toBe(0);
    await openOnce("bond.attack:Actor.a", make);
    expect(made[0]!.fronted).toBe(1);
    // Another actor, or another kind, has its own.
    const other = openOnce("bond.attack:Actor.b", make);
    made[1]!.release();
    await other;
    expect(made).toHaveLength(2);
    made[0]!.rendered = false; // closed
    const again = openOnce("bond.attack:Actor.a", make);
    made[2]!.release();
    expect(await again).toBe(made[2]);
  });

  it("a minimised dialog is restored, then brought to the front (review-s8b G4)", async () => {
    const dialog = { rendered: true, minimized: false, restored: 0, fronted: 0, bringToFront() { this.fronted++; }, async maximize() { this.restored++; this.minimized = false; }, render: async () => undefined };
    await openOnce("zodiac.roll:Actor.d", () => dialog);
    dialog.minimized = true;
    await openOnce("zodiac.roll:Actor.d", () => dialog);
    expect([dialog.restored, dialog.fronted, dialog.minimized]).toEqual([1, 1, false]);
  });

  it("a dialog re-rendering (V13: not `rendered` while RENDERING) is still the one open: a click opens no second one (review-s9-foundry V2)", async () => {
    const dialog = { rendered: true, state: 2, fronted: 0, bringToFront() { this.fronted++; }, render: async () => undefined };
    await openOnce("bond.attack:Actor.e", () => dialog);
    Object.assign(dialog, { rendered: false, state: 1 }); // a follow() redraw under way
    const made: unknown[] = [];
    expect(await openOnce("bond.attack:Actor.e", () => (made.push(1), { ...dialog }))).toBe(dialog);
    expect(made).toEqual([]);
    Object.assign(dialog, { rendered: false, state: -1 }); // closed
    const fresh = { rendered: false, bringToFront: () => undefined, render: async () => void (fresh.rendered = true) };
    expect(await openOnce("bond.attack:Actor.e", () => fresh)).toBe(fresh);
  });

  it("a dialog whose render failed is forgotten: the next click opens a new one", async () => {
    const broken = { rendered: false, bringToFront: () => undefined, render: async () => Promise.reject(new Error("template missing")) };
    await expect(openOnce("radio.attack:Actor.c", () => broken)).rejects.toThrow("template missing");
    const fine = { rendered: false, bringToFront: () => undefined, render: async () => void (fine.rendered = true) };
    expect(await openOnce("radio.attack:Actor.c", () => fine)).toBe(fine);
  });
});
