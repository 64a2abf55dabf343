import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { scoreBarem } from "./score-rules.js";
import { ensureConfiguration } from "../../judges/run-configuration.js";
import type { JudgeOutput } from "./judge-contract.js";
import { buildMeta } from "../../results/meta.js";
import { unscoredLine } from "../../results/unscored.js";
import { type BaremState } from "./state.js";
import { BAREM } from "./defaults.js";
import type { BaremResultLine } from "./result-line.js";

/** The barem's last node: OverallExperience recomputed in code, or an `unscored` line when the judge failed. */
export function score(state: typeof BaremState.State, config: LangGraphRunnableConfig): typeof BaremState.Update {
  const { rubric, blind, modelLabel } = ensureConfiguration(config, BAREM);
  const metaInput = { protocol: "barem" as const, rubric: rubric.id, model: modelLabel, calls: state.calls };
  if (state.failure || !state.judgement) {
    const error = state.failure ?? { agent: "judge", kind: "error", message: "the judge returned no verdict" };
    return { result: unscoredLine({ dialogueId: state.dialogue.id, ...metaInput, warnings: state.warnings, error }) };
  }
  const scored = scoreBarem({ rubric, dialogue: state.dialogue, judgement: state.judgement as JudgeOutput, blind });
  return { warnings: scored.warnings, result: { ...scored.result, meta: buildMeta({ ...metaInput, warnings: [...state.warnings, ...scored.warnings] }) } satisfies BaremResultLine };
}
