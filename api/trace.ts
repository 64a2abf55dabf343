import { awaitAllCallbacks } from "@langchain/core/callbacks/promises";
import { LangChainTracer } from "@langchain/core/tracers/tracer_langchain";
import type { ProtocolId as Protocol } from "../graphs/registry.js";
import { protocolOf, resolveRun } from "./builders.js";

/** What a batch is judged with, as trace tags and metadata show it. */
export interface RunLabels {
  protocol: Protocol;
  /** The rubric's id (the protocol's default when none is configured). */
  rubric: string;
  /** `offline`, `openai:gpt-4o-mini`, … as in `meta.model`. */
  model: string;
}

/** Labels for a protocol run with this `configurable` (resolves the rubric once: call it per batch). */
export function runLabels(protocol: Protocol, configurable: Record<string, unknown>): RunLabels {
  const configuration = resolveRun(protocolOf(protocol), configurable);
  return { protocol, rubric: configuration.rubric.id, model: configuration.modelLabel };
}

/**
 * Tags and metadata for one dialogue's graph run: every run of its trace inherits them, so LangSmith
 * can filter a batch by protocol and rubric and find a dialogue by `dialogue_id`.
 */
export function traceConfig(labels: RunLabels, dialogueId: string | number): { tags: string[]; metadata: Record<string, unknown> } {
  return {
    tags: [`protocol:${labels.protocol}`, `rubric:${labels.rubric}`, `model:${labels.model}`],
    metadata: { dialogue_id: dialogueId, protocol: labels.protocol, rubric: labels.rubric, model: labels.model },
  };
}

/** The LangSmith project a batch goes to when the user names none: `tribunal-<protocol>-<rubric>-<model>`. */
export function defaultProjectName(labels: RunLabels): string {
  return `tribunal-${labels.protocol}-${labels.rubric}-${labels.model}`.replace(/[^A-Za-z0-9._-]+/g, "-");
}

/** A tracer sending to this LangSmith project (endpoint and key from LANGSMITH_ENDPOINT / LANGSMITH_API_KEY). */
export function projectTracer(projectName: string): LangChainTracer {
  return new LangChainTracer({ projectName });
}

/**
 * Waits for pending trace uploads, at most `timeoutMs`: resolves `true` when everything was sent,
 * `false` when the wait was cut short (endpoint down or slow). Never rejects.
 */
export async function flushTraces(timeoutMs = 5_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const flushed = awaitAllCallbacks().then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([flushed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
