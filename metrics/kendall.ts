import { checkPaired, finiteOrNull } from "./checks.js";
import { denseRanks } from "./ranks.js";

/** Pairs tied within each group of equal dense ranks: Σ t(t−1)/2. */
function tiedPairs(ranks: Int32Array, distinct: number): number {
  const counts = new Float64Array(distinct);
  for (const r of ranks) counts[r]!++;
  let ties = 0;
  for (const c of counts) ties += (c * (c - 1)) / 2;
  return ties;
}

/** Number of pairs i < j with values[i] > values[j] (strict), by merge sort; sorts `values` in place. */
function countInversions(values: Int32Array): number {
  const buffer = new Int32Array(values.length);
  let inversions = 0;
  for (let width = 1; width < values.length; width *= 2) {
    for (let lo = 0; lo < values.length - width; lo += 2 * width) {
      const mid = lo + width;
      const hi = Math.min(lo + 2 * width, values.length);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if ((values[j] as number) < (values[i] as number)) {
          inversions += mid - i;
          buffer[k++] = values[j++] as number;
        } else buffer[k++] = values[i++] as number;
      }
      while (i < mid) buffer[k++] = values[i++] as number;
      while (j < hi) buffer[k++] = values[j++] as number;
      for (let m = lo; m < hi; m++) values[m] = buffer[m] as number;
    }
  }
  return inversions;
}

/**
 * Kendall's τ-b, (C − D) / √((n0 − n1)(n0 − n2)) with n0 = n(n−1)/2 and n1, n2 the pairs tied in
 * x and in y. Knight's O(n log n) algorithm (as scipy's `kendalltau`): sort by (x, y); the
 * discordant pairs are then the strict inversions of y. `null` when fewer than 2 pairs or when
 * either side is constant.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  checkPaired(x, y, "Kendall τ-b");
  const n = x.length;
  if (n < 2) return null;
  const xr = denseRanks(x);
  const yr = denseRanks(y);
  // Sort by (x, y): one native numeric sort of composite keys (cell · n + index) while they stay
  // exact integers, else a comparator sort.
  const cellOf = (i: number): number => (xr.ranks[i] as number) * yr.distinct + (yr.ranks[i] as number);
  let order: ArrayLike<number>;
  if (xr.distinct * yr.distinct * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = cellOf(i) * n + i;
    keys.sort();
    order = keys.map((key) => key % n);
  } else {
    order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => cellOf(a) - cellOf(b));
  }
  // Pairs tied in both x and y: runs of one (x, y) cell along the order.
  const yInOrder = new Int32Array(n);
  let jointTies = 0;
  let run = 0;
  let previousCell = -1;
  for (let k = 0; k < n; k++) {
    const i = order[k] as number;
    const cell = cellOf(i);
    yInOrder[k] = yr.ranks[i] as number;
    if (cell === previousCell) run++;
    else {
      jointTies += (run * (run - 1)) / 2;
      run = 1;
      previousCell = cell;
    }
  }
  jointTies += (run * (run - 1)) / 2;
  const xTies = tiedPairs(xr.ranks, xr.distinct);
  const yTies = tiedPairs(yr.ranks, yr.distinct);
  const discordant = countInversions(yInOrder);
  const total = (n * (n - 1)) / 2;
  // Pairs neither tied in x nor in y are concordant or discordant: C + D = n0 − n1 − n2 + joint ties.
  const concordantMinusDiscordant = total - xTies - yTies + jointTies - 2 * discordant;
  return finiteOrNull(concordantMinusDiscordant / Math.sqrt((total - xTies) * (total - yTies)));
}
