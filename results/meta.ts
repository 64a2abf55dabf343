import type { CallRecord } from "../judges/run-agent.js";

import type { Protocol } from "../contracts/protocol.js";

export type { Protocol };

export interface ResultMeta {
  protocol: Protocol;
  rubric: string;
  model: string;
  status: "scored" | "unscored";
  tokens: { input: number; output: number; total: number };
  /** Sum of the agents' call times. */
  latency_ms: number;
  calls: number;
  /** Agents the offline judge answered for after their LLM call failed. */
  fallbacks: { agent: string; kind: string; message: string }[];
  /** Invalid answers met on the way (repaired or not), by agent and kind. */
  invalid_outputs: { agent: string; kind: string; message: string }[];
  warnings: string[];
  /** Failed requests that were retried (rate limits, 5xx, timeouts, connection errors), by agent. */
  retries: { agent: string; kind: string; wait_ms: number }[];
  /**
   * Set by the batch runner (`runs/`): the hash of everything that changes scores (protocol, rubric id
   * and content, model, prompt version, blind, temperature, samples); `--resume` refuses other hashes.
   */
  config_hash?: string;
  /** Set by the batch runner: USD for this line's tokens at the price table's rate, null when unknown. */
  cost_usd?: number | null;
  /** Set by the batch runner with `--samples K` (K > 1): the spread across the K judgements. */
  stability?: unknown;
}

export function buildMeta(input: { protocol: Protocol; rubric: string; model: string; calls: readonly CallRecord[]; warnings: readonly string[]; unscored?: boolean }): ResultMeta {
  const input_ = input.calls.reduce((s, c) => s + c.inputTokens, 0);
  const output = input.calls.reduce((s, c) => s + c.outputTokens, 0);
  return {
    protocol: input.protocol,
    rubric: input.rubric,
    model: input.model,
    status: input.unscored ? "unscored" : "scored",
    tokens: { input: input_, output, total: input_ + output },
    latency_ms: input.calls.reduce((s, c) => s + c.latencyMs, 0),
    calls: input.calls.length,
    fallbacks: input.calls.filter((c) => c.source === "fallback" && c.error).map((c) => ({ agent: c.agent, kind: c.error?.kind ?? "error", message: c.error?.message ?? "" })),
    invalid_outputs: input.calls.flatMap((c) => c.invalid.map((p) => ({ agent: c.agent, kind: p.kind, message: p.message }))),
    warnings: [...input.warnings],
    retries: input.calls.flatMap((c) => (c.retries ?? []).map((r) => ({ agent: c.agent, kind: r.kind, wait_ms: r.waitMs }))),
  };
}
