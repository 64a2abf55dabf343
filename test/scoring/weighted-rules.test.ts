import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { loadRubric, validateRubric } from "../../rubrics/load.js";
import type { Rule } from "../../rubrics/schema.js";
import { bucketize } from "../../scoring/buckets.js";
import { applyCaps, applyDeductions } from "../../scoring/rules.js";
import { weightedAverage } from "../../scoring/weighted.js";

const seedRubric = loadRubric("customer-service");

function rubricWithWeights(weights: readonly number[]) {
  return validateRubric({
    id: "weights-test",
    title: "Weights",
    description: "Test rubric",
    protocols: ["panel"],
    scale: { kind: "discrete", values: [20, 40, 60, 80, 100] },
    criteria: weights.map((weight, i) => ({ id: `C${i + 1}`, description: `criterion ${i + 1}`, weight })),
  });
}

describe("weightedAverage", () => {
  it("is Σ score × weight in rubric order, with the panel's weighted_calc", () => {
    const scores = { Fluency: 100, Empathy: 40, Understanding: 100, Accuracy: 100, Helpfulness: 60, TaskSuccess: 100 };
    // 100*0.40 + 60*0.15 + 100*0.15 + 100*0.10 + 40*0.10 + 100*0.10 = 40 + 9 + 15 + 10 + 4 + 10 = 88
    expect(weightedAverage(scores, seedRubric.criteria)).toEqual({
      value: 88,
      calc: "100*0.40 + 60*0.15 + 100*0.15 + 100*0.10 + 40*0.10 + 100*0.10 = 88.00",
    });
  });

  it("cleans float noise out of the sum", () => {
    const rubric = rubricWithWeights([0.05, 0.12, 0.83]);
    // 80*0.05 + 80*0.12 + 80*0.83 = 4 + 9.6 + 66.4 = 80 (79.99999999999999 in doubles)
    const avg = weightedAverage({ C1: 80, C2: 80, C3: 80 }, rubric.criteria);
    expect(avg.value).toBe(80);
    expect(avg.calc).toBe("80*0.05 + 80*0.12 + 80*0.83 = 80.00");
    expect(bucketize(avg.value, { mode: "floor", buckets: [20, 40, 60, 80, 100] })).toBe(80);
  });

  it("does not let weights that pass validation at 1 ± 1e-6 drop an all-80 dialogue to bucket 60", () => {
    // 3 × 0.3333333 = 0.9999999: accepted by the schema (|Σ − 1| ≤ 1e-6). Σ score × weight alone gives
    // 80 × 0.9999999 = 79.999992 → floor 60; divided by Σ weight it is 80 → 80.
    const rubric = rubricWithWeights([0.3333333, 0.3333333, 0.3333333]);
    const avg = weightedAverage({ C1: 80, C2: 80, C3: 80 }, rubric.criteria);
    expect(avg.value).toBe(80);
    expect(bucketize(avg.value, { mode: "floor", buckets: [20, 40, 60, 80, 100] })).toBe(80);
  });

  it("names a criterion without a score", () => {
    expect(() => weightedAverage({ TaskSuccess: 100 }, seedRubric.criteria)).toThrow('no score for criterion "Helpfulness"');
  });
});

const rules: Rule[] = [
  { kind: "cap_when_human_overall_below", criterion: "TaskSuccess", below: 3, cap: 60 },
  { kind: "deduct_when_any_criterion_below", below: 60, deduct: 10 },
  { kind: "cap_when_no_emotional_content", criterion: "Empathy", cap: 60 },
];
const flat: Dialogue = {
  id: 1,
  turns: [
    { speaker: "user", text: "Book a table for two at 7pm." },
    { speaker: "assistant", text: "Booked." },
  ],
  overallRatings: [3, 3, 2], // mean 8/3 = 2.67 < 3
};

describe("applyCaps / applyDeductions", () => {
  it("caps without touching the input and records both caps", () => {
    const input = { TaskSuccess: 100, Empathy: 80 };
    const { scores, firings } = applyCaps(input, rules, { dialogue: flat, blind: false });
    expect(input).toEqual({ TaskSuccess: 100, Empathy: 80 });
    expect(scores).toEqual({ TaskSuccess: 60, Empathy: 60 });
    expect(firings).toEqual([
      { rule: "cap_when_human_overall_below", criterion: "TaskSuccess", fired: true, detail: "human OVERALL average 2.67 < 3; TaskSuccess capped 100 → 60" },
      { rule: "cap_when_no_emotional_content", criterion: "Empathy", fired: true, detail: "no emotional content detected in the user's turns; Empathy capped 80 → 60" },
    ]);
  });

  it("compares the OVERALL mean strictly: exactly 3.0 does not cap", () => {
    const { scores, firings } = applyCaps({ TaskSuccess: 100, Empathy: 60 }, rules, { dialogue: { ...flat, overallRatings: [3, 3, 3] }, blind: false });
    expect(scores.TaskSuccess).toBe(100);
    expect(firings[0]).toEqual({ rule: "cap_when_human_overall_below", criterion: "TaskSuccess", fired: false, detail: "human OVERALL average 3.00 ≥ 3; TaskSuccess not capped" });
  });

  it("deducts once per rule however many criteria are low, and records when it does not", () => {
    // 50 − 10 = 40 (two criteria below 60, one deduction)
    expect(applyDeductions(50, { A: 40, B: 20, C: 100 }, rules)).toEqual({
      value: 40,
      firings: [{ rule: "deduct_when_any_criterion_below", fired: true, detail: "A 40, B 20 < 60: 50.00 − 10 = 40.00" }],
    });
    // 60 is not below 60
    expect(applyDeductions(60, { A: 60, B: 60 }, rules)).toEqual({
      value: 60,
      firings: [{ rule: "deduct_when_any_criterion_below", fired: false, detail: "no criterion below 60: no deduction" }],
    });
  });

  it("keeps a deduction free of float noise: 40.2 − 10 = 30.2", () => {
    expect(40.2 - 10).toBe(30.200000000000003); // in doubles
    expect(applyDeductions(40.2, { A: 40 }, rules).value).toBe(30.2);
  });
});
