import { z } from "zod";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { checkQuotes } from "../../evidence/quotes.js";
import type { OutputProblem } from "../../judges/checks/problems.js";
import type { Rubric } from "../../rubrics/schema.js";
import { describeScale } from "../../judges/checks/scale.js";
import { checkVerdicts } from "../../judges/checks/verdicts.js";
import { memoByObject } from "../../util/memo.js";

export const CriterionVerdict = z.object({
  justification: z.string().describe("One sentence that quotes at least one utterance in double quotes, e.g. USER: \"I liked the story\""),
  score: z.number().describe("The score for this criterion, on the rubric's scale"),
});
export type CriterionVerdict = z.infer<typeof CriterionVerdict>;

/**
 * The `evaluator` contract: `{ <Criterion>: { justification, score } … }` for every rubric criterion.
 * One schema per rubric, so its JSON schema and the tools bound with it are built once per run.
 */
export const evaluatorSchema = memoByObject((rubric: Rubric): z.ZodType<EvaluatorOutput> => {
  const shape = Object.fromEntries(
    rubric.criteria.map((c) => [c.id, CriterionVerdict.describe(`${c.id}: ${c.description} Score: ${describeScale(rubric)}.`)]),
  );
  return z.object(shape) as unknown as z.ZodType<EvaluatorOutput>;
});
export type EvaluatorOutput = Record<string, CriterionVerdict>;

/** What the schema cannot say: scores on the scale, and justifications that quote the transcript. */
export function checkEvaluation(output: EvaluatorOutput, rubric: Rubric, dialogue: Dialogue): OutputProblem[] {
  return checkVerdicts(output, rubric, (id, verdict) => {
    const quotes = checkQuotes(verdict.justification, dialogue);
    if (quotes.some((q) => q.verified)) return [];
    const detail = quotes.length === 0 ? "quotes no utterance" : `quotes text that is not in the transcript: ${quotes.map((q) => JSON.stringify(q.quote)).join(", ")}`;
    return [{ kind: "unverified_quote", message: `${id} justification ${detail}` }];
  });
}
