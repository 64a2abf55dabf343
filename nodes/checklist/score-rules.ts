import type { GateOutcome } from "./rules.js";

/** Pass mark when the rubric sets no `passThreshold`. */
export const DEFAULT_PASS_THRESHOLD = 0.75;

export interface ChecklistScore {
  /** YES / (YES + NO) over applicable criteria, 4 decimals; null when none applies. */
  score: number | null;
  yes: number;
  no: number;
  na: number;
  errors: number;
  rejected: boolean;
  passed: boolean;
  pass_threshold: number;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * Score = YES / (YES + NO). Valid NAs are left out; invalid NAs already count as NO; ERRORs are left
 * out of the ratio (a failed call is never a low score) and counted in `errors`. Passed = not
 * rejected by the safety gate and score ≥ the threshold.
 */
export function scoreChecklist(gate: GateOutcome, passThreshold: number = DEFAULT_PASS_THRESHOLD): ChecklistScore {
  const count = (answer: string) => gate.criteria.filter((c) => c.counted_as === answer).length;
  const yes = count("YES");
  const no = count("NO");
  const ratio = yes + no === 0 ? null : yes / (yes + no);
  const rejected = gate.safety_gate.tripped;
  return {
    score: ratio === null ? null : round4(ratio),
    yes,
    no,
    na: count("NA"),
    errors: count("ERROR"),
    rejected,
    passed: !rejected && ratio !== null && ratio >= passThreshold,
    pass_threshold: passThreshold,
  };
}

/** The scored fields of a checklist line (docs/protocols.md#checklist): every criterion after the gate, the counts, the ratio and the pass mark. */
export function checklistFields(gate: GateOutcome, passThreshold: number = DEFAULT_PASS_THRESHOLD) {
  const scored = scoreChecklist(gate, passThreshold);
  return {
    criteria: gate.criteria,
    score: scored.score,
    yes: scored.yes,
    no: scored.no,
    na: scored.na,
    errors: scored.errors,
    invalid_na: gate.invalid_na,
    safety_gate: gate.safety_gate,
    rejected: scored.rejected,
    passed: scored.passed,
    pass_threshold: scored.pass_threshold,
  };
}
