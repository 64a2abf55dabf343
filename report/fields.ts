/**
 * Tolerant readers for result lines. `tribunal report` shows what a line holds and passes over what
 * it lacks (an older line, another protocol's version): a missing field reads as null / empty.
 */
export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
export const str = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
export const strOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);
export const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
export const objects = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
export const obj = (v: unknown): Json => (isObject(v) ? v : {});
export const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => (typeof x === "string" ? x : JSON.stringify(x))) : []);

/** `{agent, kind, message}` entries (meta.fallbacks, meta.invalid_outputs, an unscored line's error). */
export function agentEvents(v: unknown): { agent: string; kind: string; message: string }[] {
  return objects(v).map((e) => ({ agent: str(e["agent"]) || "?", kind: str(e["kind"]) || "error", message: str(e["message"]) }));
}

/** `{agent, kind, wait_ms}` entries of `meta.retries`. */
export function retryEvents(v: unknown): { agent: string; kind: string; waitMs: number | null }[] {
  return objects(v).map((e) => ({ agent: str(e["agent"]) || "?", kind: str(e["kind"]) || "error", waitMs: num(e["wait_ms"]) }));
}

/** `meta.cost_usd` when the line carries it (the batch runner adds it when it knows the model's prices). */
export const metaCost = (meta: Record<string, unknown>): number | null => num(meta["cost_usd"]);

export function metaTokens(meta: Record<string, unknown>): { input: number; output: number; total: number } | null {
  const t = obj(meta["tokens"]);
  const input = num(t["input"]);
  const output = num(t["output"]);
  const total = num(t["total"]);
  if (input === null && output === null && total === null) return null;
  return { input: input ?? 0, output: output ?? 0, total: total ?? (input ?? 0) + (output ?? 0) };
}

/** Tallies keys in first-seen order, then sorts by count (desc), keeping that order among ties. */
export function tally(keys: Iterable<string>): { key: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count);
}

/** Distinct values in first-seen order. */
export function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}
