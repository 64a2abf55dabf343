import { sampleRankCorrelation } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { kendallTauB } from "../../metrics/kendall.js";
import { mulberry32 } from "../../metrics/random.js";
import { midranks } from "../../metrics/ranks.js";
import { spearman } from "../../metrics/spearman.js";

describe("Spearman ρ (midranks for ties)", () => {
  it("matches scipy.stats.spearmanr on a vector with ties", () => {
    // scipy: spearmanr([1,2,3,4,5], [5,6,7,8,7]) = 0.8207826816681233
    // By hand: ranks y = [1, 2, 3.5, 5, 3.5]; Pearson of [1..5] with those = 4.5 / √(10·9.5) = 0.82078.
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 12);
  });

  it("is ±1 for monotone relations and symmetric in its arguments", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 400])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([5, 6, 7, 8, 7], [1, 2, 3, 4, 5])).toBeCloseTo(0.8207826816681233, 12);
  });

  it("does not depend on the order the pairs are listed in", () => {
    expect(spearman([3, 1, 5, 2, 4], [7, 5, 7, 6, 8])).toBeCloseTo(0.8207826816681233, 12);
  });

  it("is null when a side is constant or there are fewer than 3 pairs", () => {
    expect(spearman([1, 2, 3], [2, 2, 2])).toBeNull();
    expect(spearman([1, 2], [1, 2])).toBeNull();
  });

  it("rejects vectors of different lengths or non-finite values", () => {
    expect(() => spearman([1, 2, 3], [1, 2])).toThrow(/differ in length/);
    expect(() => spearman([1, 2, NaN], [1, 2, 3])).toThrow(/finite/);
  });
});

/** O(n²) definition, for comparison: (C − D) / √((n0 − n1)(n0 − n2)). */
function naiveTauB(x: number[], y: number[]): number {
  let c = 0;
  let d = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const s = Math.sign((x[i] as number) - (x[j] as number)) * Math.sign((y[i] as number) - (y[j] as number));
      if (x[i] === x[j]) tx++;
      if (y[i] === y[j]) ty++;
      if (s > 0) c++;
      else if (s < 0) d++;
    }
  }
  const n0 = (x.length * (x.length - 1)) / 2;
  return (c - d) / Math.sqrt((n0 - tx) * (n0 - ty));
}

describe("Kendall τ-b", () => {
  it("counts ties in x and in y (by hand)", () => {
    // x = [1,2,2,3], y = [1,3,2,3]; the 6 pairs: (1,2) C, (1,3) C, (1,4) C, (2,3) tied in x,
    // (2,4) tied in y, (3,4) C → C = 4, D = 0, n0 = 6, n1 = 1, n2 = 1: τ-b = 4 / √(5·5) = 0.8.
    // scipy.stats.kendalltau gives 0.7999999999999999.
    expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 3])).toBeCloseTo(0.8, 12);
  });

  it("handles discordant pairs with ties on both sides (by hand)", () => {
    // x = [1,2,2,3,4], y = [2,3,1,3,1]; pairs: (1,2) C, (1,3) D, (1,4) C, (1,5) D, (2,3) x-tie,
    // (2,4) y-tie, (2,5) D, (3,4) C, (3,5) y-tie, (4,5) D → C = 3, D = 4, n0 = 10, n1 = 1, n2 = 2:
    // τ-b = −1 / √(9·8) = −0.11785113019775793 (scipy agrees).
    expect(kendallTauB([1, 2, 2, 3, 4], [2, 3, 1, 3, 1])).toBeCloseTo(-1 / Math.sqrt(72), 12);
  });

  it("agrees with the O(n²) definition on random vectors with many ties", () => {
    const random = mulberry32(7);
    for (let trial = 0; trial < 20; trial++) {
      const n = 5 + Math.floor(random() * 60);
      const x = Array.from({ length: n }, () => Math.floor(random() * 5));
      const y = Array.from({ length: n }, () => Math.floor(random() * 4) * 0.5);
      const expected = naiveTauB(x, y);
      if (Number.isFinite(expected)) expect(kendallTauB(x, y)).toBeCloseTo(expected, 10);
      else expect(kendallTauB(x, y)).toBeNull();
    }
  });

  it("agrees with the O(n²) definition on long vectors of mostly distinct values", () => {
    const random = mulberry32(9);
    const x = Array.from({ length: 400 }, () => random() * 100);
    const y = x.map((v, i) => (i % 7 === 0 ? 3 : v + random() * 40));
    expect(kendallTauB(x, y)).toBeCloseTo(naiveTauB(x, y), 10);
  });

  it("is ±1 without ties and null when a side is constant", () => {
    expect(kendallTauB([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(kendallTauB([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    expect(kendallTauB([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(kendallTauB([1], [1])).toBeNull();
  });
});

describe("Spearman against simple-statistics' own sampleRankCorrelation (reference)", () => {
  it("gives the same value on random vectors with many ties", () => {
    const random = mulberry32(11);
    for (let trial = 0; trial < 30; trial++) {
      const n = 3 + Math.floor(random() * 80);
      const x = Array.from({ length: n }, () => Math.floor(random() * 6));
      const y = Array.from({ length: n }, () => Math.round(random() * 10) / 4);
      const reference = sampleRankCorrelation(x, y);
      if (Number.isFinite(reference)) expect(spearman(x, y)).toBeCloseTo(reference, 12);
      else expect(spearman(x, y)).toBeNull();
    }
  });
});

describe("midranks", () => {
  it("averages the ranks of ties (scipy rankdata 'average')", () => {
    expect(Array.from(midranks([10, 20, 20, 30]))).toEqual([1, 2.5, 2.5, 4]);
    expect(Array.from(midranks([7, 5, 7, 6, 8]))).toEqual([3.5, 1, 3.5, 2, 5]);
  });
});
