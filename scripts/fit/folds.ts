import { mulberry32 } from "../../metrics/random.js";

/** Fold index (0..k-1) of each of n items: a seeded shuffle dealt round-robin, so folds differ by at most one item. */
export function assignFolds(n: number, k: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  const random = mulberry32(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const folds = new Array<number>(n);
  order.forEach((item, position) => (folds[item] = position % k));
  return folds;
}
