import { traceConfig } from "../api/trace.js";
import { ensureConfiguration } from "../judges/configuration.js";
import { ConfigError, isConfigError } from "../judges/config-error.js";
import { buildMeta } from "../results/meta.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { readDialogues } from "../dialogues/read.js";
import type { ProtocolDefinition } from "../graphs/registry.js";
import { isRubricError } from "../rubrics/errors.js";
import { redact } from "../util/redact.js";
import { Budget } from "./budget.js";
import { configHash, configIdentity } from "./config-hash.js";
import { injectionWarnings } from "./injection.js";
import { scanInput } from "./input-scan.js";
import { pool } from "../util/pool.js";
import { costUsd, loadPrices, priceFor, type PriceTable } from "./prices.js";
import { dropTornLine, idKey, scanResults } from "./resume.js";
import { rpmGate } from "../judges/rpm-gate.js";
import { StabilityTally, stabilityOf } from "./stability.js";
import { addEvents, addLine, emptySummary, type BatchSummary } from "./summary.js";

export type { BatchSummary } from "./summary.js";

/** Where a run stands, after each written line. */
export interface BatchProgress {
  done: number;
  total: number;
  skipped: number;
  scored: number;
  withFallback: number;
  unscored: number;
  tokens: number;
  costUsd: number | null;
  elapsedMs: number;
}

export interface BatchOptions {
  protocol: ProtocolDefinition;
  /** Passed to every graph run as `configurable` (model, rubric, blind, timeoutMs, maxRetries, …). */
  configurable: Record<string, unknown>;
  concurrency: number;
  /** Receives each finished dialogue's line, whole, in completion order. */
  write: (line: string) => void | Promise<void>;
  onProgress?: (done: number, total: number, progress: BatchProgress) => void;
  /** `--resume`: skip the dialogues that already have a line in this results file (same configuration). */
  resumeFrom?: string;
  /** `--samples K`: judge each dialogue K times; the line is the first judgement plus `meta.stability`. */
  samples?: number;
  /** `--rpm`: requests per minute across every call of the run. */
  rpm?: number;
  /** `--budget`: stop launching dialogues before the spend (USD) would pass this. */
  budgetUsd?: number;
  /** Price table (default: the bundled one). */
  prices?: PriceTable;
}

type Line = Record<string, unknown> & { meta?: Record<string, unknown> };

