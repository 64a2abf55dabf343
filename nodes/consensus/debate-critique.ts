import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { askConsensusAgent } from "./ask-agent.js";
import { checkCritique, DebateCritique, type ConsensusAgentOutput } from "./contracts.js";
import { offlineDebateCritique } from "./offline/index.js";
import { debateCritiqueMessages } from "./prompts.js";
import type { ConsensusState } from "./state.js";

/** A debate round opens: the generous agent critiques the strict evaluation (kept in state). */
export async function debateCritique(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  const strictEvaluation = state.strictEvaluation as ConsensusAgentOutput;
  const generousEvaluation = state.generousEvaluation as ConsensusAgentOutput;
  const answer = await askConsensusAgent(
    {
      role: "debate_critique",
      schema: DebateCritique,
      messages: (view, { rubric }) => debateCritiqueMessages(rubric, view, strictEvaluation, generousEvaluation),
      check: checkCritique,
      offline: (view, { rubric }) => offlineDebateCritique(rubric, view.dialogue, strictEvaluation, generousEvaluation),
    },
    state.dialogue,
    config,
  );
  const round = state.round + 1;
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure, round };
  return { calls: [answer.record], critique: answer.output.critique, round };
}
