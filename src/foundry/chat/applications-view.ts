/**
 * What a card's Apply/Undo section shows: one row per target, with the live application's
 * summary and its Undo, or an Apply button. Pure (strings come through `translate`), so the
 * template is rendered with real data in the browser tests.
 */
import type { Application } from "../data/card-data.js";
import type { CardKind } from "../registry.js";

export interface ApplicationsView {
  /**
   * `gmOnly`: the application gave a GM's pool points, so only the GM may undo it (chat/apply.ts);
   * `locked`: this viewer is not the GM, so that Undo is shown disabled.
   */
  rows: { name: string; uuid: string; applied: { id: string; summary: string; gmOnly: boolean; locked: boolean } | null }[];
  empty: boolean;
}

export function applicationsView(
  card: { targets: { uuid: string; name: string }[]; applications: Application[] },
  translate: (key: string, data?: Record<string, string | number>) => string,
  viewerIsGM = true,
  summaryText?: CardKind["summaryText"],
): ApplicationsView {
  const word = (summary: Application["summary"]): string => {
    if (!summary.key) return "";
    const stored = { key: summary.key, ...(summary.data ? { data: summary.data } : {}) };
    return summaryText?.(stored, translate) ?? translate(summary.key, summary.data);
  };
  const rows = card.targets.map((target) => {
    const live = card.applications.filter((a) => a.targetUuid === target.uuid && !a.undone).at(-1);
    return {
      name: target.name,
      uuid: target.uuid,
      applied: live
        ? {
            id: live.id,
            summary: word(live.summary),
            gmOnly: live.poolEntries.length > 0,
            locked: live.poolEntries.length > 0 && !viewerIsGM,
          }
        : null,
    };
  });
  return { rows, empty: rows.length === 0 };
}
