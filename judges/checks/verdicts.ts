import type { OutputProblem } from "./problems.js";
import type { Rubric } from "../../rubrics/schema.js";
import { onScale, outOfScale } from "./scale.js";

interface Verdict {
  score: number;
  justification: string;
}

/**
 * The checks every per-criterion verdict map needs (a verdict for each criterion, scores on the
 * scale), plus the role's own check of each verdict.
 */
export function checkVerdicts<V extends Verdict>(
  output: Readonly<Record<string, V | null | undefined>>,
  rubric: Rubric,
  checkOne: (criterion: string, verdict: V) => OutputProblem[] = () => [],
): OutputProblem[] {
  const problems: OutputProblem[] = [];
  for (const c of rubric.criteria) {
    const verdict = output[c.id];
    if (!verdict) {
      problems.push({ kind: "missing_criteria", message: `no verdict for ${c.id}` });
      continue;
    }
    if (!onScale(verdict.score, rubric)) problems.push(outOfScale(c.id, verdict.score, rubric));
    problems.push(...checkOne(c.id, verdict));
  }
  return problems;
}
