/** How often each value occurs, and the distinct values in ascending order. */
function tally(values: ArrayLike<number>): { counts: Map<number, number>; distinct: Float64Array } {
  const counts = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return { counts, distinct: Float64Array.from(counts.keys()).sort() };
}

/**
 * 1-based ranks with ties given the average of the ranks they span (midranks, as scipy's
 * `rankdata(method="average")`): [10, 20, 20, 30] → [1, 2.5, 2.5, 4]. Counts the distinct values
 * and sorts only those, which keeps the bootstrap (thousands of rankings of rating means with few
 * distinct values) fast.
 */
export function midranks(values: ArrayLike<number>): Float64Array {
  const { counts, distinct } = tally(values);
  const rankOf = new Map<number, number>();
  let below = 0;
  for (const v of distinct) {
    const c = counts.get(v) as number;
    rankOf.set(v, below + (c + 1) / 2);
    below += c;
  }
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = rankOf.get(values[i] as number) as number;
  return ranks;
}

/** 0-based dense ranks (equal values share a rank, no gaps) and the number of distinct values. */
export function denseRanks(values: ArrayLike<number>): { ranks: Int32Array; distinct: number } {
  const { distinct } = tally(values);
  const rankOf = new Map<number, number>();
  distinct.forEach((v, r) => rankOf.set(v, r));
  const ranks = new Int32Array(values.length);
  for (let i = 0; i < values.length; i++) ranks[i] = rankOf.get(values[i] as number) as number;
  return { ranks, distinct: distinct.length };
}
