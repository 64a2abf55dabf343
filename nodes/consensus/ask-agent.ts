import type { BaseMessage } from "@langchain/core/messages";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { OutputProblem } from "../../judges/checks/problems.js";
import { runAgent, type AgentResult, type AgentTask } from "../../judges/run-agent.js";
import { ensureConsensusConfiguration, type ConsensusConfiguration } from "./configuration.js";
import { contentView, type ContentView } from "./content.js";
import { CONSENSUS_TOOLS } from "./tools.js";

/** One consensus agent's call: its role (a tool of `CONSENSUS_TOOLS`), contract, prompt and offline answer, all read from the content view. */
export interface ConsensusCall<O> {
  role: "strict" | "generous" | "debate_critique" | "strict_refinement";
  schema: z.ZodType<O>;
  messages: (view: ContentView, configuration: ConsensusConfiguration) => BaseMessage[];
  check: (output: O, configuration: ConsensusConfiguration) => OutputProblem[];
  offline: (view: ContentView, configuration: ConsensusConfiguration) => O;
}

/** The agent each call speaks for, and so the role whose model answers it (`--model strict=…`): A is strict, B generous. */
export const AGENT_OF: Readonly<Record<ConsensusCall<unknown>["role"], "strict" | "generous">> = {
  strict: "strict",
  strict_refinement: "strict",
  generous: "generous",
  debate_critique: "generous",
};

/** A consensus agent's call for a dialogue, with the protocol's tool list (also the call a run's probe makes). */
export function consensusTask<O>(call: ConsensusCall<O>, dialogue: Dialogue, configuration: ConsensusConfiguration): AgentTask<O> {
  const view = contentView(dialogue, configuration.settings.maxContentChars);
  return {
    role: call.role,
    schema: call.schema,
    toolset: CONSENSUS_TOOLS,
    messages: call.messages(view, configuration),
    check: (output) => call.check(output, configuration),
    offline: () => call.offline(view, configuration),
  };
}

/**
 * The skeleton every consensus agent shares: the run's configuration, the (truncated) content the
 * agents see, and the protocol's tool list so every call of a dialogue shares one cacheable prefix.
 */
export async function askConsensusAgent<O>(
  call: ConsensusCall<O>,
  dialogue: Dialogue,
  config: LangGraphRunnableConfig,
  configuration: ConsensusConfiguration = ensureConsensusConfiguration(config),
): Promise<AgentResult<O>> {
  return runAgent(consensusTask(call, dialogue, configuration), configuration.judgeFor(AGENT_OF[call.role]), configuration.onFailure, config);
}
