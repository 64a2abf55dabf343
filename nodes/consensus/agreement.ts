import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { agreement as agreementOf } from "./arithmetic.js";
import { consensusSettings } from "./configuration.js";
import type { ConsensusState } from "./state.js";

/** End of a round (pure): records whether |S − G| ≤ tolerance on the overall score. */
export function agreement(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): typeof ConsensusState.Update {
  const strictOverall = state.strictEvaluation?.overall_score;
  const generousOverall = state.generousEvaluation?.overall_score;
  if (state.failure || strictOverall === undefined || generousOverall === undefined) return {};
  const { tolerance } = consensusSettings(config);
  const { difference, agreed } = agreementOf(strictOverall, generousOverall, tolerance);
  return { checks: [{ round: state.round, strict: strictOverall, generous: generousOverall, difference, tolerance, agreed }] };
}
