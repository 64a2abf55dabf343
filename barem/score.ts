import type { BaremVerdict, JudgeOutput } from "../contracts/barem.js";
import type { Dialogue } from "../dialogues/dialogue.js";
import type { Bucketing, Rubric } from "../rubrics/schema.js";
import { bucketize, describeMapping } from "../scoring/buckets.js";
import { round2 } from "../scoring/numbers.js";
import { applyCaps, applyDeductions } from "../scoring/rules.js";
import { weightedAverage } from "../scoring/weighted.js";

export interface BaremScoreInput {
  rubric: Rubric;
  dialogue: Dialogue;
  judgement: JudgeOutput;
  /** `--blind`: rules that read human ratings are disabled. */
  blind: boolean;
}

/** The rubric's bucketing, or `floor` over its discrete values (the default for every seed rubric). */
export function baremBucketing(rubric: Rubric): Bucketing {
  if (rubric.bucketing) return rubric.bucketing;
  const values = rubric.scale.kind === "discrete" ? [...rubric.scale.values].sort((a, b) => a - b) : [];
  return { mode: "floor", buckets: values };
}

/** The overall a set of criterion scores gives: weighted average, rubric rules, bucket. */
export function recomputeOverall(rubric: Rubric, scores: Readonly<Record<string, number>>, dialogue: Dialogue, blind: boolean) {
  const caps = applyCaps(scores, rubric.rules, { dialogue, blind });
  const average = weightedAverage(caps.scores, rubric.criteria);
  const deductions = applyDeductions(average.value, caps.scores, rubric.rules);
  const bucketing = baremBucketing(rubric);
  const overall = bucketize(deductions.value, bucketing);
  return { scores: caps.scores, average, adjusted: deductions.value, overall, mapping: describeMapping(deductions.value, overall, bucketing), rules: [...caps.firings, ...deductions.firings] };
}

/**
 * The barem's pure scoring step: seed 002's object with OverallExperience ALWAYS recomputed in code.
 * The model's own overall, if it gave one, is only compared: a mismatch is a warning.
 */
export function scoreBarem(input: BaremScoreInput) {
  const { rubric, judgement } = input;
  const given = Object.fromEntries(rubric.criteria.map((c) => [c.id, judgement[c.id]?.score ?? 0]));
  const computed = recomputeOverall(rubric, given, input.dialogue, input.blind);
  const criteria = Object.fromEntries(
    rubric.criteria.map((c): [string, BaremVerdict] => {
      const verdict = judgement[c.id];
      const score = computed.scores[c.id] as number;
      const note = verdict && score !== verdict.score ? ` (capped at ${score} by rule)` : "";
      return [c.id, { score, justification: `${verdict?.justification ?? ""}${note}` }];
    }),
  );
  const warnings: string[] = [];
  const modelOverall = judgement[rubric.overallKey]?.score;
  if (modelOverall !== undefined && modelOverall !== computed.overall) {
    warnings.push(`${rubric.overallKey}: model said ${modelOverall}, recomputed ${computed.overall}`);
  }
  const deductions = computed.rules.filter((r) => r.fired && r.rule === "deduct_when_any_criterion_below").map((r) => `; ${r.detail}`);
  return {
    result: {
      dialogue_id: input.dialogue.id,
      ...criteria,
      [rubric.overallKey]: { score: computed.overall, justification: `Weighted average of all criteria, ${computed.mapping}.` },
      audit: {
        weighted_calc: `${computed.average.calc}${deductions.join("")}`,
        mapping_rule: computed.mapping,
        numeric_weighted_average: round2(computed.average.value),
        ...(rubric.rules.length > 0 ? { rules: computed.rules } : {}),
      },
    },
    warnings,
  };
}
