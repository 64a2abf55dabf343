import { z } from "zod";
import type { OutputProblem } from "../../judges/checks/problems.js";
import type { Rubric } from "../../rubrics/schema.js";
import { describeScale } from "../../judges/checks/scale.js";
import { checkVerdicts } from "../../judges/checks/verdicts.js";
import { memoByObject } from "../../util/memo.js";

export const BaremVerdict = z.object({
  justification: z.string().describe("One sentence grounded in the dialogue, referencing a specific line or behavior"),
  score: z.number().describe("The score for this criterion, on the rubric's scale"),
});
export type BaremVerdict = z.infer<typeof BaremVerdict>;

/** The `judge` output (docs/protocols.md#barem): every criterion, plus the model's own overall (or null). */
export type JudgeOutput = Record<string, BaremVerdict | null>;

/**
 * The `judge` contract: `{ <Criterion>: { justification, score } … , OverallExperience: {…} | null }`.
 * OverallExperience is nullable, not optional (strict json_schema requires every key): it is
 * recomputed in code, the model's value only compared. One schema per rubric, built once per run.
 */
export const judgeSchema = memoByObject((rubric: Rubric): z.ZodType<JudgeOutput> => {
  const shape: Record<string, z.ZodType> = Object.fromEntries(
    rubric.criteria.map((c) => [c.id, BaremVerdict.describe(`${c.id}: ${c.description} Score: ${describeScale(rubric)}.`)]),
  );
  shape[rubric.overallKey] = BaremVerdict.nullable().describe(`Weighted average of the criteria, rounded down to a level; null if you do not compute it (it is recomputed in code).`);
  return z.object(shape) as unknown as z.ZodType<JudgeOutput>;
});

/** What the schema cannot say: every criterion scored on the scale, with a justification. */
export function checkJudgement(output: JudgeOutput, rubric: Rubric): OutputProblem[] {
  return checkVerdicts(output, rubric, (id, verdict) =>
    verdict.justification.trim() === "" ? [{ kind: "schema_invalid", message: `${id} justification is empty` }] : [],
  );
}
