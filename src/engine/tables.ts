/**
 * Rules tables as data. Every table a ruleset reads is a Grid: named rows × named columns of
 * cells (integers or choice strings) plus where the numbers come from. One shape for all tables
 * lets the GM's Rules tables form edit any cell of any ruleset generically, and lets one
 * validator refuse a bad override with a message naming the cell.
 */
import { FracasRuleError } from "./errors.js";

/** seed = the seed text; peers = public implementations' consensus; provisional = Fracas's default. */
export type TableSource = "seed" | "peers" | "provisional";
export type Cell = number | string;

export interface CellRule {
  kind: "int" | "choice";
  min?: number;
  max?: number;
  choices?: readonly string[];
}

export interface Grid {
  /** Stable id, `<ruleset>.<name>`, also the i18n key suffix FRACAS.Table.<ruleset>.<name>. */
  readonly id: string;
  readonly ruleset: string;
  readonly source: TableSource;
  /** Where the numbers come from, in plain words (shown in the Rules tables form). */
  readonly citation: string;
  readonly rows: readonly string[];
  readonly columns: readonly string[];
  /**
   * The i18n prefix the Rules tables form names rows by (`<rowLabels>.<row>`); without one the rows
   * are shown as written, which only letters and numbers may be (A, QR1, 3: test/engine/table-labels).
   */
  readonly rowLabels?: string;
  /** The i18n prefix a choice cell's options are named by (`<choiceLabels>.<choice>`); every choice table has one. */
  readonly choiceLabels?: string;
  readonly cells: readonly (readonly Cell[])[];
  readonly cell: CellRule;
  /** Whole-table invariants (e.g. monotone); returns a problem or null. */
  readonly check?: (cells: readonly (readonly Cell[])[]) => TableProblem | null;
}

export interface TableProblem {
  row: number;
  column: number;
  /** In plain English, for the kernel's own message. */
  reason: string;
  /** Which rule the cell breaks, an id the adapter words in the reader's language (FRACAS.Tables.Why.<why>). */
  why: string;
}

/** Reads a cell by row and column name; a wrong name is a bug in the ruleset, reported clearly. */
export function cellAt(grid: Grid, row: string, column: string): Cell {
  const r = grid.rows.indexOf(row);
  const c = grid.columns.indexOf(column);
  if (r < 0 || c < 0) {
    throw new FracasRuleError("badTableKey", `table ${grid.id} has no cell ${row}/${column}`, {
      table: grid.id,
      row,
      column,
      value: `${row} / ${column}`,
    });
  }
  return grid.cells[r]![c]!;
}

export function intAt(grid: Grid, row: string, column: string): number {
  const v = cellAt(grid, row, column);
  if (typeof v !== "number") throw new FracasRuleError("badTableKey", `table ${grid.id} cell ${row}/${column} is not a number`, { table: grid.id, row, column, value: `${row} / ${column}` });
  return v;
}

export function choiceAt(grid: Grid, row: string, column: string): string {
  return String(cellAt(grid, row, column));
}

/**
 * Validates a replacement body for `base` (same rows and columns, every cell obeys the cell
 * rule, whole-table check passes). Returns the new Grid or throws a FracasRuleError whose
 * data names the table, row and column of the first bad cell.
 */
export function overrideGrid(base: Grid, cells: unknown): Grid {
  const fail = (row: number, column: number, reason: string, why: string, limit?: number): never => {
    throw new FracasRuleError(
      "badTableCell",
      `${base.id}: row ${base.rows[row] ?? row}, column ${base.columns[column] ?? column}: ${reason}`,
      { table: base.id, row: base.rows[row] ?? String(row), column: base.columns[column] ?? String(column), reason, why, ...(limit !== undefined ? { limit } : {}) },
    );
  };
  if (!Array.isArray(cells) || cells.length !== base.rows.length) {
    throw new FracasRuleError("badTableShape", `${base.id}: expected ${base.rows.length} rows`, { table: base.id });
  }
  const out: Cell[][] = [];
  cells.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== base.columns.length) {
      throw new FracasRuleError("badTableShape", `${base.id}: row ${base.rows[r]} needs ${base.columns.length} cells`, { table: base.id, row: base.rows[r] ?? String(r) });
    }
    out.push(row.map((v: unknown, c) => normaliseCell(base.cell, v, (reason, why, limit) => fail(r, c, reason, why, limit))));
  });
  const problem = base.check?.(out);
  if (problem) fail(problem.row, problem.column, problem.reason, problem.why);
  return { ...base, cells: out };
}

function normaliseCell(rule: CellRule, v: unknown, fail: (reason: string, why: string, limit?: number) => never): Cell {
  if (rule.kind === "int") {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    if (typeof n !== "number" || !Number.isInteger(n)) return fail(`"${String(v)}" is not a whole number`, "notWhole");
    if (rule.min !== undefined && n < rule.min) return fail(`${n} is below ${rule.min}`, "belowMin", rule.min);
    if (rule.max !== undefined && n > rule.max) return fail(`${n} is above ${rule.max}`, "aboveMax", rule.max);
    return n;
  }
  const s = String(v ?? "").trim();
  if (!rule.choices?.includes(s)) return fail(`"${s}" is not one of ${(rule.choices ?? []).join(", ")}`, "notAChoice");
  return s;
}

/** Whole-table check helper: every row's cells never decrease left to right. */
export function rowsNonDecreasing(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 0; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 1; c < row.length; c++) {
      if ((row[c] as number) < (row[c - 1] as number)) return { row: r, column: c, reason: "must not be lower than the cell to its left", why: "notLowerThanLeft" };
    }
  }
  return null;
}

/** Whole-table check helper: every column's cells never decrease top to bottom. */
export function columnsNonDecreasing(cells: readonly (readonly Cell[])[]): TableProblem | null {
  for (let r = 1; r < cells.length; r++) {
    const row = cells[r]!;
    for (let c = 0; c < row.length; c++) {
      if ((row[c] as number) < (cells[r - 1]![c] as number)) return { row: r, column: c, reason: "must not be lower than the cell above it", why: "notLowerThanAbove" };
    }
  }
  return null;
}
