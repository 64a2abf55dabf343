import { END, START, StateGraph } from "@langchain/langgraph";
import { ConfigurationSchema } from "../judges/configuration.js";
import { judge } from "../nodes/barem/judge.js";
import { score } from "../nodes/barem/score.js";
import { readInput, READ_INPUT } from "../nodes/read-input.js";
import { BaremInput, BaremState } from "../nodes/barem/state.js";

/** read_input → judge → score (docs/protocols.md#barem). */
export function buildBaremGraph() {
  return new StateGraph({ state: BaremState, input: BaremInput, context: ConfigurationSchema })
    .addNode(READ_INPUT, readInput, { input: BaremInput })
    .addNode("judge", judge)
    .addNode("score", score)
    .addEdge(START, READ_INPUT)
    .addEdge(READ_INPUT, "judge")
    .addEdge("judge", "score")
    .addEdge("score", END);
}

export const graph = buildBaremGraph().compile();
graph.name = "barem";
