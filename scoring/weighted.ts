import type { Criterion } from "../rubrics/schema.js";
import { clean, fixed2 } from "./numbers.js";

export interface WeightedAverage {
  value: number;
  /** `100*0.40 + 60*0.15 + … = 88.00`, the seeds' `weighted_calc`. */
  calc: string;
}

/** Σ score × weight over the rubric's criteria, in rubric order. */
export function weightedAverage(scores: Readonly<Record<string, number>>, criteria: readonly Criterion[]): WeightedAverage {
  let sum = 0;
  const terms: string[] = [];
  for (const c of criteria) {
    const score = scores[c.id];
    if (score === undefined) throw new Error(`no score for criterion "${c.id}"`);
    const weight = c.weight ?? 0;
    sum += score * weight;
    terms.push(`${score}*${weight.toFixed(2)}`);
  }
  const value = clean(sum);
  return { value, calc: `${terms.join(" + ")} = ${fixed2(value)}` };
}
