import { randomUUID } from "node:crypto";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { Command, MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph";
import type { Dialogue } from "../dialogues/dialogue.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import { dialogueHash } from "../dialogues/hash.js";
import type { ProtocolEntry } from "../graphs/registry.js";
import { ConfigError, isConfigError } from "../judges/config-error.js";
import { type Configuration } from "../judges/configuration.js";
import { CallBreaker, DEFAULT_BREAKER_LIMIT } from "../judges/call-breaker.js";
import { PROBE_DIALOGUE, probeModel } from "../judges/probe.js";
import { installLightRunContext } from "../judges/light-run-context.js";
import { outputModeChoiceOf, withOutputModeChoice, type SendMode } from "../judges/output-mode.js";
import { withResolvedConfiguration } from "../judges/run-configuration.js";
import { isInputError } from "../nodes/input-error.js";
import type { ReviewDecisionInput } from "../nodes/consensus/review-decision.js";
import type { ReviewRequest } from "../nodes/consensus/review-rules.js";
import { JudgedLine } from "../results/line.js";
import { unscoredLine } from "../results/unscored.js";
import { isRubricError } from "../rubrics/errors.js";
import { redact } from "../util/redact.js";
import { round6 } from "../scoring/numbers.js";
import { resolveRun } from "./builders.js";
import { wantsHumanReview } from "./options.js";
import { configHash, configIdentity, type ConfigIdentity } from "./config-hash.js";
import { injectionWarnings } from "./injection.js";
import { oneSidedWarnings } from "./one-sided.js";
import { languageWarnings } from "./language.js";
import { createInputSizeCheck } from "./input-size.js";
import { costUsd, loadPrices, priceFor, type PriceTable } from "./prices.js";
import { traceConfig, type RunLabels } from "./trace.js";

/** One dialogue's result line: the protocol's JSON plus `meta`, or an `unscored` line with the error. */
export type JudgeResult = JudgedLine;

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
  /** Consecutive calls failing the same shared way that stop the run (default 5; 0: never). */
  breakerLimit?: number;
  /** Output modes a probe of this run already settled (another process's `outputModes()`): no probe needed here. */
  outputModes?: Readonly<Record<string, SendMode>>;
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
  /** Whether every model of the run has a price: lines then carry their cost. */
  priced: boolean;
  /** One judgement: the graph's line, or an `unscored` line when the run failed (secrets redacted). Caller errors are thrown. */
  judgeOnce(dialogue: Dialogue, run?: DialogueRun): Promise<JudgeResult>;
  /** Adds what every line carries beyond the graph's own: injection and one-sided warnings, `config_hash`, `cost_usd`, `source` (`file`: the input file's name, null from the library). */
  finish(line: JudgeResult, dialogue: Dialogue, file?: string | null): { line: JudgeResult; injected: boolean };
  /** `judgeOnce` then `finish`: the line a dialogue gets. */
  judge(dialogue: Dialogue, run?: DialogueRun): Promise<JudgeResult>;
  /** USD for a line's tokens (per model when its roles had different ones), null when a model has no price. */
  costOf(meta: Pick<JudgeResult["meta"], "tokens" | "tokens_by_model">): number | null;
  /** One call of the protocol's first agent on a short dialogue; throws a ConfigError saying what to fix when the model cannot answer. Nothing to do for the offline judge. With `outputMode: "auto"`, settles the run's output mode and returns a line naming it. */
  probe(): Promise<string | undefined>;
  /** The output mode settled per model (by the probe, or given as `outputModes`). */
  outputModes(): Record<string, SendMode>;
}

/** Errors of the caller (bad input, configuration or rubric): they stop a run instead of becoming an unscored line. */
function isCallerError(e: unknown): boolean {
  return isConfigError(e) || isRubricError(e) || isInputError(e) || isDialogueParseError(e);
}

/** The graph's line, checked against the shape every line has (an id and a full `meta`). */
function isJudgedLine(value: unknown): value is JudgedLine {
  return JudgedLine.safeParse(value).success;
}

/** How a run finishes its lines (`finishLine`). */
export interface LineFinish {
  hash: string;
  roleModels: Readonly<Record<string, string>>;
  costOf: (meta: JudgeResult["meta"]) => number | null;
  /** The protocol judges candidate submissions (consensus): one-sided dialogues by design, no warning. */
  judgesSubmissions: boolean;
  /** The input file the dialogue came from (`-` for stdin), null from the library. */
  file: string | null;
}

/** What every line carries beyond the graph's own: injection, one-sided and language warnings, `config_hash`, `cost_usd`, `source`. */
export function finishLine(line: JudgeResult, dialogue: Dialogue, run: LineFinish): { line: JudgeResult; injected: boolean } {
  const injected = injectionWarnings(dialogue);
  const oneSided = oneSidedWarnings(dialogue, { judgesSubmissions: run.judgesSubmissions });
  // A non-English dialogue the offline judge answered for: its English cue words miss the answers.
  line.meta.warnings = [...(line.meta.warnings ?? []), ...injected, ...oneSided, ...languageWarnings(line, dialogue, run.roleModels)];
  line.meta.config_hash = run.hash;
  line.meta.cost_usd = run.costOf(line.meta);
  line.meta.source = { file: run.file, dialogue_hash: dialogueHash(dialogue) };
  return { line, injected: injected.length > 0 };
}

