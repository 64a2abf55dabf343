import type { LangGraphRunnableConfig } from "@langchain/langgraph";
import { moveToward, scoresOf, withScores } from "./arithmetic.js";
import { consensusSettings } from "./configuration.js";
import type { ConsensusAgentOutput } from "./contracts.js";
import type { ConsensusState } from "./state.js";

/**
 * Pure: the generous agent moves 20 % toward strict's new scores, G ← G + 0.2 × (S − G), overall
 * and per criterion, and the debate round is recorded (the agreement node that follows checks it).
 */
export function generousMove(state: typeof ConsensusState.State, config: LangGraphRunnableConfig): typeof ConsensusState.Update {
  const { generousMove: share } = consensusSettings(config);
  const strictEvaluation = state.strictEvaluation as ConsensusAgentOutput;
  const generousEvaluation = state.generousEvaluation as ConsensusAgentOutput;
  const strictNow = scoresOf(strictEvaluation);
  const before = scoresOf(generousEvaluation);
  const after = moveToward(before, strictNow, share);
  return {
    generousEvaluation: withScores(generousEvaluation, after),
    debate: [
      {
        round: state.round,
        critique: state.critique ?? "",
        strict: { before: state.strictBefore ?? strictNow, proposed: state.proposed ?? strictNow, after: strictNow, reasoning: strictEvaluation.reasoning },
        generous: { before, after },
      },
    ],
  };
}
