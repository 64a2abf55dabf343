import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { buildMeta } from "../../results/meta.js";
import { unscoredLine } from "../../results/unscored.js";
import { ensurePairwiseConfiguration } from "./configuration.js";
import { PAIRWISE } from "./defaults.js";
import type { PairwiseResultLine } from "./result-line.js";
import { scorePairwise } from "./score-pairwise.js";
import type { PairwiseState } from "./state.js";

/** The last node (pure): the winner from the last round, plus `meta`; or an `unscored` line when a call failed with `onFailure: unscored`. */
export function score(state: typeof PairwiseState.State, config: LangGraphRunnableConfig): typeof PairwiseState.Update {
  const { rubric, modelLabel } = ensurePairwiseConfiguration(config);
  const metaInput = { protocol: PAIRWISE.protocol, rubric: rubric.id, model: modelLabel, calls: state.calls, warnings: state.warnings };
  if (state.failure || state.rounds.length === 0) {
    const error = state.failure ?? { agent: "pairwise", kind: "error", message: "the comparison ended without a judgement in both orders" };
    return { result: unscoredLine({ dialogueId: state.dialogue.id, ...metaInput, error }) };
  }
  const scored = scorePairwise({ rubric, pairId: state.dialogue.id, a: state.a, b: state.b, rounds: state.rounds });
  return { result: { ...scored, meta: buildMeta(metaInput) } satisfies PairwiseResultLine };
}
