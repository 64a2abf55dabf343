import type { RunnableConfig } from "@langchain/core/runnables";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Configuration } from "../../judges/configuration.js";
import type { LlmJudge } from "../../judges/judge.js";
import { runAgent, type AgentResult } from "../../judges/run-agent.js";
import { evaluatorTask } from "./evaluator.js";

/** The panel's probe: the evaluator's call, whose failure is reported, never replaced. */
export function panelProbe(configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge): Promise<AgentResult<unknown>> {
  return runAgent(evaluatorTask(configuration.rubric, dialogue), judge, "unscored", config);
}
