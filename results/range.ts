import type { Rubric } from "../rubrics/schema.js";
import type { Range } from "./spec.js";

/** The range of a rubric's scale; undefined for a checklist rubric or none. */
export function rubricRange(rubric?: Rubric): Range | undefined {
  const scale = rubric?.scale;
  if (scale?.kind === "discrete") return { min: Math.min(...scale.values), max: Math.max(...scale.values) };
  if (scale?.kind === "continuous") return { min: scale.min, max: scale.max };
  return undefined;
}
