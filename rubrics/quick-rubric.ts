import type { CriterionText } from "./criteria-text.js";
import { RubricError } from "./errors.js";
import { validateRubric } from "./load.js";
import type { Rubric } from "./schema.js";

/** The id a `--criteria` rubric carries in `meta.rubric` (its content is in `meta.config_hash`). */
export const QUICK_RUBRIC_ID = "cli-criteria";

const ORIGIN = "--criteria";

/** Relative weights scaled to sum to 1; a criterion without one counts 1. */
function normalisedWeights(criteria: readonly CriterionText[]): number[] {
  const raw = criteria.map((c) => c.weight ?? 1);
  const sum = raw.reduce((s, w) => s + w, 0);
  return raw.map((w) => w / sum);
}

/**
 * A rubric of the given criteria on `base`'s scale: its scale, overall key, bucketing and pass mark
 * are kept; its criteria, rules, guidance and few-shot examples (all written for its own criteria)
 * are not. Criteria of a checklist are YES/NO/NA questions and take no weight.
 */
export function quickRubric(criteria: readonly CriterionText[], base: Rubric): Rubric {
  const checklist = base.scale.kind === "checklist";
  const weighted = criteria.find((c) => c.weight !== undefined);
  if (checklist && weighted) {
    throw new RubricError(ORIGIN, `"${weighted.id}=${weighted.weight}": checklist criteria are YES/NO/NA questions and take no weight; write "${weighted.id}: …"`);
  }
  const weights = normalisedWeights(criteria);
  return validateRubric(
    {
      id: QUICK_RUBRIC_ID,
      title: "Criteria from the command line",
      description: checklist ? "Answer each criterion below YES, NO or NA." : "Score each criterion below; the weights give its share of the overall.",
      protocols: base.protocols,
      scale: base.scale,
      criteria: criteria.map((c, i) => ({ id: c.id, description: c.description, ...(checklist ? {} : { weight: weights[i] }) })),
      overallKey: base.overallKey,
      ...(base.bucketing ? { bucketing: base.bucketing } : {}),
      ...(base.passThreshold !== undefined ? { passThreshold: base.passThreshold } : {}),
    },
    ORIGIN,
  );
}
