import { describe, expect, it } from "vitest";
import { quadraticKappa } from "../../metrics/kappa.js";

describe("quadratic-weighted Cohen's κ", () => {
  it("matches a 3×3 case computed by hand", () => {
    // A = [1,1,2,2,3,3], B = [1,2,2,3,3,3], categories 1/2/3, w_ij = (i − j)² / 4.
    // Observed: two pairs one category apart → Σ w·O = 2 · 1/4 = 0.5 (counts).
    // Marginals A = (2,2,2), B = (1,2,3); expected counts E_ij = a_i·b_j / 6:
    //   Σ w·E = [2·2·¼ + 2·3·1 + 2·1·¼ + 2·3·¼ + 2·1·1 + 2·2·¼] / 6 = (1 + 6 + 0.5 + 1.5 + 2 + 1) / 6 = 2.
    // κ_w = 1 − 0.5 / 2 = 0.75 (the same formula in numpy, 1 − Σ W∘O / Σ W∘E, gives 0.75).
    expect(quadraticKappa([1, 1, 2, 2, 3, 3], [1, 2, 2, 3, 3, 3], [1, 2, 3])).toBeCloseTo(0.75, 12);
  });

  it("works on buckets and counts unused categories in the weights", () => {
    // Same data on the buckets 20…100 with 40/80 never used: w between 20 and 60 is (2/4)² = ¼ of a
    // full step of 4, so the 3×3 case above stretched to 5 categories gives the same κ.
    expect(quadraticKappa([20, 20, 60, 60, 100, 100], [20, 60, 60, 100, 100, 100], [20, 40, 60, 80, 100])).toBeCloseTo(0.75, 12);
  });

  it("is 1 on perfect agreement and negative on systematic reversal", () => {
    expect(quadraticKappa([20, 40, 60], [20, 40, 60], [20, 40, 60])).toBe(1);
    // A = [1,3], B = [3,1], k = 3: observed Σw = 2·1, expected = (1·1·1 + 1·1·1)/2 = 1 → κ = 1 − (2/2)/(1/2) = −1.
    expect(quadraticKappa([1, 3], [3, 1], [1, 2, 3])).toBeCloseTo(-1, 12);
  });

  it("is null when there is no expected disagreement, and rejects values off the categories", () => {
    expect(quadraticKappa([40, 40], [40, 40], [20, 40, 60])).toBeNull();
    expect(() => quadraticKappa([50], [40], [20, 40, 60])).toThrow(/50 is not one of the categories 20\/40\/60/);
  });
});
