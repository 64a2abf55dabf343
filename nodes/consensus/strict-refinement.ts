import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { clampRefinement, scoresOf, withScores } from "./arithmetic.js";
import { askConsensusAgent } from "./ask-agent.js";
import { ensureConsensusConfiguration } from "./configuration.js";
import { checkAgentOutput, ConsensusAgentOutput, inRubricOrder } from "./contracts.js";
import { offlineStrictRefinement } from "./offline/index.js";
import { strictRefinementMessages } from "./prompts.js";
import type { ConsensusState } from "./state.js";

/**
 * The strict agent re-evaluates having read the critique. Each new score is clamped in code to
 * [old, old + refinementCap] (overall and per criterion): strict only moves up, by at most 0.3.
 */
export async function strictRefinement(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  const configuration = ensureConsensusConfiguration(config);
  const { rubric, settings, bounds } = configuration;
  const current = state.strictEvaluation as ConsensusAgentOutput;
  const generousEvaluation = state.generousEvaluation as ConsensusAgentOutput;
  const answer = await askConsensusAgent(
    {
      role: "strict_refinement",
      schema: ConsensusAgentOutput,
      messages: (view) => strictRefinementMessages(rubric, view, current, state.critique ?? "", settings.refinementCap),
      check: (output) => checkAgentOutput(output, rubric),
      offline: () => offlineStrictRefinement(current, generousEvaluation),
    },
    state.dialogue,
    config,
    configuration,
  );
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  const refined = inRubricOrder(answer.output, rubric);
  const before = scoresOf(current);
  const proposed = scoresOf(refined);
  const after = clampRefinement(before, proposed, settings.refinementCap, bounds);
  return { calls: [answer.record], strictEvaluation: withScores(refined, after), strictBefore: before, proposed };
}
