import { describe, expect, it } from "vitest";
import { krippendorffAlpha, type Rating } from "../../metrics/krippendorff.js";

const _ = null;
/**
 * Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", the reliability data matrix
 * with missing values: 4 observers × 12 units. Published: α nominal = 0.743, interval = 0.849.
 */
const KRIPPENDORFF_2011: Rating[][] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];

describe("Krippendorff's α", () => {
  it("reproduces the published interval α on Krippendorff's 2011 example (0.849)", () => {
    // Unit 12 has one value and is not pairable; n = 40 pairable values. Exact: 1 − D_o/D_e = 0.849107…
    expect(krippendorffAlpha(KRIPPENDORFF_2011, "interval")).toBeCloseTo(0.8491, 4);
  });

  it("reproduces the published nominal α on the same data (0.743)", () => {
    expect(krippendorffAlpha(KRIPPENDORFF_2011, "nominal")).toBeCloseTo(0.7434, 4);
  });

  it("is 1 on perfect agreement and treats NaN/undefined as missing", () => {
    expect(krippendorffAlpha([[1, 2, 3], [1, 2, 3], [1, NaN, undefined]], "interval")).toBe(1);
  });

  it("computes a tiny interval case by hand", () => {
    // Two raters, units (1,2), (3,3), (5,4): n = 6 pairable values.
    // D_o = (1/n)·Σ_u Σ_{i≠j}(v_i − v_j)²/(m_u − 1) = (1/6)·(2 + 0 + 2) = 2/3.
    // D_e: values 1,2,3,3,5,4, mean 3, Σ(v − 3)² = 10 → Σ_{i≠j}(v_i − v_j)² = 2·6·10 = 120; /(6·5) = 4.
    // α = 1 − (2/3)/4 = 5/6.
    expect(krippendorffAlpha([[1, 3, 5], [2, 3, 4]], "interval")).toBeCloseTo(5 / 6, 12);
  });

  it("uses only (and repeats) the listed items", () => {
    const m: Rating[][] = [[1, 3, 5, 1], [2, 3, 4, 5]];
    expect(krippendorffAlpha(m, "interval", [0, 1, 2])).toBeCloseTo(5 / 6, 12);
    // Each unit twice: D_o = (1/12)·8 = 2/3; D_e = 2·12·20/(12·11) = 40/11 → α = 1 − (2/3)·(11/40) = 0.81667.
    expect(krippendorffAlpha(m, "interval", [0, 1, 2, 0, 1, 2])).toBeCloseTo(1 - (2 / 3) * (11 / 40), 12);
  });

  it("is null without two pairable values or without variation", () => {
    expect(krippendorffAlpha([[1, _], [_, 2]], "interval")).toBeNull();
    expect(krippendorffAlpha([[3, 3], [3, 3]], "interval")).toBeNull();
  });
});
