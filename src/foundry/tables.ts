/**
 * The tables in force: each shipped Grid, or the GM's validated override of it (world setting
 * "tableOverrides": { [tableId]: cells }). An override that no longer validates (e.g. after an
 * update changed a table's shape) is ignored with a console warning, never half-used.
 */
import { overrideGrid, type Grid } from "../engine/tables.js";
import { isRuleError } from "../engine/errors.js";
import { allDescriptors } from "./rulesets.js";
import { SYSTEM_ID } from "./settings.js";

export function shippedTables(): Grid[] {
  return allDescriptors().flatMap((d) => [...d.tables]);
}

export function readOverrides(): Record<string, unknown> {
  try {
    return (game.settings.get(SYSTEM_ID, "tableOverrides") as Record<string, unknown>) ?? {};
  } catch {
    return {};
  }
}

/** The table a kernel call should use: the GM's override when it validates, else the shipped one. */
export function activeTable(base: Grid, overrides: Record<string, unknown> = readOverrides()): Grid {
  const cells = overrides[base.id];
  if (cells === undefined) return base;
  try {
    return overrideGrid(base, cells);
  } catch (e) {
    console.warn(`Fracas | ignoring the override of ${base.id}:`, isRuleError(e) ? e.message : e);
    return base;
  }
}

export type Refusal = { code: string; message: string; data: Readonly<Record<string, string | number>> };

/**
 * Validates every changed table first and stores them in one write, so a bad cell anywhere
 * leaves every table as it was. Returns the refusal (naming the table, row and column) or null.
 */
export async function saveOverrides(changes: { base: Grid; cells: unknown }[]): Promise<Refusal | null> {
  const next = { ...readOverrides() };
  for (const { base, cells } of changes) {
    try {
      next[base.id] = overrideGrid(base, cells).cells;
    } catch (e) {
      if (isRuleError(e)) return e;
      throw e;
    }
  }
  if (changes.length > 0) await game.settings.set(SYSTEM_ID, "tableOverrides", next);
  return null;
}

export async function resetOverride(tableId: string): Promise<void> {
  const { [tableId]: _dropped, ...rest } = readOverrides();
  await game.settings.set(SYSTEM_ID, "tableOverrides", rest);
}