interface Judged {
  line: Line;
  samples: Line[];
  costUsd: number;
  /** Instruction-like lines aimed at the judge were found in the dialogue. */
  injected: boolean;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

function tokensOf(line: Line): { input: number; output: number } {
  const tokens = (line.meta?.tokens ?? {}) as { input?: unknown; output?: unknown };
  return { input: typeof tokens.input === "number" ? tokens.input : 0, output: typeof tokens.output === "number" ? tokens.output : 0 };
}

async function* notYetJudged(dialogues: AsyncIterable<Dialogue>, done: ReadonlySet<string>): AsyncGenerator<Dialogue> {
  for await (const dialogue of dialogues) if (!done.has(idKey(dialogue.id))) yield dialogue;
}

/**
 * Judges every dialogue of a file with bounded concurrency, streaming one JSON line per dialogue:
 * the input is validated whole first (nothing is judged or written on bad input), then read lazily
 * a second time while judging, so memory stays flat in the input size.
 */
export async function evaluateFile(file: string, options: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const read = options.protocol.readInput ?? readDialogues;
  const input = await scanInput(file, read);
  const config = ensureConfiguration({ configurable: options.configurable }, options.protocol.defaultRubric);
  const samples = Math.max(1, options.samples ?? 1);
  const identity = configIdentity({ protocol: options.protocol.id, rubric: config.rubric, modelLabel: config.modelLabel, blind: config.blind, temperature: config.temperature, samples, configurable: options.configurable });
  const hash = configHash(identity);
  const price = priceFor(config.modelLabel, options.prices ?? loadPrices());
  if (options.budgetUsd !== undefined && !price) {
    throw new ConfigError(`--budget needs the price of ${config.modelLabel}: add it to a --prices file ({"models": {"<name>": {"input": <USD per 1M>, "output": <USD per 1M>}}})`);
  }
  const labels = { protocol: options.protocol.id, rubric: config.rubric.id, model: config.modelLabel };
  const costOf = (tokens: { input: number; output: number }): number | null => (price ? round6(costUsd(tokens, price)) : null);

  let done = new Set<string>();
  if (options.resumeFrom) {
    const scan = await scanResults(options.resumeFrom, { hash, protocol: identity.protocol, rubric: identity.rubric, model: identity.model });
    dropTornLine(options.resumeFrom, scan);
    done = scan.done;
  }
  let skipped = 0;
  for (const key of input.ids) if (done.has(key)) skipped++;
  const summary = emptySummary(input.count, skipped);
  if (price === undefined) summary.costUsd = null;
  const tally = samples > 1 ? new StabilityTally(samples) : undefined;
  const budget = options.budgetUsd !== undefined ? new Budget(options.budgetUsd) : undefined;
  const gate = options.rpm ? rpmGate(options.rpm) : undefined;
  const configurable = gate ? { ...options.configurable, callGate: gate } : options.configurable;

  const unscored = (dialogue: Dialogue, message: string): Line => ({
    dialogue_id: dialogue.id,
    status: "unscored",
    error: { agent: options.protocol.id, kind: "error", message: redact(message) },
    meta: buildMeta({ protocol: options.protocol.id, rubric: config.rubric.id, model: config.modelLabel, calls: [], warnings: [], unscored: true }) as unknown as Record<string, unknown>,
  });
  const invoke = async (dialogue: Dialogue): Promise<Line> => {
    try {
      // Tags and metadata every run of the dialogue's trace inherits (protocol, rubric, model, dialogue_id).
      const runConfig = { configurable, ...traceConfig(labels, dialogue.id) };
      const state = await options.protocol.graph.invoke({ dialogue }, runConfig);
      return (state.result as Line | undefined) ?? unscored(dialogue, "the graph returned no result");
    } catch (e) {
      if (isConfigError(e) || isRubricError(e)) throw e;
      return unscored(dialogue, (e as Error).message ?? String(e));
    }
  };
  const judge = async (dialogue: Dialogue): Promise<Judged> => {
    const results: Line[] = [];
    for (let k = 0; k < samples; k++) results.push(await invoke(dialogue));
    const line = results[0] as Line;
    const meta = (line.meta ??= {});
    const injected = injectionWarnings(dialogue);
    meta.warnings = [...(Array.isArray(meta.warnings) ? (meta.warnings as string[]) : []), ...injected];
    meta.config_hash = hash;
    meta.cost_usd = costOf(tokensOf(line));
    if (samples > 1) meta.stability = stabilityOf(results, costOf);
    const cost = results.reduce((s, r) => s + (costOf(tokensOf(r)) ?? 0), 0);
    return { line, samples: results, costUsd: cost, injected: injected.length > 0 };
  };

  const progress = (): BatchProgress => ({
    done: summary.judged,
    total: summary.total,
    skipped,
    scored: summary.scored,
    withFallback: summary.withFallback,
    unscored: summary.unscored,
    tokens: summary.tokens.total,
    costUsd: summary.costUsd,
    elapsedMs: Math.round(performance.now() - started),
  });

  const running = pool(notYetJudged(read(file), done), Math.max(1, options.concurrency), judge, budget ? (inFlight) => budget.canLaunch(inFlight) : undefined);
  try {
    for (;;) {
      const step = await running.next();
      if (step.done) {
        if (step.value.stopped && budget && summary.judged < summary.total) {
          summary.budgetStop = { limitUsd: budget.limitUsd, spentUsd: round6(budget.spentUsd), nextEstimateUsd: round6(budget.averageUsd() ?? 0), left: summary.total - summary.judged };
        }
        break;
      }
      const { line, samples: all, costUsd: cost, injected } = step.value;
      for (const sample of all) addEvents(summary, sample);
      addLine(summary, line);
      if (injected) summary.injectionFlagged++;
      if (summary.costUsd !== null) summary.costUsd = round6(summary.costUsd + cost);
      budget?.finish(cost);
      if (tally && line.meta?.stability) tally.add(line.meta.stability as Parameters<StabilityTally["add"]>[0]);
      await options.write(`${redact(JSON.stringify(line))}\n`);
      options.onProgress?.(summary.judged, summary.total, progress());
    }
  } finally {
    await gate?.stop();
  }
  if (tally) summary.stability = tally.summary();
  summary.wallMs = Math.round(performance.now() - started);
  return summary;
}
