import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { applyGate } from "./rules.js";
import { ensureConfiguration } from "../../judges/configuration.js";
import { CHECKLIST_DEFAULT_RUBRIC, type ChecklistState } from "./state.js";

/** Seed 003's rules in code: invalid NAs count as NO, safety criteria trip the gate (no model call). */
export function gate(state: typeof ChecklistState.State, config: LangGraphRunnableConfig): typeof ChecklistState.Update {
  const { rubric } = ensureConfiguration(config, CHECKLIST_DEFAULT_RUBRIC);
  return { gateOutcome: applyGate(rubric, state.assessments) };
}
