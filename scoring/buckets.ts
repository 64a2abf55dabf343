import type { Bucketing } from "../rubrics/schema.js";
import { clean, fixed2 } from "./numbers.js";

/**
 * Maps a value to a bucket. `floor` ("bias low"): the highest bucket not above the value, so 98 → 80
 * and 100 → 100; below the lowest bucket gives the lowest. `nearest`: the closest bucket, ties go down.
 */
export function bucketize(value: number, bucketing: Bucketing): number {
  const v = clean(value);
  const buckets = bucketing.buckets;
  const lowest = buckets[0] as number;
  if (bucketing.mode === "floor") {
    return buckets.reduce((best, b) => (v >= b ? b : best), lowest);
  }
  return buckets.reduce((best, b) => (Math.abs(v - b) < Math.abs(v - best) ? b : best), lowest);
}

export function describeMapping(value: number, bucket: number, bucketing: Bucketing): string {
  const how = bucketing.mode === "floor" ? "round down to the bucket (bias low)" : "nearest bucket, ties down";
  return `${how}: ${fixed2(value)} → ${bucket}`;
}
