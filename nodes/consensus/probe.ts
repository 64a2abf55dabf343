import type { RunnableConfig } from "@langchain/core/runnables";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Configuration } from "../../judges/configuration.js";
import type { LlmJudge } from "../../judges/judge.js";
import { runAgent, type AgentResult } from "../../judges/run-agent.js";
import { extendConfiguration } from "../../judges/run-configuration.js";
import { consensusTask } from "./ask-agent.js";
import { consensusSettings, scoreBounds } from "./configuration.js";
import { independentCall } from "./independent.js";

/** The consensus protocol's probe: strict's round-1 call, whose failure is reported, never replaced. */
export function consensusProbe(configuration: Configuration, dialogue: Dialogue, config: RunnableConfig, judge: LlmJudge): Promise<AgentResult<unknown>> {
  const consensus = extendConfiguration(configuration, { settings: consensusSettings(config), bounds: scoreBounds(configuration.rubric) });
  return runAgent(consensusTask(independentCall("strict"), dialogue, consensus), judge, "unscored", config);
}
