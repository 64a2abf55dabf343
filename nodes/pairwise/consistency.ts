import { consistencyCheck } from "./rules.js";
import type { PairwiseState } from "./state.js";

/** End of a round (pure): whether (A,B) and (B,A) agree, recorded with both judgements. */
export function consistency(state: typeof PairwiseState.State): typeof PairwiseState.Update {
  if (state.failure || !state.ab || !state.ba) return {};
  const round = state.rounds.length + 1;
  return { rounds: [{ round, ab: state.ab, ba: state.ba, consistent: consistencyCheck(state.ab, state.ba, round).consistent }] };
}
