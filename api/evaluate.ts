import { randomUUID } from "node:crypto";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { Command } from "@langchain/langgraph";
import { ConfigError, isConfigError } from "../judges/config-error.js";
import { tracingEnabled } from "../judges/tracing-env.js";
import type { ReviewDecisionInput } from "../nodes/consensus/review-decision.js";
import type { reviewRequest } from "../nodes/consensus/review-rules.js";
import type { Protocol, ResultMeta } from "../results/meta.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import { isDialogueParseError } from "../dialogues/errors.js";
import { isRubricError } from "../rubrics/errors.js";
import { dialogueFromInput } from "../nodes/read-input.js";
import { isInputError } from "../nodes/input-error.js";
import { pool } from "../util/pool.js";
import { redact } from "../util/redact.js";
import { createJudge } from "./builders.js";
import { toConfigurable, wantsHumanReview, type CreateJudgeOptions, type JudgeOptions } from "./options.js";
import { projectTracer, runLabels, traceConfig } from "./trace.js";

/** One dialogue's result line: the protocol's JSON plus `meta`, or an `unscored` line with the error. */
export type JudgeResult = Record<string, unknown> & {
  dialogue_id: string | number;
  status?: "unscored";
  meta: Pick<ResultMeta, "protocol" | "status"> & Partial<ResultMeta>;
};

/** What a paused consensus run asks its reviewer. */
export type ReviewRequest = ReturnType<typeof reviewRequest>;

/** How each call runs (not part of the graph's configuration). */
export interface RunOptions {
  /** Answers a consensus run paused for human review (`humanReview: true`). */
  review?: (request: ReviewRequest) => ReviewDecisionInput | Promise<ReviewDecisionInput>;
  /** The LangSmith project these runs are traced to when tracing is on (LANGSMITH_TRACING=true); LANGSMITH_PROJECT's (or "default") otherwise. */
  project?: string;
  /** Added to every run's tags (after `protocol:…`, `rubric:…`, `model:…`). */
  tags?: string[];
  /** Added to every run's metadata (next to `dialogue_id`). */
  metadata?: Record<string, unknown>;
  /** Extra callback handlers for every run (a `project` tracer comes first). */
  callbacks?: BaseCallbackHandler[];
  signal?: AbortSignal;
}

/** `evaluateDialogue(dialogue, { protocol: "consensus", model: "openai:gpt-4o-mini" })`; the panel protocol when none is named. */
export type EvaluateOptions = (CreateJudgeOptions | ({ protocol?: undefined } & JudgeOptions)) & RunOptions;

export type EvaluateManyOptions = EvaluateOptions & {
  /** Dialogues judged at the same time (default 4). */
  concurrency?: number;
};

/** A dialogue object, or one dialogue as transcript text in any supported format. */
export type DialogueInput = Dialogue | string;

interface RunnableJudge {
  invoke(input: unknown, config?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

const RUN_OPTION_KEYS = ["review", "project", "tags", "metadata", "callbacks", "signal", "concurrency"] as const;

function judgeOptionsOf(options: EvaluateManyOptions): CreateJudgeOptions {
  const judgeOptions: Record<string, unknown> = { ...options, protocol: options.protocol ?? "panel" };
  for (const key of RUN_OPTION_KEYS) delete judgeOptions[key];
  return judgeOptions as CreateJudgeOptions;
}

/** Builds the graph and labels once; returns the function that judges one dialogue (errors are thrown). */
export function judgeSession(options: EvaluateManyOptions): (input: DialogueInput) => Promise<JudgeResult> {
  const judgeOptions = judgeOptionsOf(options);
  const protocol: Protocol = judgeOptions.protocol;
  const review = options.review;
  const humanReview = wantsHumanReview(judgeOptions);
  if (humanReview && !review) {
    throw new ConfigError('humanReview needs a `review` callback: it receives the request and returns { decision: "accept" } or { decision: "override", overall_score }');
  }
  const graph = createJudge(judgeOptions) as unknown as RunnableJudge;
  const labels = runLabels(protocol, toConfigurable(judgeOptions));
  const tracer = options.project && tracingEnabled() ? projectTracer(options.project) : undefined;
  const callbacks = tracer ? [tracer, ...(options.callbacks ?? [])] : options.callbacks;
  return async (input) => {
    const dialogue = dialogueFromInput(typeof input === "string" ? { transcript: input } : { dialogue: input });
    const trace = traceConfig(labels, dialogue.id);
    const config = {
      tags: [...trace.tags, ...(options.tags ?? [])],
      metadata: { ...trace.metadata, ...options.metadata },
      ...(callbacks ? { callbacks } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(humanReview ? { configurable: { thread_id: randomUUID() } } : {}),
    };
    let state = await graph.invoke({ dialogue }, config);
    const pending = (state.__interrupt__ as { value: ReviewRequest }[] | undefined)?.[0];
    if (pending && review) state = await graph.invoke(new Command({ resume: await review(pending.value) }), config);
    const result = state.result as JudgeResult | undefined;
    if (!result) throw new Error(`the ${protocol} graph returned no result for dialogue ${dialogue.id}`);
    return result;
  };
}

/** Judges one dialogue and returns its result line. Errors (bad input, bad configuration, a failed run) are thrown. */
export async function evaluateDialogue(input: DialogueInput, options: EvaluateOptions = {}): Promise<JudgeResult> {
  return judgeSession(options)(input);
}

async function* asAsync<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* items;
}

function isCallerError(e: unknown): boolean {
  return isConfigError(e) || isRubricError(e) || isInputError(e) || isDialogueParseError(e);
}

/**
 * Judges many dialogues, `concurrency` at a time, yielding each result line as it finishes
 * (completion order; join on `dialogue_id`). A dialogue whose run fails yields an `unscored` line;
 * bad input or configuration stops the iteration with its error.
 */
export async function* evaluateMany(dialogues: Iterable<DialogueInput> | AsyncIterable<DialogueInput>, options: EvaluateManyOptions = {}): AsyncGenerator<JudgeResult> {
  const judge = judgeSession(options);
  const protocol = options.protocol ?? "panel";
  const judgeOne = async (input: DialogueInput): Promise<JudgeResult> => {
    // Parsed first: bad input is the caller's error, and a failed run's line needs the dialogue's id.
    const dialogue = dialogueFromInput(typeof input === "string" ? { transcript: input } : { dialogue: input });
    try {
      return await judge(dialogue);
    } catch (e) {
      if (isCallerError(e)) throw e;
      const message = redact((e as Error)?.message ?? String(e));
      return { dialogue_id: dialogue.id, status: "unscored", error: { agent: protocol, kind: "error", message }, meta: { protocol, status: "unscored" } };
    }
  };
  yield* pool(asAsync(dialogues), Math.max(1, options.concurrency ?? 4), judgeOne);
}
