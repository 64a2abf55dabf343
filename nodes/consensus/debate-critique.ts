import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConsensusConfiguration } from "../../consensus/configuration.js";
import { contentView } from "../../consensus/content.js";
import { checkCritique, DebateCritique, type ConsensusAgentOutput } from "../../contracts/consensus.js";
import { CONSENSUS_TOOLS } from "../../contracts/consensus-tools.js";
import { offlineDebateCritique } from "../../judges/offline/consensus/index.js";
import { runAgent } from "../../judges/run-agent.js";
import { debateCritiqueMessages } from "../../prompts/consensus.js";
import type { ConsensusState } from "../../graphs/consensus-state.js";

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
