import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/configuration.js";
import { checkJudgement, judgeSchema } from "./judge-contract.js";
import { BAREM_DEFAULT_RUBRIC, type BaremState } from "./state.js";
import { offlineJudgement } from "./offline-judge.js";
import { runAgent } from "../../judges/run-agent.js";
import { judgeMessages } from "./prompts.js";
import { RubricError } from "../../rubrics/errors.js";

/** The single judge of seed 002: the detailed barem and the few-shot examples, one call. */
export async function judge(state: typeof BaremState.State, config: LangGraphRunnableConfig): Promise<typeof BaremState.Update> {
  const { rubric, judge: model, onFailure } = ensureConfiguration(config, BAREM_DEFAULT_RUBRIC);
  if (rubric.scale.kind === "checklist") {
    throw new RubricError(rubric.id, `the barem protocol needs a scored rubric (discrete or continuous scale with weights); try --rubric ${BAREM_DEFAULT_RUBRIC}`);
  }
  const answer = await runAgent(
    {
      role: "judge",
      schema: judgeSchema(rubric),
      messages: judgeMessages(rubric, state.dialogue),
      check: (output) => checkJudgement(output, rubric),
      offline: () => offlineJudgement(rubric, state.dialogue),
    },
    model,
    onFailure,
    config,
  );
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  return { calls: [answer.record], judgement: answer.output };
}
