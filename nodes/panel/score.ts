import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import { buildMeta } from "../../results/meta.js";
import { unscoredLine } from "../../results/unscored.js";
import type { PanelState } from "./state.js";
import type { RefereeOutcome } from "./referee-rules.js";
import { scorePanel } from "./score-panel.js";
import { PANEL } from "./defaults.js";
import type { PanelResultLine } from "./result-line.js";

/** The panel's last node: pure arithmetic from the rubric, or an `unscored` line when an agent failed. */
export function score(state: typeof PanelState.State, config: LangGraphRunnableConfig): typeof PanelState.Update {
  const { rubric, blind, modelLabel } = ensureConfiguration(config, PANEL);
  const metaInput = { protocol: "panel" as const, rubric: rubric.id, model: modelLabel, calls: state.calls, warnings: state.warnings };
  if (state.failure || !state.evaluation || !state.resolution) {
    const error = state.failure ?? { agent: "panel", kind: "error", message: "the panel ended without a verdict" };
    return { result: unscoredLine({ dialogueId: state.dialogue.id, ...metaInput, error }) };
  }
  const scored = scorePanel({
    rubric,
    dialogue: state.dialogue,
    evaluation: state.evaluation as EvaluatorOutput,
    critique: state.critique ?? [],
    referee: state.resolution as RefereeOutcome,
    blind,
  });
  return { result: { ...scored, meta: buildMeta(metaInput) } satisfies PanelResultLine };
}
