import { describe, expect, it } from "vitest";
import { apportionScores, qualityToScore } from "../../judges/offline/scale.js";
import { loadRubric } from "../../rubrics/load.js";

const rubric = loadRubric("customer-service");

describe("qualityToScore", () => {
  it("maps [0, 1] linearly onto 20–100 and takes the nearest level", () => {
    expect(qualityToScore(0, rubric)).toBe(20);
    expect(qualityToScore(1, rubric)).toBe(100);
    // 20 + 0.6 × 80 = 68 → 60 (8 away) beats 80 (12 away).
    expect(qualityToScore(0.6, rubric)).toBe(60);
  });
});

describe("apportionScores", () => {
  it("keeps the weighted average close to the continuous one instead of rounding every criterion the same way", () => {
    // Every criterion at quality 0.6 → 68 each, weighted average 68. Rounding each alone gives 60
    // everywhere (average 60). Apportioning raises criteria to 80 in order of weight-free remainder
    // (all 0.4, ties by id) while that brings the total closer to 68:
    // start 60; +Accuracy (0.15×20=3) → 63; +Empathy (0.10×20=2) → 65; +Fluency → 67;
    // +Helpfulness (3) → 70 is farther (|70−68| = 2 > |67−68| = 1): skipped; +TaskSuccess (8) → 75: skipped;
    // +Understanding (2) → 69, |1| not < |1|: skipped. Result 67.
    const q = Object.fromEntries(rubric.criteria.map((c) => [c.id, 0.6]));
    const scores = apportionScores(q, rubric);
    expect(scores).toEqual({ TaskSuccess: 60, Helpfulness: 60, Accuracy: 80, Understanding: 60, Empathy: 80, Fluency: 80 });
    const average = rubric.criteria.reduce((s, c) => s + (c.weight ?? 0) * (scores[c.id] as number), 0);
    expect(average).toBeCloseTo(67, 9);
  });

  it("never moves a criterion further than the level just above or below its own value", () => {
    const q = { TaskSuccess: 0.95, Helpfulness: 0.1, Accuracy: 0.5, Understanding: 0.5, Empathy: 0.74, Fluency: 0.26 };
    const scores = apportionScores(q, rubric);
    for (const [id, quality] of Object.entries(q)) {
      const target = 20 + 80 * quality;
      expect(Math.abs((scores[id] as number) - target)).toBeLessThan(20);
    }
  });
});
