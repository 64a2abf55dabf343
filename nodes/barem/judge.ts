import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { checkJudgement, judgeSchema, type JudgeOutput } from "./judge-contract.js";
import { type BaremState } from "./state.js";
import { offlineJudgement } from "./offline-judge.js";
import { runAgent, type AgentTask } from "../../judges/run-agent.js";
import { judgeMessages } from "./prompts.js";
import { BAREM, checkBaremRubric } from "./defaults.js";

/** The judge's call for a dialogue (also the call a run's probe makes). */
export function judgeTask(rubric: Rubric, dialogue: Dialogue): AgentTask<JudgeOutput> {
  return {
    role: "judge",
    schema: judgeSchema(rubric),
    messages: judgeMessages(rubric, dialogue),
    check: (output) => checkJudgement(output, rubric),
    offline: () => offlineJudgement(rubric, dialogue),
  };
}

/** The barem's single judge (docs/protocols.md#barem): the detailed barem and the few-shot examples, one call. */
export async function judge(state: typeof BaremState.State, config: LangGraphRunnableConfig): Promise<typeof BaremState.Update> {
  const { rubric, judgeFor, onFailure } = ensureConfiguration(config, BAREM);
  checkBaremRubric(rubric);
  const answer = await runAgent(judgeTask(rubric, state.dialogue), judgeFor("judge"), onFailure, config);
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  return { calls: [answer.record], judgement: answer.output };
}
