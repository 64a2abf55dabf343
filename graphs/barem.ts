import { END, START, StateGraph } from "@langchain/langgraph";
import { ConfigurationSchema } from "../config/configuration.js";
import { judge } from "../nodes/barem/judge.js";
import { score } from "../nodes/barem/score.js";
import { BaremInput, BaremState } from "./barem-state.js";

/** judge → score (seed 002). */
export function buildBaremGraph() {
  return new StateGraph({ state: BaremState, input: BaremInput, context: ConfigurationSchema })
    .addNode("judge", judge)
    .addNode("score", score)
    .addEdge(START, "judge")
    .addEdge("judge", "score")
    .addEdge("score", END);
}

export const graph = buildBaremGraph().compile();
graph.name = "barem";
