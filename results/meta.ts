import { z } from "zod";
import type { CallRecord } from "../judges/run-agent.js";

const AgentEvent = z.object({ agent: z.string(), kind: z.string(), message: z.string() });

export const ResultSource = z.object({ file: z.string().nullable(), dialogue_hash: z.string() });
export type ResultSource = z.infer<typeof ResultSource>;

export const ResultMeta = z.object({
  /** The protocol's id (graphs/registry.ts lists them). */
  protocol: z.string(),
  rubric: z.string(),
  model: z.string(),
  status: z.enum(["scored", "unscored"]),
  /**
   * Who actually scored the line: the requested model (or `offline`) when every agent's answer came
   * from it; otherwise per agent, `offline-fallback` where the offline judge answered after the model
   * failed and `failed` where nobody did. Null on an unscored line.
   */
  scored_by: z.union([z.string(), z.record(z.string(), z.string())]).nullable(),
  tokens: z.object({ input: z.number(), output: z.number(), total: z.number() }),
  /** With one model per role (`--model evaluator=…,critic=…`): the tokens of each model, which the cost is summed from. */
  tokens_by_model: z.record(z.string(), z.object({ input: z.number(), output: z.number() })).optional(),
  /** Sum of the agents' call times. */
  latency_ms: z.number(),
  calls: z.number(),
  /** Agents the offline judge answered for after their LLM call failed. */
  fallbacks: z.array(AgentEvent),
  /** Invalid answers met on the way (repaired or not), by agent and kind. */
  invalid_outputs: z.array(AgentEvent),
  warnings: z.array(z.string()),
  /** Failed requests that were retried (rate limits, 5xx, timeouts, connection errors), by agent. */
  retries: z.array(z.object({ agent: z.string(), kind: z.string(), wait_ms: z.number() })),
  /**
   * Set by the judge path (`api/judge-dialogue.ts`) on every line: the hash of everything that changes
   * scores (protocol, rubric id and content, model, prompt version, blind, temperature, samples);
   * `--resume` refuses other hashes.
   */
  config_hash: z.string().optional(),
  /** Set by the judge path: USD for this line's tokens at the price table's rate, null when unknown. */
  cost_usd: z.number().nullable().optional(),
  /** Set by the batch runner with `--samples K` (K > 1): the spread across the K judgements. */
  stability: z.unknown().optional(),
  /**
   * Set by the judge path: where the dialogue came from. `file` is the input file's name as given
   * (`-` for stdin; null from the library); `dialogue_hash` (`dialogues/hash.ts`) hashes its turns'
   * speakers and texts, so `tribunal agree` and `report` can check a labels file holds the same
   * dialogues. Absent on lines written before it was recorded.
   */
  source: ResultSource.optional(),
});
export type ResultMeta = z.infer<typeof ResultMeta>;

/** Who answered one call: its model, the offline judge (asked for, or after the model failed), or nobody. */
function answeredBy(call: CallRecord, model: string): string {
  if (call.source === "fallback") return "offline-fallback";
  if (call.source === "offline") return "offline";
  return call.error ? "failed" : (call.model ?? model);
}

function scoredBy(calls: readonly CallRecord[], model: string): ResultMeta["scored_by"] {
  const byAgent: Record<string, string> = {};
  // An agent called more than once (a debate's rounds) is reported by its worst answer.
  for (const call of calls) {
    const who = answeredBy(call, model);
    if (byAgent[call.agent] === undefined || who === "offline-fallback" || who === "failed") byAgent[call.agent] = who;
  }
  const who = new Set(Object.values(byAgent));
  return who.size > 1 ? byAgent : ([...who][0] ?? model);
}

/** Tokens per model, when the calls went to more than one. */
function tokensByModel(calls: readonly CallRecord[]): ResultMeta["tokens_by_model"] {
  const byModel: Record<string, { input: number; output: number }> = {};
  for (const call of calls) {
    if (!call.model) continue;
    const tokens = (byModel[call.model] ??= { input: 0, output: 0 });
    tokens.input += call.inputTokens;
    tokens.output += call.outputTokens;
  }
  return Object.keys(byModel).length > 1 ? byModel : undefined;
}

export function buildMeta(input: { protocol: string; rubric: string; model: string; calls: readonly CallRecord[]; warnings: readonly string[]; unscored?: boolean }): ResultMeta {
  const input_ = input.calls.reduce((s, c) => s + c.inputTokens, 0);
  const output = input.calls.reduce((s, c) => s + c.outputTokens, 0);
  return {
    protocol: input.protocol,
    rubric: input.rubric,
    model: input.model,
    status: input.unscored ? "unscored" : "scored",
    scored_by: input.unscored ? null : scoredBy(input.calls, input.model),
    tokens: { input: input_, output, total: input_ + output },
    ...(tokensByModel(input.calls) ? { tokens_by_model: tokensByModel(input.calls) } : {}),
    latency_ms: input.calls.reduce((s, c) => s + c.latencyMs, 0),
    calls: input.calls.length,
    fallbacks: input.calls.filter((c) => c.source === "fallback" && c.error).map((c) => ({ agent: c.agent, kind: c.error?.kind ?? "error", message: c.error?.message ?? "" })),
    invalid_outputs: input.calls.flatMap((c) => c.invalid.map((p) => ({ agent: c.agent, kind: p.kind, message: p.message }))),
    warnings: [...input.warnings],
    retries: input.calls.flatMap((c) => (c.retries ?? []).map((r) => ({ agent: c.agent, kind: r.kind, wait_ms: r.waitMs }))),
  };
}
