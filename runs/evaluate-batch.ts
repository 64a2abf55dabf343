import { availableParallelism } from "node:os";
import type { Dialogue } from "../dialogues/dialogue.js";
import { readDialogues } from "../dialogues/read.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import { ConfigError } from "../judges/config-error.js";
import { rpmGate } from "../judges/rpm-gate.js";
import { redact } from "../util/redact.js";
import type { DialogueJudge } from "../api/judge-dialogue.js";
import type { JuryMemberInput } from "../api/jury-members.js";
import { JuryTally } from "../results/jury.js";
import type { PriceTable } from "../api/prices.js";
import { round6 } from "../scoring/numbers.js";
import { Budget } from "./budget.js";
import { readInputs, scanInputs } from "./input-scan.js";
import type { InputSource } from "./input-sources.js";
import { pool } from "../util/pool.js";
import { idKey, prepareResume, type ResumePlan } from "./resume.js";
import { checkPortable, createLineJudge, runSpecOf, type Judged } from "./line-judge.js";
import { WorkerPool } from "./worker-pool.js";
import { StabilityTally } from "./stability.js";
import { addEvents, addLine, emptySummary, progressOf, type BatchProgress, type BatchSummary } from "./summary.js";

export type { BatchProgress, BatchSummary } from "./summary.js";

export interface BatchOptions {
  protocol: ProtocolEntry;
  /** Passed to every graph run as `configurable` (model, rubric, blind, timeoutMs, maxRetries, …). */
  configurable: Record<string, unknown>;
  concurrency: number;
  /** Receives each finished dialogue's line, whole, in completion order. */
  write: (line: string) => void | Promise<void>;
  onProgress?: (done: number, total: number, progress: BatchProgress) => void;
  /** `--resume`: skip the dialogues that already have a scored line in this results file (same configuration); their `unscored` lines are removed and judged again. */
  resumeFrom?: string;
  /** `--retry-fallbacks` (with `resumeFrom`): also judge again the lines where an agent fell back to the offline judge. */
  retryFallbacks?: boolean;
  /** Told what `resumeFrom` held and what is judged again, before the first dialogue. */
  onResume?: (plan: ResumePlan) => void;
  /** `--samples K`: judge each dialogue K times; the line is the first judgement plus `meta.stability`. */
  samples?: number;
  /** `--rpm`: requests per minute across every call of the run. */
  rpm?: number;
  /** `--budget`: stop launching dialogues before the spend (USD) would pass this. */
  budgetUsd?: number;
  /** Price table (default: the bundled one). */
  prices?: PriceTable;
  /** Probe the model with one call before the first dialogue (default true; `--no-probe`). */
  probe?: boolean;
  /** Told which output mode the probe chose for `outputMode: "auto"`. */
  onProbe?: (note: string) => void;
  /** `--max-consecutive-failures`: calls in a row failing the same shared way that stop the run (default 5; 0: never). */
  breakerLimit?: number;
  /** `--jury`: run the protocol once per member and aggregate (the members carry the models; `configurable.model` stays unset). */
  jury?: JuryMemberInput[];
  /** `--workers`: processes judging the dialogues (1: this one); `auto` is `autoWorkers` of the input's size. */
  workers?: number | "auto";
}

/** A run this large is worth the worker processes' start-up (a second or two each). */
export const LARGE_RUN = 500;

/** `--workers auto`: every core but one (this process writes, tallies and gates) for a large run, else this process alone. */
export function autoWorkers(dialogues: number, cores = availableParallelism()): number {
  return dialogues >= LARGE_RUN ? Math.max(1, cores - 1) : 1;
}

async function* notYetJudged(dialogues: AsyncIterable<Dialogue>, done: ReadonlySet<string>): AsyncGenerator<Dialogue> {
  for await (const dialogue of dialogues) if (!done.has(idKey(dialogue.id))) yield dialogue;
}

/** `evaluateFiles` on one file. */
export function evaluateFile(file: string, options: BatchOptions): Promise<BatchSummary> {
  return evaluateFiles([{ path: file, name: file }], options);
}

/**
 * Judges every dialogue of the input files with bounded concurrency, streaming one JSON line per
 * dialogue: the input is validated whole first (nothing is judged or written on bad input), then read
 * lazily a second time while judging, so memory stays flat in the input size. Each dialogue goes
 * through the library's one judge path (`createDialogueJudge`); its line records the file it came
 * from (`meta.source.file`, the name as given).
 */
