import { describe, it, expect } from "vitest";
import { applicationsView } from "../../src/foundry/chat/applications-view.js";
import type { Application } from "../../src/foundry/data/card-data.js";

const app = (id: string, targetUuid: string, at: number, undone = false): Application => ({
  id, targetUuid, by: "gm", at, prior: [], statuses: [], summary: { key: `K.${id}`, data: { n: at } }, poolEntries: [], undone,
});

describe("applicationsView", () => {
  it("shows the latest live application per target, or Apply", () => {
    const view = applicationsView(
      { targets: [{ uuid: "A", name: "Ann" }, { uuid: "B", name: "Ben" }, { uuid: "C", name: "Cy" }], applications: [app("1", "A", 1, true), app("2", "A", 2), app("3", "B", 3, true)] },
      (key, data) => `${key}:${data?.n}`,
    );
    expect(view).toEqual({
      rows: [
        { name: "Ann", uuid: "A", applied: { id: "2", summary: "K.2:2", gmOnly: false, locked: false } },
        { name: "Ben", uuid: "B", applied: null },
        { name: "Cy", uuid: "C", applied: null },
      ],
      empty: false,
    });
  });
  it("an application that gave a GM's pool points: Undo is the GM's, locked for a player", () => {
    const pooled: Application = { ...app("4", "A", 4), poolEntries: [{ pool: "setback", entryId: "e1" }] as Application["poolEntries"] };
    const card = { targets: [{ uuid: "A", name: "Ann" }], applications: [pooled] };
    expect(applicationsView(card, (k) => k, false).rows[0]!.applied).toMatchObject({ gmOnly: true, locked: true });
    expect(applicationsView(card, (k) => k, true).rows[0]!.applied).toMatchObject({ gmOnly: true, locked: false });
  });
  it("a kind's summaryText words the row on the reader's client; null falls back to the stored key", () => {
    const card = { targets: [{ uuid: "A", name: "Ann" }, { uuid: "B", name: "Ben" }], applications: [app("5", "A", 1), app("6", "B", 2)] };
    const seen: unknown[] = [];
    const summaryText = (s: { key: string; data?: Record<string, string | number> }, tr: (k: string) => string) => {
      seen.push(s);
      return s.key === "K.5" ? `${tr("Count")} ${s.data?.n === 1 ? "one" : "many"}` : null;
    };
    const view = applicationsView(card, (key, data) => (data ? `${key}:${data.n}` : `<${key}>`), true, summaryText);
    expect(view.rows.map((r) => r.applied?.summary)).toEqual(["<Count> one", "K.6:2"]);
    expect(seen).toEqual([{ key: "K.5", data: { n: 1 } }, { key: "K.6", data: { n: 2 } }]);
  });
  it("says when there are no targets", () => {
    expect(applicationsView({ targets: [], applications: [] }, (k) => k)).toEqual({ rows: [], empty: true });
  });
});
