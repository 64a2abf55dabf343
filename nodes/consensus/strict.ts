import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { ConsensusState } from "./state.js";
import { independentEvaluation } from "./independent.js";

/** Agent A (strict), round 1: rigorous standards, strong evidence required for high scores. */
export function strict(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  return independentEvaluation("strict", state, config);
}
