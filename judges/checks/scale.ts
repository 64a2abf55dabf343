import type { Rubric } from "../../rubrics/schema.js";
import type { OutputProblem } from "./problems.js";

/** Whether a score is allowed by the rubric's scale (20/40/60/80/100, or within [min, max]). */
export function onScale(score: number, rubric: Rubric): boolean {
  const scale = rubric.scale;
  if (scale.kind === "discrete") return scale.values.includes(score);
  if (scale.kind === "continuous") return Number.isFinite(score) && score >= scale.min && score <= scale.max;
  return false;
}

export function describeScale(rubric: Rubric): string {
  const scale = rubric.scale;
  if (scale.kind === "discrete") return `one of ${scale.values.join(", ")}`;
  if (scale.kind === "continuous") return `a number from ${scale.min} to ${scale.max}`;
  return "YES, NO or NA";
}

export function outOfScale(where: string, score: number, rubric: Rubric): OutputProblem {
  return { kind: "out_of_scale", message: `${where}: ${score} is not ${describeScale(rubric)}` };
}
