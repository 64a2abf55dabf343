import type { RunnableConfig } from "@langchain/core/runnables";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Configuration } from "../../judges/configuration.js";
import type { LlmJudge } from "../../judges/judge.js";
import { runAgent, type AgentResult } from "../../judges/run-agent.js";
import { assessorTask } from "./assessor.js";

/** The checklist's probe: the first criterion's assessor call, whose failure is reported, never replaced. */
export async function checklistProbe(configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge): Promise<AgentResult<unknown>> {
  const criterion = configuration.rubric.criteria[0];
  if (!criterion) throw new Error(`rubric ${configuration.rubric.id} has no criterion to probe with`);
  return runAgent(assessorTask(criterion, dialogue), judge, "unscored", config);
}
