import type { BaremVerdict, JudgeOutput } from "./judge-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { round2 } from "../../scoring/numbers.js";
import { recomputeOverall } from "../../scoring/overall.js";

export interface BaremScoreInput {
  rubric: Rubric;
  dialogue: Dialogue;
  judgement: JudgeOutput;
  /** `--blind`: rules that read human ratings are disabled. */
  blind: boolean;
}

/**
 * The barem's pure scoring step: the barem's object (docs/protocols.md#barem) with OverallExperience ALWAYS recomputed in code.
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
