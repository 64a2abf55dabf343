import { PROTOCOLS, type ProtocolId } from "../graphs/registry.js";
import type { Range } from "../results/spec.js";
import type { Rubric } from "../rubrics/schema.js";
import { bucketize } from "../scoring/buckets.js";
import { clean } from "../scoring/numbers.js";

/** USS human ratings are 1–5. */
export const HUMAN_MIN = 1;
export const HUMAN_MAX = 5;

const DEFAULT_BUCKETS = [20, 40, 60, 80, 100];

/** Range of a protocol's continuous score: the rubric's scale, else the protocol's default. */
export function judgeRange(protocol: ProtocolId, rubric?: Rubric): Range {
  return PROTOCOLS[protocol].result.range(rubric);
}

/** Linear map of a judge score onto the human 1–5 scale (20–100 → 1–5: 20 → 1, 60 → 3, 100 → 5; checklist 0–1 → 1–5). */
export function toHumanScale(value: number, range: Range): number {
  return clean(HUMAN_MIN + ((value - range.min) / (range.max - range.min)) * (HUMAN_MAX - HUMAN_MIN));
}

/** The buckets of the bucketed overall: the rubric's bucketing, else its discrete scale, else 20/40/60/80/100. */
export function overallBuckets(rubric?: Rubric): number[] {
  if (rubric?.bucketing) return [...rubric.bucketing.buckets];
  if (rubric?.scale.kind === "discrete") return [...rubric.scale.values].sort((a, b) => a - b);
  return [...DEFAULT_BUCKETS];
}

/**
 * The human mean rating on the judge's bucket scale: 1–5 mapped linearly onto [lowest, highest
 * bucket] (with 20…100: v = 20 · mean), then floored to a bucket like the judge's own overall
 * ("bias low"). So a mean of 4.67 → 93.3 → 80, 3.0 → 60, 2.5 → 50 → 40.
 */
export function humanMeanToBucket(mean: number, buckets: readonly number[]): number {
  const lowest = buckets[0] as number;
  const highest = buckets[buckets.length - 1] as number;
  const value = lowest + ((mean - HUMAN_MIN) / (HUMAN_MAX - HUMAN_MIN)) * (highest - lowest);
  return bucketize(value, { mode: "floor", buckets: [...buckets] });
}

export function describeHumanBucketMapping(buckets: readonly number[]): string {
  const lowest = buckets[0] as number;
  const highest = buckets[buckets.length - 1] as number;
  const step = (highest - lowest) / (HUMAN_MAX - HUMAN_MIN);
  return `human mean m (1–5) → ${lowest} + ${clean(step)}·(m − 1) on ${lowest}–${highest}, then floored to the bucket ${buckets.join("/")}`;
}
