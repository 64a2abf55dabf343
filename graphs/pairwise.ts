import { END, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { compareAB, compareBA } from "../nodes/pairwise/compare.js";
import { PairwiseConfigurationSchema, pairwiseSettings } from "../nodes/pairwise/configuration.js";
import { consistency } from "../nodes/pairwise/consistency.js";
import { readPair } from "../nodes/pairwise/read-pair.js";
import { reconsiderAB, reconsiderBA } from "../nodes/pairwise/reconsider.js";
import { nextStep, type AfterConsistency } from "../nodes/pairwise/router.js";
import { score } from "../nodes/pairwise/score.js";
import { lastCheck } from "../nodes/pairwise/rules.js";
import { PairwiseInput, PairwiseState } from "../nodes/pairwise/state.js";
import { READ_INPUT } from "../nodes/read-input.js";

/** After each consistency check: both orders reconsider (in parallel), or the score (see `nextStep`). */
export function routeAfterConsistency(state: typeof PairwiseState.State, config?: LangGraphRunnableConfig): AfterConsistency {
  return nextStep({ check: lastCheck(state.rounds), critiqueRounds: pairwiseSettings(config).critiqueRounds, failed: state.failure !== undefined });
}

/**
 * The pairwise protocol (docs/protocols.md#pairwise): read_input → compare_ab ∥ compare_ba → consistency ─consistent→ score;
 * ─not→ reconsider_ab ∥ reconsider_ba → consistency (at most `critiqueRounds` times) → score.
 */
export function buildPairwiseGraph() {
  return new StateGraph({ state: PairwiseState, input: PairwiseInput, context: PairwiseConfigurationSchema })
    .addNode(READ_INPUT, readPair, { input: PairwiseInput })
    .addNode("compare_ab", compareAB)
    .addNode("compare_ba", compareBA)
    .addNode("consistency", consistency)
    .addNode("reconsider_ab", reconsiderAB)
    .addNode("reconsider_ba", reconsiderBA)
    .addNode("score", score)
    .addEdge(START, READ_INPUT)
    .addEdge(READ_INPUT, "compare_ab")
    .addEdge(READ_INPUT, "compare_ba")
    .addEdge(["compare_ab", "compare_ba"], "consistency")
    .addConditionalEdges("consistency", routeAfterConsistency, ["reconsider_ab", "reconsider_ba", "score"])
    .addEdge(["reconsider_ab", "reconsider_ba"], "consistency")
    .addEdge("score", END);
}

export const graph = buildPairwiseGraph().compile();
graph.name = "pairwise";
