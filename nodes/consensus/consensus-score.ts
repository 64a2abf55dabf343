import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { ensureConsensusConfiguration } from "./configuration.js";
import { contentView, truncationWarnings } from "./content.js";
import { consensusResult } from "./result.js";
import type { ConsensusAgentOutput } from "./contracts.js";
import { buildMeta } from "../../results/meta.js";
import { unscoredLine } from "../../results/unscored.js";
import type { ConsensusState } from "./state.js";
import type { ConsensusResultLine } from "./result-line.js";

/**
 * The last node (pure): final = 0.6 × S + 0.4 × G on every path, the individual result of docs/protocols.md#consensus plus
 * `meta`; or an `unscored` line when an agent failed with `onFailure: unscored`.
 */
export function consensusScore(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): typeof ConsensusState.Update {
  const { rubric, modelLabel, settings } = ensureConsensusConfiguration(config);
  const warnings = [...truncationWarnings(contentView(state.dialogue, settings.maxContentChars)), ...state.warnings];
  const metaInput = { protocol: "consensus" as const, rubric: rubric.id, model: modelLabel, calls: state.calls, warnings };
  if (state.failure || !state.strictEvaluation || !state.generousEvaluation) {
    const error = state.failure ?? { agent: "consensus", kind: "error", message: "the consensus ended without both evaluations" };
    return { result: unscoredLine({ dialogueId: state.dialogue.id, ...metaInput, error }) };
  }
  const result = consensusResult({
    dialogueId: state.dialogue.id,
    rubric,
    settings,
    strict: state.strictEvaluation as ConsensusAgentOutput,
    generous: state.generousEvaluation as ConsensusAgentOutput,
    checks: state.checks,
    debate: state.debate,
    rounds: state.round,
  });
  return { result: { ...result, meta: buildMeta(metaInput) } satisfies ConsensusResultLine };
}
