import type { RunnableConfig } from "@langchain/core/runnables";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Configuration } from "../../judges/configuration.js";
import type { LlmJudge } from "../../judges/judge.js";
import { runAgent, type AgentResult } from "../../judges/run-agent.js";
import { judgeTask } from "./judge.js";

/** The barem's probe: the judge's call, whose failure is reported, never replaced. */
export function baremProbe(configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge): Promise<AgentResult<unknown>> {
  return runAgent(judgeTask(configuration.rubric, dialogue), judge, "unscored", config);
}
