import { hostname } from "node:os";
import { Queue, UnrecoverableError, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { isConfigError } from "../../judges/config-error.js";
import { redact } from "../../util/redact.js";
import { createLineJudge, type LineJudge } from "../line-judge.js";
import { checkRedis, connectionOf, displayUrl, KEY_PREFIX, type QueueTarget } from "./connection.js";
import { jobResultOf, keyOfJobId, type JudgeJobData, type JudgeJobResult } from "./jobs.js";
import { loadRun } from "./run-record.js";

export interface WorkerOptions {
  target: QueueTarget;
  /** Jobs (dialogues) this process judges at the same time. */
  concurrency: number;
  /**
   * How long a job stays claimed by a worker that stopped answering (killed, frozen, cut off) before
   * another worker takes it again; a live worker renews its lock every half of this.
   */
  lockMs: number;
  /** Stop once the queue has nothing waiting, delayed or in progress (for batch jobs and tests). */
  exitWhenEmpty?: boolean;
  /** One line at a time on stderr. */
  log: (line: string) => void;
  /** Resolved when the worker should stop (SIGTERM, SIGINT): in-flight jobs are finished first. */
  stop?: Promise<"graceful">;
}

export interface WorkerReport {
  completed: number;
  failed: number;
}

/** How many times a job that stalled (its worker died) is given to another worker before it fails. */
const MAX_STALLED = 3;

/**
 * Runs a queue worker until stopped: takes jobs, builds each run's judge from the spec stored with the
 * run (once per run, API keys from this process's environment), judges the dialogue and returns its
 * line as the job's result. A worker killed mid-job loses nothing: its lock expires after `lockMs` and
 * another worker takes the job; a late finish of the first worker is refused by BullMQ (the lock is
 * no longer its), so each job completes once.
 */
export async function runWorker(options: WorkerOptions): Promise<WorkerReport> {
  const { target, log } = options;
  await checkRedis(target.url);
  const redis = new Redis(target.url, { maxRetriesPerRequest: 20 });
  redis.on("error", () => undefined);
  const judges = new Map<string, Promise<LineJudge>>();
  const judgeFor = (hash: string): Promise<LineJudge> => {
    let judge = judges.get(hash);
    if (!judge) {
      judge = (async () => {
        const record = await loadRun(redis, target.name, hash);
        if (!record) throw new UnrecoverableError(`run ${hash} has no settings in queue '${target.name}' (the queue was cleaned?): submit it again`);
        const built = createLineJudge(record.spec);
        if (built.judge.hash !== hash) {
          throw new UnrecoverableError(`this worker builds run ${hash}'s judge with config hash ${built.judge.hash}: its tribunal version (prompts, rubrics) differs from the submitter's; install the same version on every machine`);
        }
        return built;
      })();
      judges.set(hash, judge);
      judge.catch(() => judges.delete(hash));
    }
    return judge;
  };

  const report: WorkerReport = { completed: 0, failed: 0 };
  const processor = async (job: Job<JudgeJobData, JudgeJobResult>): Promise<JudgeJobResult> => {
    let lineJudge: LineJudge;
    try {
      lineJudge = await judgeFor(job.data.hash);
    } catch (e) {
      // A judge this worker cannot build (a missing API key, an unknown rubric) fails on every retry too.
      throw isConfigError(e) ? new UnrecoverableError((e as Error).message) : e;
    }
    return jobResultOf(await lineJudge.judgeLine(job.data.dialogue));
  };

  const name = `${hostname()}:${process.pid}`;
  const worker = new Worker<JudgeJobData, JudgeJobResult>(target.name, processor, {
    connection: connectionOf(target.url, true),
    prefix: KEY_PREFIX,
    name,
    concurrency: options.concurrency,
    lockDuration: options.lockMs,
    stalledInterval: options.lockMs,
    maxStalledCount: MAX_STALLED,
    autorun: false,
  });
  worker.on("error", (e) => log(`tribunal worker: ${redact(e.message.split("\n")[0] ?? "")}`));
  worker.on("completed", () => report.completed++);
  worker.on("failed", (job, e) => {
    report.failed++;
    log(`tribunal worker: dialogue ${job ? keyOfJobId(job.id ?? "") : "?"} failed${job && job.attemptsMade < (job.opts.attempts ?? 1) && e.name !== "UnrecoverableError" ? " (will be retried)" : ""}: ${redact(e.message.split("\n")[0] ?? "")}`);
  });

  const queue = new Queue(target.name, { connection: connectionOf(target.url, false), prefix: KEY_PREFIX });
  queue.on("error", () => undefined);
  const running = worker.run();
  await worker.waitUntilReady();
  log(`tribunal worker ${name}: taking jobs from ${displayUrl(target.url)} queue '${target.name}' (concurrency ${options.concurrency}, lock ${options.lockMs} ms)`);

  let emptyTimer: NodeJS.Timeout | undefined;
  const empty = options.exitWhenEmpty
    ? new Promise<"graceful">((resolve) => {
        const check = async () => {
          try {
            const counts = await queue.getJobCounts("wait", "active", "delayed", "prioritized", "waiting-children");
            if (Object.values(counts).every((n) => n === 0)) return resolve("graceful");
          } catch {
            // A transient Redis error: look again.
          }
          emptyTimer = setTimeout(() => void check(), 1_000);
        };
        emptyTimer = setTimeout(() => void check(), 1_000);
      })
    : new Promise<never>(() => undefined);
  const how = await Promise.race([empty, options.stop ?? new Promise<never>(() => undefined), running.then(() => "graceful" as const)]);
  clearTimeout(emptyTimer);
  log(`tribunal worker ${name}: stopping${how === "graceful" ? " after the jobs in flight" : ""}`);
  await worker.close();
  await running.catch(() => undefined);
  await queue.close();
  redis.disconnect();
  log(`tribunal worker ${name}: ${report.completed} judged, ${report.failed} failed`);
  return report;
}
