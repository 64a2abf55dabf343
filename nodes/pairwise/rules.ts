import type { ConsistencyCheck, PairVerdict, RoundRecord, Side } from "./records.js";

/** `jury_split`: a jury whose members' preferences drew (nodes/pairwise/jury.ts). */
export type TieReason = "equal" | "position_bias" | "jury_split";

export interface Resolved {
  preference: Side;
  /** Both orders gave the same preference. */
  consistent: boolean;
  /** Why a tie: both orders said tie ("equal"), or they disagreed ("position_bias"); null for a winner. */
  tie_reason: TieReason | null;
}

/** One judgement from the two orders': their common preference, or a tie for position bias when they differ. */
export function resolve(ab: Side, ba: Side): Resolved {
  if (ab !== ba) return { preference: "tie", consistent: false, tie_reason: "position_bias" };
  return { preference: ab, consistent: true, tie_reason: ab === "tie" ? "equal" : null };
}

/** Whether a round's two judgements agree, on the winner and on every criterion (rubric order). */
export function consistencyCheck(ab: PairVerdict, ba: PairVerdict, round: number): ConsistencyCheck {
  const inconsistent = ab.criteria.filter((c) => ba.criteria.find((o) => o.criterion === c.criterion)?.preference !== c.preference).map((c) => c.criterion);
  return {
    round,
    ab_winner: ab.winner,
    ba_winner: ba.winner,
    consistent: ab.winner === ba.winner && inconsistent.length === 0,
    inconsistent_criteria: inconsistent,
  };
}

/** The check of the last round recorded (undefined before any): what the router and the reconsiderations read. */
export function lastCheck(rounds: readonly RoundRecord[]): ConsistencyCheck | undefined {
  const last = rounds.at(-1);
  return last && consistencyCheck(last.ab, last.ba, last.round);
}
