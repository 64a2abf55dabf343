import { describe, expect, it } from "vitest";
import { bootstrap, bootstrapMany, drawResamples, pick } from "../../metrics/bootstrap.js";
import { mulberry32 } from "../../metrics/random.js";
import { spearman } from "../../metrics/spearman.js";

const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;

describe("mulberry32", () => {
  it("is deterministic per seed, differs between seeds, and stays in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(mean(xs)).toBeCloseTo(0.5, 1);
  });
});

describe("percentile bootstrap", () => {
  it("takes linear-interpolation quantiles of the resample values (by hand)", () => {
    const values = [1, 2, 3, 10];
    // Five hand-made resamples of the 4 items and their means:
    // [0,0,0,0] → 1; [0,0,1,3] → (1+1+2+10)/4 = 3.5; [0,1,2,3] → 4; [3,2,2,3] → 6.5; [3,3,3,3] → 10.
    const draws = [
      [0, 0, 0, 0],
      [0, 0, 1, 3],
      [0, 1, 2, 3],
      [3, 2, 2, 3],
      [3, 3, 3, 3],
    ];
    // Quantiles of 1, 3.5, 4, 6.5, 10 (type 7, index (n − 1)·p): 0.025 → index 0.1 → 1 + 0.1·2.5 = 1.25;
    // 0.975 → index 3.9 → 6.5 + 0.9·3.5 = 9.65. numpy.percentile([1,3.5,4,6.5,10], [2.5, 97.5]) agrees.
    const e = bootstrap(4, (items) => mean(pick(values, items)), draws);
    expect(e.value).toBe(4);
    expect(e.low).toBeCloseTo(1.25, 12);
    expect(e.high).toBeCloseTo(9.65, 12);
    expect(e.resamples).toBe(5);
    expect(e.n).toBe(4);
  });

  it("drops undefined resample values and gives no interval with fewer than 2 left", () => {
    const x = [1, 2, 3, 4];
    const draws = [[0, 0, 0, 0], [0, 1, 2, 3], [1, 1, 1, 1]];
    const e = bootstrap(4, (items) => spearman(pick(x, items), pick(x, items)), draws);
    expect(e.value).toBeCloseTo(1, 12);
    expect(e.resamples).toBe(1);
    expect(e.low).toBeNull();
  });

  it("same seed, same interval; another seed, another interval", () => {
    const x = Array.from({ length: 50 }, (_, i) => i);
    const y = x.map((v) => (v * 37) % 11);
    const stat = (items: ArrayLike<number>) => spearman(pick(x, items), pick(y, items));
    const a = bootstrap(50, stat, drawResamples(50, { resamples: 200, seed: 1 }));
    const b = bootstrap(50, stat, drawResamples(50, { resamples: 200, seed: 1 }));
    const c = bootstrap(50, stat, drawResamples(50, { resamples: 200, seed: 2 }));
    expect(a).toEqual(b);
    expect(c.low).not.toBe(a.low);
    expect(a.low as number).toBeLessThan(a.value as number);
    expect(a.high as number).toBeGreaterThan(a.value as number);
  });

  it("draws 1000 resamples by default, each of n indices in range", () => {
    const draws = drawResamples(7);
    expect(draws).toHaveLength(1000);
    expect(draws.every((d) => d.length === 7 && Array.from(d).every((i) => i >= 0 && i < 7))).toBe(true);
  });

  it("computes several statistics on the same resamples", () => {
    const values = [1, 2, 3, 10];
    const draws = drawResamples(4, { resamples: 100, seed: 3 });
    const [m, twice] = bootstrapMany(4, (items) => [mean(pick(values, items)), 2 * mean(pick(values, items))], draws);
    expect(twice?.low).toBeCloseTo(2 * (m?.low as number), 12);
    expect(twice?.high).toBeCloseTo(2 * (m?.high as number), 12);
  });
});