/**
 * The one path that judges a dialogue, used by the library (`evaluateDialogue`, `evaluateMany`,
 * `createEvaluator`) and the CLI's batch runner: the configuration is resolved once, every line
 * has the same shape and meta, and a failed run is an `unscored` line, never a low score.
 */
export function createDialogueJudge(options: DialogueJudgeOptions): DialogueJudge {
  installLightRunContext();
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
  const prices = options.prices ?? loadPrices();
  // A line without `tokens_by_model` went to one model (or none): every role's model has this price, or there is none.
  const rolePrices = [...new Set(Object.values(configuration.roleModels))].map((model) => priceFor(model, prices));
  const first = rolePrices[0];
  const price = first && rolePrices.every((p) => p?.input === first.input && p.output === first.output) ? first : undefined;
  const labels: RunLabels = { protocol: protocol.id, rubric: configuration.rubric.id, model: configuration.modelLabel };
  const checkpointer = options.checkpointer ?? (humanReview ? new MemorySaver() : undefined);
  const breakerLimit = options.breakerLimit ?? DEFAULT_BREAKER_LIMIT;
  const breaker = configuration.modelLabel !== "offline" && breakerLimit > 0 ? new CallBreaker(breakerLimit) : undefined;
  // `--output-mode`: one choice for the whole run, which the probe narrows when the mode is `auto`.
  // `maxInputTokens` / the model's window: a dialogue whose requests would not fit is never sent (api/input-size.ts).
  const sizePolicy = createInputSizeCheck(protocol, options.configurable, configuration);
  const perRun = { ...(breaker ? { callBreaker: breaker } : {}), ...(sizePolicy ? { requestGuard: sizePolicy.guard } : {}) };
  const configurable = withResolvedConfiguration(withOutputModeChoice({ ...options.configurable, ...perRun }, configuration.outputMode, options.outputModes), configuration);
  // A checkpointer keeps each run's state under its own thread.
  const configurableOfRun = () => (checkpointer ? { ...configurable, thread_id: randomUUID() } : configurable);
  const graph = protocol.build().compile(checkpointer ? { checkpointer } : {});
  // The root run of every dialogue's trace is named after the protocol.
  graph.name = protocol.id;

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
      configurable: configurableOfRun(),
      tags: [...trace.tags, ...(run.tags ?? [])],
      metadata: { ...trace.metadata, ...run.metadata },
      ...(run.callbacks ? { callbacks: run.callbacks } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
    };
    try {
      const tooLong = await sizePolicy?.check(dialogue);
      if (tooLong) return unscoredLine({ dialogueId: dialogue.id, protocol: protocol.id, rubric: configuration.rubric.id, model: configuration.modelLabel, error: tooLong });
      let state = await graph.invoke({ dialogue }, config);
      const pending = (state.__interrupt__ as { value: ReviewRequest }[] | undefined)?.[0];
      if (pending && options.review) state = await graph.invoke(new Command({ resume: await options.review(pending.value) }), config);
      return isJudgedLine(state.result) ? state.result : unscored(dialogue, new Error(`the ${protocol.id} graph returned no result line for dialogue ${dialogue.id}`));
    } catch (e) {
      if (isCallerError(e)) throw e;
      return unscored(dialogue, e);
    }
  };

  const costOf = (meta: Pick<JudgeResult["meta"], "tokens" | "tokens_by_model">): number | null => {
    if (!meta.tokens_by_model) return price ? round6(costUsd(meta.tokens, price)) : null;
    let total = 0;
    for (const [model, tokens] of Object.entries(meta.tokens_by_model)) {
      const modelPrice = priceFor(model, prices);
      if (!modelPrice) return null;
      total += costUsd(tokens, modelPrice);
    }
    return round6(total);
  };

  const finish = (line: JudgeResult, dialogue: Dialogue, file: string | null = null) =>
    finishLine(line, dialogue, { hash, roleModels: configuration.roleModels, costOf, judgesSubmissions: protocol.judgesSubmissions === true, file });

  return {
    protocol,
    configuration,
    identity,
    hash,
    labels,
    priced: Object.values(configuration.roleModels).every((model) => priceFor(model, prices) !== undefined),
    judgeOnce,
    finish,
    costOf,
    judge: async (dialogue, run) => finish(await judgeOnce(dialogue, run), dialogue).line,
    probe: async () => {
      // The probe's own short dialogue: its call counts toward no breaker, and no input limit applies to it.
      const { callBreaker: _breaker, requestGuard: _guard, ...probeConfigurable } = configurable;
      const notes: string[] = [];
      // One call per distinct model, one after the other: the first that cannot judge stops the run.
      for (const judge of configuration.llmJudges()) {
        const call = () => protocol.probe(configuration, PROBE_DIALOGUE, { configurable: probeConfigurable, runName: `${protocol.id}:probe` }, judge);
        const note = await probeModel(call, judge, outputModeChoiceOf(configurable));
        if (note) notes.push(note);
      }
      return notes.length > 0 ? notes.join("\n") : undefined;
    },
    outputModes: () => outputModeChoiceOf(configurable)?.settled() ?? {},
  };
}
