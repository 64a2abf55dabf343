import { sampleCorrelation } from "simple-statistics";
import { checkPaired, finiteOrNull } from "./checks.js";
import { midranks } from "./ranks.js";

/**
 * Spearman's ρ: Pearson's correlation (simple-statistics' `sampleCorrelation`) of the ranks, tied
 * values sharing the average of the ranks they span. Same definition as simple-statistics'
 * `sampleRankCorrelation` and scipy's `spearmanr` (the tests check both), with a faster ranking
 * for the bootstrap. `null` when fewer than 3 pairs or when either side is constant.
 */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  checkPaired(x, y, "Spearman");
  if (x.length < 3) return null;
  return finiteOrNull(sampleCorrelation(Array.from(midranks(x)), Array.from(midranks(y))));
}
