import type { ConsistencyCheck } from "./records.js";

export type ReconsiderNode = "reconsider_ab" | "reconsider_ba";
export type AfterConsistency = "score" | ReconsiderNode[];

/**
 * After each round's consistency check: score when the orders agree, when a call failed
 * (`unscored`), or when the reconsideration rounds are used up (round 1 is the comparison, so round r
 * is followed by a reconsideration while r ≤ critiqueRounds); otherwise both orders reconsider, in parallel.
 */
export function nextStep(input: { check: ConsistencyCheck | undefined; critiqueRounds: number; failed: boolean }): AfterConsistency {
  if (input.failed || !input.check || input.check.consistent) return "score";
  return input.check.round <= input.critiqueRounds ? ["reconsider_ab", "reconsider_ba"] : "score";
}
