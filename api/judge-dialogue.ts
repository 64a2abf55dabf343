import { randomUUID } from "node:crypto";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { Command, MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import type { Dialogue } from "../dialogues/dialogue.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import { ConfigError, isConfigError } from "../judges/config-error.js";
import { withResolvedConfiguration, type Configuration } from "../judges/configuration.js";
import { isInputError } from "../nodes/input-error.js";
import type { ReviewDecisionInput } from "../nodes/consensus/review-decision.js";
import type { ReviewRequest } from "../nodes/consensus/review-rules.js";
import type { ResultMeta } from "../results/meta.js";
import { unscoredLine } from "../results/unscored.js";
import { isRubricError } from "../rubrics/errors.js";
import { redact } from "../util/redact.js";
import { resolveRun } from "./builders.js";
import { configHash, configIdentity, type ConfigIdentity } from "./config-hash.js";
import { injectionWarnings } from "./injection.js";
import { costUsd, loadPrices, priceFor, type Price, type PriceTable } from "./prices.js";
import { traceConfig, type RunLabels } from "./trace.js";

/** One dialogue's result line: the protocol's JSON plus `meta`, or an `unscored` line with the error. */
export type JudgeResult = Record<string, unknown> & {
  dialogue_id: string | number;
  status?: "unscored";
  meta: ResultMeta;
};

/** How one dialogue's run is traced and cancelled (not part of the judging configuration). */
export interface DialogueRun {
  tags?: string[];
  metadata?: Record<string, unknown>;
  callbacks?: BaseCallbackHandler[];
  signal?: AbortSignal;
}

export interface DialogueJudgeOptions {
  protocol: ProtocolEntry;
  /** The run's settings (model, rubric, blind, timeoutMs, the protocol's own, …) and in-process extras (chatModel, callGate). */
  configurable: Record<string, unknown>;
  /** Judgements per dialogue (`--samples`): part of the configuration's identity. */
  samples?: number;
  /** Price table for `meta.cost_usd` (default: the bundled one). */
  prices?: PriceTable;
  /** Answers a consensus run paused for human review (`humanReview: true`). */
  review?: (request: ReviewRequest) => ReviewDecisionInput | Promise<ReviewDecisionInput>;
  /** Persists each run's state per `thread_id` (human review; a `MemorySaver` when left out). */
  checkpointer?: BaseCheckpointSaver;
}

/** A protocol, configured once, ready to judge dialogue after dialogue. */
export interface DialogueJudge {
  protocol: ProtocolEntry;
  /** Resolved once for the run: every node of every dialogue reads this one. */
  configuration: Configuration;
  identity: ConfigIdentity;
  /** `meta.config_hash` of every line. */
  hash: string;
  labels: RunLabels;
  /** The model's price, when the table knows it. */
  price: Price | undefined;
  /** One judgement: the graph's line, or an `unscored` line when the run failed (secrets redacted). Caller errors are thrown. */
  judgeOnce(dialogue: Dialogue, run?: DialogueRun): Promise<JudgeResult>;
  /** Adds what every line carries beyond the graph's own: injection warnings, `config_hash`, `cost_usd`. */
  finish(line: JudgeResult, dialogue: Dialogue): { line: JudgeResult; injected: boolean };
  /** `judgeOnce` then `finish`: the line a dialogue gets. */
  judge(dialogue: Dialogue, run?: DialogueRun): Promise<JudgeResult>;
  /** USD for a line's tokens, null when the model has no price. */
  costOf(line: JudgeResult): number | null;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Errors of the caller (bad input, configuration or rubric): they stop a run instead of becoming an unscored line. */
export function isCallerError(e: unknown): boolean {
  return isConfigError(e) || isRubricError(e) || isInputError(e) || isDialogueParseError(e);
}

function wantsHumanReview(configurable: Record<string, unknown>): boolean {
  return configurable.humanReview === true;
}

/**
 * The one path that judges a dialogue, used by the library (`evaluateDialogue`, `evaluateMany`,
 * `createEvaluator`) and the CLI's batch runner: the configuration is resolved once, every line
 * has the same shape and meta, and a failed run is an `unscored` line, never a low score.
 */
export function createDialogueJudge(options: DialogueJudgeOptions): DialogueJudge {
  const protocol = options.protocol;
  const configuration = resolveRun(protocol, options.configurable);
  const humanReview = wantsHumanReview(options.configurable);
  if (humanReview && !options.review) {
    throw new ConfigError('humanReview needs a `review` callback: it receives the request and returns { decision: "accept" } or { decision: "override", overall_score }');
  }
  const samples = Math.max(1, options.samples ?? 1);
  const identity = configIdentity({
    protocol: protocol.id,
    rubric: configuration.rubric,
    modelLabel: configuration.modelLabel,
    blind: configuration.blind,
    temperature: configuration.temperature,
    samples,
    configurable: options.configurable,
  });
  const hash = configHash(identity);
  const price = priceFor(configuration.modelLabel, options.prices ?? loadPrices());
  const labels: RunLabels = { protocol: protocol.id, rubric: configuration.rubric.id, model: configuration.modelLabel };
  const checkpointer = options.checkpointer ?? (humanReview ? new MemorySaver() : undefined);
  const graph = protocol.build().compile(checkpointer ? { checkpointer } : {});
  // The root run of every dialogue's trace is named after the protocol.
  graph.name = protocol.id;
  const configurable = withResolvedConfiguration(options.configurable, configuration);

  const unscored = (dialogue: Dialogue, error: unknown): JudgeResult =>
    unscoredLine({
      dialogueId: dialogue.id,
      protocol: protocol.id,
      rubric: configuration.rubric.id,
      model: configuration.modelLabel,
      error: { agent: protocol.id, kind: "error", message: redact((error as Error)?.message ?? String(error)) },
    });

  const judgeOnce = async (dialogue: Dialogue, run: DialogueRun = {}): Promise<JudgeResult> => {
    const trace = traceConfig(labels, dialogue.id);
    const config = {
      ...protocol.runConfig,
      configurable: humanReview ? { ...configurable, thread_id: randomUUID() } : configurable,
      tags: [...trace.tags, ...(run.tags ?? [])],
      metadata: { ...trace.metadata, ...run.metadata },
      ...(run.callbacks ? { callbacks: run.callbacks } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
    };
    try {
      let state = await graph.invoke({ dialogue }, config);
      const pending = (state.__interrupt__ as { value: ReviewRequest }[] | undefined)?.[0];
      if (pending && options.review) state = await graph.invoke(new Command({ resume: await options.review(pending.value) }), config);
      const line = state.result as JudgeResult | undefined;
      return line ?? unscored(dialogue, new Error(`the ${protocol.id} graph returned no result for dialogue ${dialogue.id}`));
    } catch (e) {
      if (isCallerError(e)) throw e;
      return unscored(dialogue, e);
    }
  };

  const costOf = (line: JudgeResult): number | null => (price ? round6(costUsd({ input: line.meta.tokens?.input ?? 0, output: line.meta.tokens?.output ?? 0 }, price)) : null);

  const finish = (line: JudgeResult, dialogue: Dialogue) => {
    const injected = injectionWarnings(dialogue);
    line.meta.warnings = [...(line.meta.warnings ?? []), ...injected];
    line.meta.config_hash = hash;
    line.meta.cost_usd = costOf(line);
    return { line, injected: injected.length > 0 };
  };

  return {
    protocol,
    configuration,
    identity,
    hash,
    labels,
    price,
    judgeOnce,
    finish,
    costOf,
    judge: async (dialogue, run) => finish(await judgeOnce(dialogue, run), dialogue).line,
  };
}
