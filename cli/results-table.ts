import type { Range } from "../results/spec.js";
import type { ResultRow } from "../runs/result-row.js";
import { clean, formatScore } from "../scoring/numbers.js";

/** What the table shows besides the id and the status: the headline's name and scale, and the rubric's criteria in order. */
export interface TableColumns {
  headline: string;
  range: Range;
  criteria: readonly string[];
}

const MISSING = "-";

/** Numeric ids in order first, then the others in natural order (`d2` before `d10`): a USS file reads in input order. */
function byId(a: ResultRow, b: ResultRow): number {
  if (typeof a.id === "number" && typeof b.id === "number") return a.id - b.id;
  if (typeof a.id === "number") return -1;
  if (typeof b.id === "number") return 1;
  return a.id.localeCompare(b.id, "en", { numeric: true });
}

function statusText(row: ResultRow): string {
  if (row.status === "unscored") return row.error ? `unscored (${row.error})` : "unscored";
  return row.rejected ? `${row.status} (rejected)` : row.status;
}

const cell = (value: number | undefined) => (value === undefined ? MISSING : formatScore(value));

/** The mean headline of the scored rows, the number `--fail-under` checks. */
function footer(rows: readonly ResultRow[], columns: TableColumns): string {
  const scores = rows.flatMap((r) => (r.headline === undefined ? [] : [r.headline]));
  const scale = `scale ${formatScore(columns.range.min)}–${formatScore(columns.range.max)}`;
  if (scores.length === 0) return `no scored dialogue (${columns.headline}, ${scale})`;
  const mean = clean(scores.reduce((s, x) => s + x, 0) / scores.length);
  return `mean ${columns.headline} ${formatScore(mean)} over ${scores.length} scored dialogue${scores.length === 1 ? "" : "s"} (${scale})`;
}

/**
 * The results as an aligned text table, one row per dialogue in id order: id, headline, each
 * criterion's score (`-` where there is none: an unscored line, a checklist NA), status; then the
 * mean headline.
 */
export function formatResultsTable(rows: readonly ResultRow[], columns: TableColumns): string {
  const header = ["id", columns.headline, ...columns.criteria, "status"];
  const body = [...rows].sort(byId).map((r) => [String(r.id), cell(r.headline), ...columns.criteria.map((c) => cell(r.criteria[c])), statusText(r)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? "").length)));
  const last = header.length - 1;
  // Id and status read left to right; the scores line up on their units.
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 || i === last ? c.padEnd(i === last ? 0 : (widths[i] ?? 0)) : c.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(header), rule, ...body.map(line), "", footer(rows, columns)].join("\n") + "\n";
}
