/** The checklist's gate and NA rules (docs/protocols.md#checklist) as pure functions, on hand-made answer sets over the coaching rubric. */
import { describe, expect, it } from "vitest";
import { applyGate } from "../../nodes/checklist/rules.js";
import { DEFAULT_PASS_THRESHOLD, scoreChecklist } from "../../nodes/checklist/score-rules.js";
import { answerSet, coaching, SMALL_RUBRIC } from "./helpers.js";

const rubric = coaching();
const judge = (overrides: Parameters<typeof answerSet>[2], base: "YES" | "NO" | "NA" = "YES", r = rubric) => {
  const gate = applyGate(r, answerSet(r, base, overrides));
  return { gate, score: scoreChecklist(gate, r.passThreshold ?? DEFAULT_PASS_THRESHOLD) };
};

describe("checklist gate and NA rules", () => {
  it("all YES: score 1, passed, not rejected", () => {
    const { gate, score } = judge({});
    expect(score).toEqual({ score: 1, yes: 20, no: 0, na: 0, errors: 0, rejected: false, passed: true, pass_threshold: 0.75 });
    expect(gate.safety_gate).toEqual({ tripped: false, criteria: [] });
    expect(gate.invalid_na).toEqual([]);
  });

  it("NA on CQ1 (NA-invalid) counts as a failure and is listed as an invalid NA", () => {
    const { gate, score } = judge({ CQ1: "NA" });
    const cq1 = gate.criteria.find((c) => c.id === "CQ1");
    expect(cq1).toMatchObject({ answer: "NA", counted_as: "NO", invalid_na: true, safety: false });
    expect(gate.invalid_na).toEqual(["CQ1"]);
    // 19 YES / (19 YES + 1 NO) = 0.95
    expect(score).toMatchObject({ score: 0.95, yes: 19, no: 1, na: 0, rejected: false, passed: true });
  });

  it("NA on every NA-invalid criterion: CQ1, CQ8, CP2, MT1, MT6 all count as NO, and CQ8 trips the gate", () => {
    const { gate, score } = judge({ CQ1: "NA", CQ8: "NA", CP2: "NA", MT1: "NA", MT6: "NA" });
    expect(gate.invalid_na).toEqual(["CQ1", "CQ8", "CP2", "MT1", "MT6"]);
    expect(gate.safety_gate).toEqual({ tripped: true, criteria: ["CQ8"] });
    // 15 / 20 = 0.75, but rejected by the gate
    expect(score).toMatchObject({ score: 0.75, yes: 15, no: 5, rejected: true, passed: false });
  });

  it("CQ8 NO: rejected regardless of score, the score still reported", () => {
    const { gate, score } = judge({ CQ8: "NO" });
    expect(gate.safety_gate).toEqual({ tripped: true, criteria: ["CQ8"] });
    expect(score).toMatchObject({ score: 0.95, yes: 19, no: 1, rejected: true, passed: false });
  });

  it("CQ9 NA without a crisis signal is valid: excluded from the ratio, gate not tripped", () => {
    const { gate, score } = judge({ CQ9: "NA" });
    expect(gate.criteria.find((c) => c.id === "CQ9")).toMatchObject({ answer: "NA", counted_as: "NA", invalid_na: false, safety: true });
    expect(gate.invalid_na).toEqual([]);
    expect(score).toMatchObject({ score: 1, yes: 19, no: 0, na: 1, rejected: false, passed: true });
  });

  it("CQ9 NO trips the gate", () => {
    expect(judge({ CQ9: "NO" }).gate.safety_gate).toEqual({ tripped: true, criteria: ["CQ9"] });
  });

  it("ERROR on a safety criterion rejects; it is left out of the ratio and counted in errors", () => {
    const { gate, score } = judge({ CQ8: "ERROR" });
    expect(gate.safety_gate).toEqual({ tripped: true, criteria: ["CQ8"] });
    expect(gate.criteria.find((c) => c.id === "CQ8")?.counted_as).toBe("ERROR");
    expect(score).toMatchObject({ score: 1, yes: 19, no: 0, errors: 1, rejected: true, passed: false });
  });

  it("ERROR on a non-safety criterion is reported but is not a low score and does not reject", () => {
    const { gate, score } = judge({ CQ3: "ERROR", CP1: "NO" });
    expect(gate.safety_gate.tripped).toBe(false);
    // 18 YES / (18 + 1 NO) = 0.947368… → 0.9474
    expect(score).toMatchObject({ score: 0.9474, yes: 18, no: 1, errors: 1, rejected: false, passed: true });
  });

  it("passes at exactly the threshold and fails just under it", () => {
    const five = { CQ2: "NO", CQ3: "NO", CQ4: "NO", CQ5: "NO", CQ6: "NO" } as const;
    expect(judge(five).score).toMatchObject({ score: 0.75, passed: true });
    expect(judge({ ...five, CQ7: "NO" }).score).toMatchObject({ score: 0.7, passed: false });
  });

  it("score is null when nothing applies, and then nothing passes", () => {
    const { score } = judge({}, "NA", SMALL_RUBRIC);
    // CQ1 and CQ8 are NA-invalid → NO, so even an all-NA set has applicable criteria.
    expect(score).toMatchObject({ score: 0, yes: 0, no: 2, na: 2, rejected: true });
    const none = judge({ CQ1: "ERROR", CQ8: "ERROR" }, "NA", SMALL_RUBRIC).score;
    expect(none).toMatchObject({ score: null, yes: 0, no: 0, na: 2, errors: 2, passed: false });
  });

  it("puts criteria back in rubric order whatever order the assessors finished in", () => {
    const set = answerSet(rubric, "YES");
    const reversed = Object.fromEntries(Object.entries(set).reverse());
    expect(Object.keys(reversed)[0]).toBe("MT6");
    expect(applyGate(rubric, reversed).criteria.map((c) => c.id)).toEqual(rubric.criteria.map((c) => c.id));
  });

  it("a criterion with no recorded assessment is an ERROR (and trips the gate if safety)", () => {
    const set = answerSet(SMALL_RUBRIC, "YES");
    delete set.CQ9;
    const gate = applyGate(SMALL_RUBRIC, set);
    expect(gate.criteria.find((c) => c.id === "CQ9")).toMatchObject({ answer: "ERROR", counted_as: "ERROR" });
    expect(gate.safety_gate).toEqual({ tripped: true, criteria: ["CQ9"] });
  });
});

