/**
 * Tolerant readers for result lines. A line read back from a file may be older, or another
 * protocol's version: a missing or mistyped field reads as null / empty, never as an error.
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

/** The value at `path` (object keys only); undefined as soon as a step is not an object. */
export function fieldAt(line: Json, path: readonly string[]): unknown {
  let at: unknown = line;
  for (const key of path) at = isObject(at) ? at[key] : undefined;
  return at;
}
