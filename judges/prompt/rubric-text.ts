import type { Rubric } from "../../rubrics/schema.js";
import { describeScale } from "../checks/scale.js";
import { memoByObject } from "../../util/memo.js";

function scaleText(rubric: Rubric): string {
  const scale = rubric.scale;
  const lines = [`Scale: ${describeScale(rubric)}.`];
  if (scale.kind === "discrete" && scale.labels) {
    for (const value of [...scale.values].reverse()) {
      const label = scale.labels[String(value)];
      if (label) lines.push(`- ${value}: ${label}`);
    }
  }
  return lines.join("\n");
}

/** The rubric as the judges read it: criteria, weights, barem levels, examples and guidance; written once per rubric. */
export const renderRubric = memoByObject((rubric: Rubric): string => {
  const parts = [`Rubric "${rubric.title}"`, rubric.description, scaleText(rubric), "Criteria:"];
  for (const c of rubric.criteria) {
    const weight = c.weight === undefined ? "" : ` (weight ${c.weight.toFixed(2)})`;
    parts.push(`- ${c.id}${weight}: ${c.description}`);
    for (const level of c.levels ?? []) parts.push(`    ${level.score}: ${level.description}`);
    for (const example of c.examples ?? []) parts.push(`    Example: ${example}`);
  }
  if (rubric.guidance) parts.push(`Guidance: ${rubric.guidance}`);
  return parts.join("\n");
});
