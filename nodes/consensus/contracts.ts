import { z } from "zod";
import type { OutputProblem } from "../../judges/checks/problems.js";
import type { Rubric } from "../../rubrics/schema.js";
import { checkCoverage } from "../../judges/checks/coverage.js";
import { onScale, outOfScale } from "../../judges/checks/scale.js";

export const CriterionAssessment = z.object({
  criterion_name: z.string().describe("The criterion's name exactly as the rubric writes it"),
  reasoning: z.string().describe("Your analysis of this criterion, quoting the evidence in double quotes"),
  score: z.number().describe("After the reasoning: the score for this criterion on the rubric's scale (decimals allowed)"),
});
export type CriterionAssessment = z.infer<typeof CriterionAssessment>;

/** The `strict`, `generous` and `strict_refinement` contract (the agent evaluation of docs/protocols.md#consensus). */
export const ConsensusAgentOutput = z.object({
  criteria: z.array(CriterionAssessment).describe("Exactly one entry per rubric criterion, in rubric order"),
  reasoning: z.string().describe("Your overall analysis of the content as a whole"),
  overall_score: z.number().describe("After the reasoning: your holistic overall score on the rubric's scale (a judgement, not an average)"),
});
export type ConsensusAgentOutput = z.infer<typeof ConsensusAgentOutput>;

/** The `debate_critique` contract: the generous agent's critique of the strict evaluation. */
export const DebateCritique = z.object({
  critique: z.string().describe("Where the strict evaluation was too harsh and which strengths it overlooked, quoting the evidence"),
});
export type DebateCritique = z.infer<typeof DebateCritique>;

const key = (name: string) => name.trim().toLowerCase();

/** What the schema cannot say: every rubric criterion exactly once, every score on the scale. */
export function checkAgentOutput(output: ConsensusAgentOutput, rubric: Rubric): OutputProblem[] {
  const problems = checkCoverage(output.criteria.map((e) => e.criterion_name), rubric, key);
  for (const e of output.criteria) {
    if (!onScale(e.score, rubric)) problems.push(outOfScale(`${e.criterion_name} score`, e.score, rubric));
  }
  if (!onScale(output.overall_score, rubric)) problems.push(outOfScale("overall_score", output.overall_score, rubric));
  return problems;
}

/** A checked answer in rubric order, with the rubric's own spelling of each criterion name. */
export function inRubricOrder(output: ConsensusAgentOutput, rubric: Rubric): ConsensusAgentOutput {
  const criteria = rubric.criteria.map((c) => {
    const found = output.criteria.find((e) => key(e.criterion_name) === key(c.id));
    if (!found) throw new Error(`no entry for criterion "${c.id}" (the answer should have been checked)`);
    return { criterion_name: c.id, reasoning: found.reasoning, score: found.score };
  });
  return { criteria, reasoning: output.reasoning, overall_score: output.overall_score };
}

export function checkCritique(output: DebateCritique): OutputProblem[] {
  return output.critique.trim() === "" ? [{ kind: "schema_invalid", message: "critique is empty" }] : [];
}

