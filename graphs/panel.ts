import { END, START, StateGraph } from "@langchain/langgraph";
import { ConfigurationSchema } from "../judges/configuration.js";
import { critic } from "../nodes/panel/critic.js";
import { evaluator } from "../nodes/panel/evaluator.js";
import { referee } from "../nodes/panel/referee.js";
import { score } from "../nodes/panel/score.js";
import { readInput, READ_INPUT } from "../nodes/read-input.js";
import { PanelInput, PanelState } from "../nodes/panel/state.js";

/** After an agent: on to the next step, or straight to scoring when the agent failed (`unscored`). */
export function routeAfterAgent(next: "critic" | "referee") {
  return (state: typeof PanelState.State): "critic" | "referee" | "score" => (state.failure ? "score" : next);
}

/** read_input → evaluator → critic → referee → score. */
export function buildPanelGraph() {
  return new StateGraph({ state: PanelState, input: PanelInput, context: ConfigurationSchema })
    .addNode(READ_INPUT, readInput, { input: PanelInput })
    .addNode("evaluator", evaluator)
    .addNode("critic", critic)
    .addNode("referee", referee)
    .addNode("score", score)
    .addEdge(START, READ_INPUT)
    .addEdge(READ_INPUT, "evaluator")
    .addConditionalEdges("evaluator", routeAfterAgent("critic"), ["critic", "score"])
    .addConditionalEdges("critic", routeAfterAgent("referee"), ["referee", "score"])
    .addEdge("referee", "score")
    .addEdge("score", END);
}

export const graph = buildPanelGraph().compile();
graph.name = "panel";
