import { readDialogues } from "../dialogues/read.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { ProtocolDefinition } from "../graphs/protocols.js";
import { isConfigError } from "../config/errors.js";
import { isRubricError } from "../rubrics/errors.js";
import { redact } from "../util/redact.js";

export interface BatchOptions {
  protocol: ProtocolDefinition;
  /** Passed to every graph run as `configurable` (model, rubric, blind, …). */
  configurable: Record<string, unknown>;
  concurrency: number;
  /** Receives each finished dialogue's line, whole, in completion order. */
  write: (line: string) => void | Promise<void>;
  onProgress?: (done: number, total: number) => void;
}

export interface BatchSummary {
  total: number;
  scored: number;
  unscored: number;
  /** Dialogues where at least one agent fell back to the offline judge. */
  withFallback: number;
  wallMs: number;
}

/** Reads the whole file once without judging anything, so that bad input fails before any output. */
export async function countDialogues(file: string, read: (file: string) => AsyncIterable<Dialogue> = readDialogues): Promise<number> {
  let total = 0;
  for await (const _ of read(file)) total++;
  return total;
}

async function settleOne<R>(running: Map<number, Promise<[number, R]>>): Promise<R> {
  const [id, value] = await Promise.race(running.values());
  running.delete(id);
  return value;
}

/** Runs `work` on the items with at most `limit` in flight, yielding results as they finish. */
async function* withConcurrency<T, R>(items: AsyncIterable<T>, limit: number, work: (item: T) => Promise<R>): AsyncGenerator<R> {
  const running = new Map<number, Promise<[number, R]>>();
  let next = 0;
  for await (const item of items) {
    const id = next++;
    const settled = work(item).then((value): [number, R] => [id, value]);
    // The rejection reaches the caller through settleOne's race; until that race is attached (fewer
    // items than `limit`, or items still being read) it must not count as an unhandled rejection.
    settled.catch(() => undefined);
    running.set(id, settled);
    if (running.size >= limit) yield await settleOne(running);
  }
  while (running.size > 0) yield await settleOne(running);
}

/** Judges every dialogue of a file with bounded concurrency, streaming one JSON line per dialogue. */
export async function evaluateFile(file: string, options: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const read = options.protocol.readInput ?? readDialogues;
  const total = await countDialogues(file, read);
  const summary: BatchSummary = { total, scored: 0, unscored: 0, withFallback: 0, wallMs: 0 };
  const unscored = (dialogue: Dialogue, message: string) => ({
    dialogue_id: dialogue.id,
    status: "unscored",
    error: { agent: options.protocol.id, kind: "error", message: redact(message) },
    meta: { protocol: options.protocol.id, status: "unscored" },
  });
  const judge = async (dialogue: Dialogue): Promise<Record<string, unknown>> => {
    try {
      const state = await options.protocol.graph.invoke({ dialogue }, { configurable: options.configurable });
      return state.result ?? unscored(dialogue, "the graph returned no result");
    } catch (e) {
      if (isConfigError(e) || isRubricError(e)) throw e;
      return unscored(dialogue, (e as Error).message ?? String(e));
    }
  };
  let done = 0;
  for await (const result of withConcurrency(read(file), Math.max(1, options.concurrency), judge)) {
    const meta = result.meta as { status?: string; fallbacks?: unknown[] } | undefined;
    if (meta?.status === "scored") summary.scored++;
    else summary.unscored++;
    if ((meta?.fallbacks?.length ?? 0) > 0) summary.withFallback++;
    await options.write(`${JSON.stringify(result)}\n`);
    options.onProgress?.(++done, total);
  }
  summary.wallMs = Math.round(performance.now() - started);
  return summary;
}
