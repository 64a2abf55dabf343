import { ensureConfiguration } from "../judges/configuration.js";
import type { Protocol } from "../results/meta.js";
import { defaultRubricOf } from "./builders.js";
import { conversationToDialogue } from "./conversation.js";
import { judgeSession, type EvaluateOptions, type JudgeResult } from "./evaluate.js";
import { headlineOf, type Headline } from "../results/headline.js";
import { toConfigurable, type JudgeOptions } from "./options.js";

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

function detailOf(protocol: Protocol, result: JudgeResult): string {
  switch (protocol) {
    case "panel":
      return String((result.audit as { decision_rules_applied?: unknown } | undefined)?.decision_rules_applied ?? "");
    case "consensus": {
      const m = result.consensus_metadata as { consensus_method?: string; rounds_conducted?: number } | undefined;
      const review = result.human_review as { decision?: string } | undefined;
      return `${m?.consensus_method ?? "?"} after ${m?.rounds_conducted ?? "?"} round(s)${review ? `; human review: ${review.decision}` : ""}`;
    }
    case "checklist":
      return `YES ${String(result.yes)}, NO ${String(result.no)}, NA ${String(result.na)}${result.rejected === true ? "; rejected by the safety gate" : ""}`;
    case "barem":
      return String((result.OverallExperience as { justification?: unknown } | undefined)?.justification ?? "");
  }
}

function commentOf(protocol: Protocol, rubricId: string, result: JudgeResult, headline: Headline): string {
  const detail = detailOf(protocol, result);
  return `${protocol}/${rubricId}, dialogue ${result.dialogue_id}: ${headline.field} = ${headline.value} on ${headline.min}–${headline.max}${detail ? `. ${detail}` : ""}`;
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
  const rubric = ensureConfiguration({ configurable: toConfigurable(evaluateOptions as JudgeOptions) }, defaultRubricOf(protocol)).rubric;
  const judge = judgeSession(evaluateOptions);
  return async function tribunalEvaluator(params: EvaluatorParams): Promise<EvaluatorResult> {
    const result = await judge(conversationToDialogue(params));
    const headline = headlineOf(protocol, result, rubric);
    if (!headline) {
      const error = result.error as { message?: string } | undefined;
      return { key, score: null, comment: `${protocol}/${rubric.id}, dialogue ${result.dialogue_id}: unscored (${error?.message ?? "no score"})` };
    }
    return { key, score: normalize ? headline.normalized : headline.value, comment: commentOf(protocol, rubric.id, result, headline) };
  };
}
