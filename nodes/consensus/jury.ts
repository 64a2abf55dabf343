import { fieldAt, num, type Json } from "../../results/fields.js";
import { byMemberText, type JuryAggregator } from "../../results/jury.js";
import { round2 } from "../../scoring/numbers.js";
import { mean } from "../../scoring/votes.js";
import { consensusResult } from "./result-line.js";

/** A consensus jury: the overall and each criterion the mean of the members' consensus scores (no bucketing: consensus has none). */
export const consensusJury: JuryAggregator = {
  rule: "overall and each criterion: the mean of the members' consensus scores",
  aggregate: (votes, { rubric }) => {
    const valuesOf = (valueOf: (line: Json) => number | null | undefined) => votes.map((v) => valueOf(v.line)).filter((x): x is number => typeof x === "number");
    const meanOf = (valueOf: (line: Json) => number | null | undefined) => round2(mean(valuesOf(valueOf)) ?? 0);
    const metadata = (key: string) => (line: Json) => num(fieldAt(line, ["consensus_metadata", key]));
    return {
      overall_score: meanOf((line) => num(line["overall_score"])),
      criteria_evaluations: rubric.criteria.map((c) => {
        const scoreOf = (line: Json) => consensusResult.criteria(line, rubric.overallKey)[c.id];
        return { criterion_name: c.id, score: meanOf(scoreOf), reasoning: `Mean of ${votes.length} members' consensus scores: ${byMemberText(votes, scoreOf)}` };
      }),
      consensus_metadata: {
        rounds_conducted: Math.max(0, ...valuesOf(metadata("rounds_conducted"))),
        strict_final_score: meanOf(metadata("strict_final_score")),
        generous_final_score: meanOf(metadata("generous_final_score")),
        consensus_method: "jury_mean",
      },
    };
  },
};
