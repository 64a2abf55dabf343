import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import type { PanelState } from "./state.js";
import { referee as decide } from "./referee-rules.js";
import { PANEL } from "./defaults.js";

/** Agent C: deterministic resolution of the critic's suggestions (no model call). */
export function referee(state: typeof PanelState.State, config: LangGraphRunnableConfig): typeof PanelState.Update {
  const { rubric } = ensureConfiguration(config, PANEL);
  return { resolution: decide(rubric, state.dialogue, state.evaluation as EvaluatorOutput, state.critique ?? []) };
}
