import { describe, expect, it } from "vitest";
import { distribution, niceStep, stackedCategories, stackedScores } from "../../report/distribution.js";

describe("report distributions", () => {
  it("picks 1/2/2.5/5 × 10^k steps", () => {
    expect(niceStep(0, 1, 10)).toBe(0.1);
    expect(niceStep(1, 5, 10)).toBe(0.5);
    expect(niceStep(20, 100, 10)).toBe(10);
    expect(niceStep(0, 3200, 12)).toBe(500);
  });

  it("counts discrete values on the given bars plus any stray value, leaving nulls out", () => {
    expect(distribution([20, 60, 60, null, 55], { kind: "discrete", values: [20, 40, 60] })).toEqual({ labels: ["20", "40", "55", "60"], counts: [1, 0, 1, 2], n: 4, mean: 48.75, median: 57.5 });
  });

  it("puts the top edge in the last bin and widens the range for values outside it", () => {
    expect(distribution([1, 5, 4.99, 3], { kind: "continuous", min: 1, max: 5, step: 1 })).toEqual({ labels: ["1–2", "2–3", "3–4", "4–5"], counts: [1, 0, 1, 2], n: 4, mean: 3.4975, median: 3.995 });
    expect(distribution([-0.5, 0.2], { kind: "continuous", min: 0, max: 1, step: 0.5 }).labels).toEqual(["-0.5–0.0", "0.0–0.5", "0.5–1.0"]);
  });

  it("chooses bins by itself for an unknown range", () => {
    const d = distribution([0, 120, 950], { kind: "auto", maxBins: 10 });
    expect(d.labels).toEqual(["0–100", "100–200", "200–300", "300–400", "400–500", "500–600", "600–700", "700–800", "800–900", "900–1000"]);
    expect(d.counts).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(distribution([], { kind: "auto" })).toEqual({ labels: [], counts: [], n: 0, mean: null, median: null });
  });

  it("stacks criteria on shared bars and categories in the given order", () => {
    const s = stackedScores(new Map([["A", [20, 40]], ["B", [40]]]), { kind: "discrete", values: [20, 40] });
    expect(s).toEqual({ columns: ["A", "B"], series: ["20", "40"], counts: [[1, 0], [1, 1]], means: [30, 40] });
    const c = stackedCategories([["A", "NO"], ["B", "YES"], ["A", "YES"], ["A", "MAYBE"]], ["YES", "NO", "NA"]);
    expect(c).toEqual({ columns: ["A", "B"], series: ["YES", "NO", "MAYBE"], counts: [[1, 1], [1, 0], [1, 0]] });
  });
});
