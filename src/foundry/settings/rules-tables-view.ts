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
  rows: { key: string; label: Label; cells: { name: string; value: string | number; column: string; kind: string; min?: number; max?: number; choices?: readonly Choice[] }[] }[];
}

/** A row's or an option's name: an i18n key the template localizes, or (letters and numbers) as written. */
export interface Label {
  key?: string;
  text?: string;
}

export interface Choice {
  value: string;
  label: Label;
}

/** How the form names a row or a choice: by the table's i18n prefix, or as written when it has none. */
export function labelOf(prefix: string | undefined, name: string): Label {
  return prefix ? { key: `${prefix}.${name}` } : { text: name };
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
      label: labelOf(active.rowLabels, row),
      cells: active.columns.map((col, c) => ({
        name: `${active.id}|${r}|${c}`,
        value: active.cells[r]![c]!,
        column: columnKey(col),
        kind: active.cell.kind,
        ...(active.cell.min !== undefined ? { min: active.cell.min } : {}),
        ...(active.cell.max !== undefined ? { max: active.cell.max } : {}),
        ...(active.cell.choices ? { choices: active.cell.choices.map((value) => ({ value, label: labelOf(active.choiceLabels, value) })) } : {}),
      })),
    })),
  };
}

/**
 * ruleErrorRefusal's `word` for a refused cell of `table`: the table, row and column by the names
 * the form shows them by, not by their ids (a row without a label prefix is named as written).
 */
export function tableWords(table: Grid): (code: string, field: string, value: string) => string | null {
  return (_code, field, value) => {
    if (field === "table") return `FRACAS.Table.${table.id}`;
    if (field === "row") return labelOf(table.rowLabels, value).key ?? null;
    if (field === "column") return columnKey(value);
    return null;
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
