import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConsensusConfiguration } from "./configuration.js";
import { contentView } from "./content.js";
import { checkCritique, DebateCritique, type ConsensusAgentOutput } from "./contracts.js";
import { CONSENSUS_TOOLS } from "./tools.js";
import { offlineDebateCritique } from "./offline/index.js";
import { runAgent } from "../../judges/run-agent.js";
import { debateCritiqueMessages } from "./prompts.js";
import type { ConsensusState } from "./state.js";

/** A debate round opens: the generous agent critiques the strict evaluation (kept in state). */
export async function debateCritique(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  const { rubric, judge, onFailure, settings } = ensureConsensusConfiguration(config);
  const view = contentView(state.dialogue, settings.maxContentChars);
  const strictEvaluation = state.strictEvaluation as ConsensusAgentOutput;
  const generousEvaluation = state.generousEvaluation as ConsensusAgentOutput;
  const answer = await runAgent(
    {
      role: "debate_critique",
      schema: DebateCritique,
      toolset: CONSENSUS_TOOLS,
      messages: debateCritiqueMessages(rubric, view, strictEvaluation, generousEvaluation),
      check: checkCritique,
      offline: () => offlineDebateCritique(rubric, view.dialogue, strictEvaluation, generousEvaluation),
    },
    judge,
    onFailure,
    config,
  );
  const round = state.round + 1;
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure, round };
  return { calls: [answer.record], critique: answer.output.critique, round };
}
