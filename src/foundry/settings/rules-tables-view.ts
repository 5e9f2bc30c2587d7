/** The Rules tables form's view of a table: pure, so the template is tested with real tables. */
import { overrideGrid, type Grid } from "../../engine/tables.js";

export interface TableView {
  id: string;
  ruleset: string;
  title: string;
  source: string;
  sourceLabel: string;
  provisional: boolean;
  citation: string;
  overridden: boolean;
  /** i18n keys of the column headings (FRACAS.Tables.Column.<column>). */
  columns: string[];
  rows: { key: string; cells: { name: string; value: string | number; label: string; column: string; kind: string; min?: number; max?: number; choices?: readonly string[] }[] }[];
}

/** The i18n key of a column heading: tables name their columns by id (e.g. "percentOfSuccessChance"). */
export function columnKey(column: string): string {
  return `FRACAS.Tables.Column.${column}`;
}

export function tableView(active: Grid, overridden: boolean): TableView {
  return {
    id: active.id,
    ruleset: active.ruleset,
    title: `FRACAS.Table.${active.id}`,
    source: active.source,
    sourceLabel: `FRACAS.Tables.Source.${active.source}`,
    provisional: active.source === "provisional",
    // The source label already says "provisional — replace from your rulebook"; don't say it twice.
    citation: active.citation.replace(/^provisional\s*[—-]\s*replace from your rulebook\.?\s*/i, ""),
    overridden,
    columns: active.columns.map(columnKey),
    rows: active.rows.map((row, r) => ({
      key: row,
      cells: active.columns.map((col, c) => ({
        name: `${active.id}|${r}|${c}`,
        value: active.cells[r]![c]!,
        label: `${row} / ${col}`,
        column: columnKey(col),
        kind: active.cell.kind,
        ...(active.cell.min !== undefined ? { min: active.cell.min } : {}),
        ...(active.cell.max !== undefined ? { max: active.cell.max } : {}),
        ...(active.cell.choices ? { choices: active.cell.choices } : {}),
      })),
    })),
  };
}

/** Turns the form's flat `<id>|<row>|<col>` fields back into one table's cells (strings kept for validation). */
export function cellsFromForm(table: Grid, form: Record<string, unknown>): unknown[][] {
  return table.rows.map((_, r) => table.columns.map((_c, c) => form[`${table.id}|${r}|${c}`]));
}

/** The tables whose submitted cells differ from the ones in force. */
export function changedTables(shipped: readonly Grid[], overrides: Record<string, unknown>, form: Record<string, unknown>): { base: Grid; cells: unknown[][] }[] {
  const out: { base: Grid; cells: unknown[][] }[] = [];
  for (const base of shipped) {
    const cells = cellsFromForm(base, form);
    if (cells.every((row) => row.every((v) => v === undefined))) continue;
    let current = base;
    try {
      if (overrides[base.id] !== undefined) current = overrideGrid(base, overrides[base.id]);
    } catch {
      current = base;
    }
    const changed = cells.some((row, r) => row.some((v, c) => String(v) !== String(current.cells[r]![c])));
    if (changed) out.push({ base, cells });
  }
  return out;
}
