import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { applyBias, scoresOf, withScores } from "./arithmetic.js";
import { isConfigError } from "../../judges/config-error.js";
import { ensureConsensusConfiguration, type ConsensusConfiguration } from "./configuration.js";
import { checkAgentOutput, ConsensusAgentOutput, inRubricOrder } from "./contracts.js";
import { offlineGenerous, offlineStrict } from "./offline/index.js";
import { askConsensusAgent, type ConsensusCall } from "./ask-agent.js";
import { isRubricError } from "../../rubrics/errors.js";
import { generousMessages, strictMessages } from "./prompts.js";
import type { ConsensusState } from "./state.js";

export type Persona = "strict" | "generous";

/** One persona's round-1 call (also the call a run's probe makes, as strict). */
export function independentCall(persona: Persona): ConsensusCall<ConsensusAgentOutput> {
  return {
    role: persona,
    schema: ConsensusAgentOutput,
    messages: (view, { rubric }) => (persona === "strict" ? strictMessages(rubric, view) : generousMessages(rubric, view)),
    check: (output, { rubric }) => checkAgentOutput(output, rubric),
    offline: (view, { rubric, settings, bounds }) =>
      persona === "strict"
        ? offlineStrict(rubric, view.dialogue, settings.offlineBias.strict, bounds)
        : offlineGenerous(rubric, view.dialogue, settings.offlineBias.generous, bounds),
  };
}

/**
 * Round 1 for one persona: an independent evaluation of the (truncated) content. The offline judge
 * applies its own bias (±0.5); an LLM answer gets the configured numeric bias (0 by default: the
 * persona prompt carries the strictness), clamped to the scale.
 */
export async function independentEvaluation(persona: Persona, state: typeof ConsensusState.State, config: LangGraphRunnableConfig): Promise<typeof ConsensusState.Update> {
  let configuration: ConsensusConfiguration;
  try {
    configuration = ensureConsensusConfiguration(config);
  } catch (e) {
    // Both round-1 nodes read the same configuration, so a bad one fails both. Strict reports it:
    // two errors in one superstep would reach the caller as an AggregateError instead of the
    // ConfigError / RubricError the CLI turns into a one-line message and exit code 2.
    if (persona === "generous" && (isConfigError(e) || isRubricError(e))) return {};
    throw e;
  }
  const { rubric, settings, bounds } = configuration;
  const answer = await askConsensusAgent(independentCall(persona), state.dialogue, config, configuration);
  if (!answer.ok) return { calls: [answer.record], failure: answer.failure };
  const ordered = inRubricOrder(answer.output, rubric);
  const evaluation = answer.record.source === "llm" ? withScores(ordered, applyBias(scoresOf(ordered), settings.bias[persona], bounds)) : ordered;
  return persona === "strict" ? { calls: [answer.record], strictEvaluation: evaluation } : { calls: [answer.record], generousEvaluation: evaluation };
}
