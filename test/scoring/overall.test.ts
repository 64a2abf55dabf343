import { describe, expect, it } from "vitest";
import { loadRubric } from "../../rubrics/load.js";
import { recomputeOverall, rubricBucketing } from "../../scoring/overall.js";

const dialogue = { id: 0, turns: [{ speaker: "user" as const, text: "Hello, I'm so worried about my order." }] };

describe("recomputeOverall (panel and barem)", () => {
  it("buckets a continuous 1–5 rubric on its whole points when it names no bucketing", () => {
    const rubric = loadRubric("customer-service-5");
    expect(rubricBucketing(rubric)).toEqual({ mode: "floor", buckets: [1, 2, 3, 4, 5] });
    // 4×0.40 + 3×0.15 + 3×0.15 + 4×0.10 + 3×0.10 + 4×0.10 = 1.6 + 0.45 + 0.45 + 0.4 + 0.3 + 0.4 = 3.6 → floor 3
    const scores = { TaskSuccess: 4, Helpfulness: 3, Accuracy: 3, Understanding: 4, Empathy: 3, Fluency: 4 };
    const r = recomputeOverall(rubric, scores, dialogue, false);
    expect(r.average.value).toBeCloseTo(3.6, 9);
    expect(r.overall).toBe(3);
    expect(r.mapping).toBe("round down to the bucket (bias low): 3.60 → 3");
  });
});
