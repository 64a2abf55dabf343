import { num, obj, objects, str, type Json } from "./fields.js";

/** `{agent, kind, message}` entries (meta.fallbacks, meta.invalid_outputs, an unscored line's error). */
export function agentEvents(v: unknown): { agent: string; kind: string; message: string }[] {
  return objects(v).map((e) => ({ agent: str(e["agent"]) || "?", kind: str(e["kind"]) || "error", message: str(e["message"]) }));
}

/** `{agent, kind, wait_ms}` entries of `meta.retries`. */
export function retryEvents(v: unknown): { agent: string; kind: string; waitMs: number | null }[] {
  return objects(v).map((e) => ({ agent: str(e["agent"]) || "?", kind: str(e["kind"]) || "error", waitMs: num(e["wait_ms"]) }));
}

/** `meta.cost_usd` when the line carries it (the batch runner adds it when it knows the model's prices). */
export const metaCost = (meta: Json): number | null => num(meta["cost_usd"]);

/** `meta.tokens`; null when the meta has none of input, output and total. */
export function metaTokens(meta: Json): { input: number; output: number; total: number } | null {
  const t = obj(meta["tokens"]);
  const input = num(t["input"]);
  const output = num(t["output"]);
  const total = num(t["total"]);
  if (input === null && output === null && total === null) return null;
  return { input: input ?? 0, output: output ?? 0, total: total ?? (input ?? 0) + (output ?? 0) };
}

/** A line's input and output tokens (0 when its meta has none). */
export function lineTokens(line: Json): { input: number; output: number } {
  const tokens = metaTokens(obj(line["meta"]));
  return { input: tokens?.input ?? 0, output: tokens?.output ?? 0 };
}
