import { describe, expect, it } from "vitest";
import { assignFolds } from "../../scripts/fit/folds.js";
import { fitRidge } from "../../scripts/fit/ridge.js";

describe("fitRidge", () => {
  it("recovers an exact linear relation when lambda is 0", () => {
    // y = 1 + 2·a − 3·b on four points.
    const rows = [
      [0, 0],
      [1, 0],
      [0, 1],
      [2, 3],
    ];
    const y = rows.map(([a, b]) => 1 + 2 * a! - 3 * b!);
    const fit = fitRidge(rows, y, 0);
    expect(fit.intercept).toBeCloseTo(1, 9);
    expect(fit.coefficients[0]).toBeCloseTo(2, 9);
    expect(fit.coefficients[1]).toBeCloseTo(-3, 9);
    expect(fit.means).toEqual([0.75, 1]);
  });

  it("shrinks a one-input slope by n·var / (n·var + lambda) on standardised data", () => {
    // x = 0,1,2,3 (mean 1.5, population sd √1.25); y = x. Standardised: Σz² = n = 4, so the
    // standardised slope is Σz·y / (4 + λ) = (4·√1.25) / (4 + 4) with λ = 4, i.e. half of the OLS slope.
    const rows = [[0], [1], [2], [3]];
    const fit = fitRidge(rows, [0, 1, 2, 3], 4);
    expect(fit.coefficients[0]).toBeCloseTo(0.5, 9);
    // The intercept keeps the prediction at the means: 1.5 − 0.5 × 1.5.
    expect(fit.intercept).toBeCloseTo(0.75, 9);
  });
});

describe("assignFolds", () => {
  it("deals every item to one of k folds of nearly equal size, the same way for the same seed", () => {
    const folds = assignFolds(13, 5, 7);
    const sizes = [0, 1, 2, 3, 4].map((f) => folds.filter((x) => x === f).length);
    expect(sizes.sort()).toEqual([2, 2, 3, 3, 3]);
    expect(assignFolds(13, 5, 7)).toEqual(folds);
    expect(assignFolds(13, 5, 8)).not.toEqual(folds);
  });
});
