import { Queue, type JobsOptions } from "bullmq";
import { Redis } from "ioredis";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { readDialogues } from "../../dialogues/read.js";
import { ConfigError } from "../../judges/config-error.js";
import { loadRubric } from "../../rubrics/load.js";
import { dryRun } from "../dry-run.js";
import type { BatchOptions, BatchSummary } from "../evaluate-batch.js";
import { readInputs, scanInputs } from "../input-scan.js";
import type { InputSource } from "../input-sources.js";
import { checkPortable, createLineJudge, runSpecOf } from "../line-judge.js";
import { idKey, prepareResume, redoReason } from "../resume.js";
import { collectLines, type Collected } from "./collect.js";
import { checkRedis, connectionOf, KEY_PREFIX, type QueueTarget } from "./connection.js";
import { JOB_NAME, jobIdOf, type JudgeJobData, type JudgeJobResult } from "./jobs.js";
import { addRunIds, saveRun, type RunRecord } from "./run-record.js";

/** A finished job's result is kept this long (then a new submission judges its dialogue again). */
export const KEEP_RESULTS_S = 7 * 24 * 3600;

const JOB_OPTIONS: JobsOptions = {
  // A worker that throws (not a model failure: those make unscored or fallback lines) gets two more tries.
  attempts: 3,
  backoff: { type: "exponential", delay: 10_000 },
  removeOnComplete: { age: KEEP_RESULTS_S },
  removeOnFail: { age: KEEP_RESULTS_S },
};

/** What a submission did to the queue. */
export interface Submitted {
  hash: string;
  /** Jobs added by this submission. */
  added: number;
  /** Jobs already in the queue (queued, running or finished): not added again. */
  existing: number;
  /** Failed jobs given another round of attempts. */
  retried: number;
  /** Finished jobs judged again because `--resume` judges their kind of line again (unscored; fell back, with --retry-fallbacks). */
  redone: number;
  /** The global rate limit set on the queue (one dialogue started per `intervalMs`), if any. */
  rateLimit?: { intervalMs: number; callsPerDialogue: number };
}

export interface QueueRunOptions {
  target: QueueTarget;
  /** Told what was queued, before collecting. */
  onSubmitted?: (submitted: Submitted) => void;
}

/** A rubric given as a file is sent as its content: the workers on other machines do not have the file. */
function portableConfigurable(configurable: Record<string, unknown>): Record<string, unknown> {
  const rubric = configurable.rubric;
  if (typeof rubric === "string" && /[\\/]|\.(json|ya?ml)$/i.test(rubric)) return { ...configurable, rubric: loadRubric(rubric) };
  return configurable;
}


/**
 * `tribunal evaluate --queue`: probes the model here, stores the run's judge (as data) in Redis once,
 * enqueues one job per dialogue not yet judged, keyed by config hash and dialogue id (a dialogue already
 * queued or judged for this configuration is not added again), then collects the lines as workers
 * finish them, writing each once through `options.write`, and returns the run's summary. With
 * `--resume`, the lines already in the file are kept and skipped, as in a local run.
 */
export async function evaluateOnQueue(sources: readonly InputSource[], options: BatchOptions, queueOptions: QueueRunOptions): Promise<BatchSummary> {
  const started = performance.now();
  const { target } = queueOptions;
  const run = await submitRun(sources, options, target);
  queueOptions.onSubmitted?.(run.submitted);
  const collected = await collectLines({ target, record: run.record, jobIds: run.jobIds, inputs: run.inputs, skipped: run.skipped, write: options.write, ...(options.onProgress ? { onProgress: options.onProgress } : {}), started });
  throwOnMissingLines(collected, "submit the same run again");
  return collected.summary;
}

/** A submitted run: what was queued, and the jobs whose lines the run's results file needs. */
export interface SubmittedRun {
  record: RunRecord;
  submitted: Submitted;
  jobIds: string[];
  inputs: number;
  skipped: number;
}

