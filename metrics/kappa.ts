import { checkPaired, finiteOrNull } from "./checks.js";

/**
 * Cohen's κ with quadratic weights on explicit, ordered categories (e.g. the buckets
 * [20, 40, 60, 80, 100]): κ_w = 1 − Σ w·O / Σ w·E with w_ij = (i − j)² / (k − 1)², O the observed
 * joint proportions and E the product of the two marginals. A category present in the list but
 * never used still counts in the weights. A value outside `categories` is an error. `null` when
 * the expected disagreement is 0 (both raters constant on the same category, or no pairs).
 */
export function quadraticKappa(a: readonly number[], b: readonly number[], categories: readonly number[]): number | null {
  checkPaired(a, b, "quadratic κ");
  const k = categories.length;
  if (k < 2) throw new RangeError("quadratic κ: at least two categories are needed");
  if (new Set(categories).size !== k) throw new RangeError("quadratic κ: categories must be distinct");
  const index = (v: number): number => {
    const i = categories.indexOf(v);
    if (i < 0) throw new RangeError(`quadratic κ: ${v} is not one of the categories ${categories.join("/")}`);
    return i;
  };
  const n = a.length;
  if (n === 0) return null;
  const rowTotals = new Array<number>(k).fill(0);
  const colTotals = new Array<number>(k).fill(0);
  let observed = 0;
  for (let m = 0; m < n; m++) {
    const i = index(a[m] as number);
    const j = index(b[m] as number);
    rowTotals[i]!++;
    colTotals[j]!++;
    observed += (i - j) ** 2;
  }
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) expected += (i - j) ** 2 * (rowTotals[i] as number) * (colTotals[j] as number);
  }
  // Both sums carry the same (k − 1)² weight normaliser and 1/n scaling (expected also 1/n²·n).
  observed /= n;
  expected /= n * n;
  if (expected === 0) return null;
  return finiteOrNull(1 - observed / expected);
}
