import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ConsensusState } from "./state.js";
import { independentEvaluation } from "./independent.js";

/** Agent B (generous), round 1: credits partial demonstrations and potential. */
export function generous(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  return independentEvaluation("generous", state, config);
}
