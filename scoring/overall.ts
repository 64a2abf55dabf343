import type { Dialogue } from "../dialogues/dialogue.js";
import type { Bucketing, Rubric } from "../rubrics/schema.js";
import { bucketize, describeMapping } from "./buckets.js";
import { applyCaps, applyDeductions } from "./rules.js";
import { weightedAverage } from "./weighted.js";

/**
 * The rubric's bucketing, else `floor` (the default of every built-in panel and barem rubric) over the discrete scale's
 * values, or over the whole points of a continuous scale.
 */
export function rubricBucketing(rubric: Rubric): Bucketing {
  if (rubric.bucketing) return rubric.bucketing;
  const scale = rubric.scale;
  if (scale.kind === "discrete") return { mode: "floor", buckets: [...scale.values].sort((a, b) => a - b) };
  if (scale.kind === "continuous") {
    const buckets = Array.from({ length: Math.floor(scale.max) - Math.ceil(scale.min) + 1 }, (_, i) => Math.ceil(scale.min) + i);
    return { mode: "floor", buckets };
  }
  throw new Error(`a ${scale.kind} rubric has no weighted overall`);
}

/** The overall a set of criterion scores gives: rubric caps, weighted average, deductions, bucket. */
export function recomputeOverall(rubric: Rubric, scores: Readonly<Record<string, number>>, dialogue: Dialogue, blind: boolean) {
  const caps = applyCaps(scores, rubric.rules, { dialogue, blind });
  const average = weightedAverage(caps.scores, rubric.criteria);
  const deductions = applyDeductions(average.value, caps.scores, rubric.rules);
  const bucketing = rubricBucketing(rubric);
  const overall = bucketize(deductions.value, bucketing);
  return {
    scores: caps.scores,
    average,
    adjusted: deductions.value,
    overall,
    mapping: describeMapping(deductions.value, overall, bucketing),
    rules: [...caps.firings, ...deductions.firings],
    /** `; <detail>` for each deduction that fired, to follow the weighted calculation. */
    deductionText: deductions.firings.filter((f) => f.fired).map((f) => `; ${f.detail}`).join(""),
  };
}
