import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { checkEvaluation, evaluatorSchema, type EvaluatorOutput } from "./evaluator-contract.js";
import { panelTools } from "./tools.js";
import { offlineEvaluation } from "./offline-evaluator.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";
import { evaluatorMessages } from "./prompts.js";
import type { PanelState } from "./state.js";
import { PANEL } from "./defaults.js";

/** The evaluator's call for a dialogue (also the call a run's probe makes). */
export function evaluatorTask(rubric: Rubric, dialogue: Dialogue): AgentTask<EvaluatorOutput> {
  return {
    role: "evaluator",
    schema: evaluatorSchema(rubric),
    toolset: panelTools(rubric),
    messages: evaluatorMessages(rubric, dialogue),
    check: (output) => checkEvaluation(output, rubric, dialogue),
    offline: () => offlineEvaluation(rubric, dialogue),
  };
}

/** Agent A: scores every criterion with a quoted justification. */
export async function evaluator(state: typeof PanelState.State, config: LangGraphRunnableConfig): Promise<typeof PanelState.Update> {
  const { rubric, judgeFor, onFailure } = ensureConfiguration(config, PANEL);
  const answer = await runAgent(evaluatorTask(rubric, state.dialogue), judgeFor("evaluator"), onFailure, config);
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  return { calls: [answer.record], evaluation: answer.output };
}
