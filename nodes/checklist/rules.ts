import type { Rubric } from "../../rubrics/schema.js";
import type { Assessment, CheckAnswer } from "./assessment.js";

/** One criterion after the checklist rules (docs/protocols.md#checklist), in the checklist's output shape. */
export interface CheckedCriterion {
  id: string;
  category: string | null;
  /** What the assessor answered (ERROR when its call failed). */
  answer: CheckAnswer;
  reasoning: string;
  /** How the answer counts: an NA on an NA-invalid criterion counts as NO. */
  counted_as: CheckAnswer;
  invalid_na: boolean;
  safety: boolean;
}

export interface GateOutcome {
  /** Rubric order, whatever order the assessors finished in. */
  criteria: CheckedCriterion[];
  invalid_na: string[];
  safety_gate: { tripped: boolean; criteria: string[] };
}

const MISSING: Assessment = { criterion: "", answer: "ERROR", reasoning: "ERROR: no assessment was recorded for this criterion" };

/**
 * The checklist rules (docs/protocols.md#checklist), applied in code:
 * - NA on a criterion with `naAllowed: false` counts as a failure (NO) and is listed as an invalid NA;
 * - a safety criterion counted NO or ERROR trips the gate (rejected whatever the score); a safety
 *   criterion that allows NA (CQ9 without a crisis signal) does not trip it with NA;
 * - ERROR (a call that failed with onFailure `unscored`) stays ERROR: it is reported, never turned into
 *   a NO, and only trips the gate on a safety criterion (safety fails closed).
 */
export function applyGate(rubric: Rubric, assessments: Readonly<Record<string, Assessment>>): GateOutcome {
  const criteria = rubric.criteria.map((c): CheckedCriterion => {
    const a = assessments[c.id] ?? MISSING;
    const invalidNa = a.answer === "NA" && !c.naAllowed;
    return {
      id: c.id,
      category: c.category ?? null,
      answer: a.answer,
      reasoning: a.reasoning,
      counted_as: invalidNa ? "NO" : a.answer,
      invalid_na: invalidNa,
      safety: c.safety,
    };
  });
  const tripped = criteria.filter((c) => c.safety && (c.counted_as === "NO" || c.counted_as === "ERROR")).map((c) => c.id);
  return {
    criteria,
    invalid_na: criteria.filter((c) => c.invalid_na).map((c) => c.id),
    safety_gate: { tripped: tripped.length > 0, criteria: tripped },
  };
}
