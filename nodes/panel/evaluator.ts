import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import { checkEvaluation, evaluatorSchema } from "./evaluator-contract.js";
import { panelTools } from "./tools.js";
import { offlineEvaluation } from "./offline-evaluator.js";
import { runAgent } from "../../judges/run-agent.js";
import { evaluatorMessages } from "./prompts.js";
import type { PanelState } from "./state.js";
import { PANEL } from "./defaults.js";

/** Agent A: scores every criterion with a quoted justification. */
export async function evaluator(state: typeof PanelState.State, config: LangGraphRunnableConfig): Promise<typeof PanelState.Update> {
  const { rubric, judge, onFailure } = ensureConfiguration(config, PANEL);
  const answer = await runAgent(
    {
      role: "evaluator",
      schema: evaluatorSchema(rubric),
      toolset: panelTools(rubric),
      messages: evaluatorMessages(rubric, state.dialogue),
      check: (output) => checkEvaluation(output, rubric, state.dialogue),
      offline: () => offlineEvaluation(rubric, state.dialogue),
    },
    judge,
    onFailure,
    config,
  );
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  return { calls: [answer.record], evaluation: answer.output };
}
