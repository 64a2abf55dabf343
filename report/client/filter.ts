import type { Row } from "../model.js";

export type SortKey = "line" | "id" | "protocol" | "status" | "overall" | "score" | "human" | "gap" | "tokens" | "cost" | "latency";

/** What the search box looks in: id, protocol, status, model, flags and error, lower-cased. */
export function searchText(r: Row): string {
  return [r.id, r.protocol ?? "", r.status, r.model ?? "", ...r.flags, r.error ?? ""].join(" ").toLowerCase();
}

/** Every word of the query occurs in the row's text, and the row has the chosen protocol and status (empty = any). */
export function matches(haystack: string, row: Row, query: string, protocol = "", status = ""): boolean {
  if (protocol && (row.protocol ?? "?") !== protocol) return false;
  if (status && row.status !== status) return false;
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== "");
  return words.every((w) => haystack.includes(w));
}

function value(r: Row, key: SortKey): string | number | null {
  switch (key) {
    case "line":
      return r.line;
    case "id":
      return r.id;
    case "protocol":
      return r.protocol;
    case "status":
      return r.status;
    case "overall":
      return r.overall;
    case "score":
      return r.score;
    case "human":
      return r.human;
    case "gap":
      return r.gap;
    case "tokens":
      return r.tokens;
    case "cost":
      return r.costUsd;
    case "latency":
      return r.latencyMs;
  }
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Row indices sorted by a column (`dir` 1 ascending, −1 descending); empty values last either way; stable. */
export function sortRows(view: readonly number[], rows: readonly Row[], key: SortKey, dir: 1 | -1): number[] {
  return [...view].sort((a, b) => {
    const x = value(rows[a] as Row, key);
    const y = value(rows[b] as Row, key);
    if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
    const c = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
    return c === 0 ? a - b : c * dir;
  });
}