export async function evaluateFiles(sources: readonly InputSource[], options: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const read = options.protocol.readInput ?? readDialogues;
  const input = await scanInputs(sources, read);
  const samples = Math.max(1, options.samples ?? 1);
  const gate = options.rpm ? rpmGate(options.rpm) : undefined;
  let processes: WorkerPool | undefined;
  try {
    const spec = runSpecOf(options);
    const workers = options.workers === "auto" ? autoWorkers(input.count) : Math.max(1, options.workers ?? 1);
    if (workers > 1) checkPortable(spec, "--workers");
    const lineJudge = createLineJudge(spec, gate ? { callGate: gate } : {});
    const { judge } = lineJudge;
    if (options.budgetUsd !== undefined && !judge.priced) {
      throw new ConfigError(`--budget needs the price of ${judge.configuration.modelLabel}: add it to a --prices file ({"models": {"<name>": {"input": <USD per 1M>, "output": <USD per 1M>}}})`);
    }
    // Before any dialogue: a model that cannot judge at all stops the run here, not in a fallback per call.
    if (options.probe !== false) {
      const chosen = await judge.probe();
      if (chosen) options.onProbe?.(chosen);
    }
    const dialogues = () => readInputs(sources, read, input.prefixes);
    // Worker processes rebuild this judge from the spec, with the output modes the probe settled.
    processes = workers > 1 ? await WorkerPool.start(workers, { ...spec, outputModes: judge.outputModes() }, gate) : undefined;
    const judgeLine = processes ? (dialogue: Dialogue) => (processes as WorkerPool).judgeLine(dialogue) : lineJudge.judgeLine;
    return await judgeAll(options, { started, dialogues, ids: input.ids, count: input.count, judge, judgeLine, samples });
  } finally {
    await processes?.close();
    await gate?.stop();
  }
}

interface Run {
  started: number;
  /** The input's dialogues, read afresh, with the ids the scan planned. */
  dialogues: () => AsyncIterable<Dialogue>;
  ids: ReadonlySet<string>;
  count: number;
  judge: DialogueJudge;
  judgeLine: (dialogue: Dialogue) => Promise<Judged>;
  samples: number;
}

async function judgeAll(options: BatchOptions, run: Run): Promise<BatchSummary> {
  const { started, judge: dialogueJudge, samples } = run;
  const { identity } = dialogueJudge;
  let done = new Set<string>();
  if (options.resumeFrom) {
    const expected = { hash: dialogueJudge.hash, protocol: identity.protocol, rubric: identity.rubric, model: identity.model };
    // Lines to judge again (unscored; fell back, with retryFallbacks) leave the file before any append.
    const resumed = await prepareResume(options.resumeFrom, expected, run.ids, { retryFallbacks: options.retryFallbacks === true });
    options.onResume?.(resumed.plan);
    done = resumed.done;
  }
  let skipped = 0;
  for (const key of run.ids) if (done.has(key)) skipped++;
  const summary = emptySummary(run.count, skipped);
  if (!dialogueJudge.priced) summary.costUsd = null;
  const tally = samples > 1 ? new StabilityTally(samples) : undefined;
  const juryTally = options.jury ? new JuryTally(dialogueJudge.protocol.result, dialogueJudge.configuration.rubric.overallKey) : undefined;
  const budget = options.budgetUsd !== undefined ? new Budget(options.budgetUsd) : undefined;

  const running = pool(notYetJudged(run.dialogues(), done), Math.max(1, options.concurrency), run.judgeLine, budget ? (inFlight) => budget.canLaunch(inFlight) : undefined);
  for (;;) {
    const step = await running.next();
    if (step.done) {
      if (step.value.stopped && budget && summary.judged < summary.total) {
        summary.budgetStop = { limitUsd: budget.limitUsd, spentUsd: round6(budget.spentUsd), nextEstimateUsd: round6(budget.averageUsd() ?? 0), left: summary.total - summary.judged };
      }
      break;
    }
    const { line, samples: all, costUsd: cost, injected, stability } = step.value;
    for (const sample of all) addEvents(summary, sample);
    addLine(summary, line);
    if (injected) summary.injectionFlagged++;
    if (summary.costUsd !== null) summary.costUsd = round6(summary.costUsd + cost);
    budget?.finish(cost);
    if (tally && stability) tally.add(stability);
    juryTally?.add(line);
    await options.write(`${redact(JSON.stringify(line))}\n`);
    options.onProgress?.(summary.judged, summary.total, progressOf(summary, started));
  }
  if (tally) summary.stability = tally.summary();
  const jury = juryTally?.summary();
  if (jury) summary.jury = jury;
  summary.wallMs = Math.round(performance.now() - started);
  return summary;
}
