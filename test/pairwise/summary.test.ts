/** summariseComparison / formatComparison on hand-made lines: counts, win rate with ties as ½, bootstrap intervals. */
import { describe, expect, it } from "vitest";
import { formatComparison, summariseComparison } from "../../nodes/pairwise/summary.js";

const line = (winner: string, consistent: boolean, criteria: Record<string, string>, tieReason: string | null = null, preferenceA?: number) => ({
  dialogue_id: "p",
  winner,
  preference_a: preferenceA ?? (winner === "A" ? 1 : winner === "B" ? 0 : 0.5),
  tie_reason: tieReason,
  position_consistent: consistent,
  criteria: Object.entries(criteria).map(([criterion, preference]) => ({ criterion, preference })),
  meta: { protocol: "pairwise" },
});

const LINES = [
  line("A", true, { TaskSuccess: "A", Empathy: "tie" }),
  line("A", true, { TaskSuccess: "A", Empathy: "B" }),
  line("tie", false, { TaskSuccess: "tie", Empathy: "tie" }, "position_bias"),
  line("B", true, { TaskSuccess: "B", Empathy: "B" }),
  { dialogue_id: "q", status: "unscored", error: { agent: "comparison:AB", kind: "timeout", message: "t" }, meta: { protocol: "pairwise" } },
];

describe("summariseComparison", () => {
  const s = summariseComparison(LINES, { resamples: 500, seed: 7 });

  it("counts A 2, tie 1, B 1 of 4 scored lines (the unscored one is left out); 1 tie for position bias; 3 of 4 consistent", () => {
    expect(s).toMatchObject({ lines: 5, scored: 4, outcomes: { A: 2, tie: 1, B: 1 }, positionBiasTies: 1, shares: { A: 0.5, tie: 0.25, B: 0.25 }, positionConsistent: { count: 3, share: 0.75 }, level: 0.95 });
  });

  it("win rate of A = (1 + 1 + ½ + 0) / 4 = 0.625, inside its interval; per criterion TaskSuccess 0.625, Empathy (½ + 0 + ½ + 0) / 4 = 0.25", () => {
    expect(s.winRateA.value).toBe(0.625);
    expect(s.winRateA.n).toBe(4);
    expect(s.winRateA.low).not.toBeNull();
    expect(s.winRateA.low as number).toBeGreaterThanOrEqual(0);
    expect(s.winRateA.low as number).toBeLessThan(0.625);
    expect(s.winRateA.high as number).toBeGreaterThan(0.625);
    expect(s.winRateA.high as number).toBeLessThanOrEqual(1);
    expect(s.criteria.map((c) => [c.criterion, c.A, c.tie, c.B, c.winRateA.value])).toEqual([
      ["TaskSuccess", 2, 1, 1, 0.625],
      ["Empathy", 0, 2, 2, 0.25],
    ]);
  });

  it("is reproducible with the same seed", () => {
    expect(summariseComparison(LINES, { resamples: 500, seed: 7 })).toEqual(s);
  });

  it("trusts the side named, not the line's number: winner B with preference_a 1 counts as a loss for A", () => {
    const forged = summariseComparison([line("B", true, {}, null, 1)], { resamples: 50 });
    expect(forged.outcomes).toEqual({ A: 0, tie: 0, B: 1 });
    expect(forged.winRateA.value).toBe(0);
  });

  it("all A: win rate 1 with the interval [1, 1]; nothing scored: no rate", () => {
    const all = summariseComparison([line("A", true, {}), line("A", true, {})], { resamples: 100 });
    expect(all.winRateA).toMatchObject({ value: 1, low: 1, high: 1 });
    const none = summariseComparison([LINES[4] as Record<string, unknown>]);
    expect(none).toMatchObject({ scored: 0, shares: { A: null, tie: null, B: null }, winRateA: { value: null, low: null, high: null } });
  });
});

describe("formatComparison", () => {
  it("names the sides, the counts and shares, the win rate with its interval, and one row per criterion", () => {
    const s = summariseComparison(LINES, { resamples: 500, seed: 7 });
    const text = formatComparison(s, { a: "v1", b: "v2" });
    const [first, second, third, fourth] = text.split("\n");
    expect(first).toBe("pairs: 4 judged, 1 without a winner (unscored)");
    expect(second).toBe("v1 wins 2 (50.0 %) · ties 1 (25.0 %; 1 for position bias) · v2 wins 1 (25.0 %)");
    expect(third).toBe(`win rate of v1 (ties count ½): 0.625 [${(s.winRateA.low as number).toFixed(3)}–${(s.winRateA.high as number).toFixed(3)}] (95 % bootstrap interval)`);
    expect(fourth).toBe("position consistent: 3 of 4 (75.0 %)");
    expect(text).toMatch(/\nTaskSuccess +2 +1 +1 +0\.625 \[/);
    expect(text).toMatch(/\nEmpathy +0 +2 +2 +0\.250 \[/);
  });
});
