import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import { checkCritique, critiqueByCriterion, CriticOutput } from "./critic-contract.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import { panelTools } from "./tools.js";
import { offlineCritique } from "./offline-critic.js";
import { runAgent } from "../../judges/run-agent.js";
import { criticMessages } from "./prompts.js";
import type { PanelState } from "./state.js";
import { PANEL } from "./defaults.js";

/** Agent B: an independent call that agrees or disagrees with each of the evaluator's scores. */
export async function critic(state: typeof PanelState.State, config: LangGraphRunnableConfig): Promise<typeof PanelState.Update> {
  const { rubric, judgeFor, onFailure } = ensureConfiguration(config, PANEL);
  const evaluation = state.evaluation as EvaluatorOutput;
  const answer = await runAgent(
    {
      role: "critic",
      schema: CriticOutput,
      toolset: panelTools(rubric),
      messages: criticMessages(rubric, state.dialogue, evaluation),
      check: (output) => checkCritique(output, rubric),
      offline: () => offlineCritique(rubric, state.dialogue, evaluation),
    },
    judgeFor("critic"),
    onFailure,
    config,
  );
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  return { calls: [answer.record], critique: critiqueByCriterion(answer.output, rubric) };
}
