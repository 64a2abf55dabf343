import { interrupt, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ConfigError } from "../../judges/config-error.js";
import { ensureConsensusConfiguration } from "./configuration.js";
import { applyReview, parseReviewDecision, reviewRequest } from "./review-rules.js";
import type { AgreementCheck } from "./records.js";
import type { ConsensusState } from "./state.js";

/** Pauses the run for a human reviewer's decision (`interrupt`), then records it in the result. */
function askReviewer(request: ReturnType<typeof reviewRequest>): unknown {
  try {
    return interrupt(request);
  } catch (e) {
    if ((e as { lc_error_code?: string }).lc_error_code !== "MISSING_CHECKPOINTER") throw e;
    throw new ConfigError("humanReview needs a checkpointer to pause the run: use LangGraph Studio, createJudge({ protocol: \"consensus\", humanReview: true }) or evaluateDialogue(…, { humanReview: true, review })");
  }
}

/**
 * After `consensus`, when the debate ended without agreement and `humanReview` is on: the reviewer
 * accepts the weighted consensus or overrides the overall score (resume with `Command({ resume })`).
 */
export function humanReview(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): typeof ConsensusState.Update {
  const { bounds } = ensureConsensusConfiguration(config);
  const result = state.result as Record<string, unknown>;
  const check = state.checks[state.checks.length - 1] as AgreementCheck;
  const decision = parseReviewDecision(askReviewer(reviewRequest(result, check, bounds)), bounds);
  return { result: applyReview(result, decision) };
}
