import { isObject, num } from "./fields.js";

/** `{ <criterion>: { score } }` entries of an object, leaving out `skip` keys and entries without a numeric score. */
export function scoredEntries(holder: unknown, skip: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isObject(holder)) return out;
  for (const [key, value] of Object.entries(holder)) {
    if (skip.includes(key) || !isObject(value)) continue;
    const score = num(value["score"]);
    if (score !== null) out[key] = score;
  }
  return out;
}
