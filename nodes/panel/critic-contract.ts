import { z } from "zod";
import type { OutputProblem } from "../../judges/checks/problems.js";
import type { Rubric } from "../../rubrics/schema.js";
import { checkCoverage } from "../../judges/checks/coverage.js";
import { onScale, outOfScale } from "../../judges/checks/scale.js";

export const CriticEntry = z.object({
  criterion: z.string().describe("The criterion id"),
  comment: z.string().describe("If you disagree: a one-line reason that quotes the contradicting or missing evidence in double quotes. May be empty when you agree."),
  agree: z.boolean().describe("After the comment: do you agree with the evaluator's score?"),
  suggested_score: z.number().nullable().describe("Your score when you disagree, on the rubric's scale; null when you agree"),
});
export type CriticEntry = z.infer<typeof CriticEntry>;

export const CriticOutput = z.object({
  critic: z.array(CriticEntry).describe("Exactly one entry per rubric criterion, in rubric order"),
});
export type CriticOutput = z.infer<typeof CriticOutput>;

/** One entry per criterion, suggestions on the scale. */
export function checkCritique(output: CriticOutput, rubric: Rubric): OutputProblem[] {
  const problems = checkCoverage(output.critic.map((e) => e.criterion), rubric);
  for (const e of output.critic) {
    if (e.suggested_score !== null && !onScale(e.suggested_score, rubric)) problems.push(outOfScale(`${e.criterion} suggested_score`, e.suggested_score, rubric));
  }
  return problems;
}

/** Rubric-ordered entries, one per criterion. */
export function critiqueByCriterion(output: CriticOutput, rubric: Rubric): CriticEntry[] {
  return rubric.criteria.map(
    (c) => output.critic.find((e) => e.criterion === c.id) ?? { criterion: c.id, agree: true, comment: "", suggested_score: null },
  );
}
