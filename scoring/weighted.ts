import type { Criterion } from "../rubrics/schema.js";
import { clean, fixed2 } from "./numbers.js";

export interface WeightedAverage {
  value: number;
  /** `100*0.40 + 60*0.15 + … = 88.00`, the `weighted_calc` of docs/protocols.md#shared-scoring-panel-and-barem. */
  calc: string;
}

/** `0.40` as the original prompts write weights; more decimals only when the weight needs them (`0.125`). */
function weightText(weight: number): string {
  const two = weight.toFixed(2);
  return Number(two) === clean(weight) ? two : String(clean(weight));
}

/** Σ score × weight over the rubric's criteria, in rubric order (divided by Σ weight, which is 1 ± 1e-6). */
export function weightedAverage(scores: Readonly<Record<string, number>>, criteria: readonly Criterion[]): WeightedAverage {
  let sum = 0;
  let total = 0;
  const terms: string[] = [];
  for (const c of criteria) {
    const score = scores[c.id];
    if (score === undefined) throw new Error(`no score for criterion "${c.id}"`);
    const weight = c.weight ?? 0;
    sum += score * weight;
    total += weight;
    terms.push(`${score}*${weightText(weight)}`);
  }
  // Divided by the weights' total: the schema accepts weights summing to 1 ± 1e-6, and 3 × 0.3333333
  // must not turn an all-80 dialogue into 79.99999 (bucket 60).
  const value = clean(total > 0 ? sum / total : sum);
  return { value, calc: `${terms.join(" + ")} = ${fixed2(value)}` };
}
