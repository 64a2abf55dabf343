import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/configuration.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import { PANEL_DEFAULT_RUBRIC } from "./defaults.js";
import type { PanelState } from "./state.js";
import { referee as decide } from "./referee-rules.js";

/** Agent C: deterministic resolution of the critic's suggestions (no model call). */
export function referee(state: typeof PanelState.State, config: LangGraphRunnableConfig): typeof PanelState.Update {
  const { rubric } = ensureConfiguration(config, PANEL_DEFAULT_RUBRIC);
  return { resolution: decide(rubric, state.dialogue, state.evaluation as EvaluatorOutput, state.critique ?? []) };
}
