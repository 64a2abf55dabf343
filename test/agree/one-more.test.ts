import { describe, expect, it } from "vitest";
import { oneMoreAnnotator } from "../../agreement/one-more.js";

/**
 * 3 dialogues × 3 raters, judge = [2, 1, 3]. By hand (Spearman = Pearson of midranks):
 * rater 1: ratings [1, 3, 5], others' means [2, 3.5, 3.5] → ranks [1,2,3] vs [1, 2.5, 2.5]:
 *   deviations [−1,0,1]·[−1,.5,.5] = 1.5; √(2·1.5) → ρ = 1.5/√3 = 0.866025;
 *   judge ranks [2,1,3] → deviations [0,−1,1]·[−1,.5,.5] = 0 → ρ = 0.
 * rater 2: ratings [2, 3, 4], others [1.5, 3.5, 4] → ρ = 1; judge vs [1.5, 3.5, 4]: [0,−1,1]·[−1,0,1] = 1, /2 → 0.5.
 * rater 3: ratings [2, 4, 3], others [1.5, 3, 4.5] → [−1,1,0]·[−1,0,1] = 1, /2 → 0.5; judge → 0.5.
 * Means (every position has n = 3): human (0.866025 + 1 + 0.5)/3 = 0.788675; judge (0 + 0.5 + 0.5)/3 = 1/3.
 * Pooled over the 9 (dialogue, rater) pairs (scipy.stats.spearmanr): human 0.602626, judge 0.376867.
 */
const RATINGS = [
  [1, 2, 2],
  [3, 3, 4],
  [5, 4, 3],
];
const JUDGE = [2, 1, 3];

describe("one more annotator", () => {
  it("compares each rater and the judge with the mean of the other raters (hand-computed)", () => {
    const r = oneMoreAnnotator(JUDGE, RATINGS);
    expect(r.positions.map((p) => p.rater)).toEqual([1, 2, 3]);
    expect(r.positions.map((p) => p.n)).toEqual([3, 3, 3]);
    expect(r.positions[0]?.human).toBeCloseTo(Math.sqrt(3) / 2, 12);
    expect(r.positions[0]?.judge).toBeCloseTo(0, 12);
    expect(r.positions[1]?.human).toBeCloseTo(1, 12);
    expect(r.positions[1]?.judge).toBeCloseTo(0.5, 12);
    expect(r.positions[2]?.human).toBeCloseTo(0.5, 12);
    expect(r.positions[2]?.judge).toBeCloseTo(0.5, 12);
    expect(r.human).toBeCloseTo((Math.sqrt(3) / 2 + 1.5) / 3, 12);
    expect(r.judge).toBeCloseTo(1 / 3, 12);
    expect(r.humanUnweighted).toBeCloseTo(0.7886751345948128, 12);
    expect(r.humanPooled).toBeCloseTo(0.6026258331144145, 12);
    expect(r.judgePooled).toBeCloseTo(0.3768673314407159, 12);
  });

  it("leaves out dialogues with fewer than 2 other raters, and weights positions by their dialogue count", () => {
    // A 4th dialogue with only 2 ratings has 1 "other": it joins no position; the numbers stay the same.
    const withPair = oneMoreAnnotator([...JUDGE, 5], [...RATINGS, [5, 1]]);
    expect(withPair.positions.map((p) => p.n)).toEqual([3, 3, 3]);
    expect(withPair.human).toBeCloseTo((Math.sqrt(3) / 2 + 1.5) / 3, 12);
    // A 4th dialogue with 4 raters: position 4 has n = 1 (ρ undefined, left out of both means).
    const withFour = oneMoreAnnotator([...JUDGE, 4], [...RATINGS, [2, 2, 3, 5]]);
    expect(withFour.positions.map((p) => p.n)).toEqual([4, 4, 4, 1]);
    expect(withFour.positions[3]?.human).toBeNull();
    const usable = withFour.positions.slice(0, 3);
    const weighted = usable.reduce((s, p) => s + (p.human as number) * p.n, 0) / usable.reduce((s, p) => s + p.n, 0);
    expect(withFour.human).toBeCloseTo(weighted, 12);
  });

  it("weights unequal positions by n (unweighted mean differs)", () => {
    // Positions 1–3 on 4 dialogues, position 4 on 3 of them.
    const ratings = [
      [1, 2, 2, 1],
      [3, 3, 4, 4],
      [5, 4, 3, 5],
      [2, 1, 2],
    ];
    const r = oneMoreAnnotator([2, 1, 3, 1], ratings);
    const ps = r.positions.filter((p) => p.human !== null && p.judge !== null);
    expect(ps.map((p) => p.n)).toEqual([4, 4, 4, 3]);
    const w = ps.reduce((s, p) => s + (p.human as number) * p.n, 0) / 15;
    const u = ps.reduce((s, p) => s + (p.human as number), 0) / 4;
    expect(r.human).toBeCloseTo(w, 12);
    expect(r.humanUnweighted).toBeCloseTo(u, 12);
  });

  it("uses only (and repeats) the picked dialogues", () => {
    const picked = oneMoreAnnotator(JUDGE, RATINGS, [0, 1, 2]);
    expect(picked.human).toBeCloseTo(oneMoreAnnotator(JUDGE, RATINGS).human as number, 12);
    expect(oneMoreAnnotator(JUDGE, RATINGS, [0, 0, 1]).positions[1]?.n).toBe(3);
  });
});
