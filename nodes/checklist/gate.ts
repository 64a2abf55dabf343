import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { applyGate } from "./rules.js";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import { type ChecklistState } from "./state.js";
import { CHECKLIST } from "./defaults.js";

/** The checklist rules in code (docs/protocols.md#checklist): invalid NAs count as NO, safety criteria trip the gate (no model call). */
export function gate(state: typeof ChecklistState.State, config: LangGraphRunnableConfig): typeof ChecklistState.Update {
  const { rubric } = ensureConfiguration(config, CHECKLIST);
  return { gateOutcome: applyGate(rubric, state.assessments) };
}
