import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import type { GateOutcome } from "./rules.js";
import { checklistFields } from "./score-rules.js";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import { buildMeta } from "../../results/meta.js";
import { unscoredLine } from "../../results/unscored.js";
import { type ChecklistState } from "./state.js";
import { CHECKLIST } from "./defaults.js";
import type { ChecklistResultLine } from "./result-line.js";

/**
 * The checklist's last node: YES / (YES + NO), the gate and the pass mark, all in code. A dialogue
 * none of whose criteria could be assessed (every one ERROR) is an `unscored` line.
 */
export function score(state: typeof ChecklistState.State, config: LangGraphRunnableConfig): typeof ChecklistState.Update {
  const { rubric, modelLabel } = ensureConfiguration(config, CHECKLIST);
  const metaInput = { protocol: "checklist" as const, rubric: rubric.id, model: modelLabel, calls: state.calls, warnings: state.warnings };
  const gate = state.gateOutcome as GateOutcome | undefined;
  if (!gate || gate.criteria.every((c) => c.answer === "ERROR")) {
    const first = Object.values(state.assessments).find((a) => a.error)?.error;
    const error = first ?? { agent: "checklist", kind: "error", message: "no criterion could be assessed" };
    return { result: unscoredLine({ dialogueId: state.dialogue.id, ...metaInput, error }) };
  }
  return {
    result: { dialogue_id: state.dialogue.id, ...checklistFields(gate, rubric.passThreshold), meta: buildMeta(metaInput) } satisfies ChecklistResultLine,
  };
}
