/**
 * Cards posted before session 3 store their Apply rows' summary keys, and the core translates the
 * stored key on every render (chat/render.ts: applicationsView with t). Two keys those cards name
 * were replaced by One/Other forms; they stay in the lang file (DECISIONS D43), worded for any count.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, loadAdapter, type FakeWorld } from "../../../foundry/fake/index.js";
import { applicationsView } from "../../../../src/foundry/chat/applications-view.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";
import { t } from "../../../../src/foundry/i18n.js";

let world: FakeWorld;

beforeEach(async () => {
  world = installFoundry();
  await loadAdapter();
});

/** An Apply row as an older card stored it: the summary key and the data it was given then. */
function oldRow(key: string, data: Record<string, string | number>): string {
  const application = { id: "app1", targetUuid: "Actor.a", undone: false, poolEntries: [], summary: { key, data } } as unknown as Application;
  const view = applicationsView({ targets: [{ uuid: "Actor.a", name: "Brute" }], applications: [application] }, t);
  return view.rows[0]!.applied!.summary;
}

describe("summary keys that older cards' Apply rows still name", () => {
  it("Summary.NowUnconscious (the attack's Apply, with {name, hours})", () => {
    expect(world.i18n.has("FRACAS.Bond.Summary.NowUnconscious")).toBe(true);
    expect(oldRow("FRACAS.Bond.Summary.NowUnconscious", { name: "Brute", hours: 1 })).toBe("now Incapacitated, unconscious (hours: 1, the attack's D6)");
    expect(oldRow("FRACAS.Bond.Summary.NowUnconscious", { name: "Brute", hours: 4 })).toBe("now Incapacitated, unconscious (hours: 4, the attack's D6)");
  });

  it("Summary.Recovery.stun.Failed (a failed Stun roll's Apply, with {name, rounds})", () => {
    expect(world.i18n.has("FRACAS.Bond.Summary.Recovery.stun.Failed")).toBe(true);
    expect(oldRow("FRACAS.Bond.Summary.Recovery.stun.Failed", { name: "Brute", rounds: 1 })).toBe("no action (rounds: 1)");
    expect(oldRow("FRACAS.Bond.Summary.Recovery.stun.Failed", { name: "Brute", rounds: 3 })).toBe("no action (rounds: 3)");
  });
});
