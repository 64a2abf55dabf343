import { meanOverallRating, type Dialogue } from "../dialogues/dialogue.js";

/** Means of a few 1–5 ratings: a gap of exactly 1.0 can come out as 0.9999999999999996. */
const GAP_TOLERANCE = 1e-9;

export type HumanSide =
  | { kind: "better"; side: "A" | "B"; gap: number }
  | { kind: "below_gap"; gap: number }
  | { kind: "unrated" };

/**
 * Which side of a pair the humans rated higher (mean OVERALL rating), when the two means differ by at
 * least `minGap` (> 0); otherwise why the pair says nothing: too close to call, or a side has no
 * OVERALL rating. The one rule `tribunal agree --pairs` and scripts/uss-pairs.ts share.
 */
export function humanSide(a: Dialogue, b: Dialogue, minGap: number): HumanSide {
  if (!(minGap > 0)) throw new RangeError(`the minimum gap between human means must be > 0, got ${minGap}`);
  const meanA = meanOverallRating(a);
  const meanB = meanOverallRating(b);
  if (meanA === undefined || meanB === undefined) return { kind: "unrated" };
  const gap = Math.abs(meanA - meanB);
  if (gap < minGap - GAP_TOLERANCE) return { kind: "below_gap", gap };
  return { kind: "better", side: meanA > meanB ? "A" : "B", gap };
}
