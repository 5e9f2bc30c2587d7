/**
 * Migrations as pure steps over a document's source data. The world's schema version is a
 * setting; on ready the active GM runs every step newer than it, once. A step never drops data:
 * it moves or reshapes it, and tests run each step on a fixture of the previous shape.
 *
 * A step reads a document's source as the current schema cleaned it: V13 drops a field the schema no
 * longer declares before a step can see it. So a field is renamed or removed in two releases (the
 * schema keeps the old field, marked deprecated, in the release whose step moves it), or in the
 * data model's `static migrateData`, which sees the raw data. Steps run on the world's actors and
 * items, on unlinked tokens' own actors and on the world's compendia (migrations.ts).
 *
 * A step returns null for data it has already moved: when one document fails, the world's version
 * is not raised and the next start runs every pending step again, over everything.
 */
export interface MigrationStep {
  version: number;
  /** i18n-free description for the console and CHANGELOG. */
  description: string;
  /** Returns an update for this actor source, or null when nothing changes. */
  actor?(source: Record<string, unknown>): Record<string, unknown> | null;
  item?(source: Record<string, unknown>): Record<string, unknown> | null;
}

/** Fracas's migrations, oldest first. Version 1 is the first released schema. */
export const MIGRATIONS: MigrationStep[] = [
  {
    version: 1,
    description: "First released schema: records the version; no data changes.",
  },
];

export const LATEST_SCHEMA = MIGRATIONS.reduce((v, m) => Math.max(v, m.version), 0);

export function pendingSteps(from: number, steps: readonly MigrationStep[] = MIGRATIONS): MigrationStep[] {
  return steps.filter((s) => s.version > from).sort((a, b) => a.version - b.version);
}

/** Runs `steps` over one source in order, merging each update (dot-paths allowed) into the next's input. */
export function migrateSource(
  source: Record<string, unknown>,
  steps: readonly MigrationStep[],
  which: "actor" | "item",
): Record<string, unknown> | null {
  let current = structuredClone(source);
  let update: Record<string, unknown> | null = null;
  for (const step of steps) {
    const u = step[which]?.(current);
    if (!u) continue;
    update = { ...(update ?? {}), ...u };
    for (const [path, value] of Object.entries(u)) setPath(current, path, value);
  }
  return update;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let o: Record<string, unknown> = obj;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (last.startsWith("-=")) delete o[last.slice(2)];
  else o[last] = value;
}
