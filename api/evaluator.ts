import { PROTOCOLS, type ProtocolId as Protocol } from "../graphs/registry.js";
import { agentEvents } from "../results/meta-fields.js";
import type { Rubric } from "../rubrics/schema.js";
import { conversationToDialogue } from "./conversation.js";
import { judgeSession, type EvaluateOptions, type JudgeResult } from "./evaluate.js";
import { headlineOf, type Headline } from "./headline.js";

/** What an openevals / LangSmith `evaluate()` evaluator receives (the fields this adapter reads). */
export interface EvaluatorParams {
  inputs?: unknown;
  outputs?: unknown;
  referenceOutputs?: unknown;
  example?: { id?: unknown } | undefined;
  /** LangSmith also passes the run (and spreads its fields). */
  run?: unknown;
  [field: string]: unknown;
}

/** openevals' result shape, which LangSmith's `evaluate()` records as feedback. */
export interface EvaluatorResult {
  key: string;
  /** The headline score mapped to [0, 1] (or on the rubric's scale with `normalize: false`); `null` when unscored. */
  score: number | null;
  comment: string;
}

export type EvaluatorOptions = EvaluateOptions & {
  /** Feedback key (default `tribunal_<protocol>`). */
  key?: string;
  /** Map the headline score to [0, 1] (default) or keep it on the rubric's scale. */
  normalize?: boolean;
};

function commentOf(protocol: Protocol, rubric: Rubric, result: JudgeResult, headline: Headline): string {
  const detail = PROTOCOLS[protocol].result.detail(result, rubric.overallKey);
  return `${protocol}/${rubric.id}, dialogue ${result.dialogue_id}: ${headline.field} = ${headline.value} on ${headline.min}–${headline.max}${detail ? `. ${detail}` : ""}`;
}

/**
 * Turns a protocol into an openevals-style evaluator `({ inputs, outputs }) => { key, score, comment }`
 * that drops into LangSmith's `evaluate()`: it judges the conversation found in `outputs` (else
 * `inputs`) and reports the protocol's headline score.
 */
export function createEvaluator(options: EvaluatorOptions = {}): (params: EvaluatorParams) => Promise<EvaluatorResult> {
  const { key: keyOption, normalize = true, ...evaluateOptions } = options;
  const protocol: Protocol = evaluateOptions.protocol ?? "panel";
  const key = keyOption ?? `tribunal_${protocol}`;
  const session = judgeSession(evaluateOptions);
  const rubric = session.judge.configuration.rubric;
  return async function tribunalEvaluator(params: EvaluatorParams): Promise<EvaluatorResult> {
    const result = await session.judgeInput(conversationToDialogue(params));
    const headline = headlineOf(protocol, result, rubric);
    if (!headline) {
      const error = agentEvents([result.error])[0];
      return { key, score: null, comment: `${protocol}/${rubric.id}, dialogue ${result.dialogue_id}: unscored (${error?.message || "no score"})` };
    }
    return { key, score: normalize ? headline.normalized : headline.value, comment: commentOf(protocol, rubric, result, headline) };
  };
}