/** The submitting half of `evaluateOnQueue`: checks, probes, prepares `--resume`, stores the run and enqueues its dialogues. */
export async function submitRun(sources: readonly InputSource[], options: Omit<BatchOptions, "write" | "concurrency">, target: QueueTarget): Promise<SubmittedRun> {
  if (options.budgetUsd !== undefined) {
    throw new ConfigError("--budget cannot be combined with --queue: workers on other machines start dialogues without a shared spend ledger, so no process can stop them before the limit; use --rpm to pace the run, --dry-run to estimate its cost, or run without --queue");
  }
  await checkRedis(target.url);
  const read = options.protocol.readInput ?? readDialogues;
  const input = await scanInputs(sources, read);
  const spec = runSpecOf({ ...options, configurable: portableConfigurable(options.configurable) });
  checkPortable(spec, "--queue");
  const { judge } = createLineJudge(spec);
  // The probe runs here, once; the workers get the output modes it settled and send no probe.
  if (options.probe !== false) {
    const chosen = await judge.probe();
    if (chosen) options.onProbe?.(chosen);
    spec.outputModes = judge.outputModes();
  }
  const { hash, identity } = judge;
  let done = new Set<string>();
  if (options.resumeFrom) {
    const resumed = await prepareResume(options.resumeFrom, { hash, protocol: identity.protocol, rubric: identity.rubric, model: identity.model }, input.ids, { retryFallbacks: options.retryFallbacks === true });
    options.onResume?.(resumed.plan);
    done = resumed.done;
  }
  const record: RunRecord = { hash, spec, identity: { protocol: identity.protocol, rubric: identity.rubric, model: identity.model }, priced: judge.priced, submittedAt: Date.now() };
  const redis = new Redis(target.url, { maxRetriesPerRequest: 20 });
  redis.on("error", () => undefined);
  const queue = new Queue<JudgeJobData, JudgeJobResult>(target.name, { connection: connectionOf(target.url, false), prefix: KEY_PREFIX });
  queue.on("error", () => undefined);
  const submitted: Submitted = { hash, added: 0, existing: 0, retried: 0, redone: 0 };
  const jobIds: string[] = [];
  try {
    await saveRun(redis, target.name, record);
    if (options.rpm) {
      const calls = await callsPerDialogue(sources, options, spec.samples);
      const intervalMs = Math.max(1, Math.ceil((60_000 * calls) / options.rpm));
      await queue.setGlobalRateLimit(1, intervalMs);
      submitted.rateLimit = { intervalMs, callsPerDialogue: calls };
    } else await queue.removeGlobalRateLimit();

    const enqueue = async (batch: Dialogue[]) => {
      const keys = batch.map((d) => idKey(d.id));
      const ids = keys.map((key) => jobIdOf(hash, key));
      const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
      const fresh: Dialogue[] = [];
      const again: Dialogue[] = [];
      for (const [i, state] of states.entries()) {
        const dialogue = batch[i] as Dialogue;
        const jobId = ids[i] as string;
        if (state === "unknown") fresh.push(dialogue);
        else if (state === "failed") {
          await (await queue.getJob(jobId))?.retry("failed");
          submitted.retried++;
        } else if (state === "completed" && options.resumeFrom && (await judgedAgain(queue, jobId, options.retryFallbacks === true))) {
          await queue.remove(jobId);
          again.push(dialogue);
        } else submitted.existing++;
      }
      const toAdd = [...fresh, ...again];
      if (toAdd.length > 0) await queue.addBulk(toAdd.map((dialogue) => ({ name: JOB_NAME, data: { hash, dialogue }, opts: { ...JOB_OPTIONS, jobId: jobIdOf(hash, idKey(dialogue.id)) } })));
      submitted.added += fresh.length;
      submitted.redone += again.length;
      await addRunIds(redis, target.name, hash, keys);
      jobIds.push(...ids);
    };
    let batch: Dialogue[] = [];
    for await (const dialogue of readInputs(sources, read, input.prefixes)) {
      if (done.has(idKey(dialogue.id))) continue;
      batch.push(dialogue);
      if (batch.length >= 500) {
        await enqueue(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await enqueue(batch);
  } finally {
    await queue.close();
    redis.disconnect();
  }
  let skipped = 0;
  for (const key of input.ids) if (done.has(key)) skipped++;
  return { record, submitted, jobIds, inputs: input.count, skipped };
}

/** Would `--resume` judge this finished job's line again (`redoReason`: unscored; with retryFallbacks, fell back)? */
async function judgedAgain(queue: Queue<JudgeJobData, JudgeJobResult>, jobId: string, retryFallbacks: boolean): Promise<boolean> {
  const line = (await queue.getJob(jobId))?.returnvalue?.line;
  return line !== undefined && redoReason(JSON.parse(line) as Parameters<typeof redoReason>[0], retryFallbacks) !== undefined;
}

/** Dialogues without a line after a collection: a ConfigError (exit 2) naming the first, once every other line is written. */
export function throwOnMissingLines(collected: Collected, remedy: string): void {
  const { failed, missing } = collected;
  if (failed.length === 0 && missing.length === 0) return;
  const parts: string[] = [];
  if (failed.length > 0) parts.push(`${failed.length} dialogue${failed.length === 1 ? "" : "s"} failed on the workers (first: ${failed[0]?.key.replace(/^[a-z]+:/, "")}: ${failed[0]?.message.split("\n")[0]})`);
  if (missing.length > 0) parts.push(`${missing.length} dialogue${missing.length === 1 ? " is" : "s are"} no longer in the queue (results are kept ${KEEP_RESULTS_S / 86_400} days, or the queue was cleaned)`);
  throw new ConfigError(`${parts.join("; ")}: their lines are missing; ${remedy} (failed jobs are tried again)`);
}

/** The model calls one dialogue needs on the protocol's longest path (dry-run's count; × jury members). */
async function callsPerDialogue(sources: readonly InputSource[], options: Omit<BatchOptions, "write" | "concurrency">, samples: number): Promise<number> {
  const estimate = await dryRun(sources, { protocol: options.protocol, configurable: options.jury ? { ...options.configurable, model: "offline" } : options.configurable, samples, ...(options.prices ? { prices: options.prices } : {}) });
  const perDialogue = estimate.toSend > 0 ? estimate.calls.max / estimate.toSend : 1;
  return Math.max(1, Math.ceil(perDialogue * (options.jury?.length ?? 1)));
}

