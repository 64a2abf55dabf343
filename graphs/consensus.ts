import { END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { consensusSettings, ConsensusConfigurationSchema } from "../nodes/consensus/configuration.js";
import { needsHumanReview } from "../nodes/consensus/review-rules.js";
import { afterAgent, nextStep, type AfterAgreement } from "../nodes/consensus/router.js";
import { agreement } from "../nodes/consensus/agreement.js";
import { consensusScore } from "../nodes/consensus/consensus-score.js";
import { humanReview } from "../nodes/consensus/human-review.js";
import { debateCritique } from "../nodes/consensus/debate-critique.js";
import { generous } from "../nodes/consensus/generous.js";
import { generousMove } from "../nodes/consensus/generous-move.js";
import { strict } from "../nodes/consensus/strict.js";
import { strictRefinement } from "../nodes/consensus/strict-refinement.js";
import { readInput, READ_INPUT } from "../nodes/read-input.js";
import { ConsensusInput, ConsensusState } from "../nodes/consensus/state.js";

/** After each agreement check: another debate round, or the final consensus (see `nextStep`). */
export function routeAfterAgreement(state: typeof ConsensusState.State, config?: LangGraphRunnableConfig): AfterAgreement {
  return nextStep({
    check: state.checks[state.checks.length - 1],
    round: state.round,
    maxRounds: consensusSettings(config).maxRounds,
    failed: state.failure !== undefined,
  });
}

/** After the consensus: a human reviewer when `humanReview` is on and the agents never agreed, else the end. */
export function routeAfterConsensus(state: typeof ConsensusState.State, config?: LangGraphRunnableConfig): "human_review" | typeof END {
  const review = needsHumanReview({
    humanReview: consensusSettings(config).humanReview,
    check: state.checks[state.checks.length - 1],
    failed: state.failure !== undefined,
    result: state.result,
  });
  return review ? "human_review" : END;
}

/**
 * The consensus protocol (docs/protocols.md#consensus): read_input → strict ∥ generous → agreement? ─yes→ consensus; ─no→ debate_critique →
 * strict_refinement → generous_move → agreement? … until agreement or `maxRounds` → consensus
 * (→ human_review when `humanReview` is on and they never agreed).
 */
export function buildConsensusGraph() {
  return new StateGraph({ state: ConsensusState, input: ConsensusInput, context: ConsensusConfigurationSchema })
    .addNode(READ_INPUT, readInput, { input: ConsensusInput })
    .addNode("strict", strict)
    .addNode("generous", generous)
    .addNode("agreement", agreement)
    .addNode("debate_critique", debateCritique)
    .addNode("strict_refinement", strictRefinement)
    .addNode("generous_move", generousMove)
    .addNode("consensus", consensusScore)
    .addNode("human_review", humanReview)
    .addEdge(START, READ_INPUT)
    .addEdge(READ_INPUT, "strict")
    .addEdge(READ_INPUT, "generous")
    .addEdge(["strict", "generous"], "agreement")
    .addConditionalEdges("agreement", routeAfterAgreement, ["debate_critique", "consensus"])
    .addConditionalEdges("debate_critique", afterAgent("strict_refinement"), ["strict_refinement", "consensus"])
    .addConditionalEdges("strict_refinement", afterAgent("generous_move"), ["generous_move", "consensus"])
    .addEdge("generous_move", "agreement")
    .addConditionalEdges("consensus", routeAfterConsensus, ["human_review", END])
    .addEdge("human_review", END);
}

export const graph = buildConsensusGraph().compile();
graph.name = "consensus";
