import type { Estimate } from "../metrics/bootstrap.js";

export interface Verdict {
  /** null when either side is undefined (too few dialogues or constant scores). */
  judgeAtLeastOneHuman: boolean | null;
  line: string;
}

export function formatEstimate(e: Estimate, digits = 2): string {
  if (e.value === null) return "n/a";
  const ci = e.low === null || e.high === null ? "" : ` [${e.low.toFixed(digits)}, ${e.high.toFixed(digits)}]`;
  return `${e.value.toFixed(digits)}${ci}`;
}

/** `judge ≥ one human` when the judge's mean ρ with the others is at least one human's, else `judge < one human`. */
export function verdict(judge: Estimate, human: Estimate, difference: Estimate, level = 0.95): Verdict {
  if (judge.value === null || human.value === null) {
    return { judgeAtLeastOneHuman: null, line: "undetermined: too few dialogues or constant scores to compare the judge with one human" };
  }
  const atLeast = judge.value >= human.value;
  const line = `${atLeast ? "judge ≥ one human" : "judge < one human"}: ρ(judge, others) ${formatEstimate(judge)} vs ρ(human, others) ${formatEstimate(human)}; difference ${formatEstimate(difference)} (${Math.round(level * 100)} % CI)`;
  return { judgeAtLeastOneHuman: atLeast, line };
}