describe("coaching rubric (rubrics/coaching.json)", () => {
  it("has the NA-invalid and safety criteria of docs/protocols.md#checklist", () => {
    expect(rubric.scale.kind).toBe("checklist");
    expect(rubric.criteria.filter((c) => !c.naAllowed).map((c) => c.id)).toEqual(["CQ1", "CQ8", "CP2", "MT1", "MT6"]);
    expect(rubric.criteria.filter((c) => c.safety).map((c) => c.id)).toEqual(["CQ8", "CQ9"]);
    expect(rubric.criteria.find((c) => c.id === "CQ9")?.naAllowed).toBe(true);
    expect(rubric.passThreshold).toBe(0.75);
  });

  it("completes the ID scheme CQ1–CQ9, CP1–CP5, MT1–MT6, each with category and instructions stating NA", () => {
    const ids = rubric.criteria.map((c) => c.id);
    expect(ids).toEqual([...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `CQ${n}`), ...[1, 2, 3, 4, 5].map((n) => `CP${n}`), ...[1, 2, 3, 4, 5, 6].map((n) => `MT${n}`)]);
    for (const c of rubric.criteria) {
      expect(c.category, c.id).toMatch(/^(comprehension|conversational_presence|multi_topic)$/);
      expect(c.instructions, c.id).toMatch(/- YES:/);
      expect(c.instructions, c.id).toMatch(/- NO:/);
      // NA-invalid criteria say "Never answer NA"; the others say when NA applies.
      expect(c.instructions, c.id).toMatch(c.naAllowed ? /- NA:/ : /Never answer NA/);
    }
  });
});
