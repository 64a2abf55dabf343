import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { tracingEnabled } from "../judges/tracing-env.js";
import type { ReviewDecisionInput } from "../nodes/consensus/review-decision.js";
import type { ReviewRequest } from "../nodes/consensus/review-rules.js";
import { pool } from "../util/pool.js";
import { protocolOf } from "./builders.js";
import { dialogueOf, type DialogueInput } from "./conversation.js";
import type { DialogueJudge, JudgeResult } from "./judge-dialogue.js";
import { createRunJudge } from "./jury-judge.js";
import type { JuryMemberInput } from "./jury-members.js";
import { toConfigurable, type CreateJudgeOptions, type JudgeOptions } from "./options.js";
import { projectTracer } from "./trace.js";

export type { JudgeResult } from "./judge-dialogue.js";
export type { DialogueInput } from "./conversation.js";
export type { ReviewRequest } from "../nodes/consensus/review-rules.js";

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
  /**
   * A jury instead of one model: the protocol runs once per member, in parallel, and the line is the
   * protocol's aggregate of their verdicts, each member's line kept in `jury.members`. A member is a
   * model (`"openai:gpt-4o-mini"`), or `{ name?, model, baseUrl? }` where `model` may be a chat model object.
   */
  jury?: JuryMemberInput[];
}

/** `evaluateDialogue(dialogue, { protocol: "consensus", model: "openai:gpt-4o-mini" })`; the panel protocol when none is named. */
export type EvaluateOptions = (CreateJudgeOptions | ({ protocol?: undefined } & JudgeOptions)) & RunOptions;

export type EvaluateManyOptions = EvaluateOptions & {
  /** Dialogues judged at the same time (default 4). */
  concurrency?: number;
};

/** Configures the protocol once (the same path the CLI's batch runner takes); returns the function that judges one input. */
export function judgeSession(options: EvaluateManyOptions): { judge: DialogueJudge; judgeInput: (input: DialogueInput) => Promise<JudgeResult> } {
  const { protocol = "panel", review, project, tags, metadata, callbacks, signal, checkpointer, jury, ...settings } = options;
  const judge = createRunJudge(
    {
      protocol: protocolOf(protocol),
      configurable: toConfigurable(settings),
      ...(review ? { review } : {}),
      ...(checkpointer ? { checkpointer } : {}),
    },
    jury,
  );
  const tracer = project && tracingEnabled() ? projectTracer(project) : undefined;
  const allCallbacks = tracer ? [tracer, ...(callbacks ?? [])] : callbacks;
  const run = { ...(tags ? { tags } : {}), ...(metadata ? { metadata } : {}), ...(allCallbacks ? { callbacks: allCallbacks } : {}), ...(signal ? { signal } : {}) };
  return {
    judge,
    // Parsed first: bad input is the caller's error, and a failed run's line needs the dialogue's id.
    judgeInput: (input) => judge.judge(dialogueOf(input), run),
  };
}

/**
 * Judges one dialogue and returns its result line; a failed run is an `unscored` line with the
 * error. Bad input, configuration or rubric are thrown.
 */
export async function evaluateDialogue(input: DialogueInput, options: EvaluateOptions = {}): Promise<JudgeResult> {
  return judgeSession(options).judgeInput(input);
}

async function* asAsync<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * Judges many dialogues, `concurrency` at a time, yielding each result line as it finishes
 * (completion order; join on `dialogue_id`). A dialogue whose run fails yields an `unscored` line;
 * bad input or configuration stops the iteration with its error.
 */
export async function* evaluateMany(dialogues: Iterable<DialogueInput> | AsyncIterable<DialogueInput>, options: EvaluateManyOptions = {}): AsyncGenerator<JudgeResult> {
  const { judgeInput } = judgeSession(options);
  yield* pool(asAsync(dialogues), Math.max(1, options.concurrency ?? 4), judgeInput);
}
