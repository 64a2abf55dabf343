import { END, Send, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { ConfigurationSchema } from "../judges/configuration.js";
import { ensureConfiguration } from "../judges/run-configuration.js";
import { assessor } from "../nodes/checklist/assessor.js";
import { gate } from "../nodes/checklist/gate.js";
import { score } from "../nodes/checklist/score.js";
import { readInput, READ_INPUT } from "../nodes/read-input.js";
import { AssessorInput, ChecklistInput, ChecklistState } from "../nodes/checklist/state.js";
import { CHECKLIST, checkChecklistRubric } from "../nodes/checklist/defaults.js";

/** read_input's router: one `assessor` branch per rubric criterion, all run in parallel. */
export function fanOut(state: typeof ChecklistState.State, config: LangGraphRunnableConfig): Send<"assessor", typeof AssessorInput.State>[] {
  const { rubric } = ensureConfiguration(config, CHECKLIST);
  checkChecklistRubric(rubric);
  return rubric.criteria.map((c) => new Send("assessor", { dialogue: state.dialogue, criterionId: c.id }));
}

/** read_input → assessor × N (Send) → gate → score. */
export function buildChecklistGraph() {
  return new StateGraph({ state: ChecklistState, input: ChecklistInput, context: ConfigurationSchema })
    .addNode(READ_INPUT, readInput, { input: ChecklistInput })
    .addNode("assessor", assessor, { input: AssessorInput })
    .addNode("gate", gate)
    .addNode("score", score)
    .addEdge(START, READ_INPUT)
    .addConditionalEdges(READ_INPUT, fanOut, ["assessor"])
    .addEdge("assessor", "gate")
    .addEdge("gate", "score")
    .addEdge("score", END);
}

/**
 * At most this many assessor calls of one dialogue in flight: bounds the load a 20-criterion rubric
 * puts on a provider, and stays under Node's 10-listener warning on the run's abort signal.
 */
export const ASSESSOR_CONCURRENCY = 8;

export const graph = buildChecklistGraph().compile().withConfig({ maxConcurrency: ASSESSOR_CONCURRENCY });
graph.name = "checklist";
