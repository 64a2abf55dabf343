import { Queue, QueueEvents } from "bullmq";
import { PROTOCOLS } from "../../graphs/registry.js";
import { loadRubric } from "../../rubrics/load.js";
import type { Rubric } from "../../rubrics/schema.js";
import { JuryTally } from "../../results/jury.js";
import type { Json } from "../../results/fields.js";
import { round6 } from "../../scoring/numbers.js";
import { redact } from "../../util/redact.js";
import { StabilityTally } from "../stability.js";
import { addEvents, addLine, emptySummary, progressOf, type BatchProgress, type BatchSummary } from "../summary.js";
import { connectionOf, KEY_PREFIX, type QueueTarget } from "./connection.js";
import { keyOfJobId, type JudgeJobData, type JudgeJobResult } from "./jobs.js";
import type { RunRecord } from "./run-record.js";

export interface CollectOptions {
  target: QueueTarget;
  record: RunRecord;
  /** The jobs whose lines this collection writes, by job id. */
  jobIds: readonly string[];
  /** Dialogues of the input (for the summary) and those skipped because the results file has them. */
  inputs: number;
  skipped: number;
  /** Receives each line, whole, once per dialogue, in the order the jobs finish. */
  write: (line: string) => void | Promise<void>;
  onProgress?: (done: number, total: number, progress: BatchProgress) => void;
  /** Wait for the jobs still queued or running (default); false: write what is finished and return. */
  wait?: boolean;
  /** Every job's state is read again this often, besides the completion events (default 5 s). */
  sweepMs?: number;
  started?: number;
}

/** A collection's outcome: the run's summary, and the dialogues without a line. */
export interface Collected {
  summary: BatchSummary;
  /** Jobs that failed on the workers after their attempts (their dialogues have no line). */
  failed: { key: string; message: string }[];
  /** Jobs no longer in the queue (removed after their retention, or the queue was cleaned). */
  missing: string[];
  /** Jobs still queued or running (only with `wait: false`). */
  waiting: number;
}

const CHUNK = 200;

/** The rubric's overall key, for the jury tally; the default when the rubric cannot be read here. */
function overallKeyOf(record: RunRecord): string {
  const protocol = PROTOCOLS[record.spec.protocol];
  try {
    return loadRubric((record.spec.configurable.rubric as string | Rubric | undefined) ?? protocol.defaultRubric).overallKey;
  } catch {
    return "OverallExperience";
  }
}

/**
 * Collects a run's lines from the queue as the workers finish them: listens to the queue's completion
 * events and, as a safety net for events missed (before listening, or trimmed from the stream), reads
 * every outstanding job's state every `sweepMs`. Each dialogue's line is written once; failed and
 * vanished jobs are reported, not written.
 */
export async function collectLines(options: CollectOptions): Promise<Collected> {
  const started = options.started ?? performance.now();
  const { target, record } = options;
  const pending = new Set(options.jobIds);
  const summary = emptySummary(options.inputs, options.skipped);
  summary.total = pending.size;
  if (!record.priced) summary.costUsd = null;
  const tally = record.spec.samples > 1 ? new StabilityTally(record.spec.samples) : undefined;
  const juryTally = record.spec.jury ? new JuryTally(PROTOCOLS[record.spec.protocol].result, overallKeyOf(record)) : undefined;
  const collected: Collected = { summary, failed: [], missing: [], waiting: 0 };

  const queue = new Queue<JudgeJobData, JudgeJobResult>(target.name, { connection: connectionOf(target.url, false), prefix: KEY_PREFIX });
  queue.on("error", () => undefined);
  const wait = options.wait !== false;
  let events: QueueEvents | undefined;
  let dirty = new Set(pending);
  let wake: (() => void) | undefined;
  const touch = (jobId: string) => {
    if (!pending.has(jobId)) return;
    dirty.add(jobId);
    wake?.();
  };
  try {
    if (wait && pending.size > 0) {
      events = new QueueEvents(target.name, { connection: connectionOf(target.url, true), prefix: KEY_PREFIX });
      events.on("error", () => undefined);
      events.on("completed", ({ jobId }) => touch(jobId));
      events.on("failed", ({ jobId }) => touch(jobId));
      await events.waitUntilReady();
    }
    const take = async (jobId: string, state: string): Promise<void> => {
      if (state === "unknown") {
        pending.delete(jobId);
        collected.missing.push(keyOfJobId(jobId));
        return;
      }
      const job = await queue.getJob(jobId);
      if (!job || !pending.has(jobId)) return;
      pending.delete(jobId);
      if (state === "failed") {
        collected.failed.push({ key: keyOfJobId(jobId), message: redact(job.failedReason ?? "failed") });
        return;
      }
      const result = job.returnvalue;
      const line = JSON.parse(result.line) as Json;
      for (const sample of result.events) addEvents(summary, sample as Json);
      addLine(summary, line);
      if (result.injected) summary.injectionFlagged++;
      if (summary.costUsd !== null) summary.costUsd = round6(summary.costUsd + result.costUsd);
      if (tally && result.stability) tally.add(result.stability);
      juryTally?.add(line);
      await options.write(`${redact(result.line)}\n`);
      options.onProgress?.(summary.judged, summary.total, progressOf(summary, started));
    };
    let lastSweep = performance.now();
    for (;;) {
      const now = [...dirty];
      dirty = new Set();
      for (let i = 0; i < now.length; i += CHUNK) {
        const chunk = now.slice(i, i + CHUNK);
        // States are read together; lines are written one at a time, in order.
        const states = await Promise.all(chunk.map(async (jobId) => ({ jobId, state: await queue.getJobState(jobId) })));
        for (const { jobId, state } of states) if (state === "completed" || state === "failed" || state === "unknown") await take(jobId, state);
      }
      if (pending.size === 0 || !wait) break;
      const sweepMs = options.sweepMs ?? 5_000;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, sweepMs - (performance.now() - lastSweep)));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        if (dirty.size > 0) wake();
      });
      wake = undefined;
      if (performance.now() - lastSweep >= sweepMs) {
        dirty = new Set(pending);
        lastSweep = performance.now();
      }
    }
    collected.waiting = pending.size;
  } finally {
    await events?.close();
    await queue.close();
  }
  if (tally) summary.stability = tally.summary();
  const jury = juryTally?.summary();
  if (jury) summary.jury = jury;
  summary.wallMs = Math.round(performance.now() - started);
  return collected;
}
