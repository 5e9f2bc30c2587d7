/**
 * What a card's Apply/Undo section shows: one row per target, with the live application's
 * summary and its Undo, or an Apply button. Pure (strings come through `translate`), so the
 * template is rendered with real data in the browser tests.
 */
import type { Application } from "../data/card-data.js";

export interface ApplicationsView {
  rows: { name: string; uuid: string; applied: { id: string; summary: string } | null }[];
  empty: boolean;
}

export function applicationsView(
  card: { targets: { uuid: string; name: string }[]; applications: Application[] },
  translate: (key: string, data?: Record<string, string | number>) => string,
): ApplicationsView {
  const rows = card.targets.map((target) => {
    const live = card.applications.filter((a) => a.targetUuid === target.uuid && !a.undone).at(-1);
    return {
      name: target.name,
      uuid: target.uuid,
      applied: live ? { id: live.id, summary: live.summary.key ? translate(live.summary.key, live.summary.data) : "" } : null,
    };
  });
  return { rows, empty: rows.length === 0 };
}
