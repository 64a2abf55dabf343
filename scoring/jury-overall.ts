import type { Dialogue } from "../dialogues/dialogue.js";
import type { Rubric } from "../rubrics/schema.js";
import { bucketize, describeMapping } from "./buckets.js";
import { fixed2, round2 } from "./numbers.js";
import { recomputeOverall, rubricBucketing } from "./overall.js";
import { mean } from "./votes.js";

/** How `juryOverall` combines members, in words (`jury.aggregation` of panel and barem lines). */
export const JURY_OVERALL_RULE =
  "each criterion: the members' mean score; overall: the rubric's bucket of the mean of the members' adjusted averages (each member's caps and deductions applied to its own scores)";

/**
 * A jury's overall on a weighted rubric (panel, barem): each member's scores go through the rubric
 * (caps, weighted average, deductions) as its own line did; the members' adjusted averages are
 * averaged, and only that mean is bucketed. Criterion scores are the members' means.
 */
export function juryOverall(rubric: Rubric, members: readonly Readonly<Record<string, number>>[], dialogue: Dialogue, blind: boolean) {
  const each = members.map((scores) => recomputeOverall(rubric, scores, dialogue, blind));
  const scores = Object.fromEntries(rubric.criteria.map((c) => [c.id, round2(mean(each.map((e) => e.scores[c.id] as number)) ?? 0)]));
  const average = mean(each.map((e) => e.average.value)) ?? 0;
  const adjusted = mean(each.map((e) => e.adjusted)) ?? 0;
  const bucketing = rubricBucketing(rubric);
  const overall = bucketize(adjusted, bucketing);
  return {
    scores,
    average: round2(average),
    adjusted: round2(adjusted),
    overall,
    mapping: describeMapping(adjusted, overall, bucketing),
    /** `mean of 3 members' adjusted averages: (80.00 + 64.00 + 72.00) / 3 = 72.00`. */
    calc: `mean of ${each.length} members' adjusted averages: (${each.map((e) => fixed2(e.adjusted)).join(" + ")}) / ${each.length} = ${fixed2(adjusted)}`,
  };
}
