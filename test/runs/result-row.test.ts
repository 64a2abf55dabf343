/** One result line in brief (runs/result-row.ts): what `--format table` shows and the score gates read, for every protocol. */
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/registry.js";
import { loadRubric } from "../../rubrics/load.js";
import { headlineName, resultRow, type RowReader } from "../../runs/result-row.js";

const reader = (protocol: keyof typeof PROTOCOLS, rubric: string): RowReader => ({ spec: PROTOCOLS[protocol].result, rubric: loadRubric(rubric) });
const scoredMeta = { status: "scored", fallbacks: [] };

describe("resultRow", () => {
  it("panel: the bucketed overall is the headline, referee_final's criteria the cells", () => {
    const line = {
      dialogue_id: "a",
      referee_final: { TaskSuccess: { score: 80, justification: "" }, Empathy: { score: 40, justification: "" }, numeric_weighted_average: 72, OverallExperience: 60 },
      meta: scoredMeta,
    };
    expect(resultRow(line, reader("panel", "customer-service"))).toEqual({ id: "a", status: "scored", headline: 60, rejected: false, criteria: { TaskSuccess: 80, Empathy: 40 } });
  });

  it("a scored line where an agent fell back to the offline judge is `fallback`", () => {
    const line = { dialogue_id: 3, referee_final: { OverallExperience: 80 }, meta: { status: "scored", fallbacks: [{ agent: "critic", kind: "timeout", message: "" }] } };
    expect(resultRow(line, reader("panel", "customer-service"))).toMatchObject({ id: 3, status: "fallback", headline: 80 });
  });

  it("an unscored line has no headline and names its error kind", () => {
    const line = { dialogue_id: "b", status: "unscored", error: { agent: "evaluator", kind: "too_long", message: "" }, meta: { status: "unscored", fallbacks: [] } };
    expect(resultRow(line, reader("panel", "customer-service"))).toEqual({ id: "b", status: "unscored", rejected: false, criteria: {}, error: "too_long" });
  });

  it("checklist: YES 1, NO 0, NA left out; a line rejected by the safety gate counts as the scale's minimum", () => {
    const criteria = [
      { id: "CQ1", answer: "YES", counted_as: "YES" },
      { id: "CQ8", answer: "NO", counted_as: "NO" },
      { id: "CQ9", answer: "NA", counted_as: "NA" },
    ];
    const line = { dialogue_id: "c", criteria, score: 0.5, rejected: true, meta: scoredMeta };
    expect(resultRow(line, reader("checklist", "coaching"))).toEqual({ id: "c", status: "scored", headline: 0, rejected: true, criteria: { CQ1: 1, CQ8: 0 } });
    expect(resultRow({ ...line, rejected: false }, reader("checklist", "coaching"))).toMatchObject({ headline: 0.5, rejected: false });
  });

  it("checklist with no applicable criterion: scored, without a headline", () => {
    const line = { dialogue_id: "d", criteria: [{ id: "CQ9", answer: "NA", counted_as: "NA" }], score: null, rejected: false, meta: scoredMeta };
    const row = resultRow(line, reader("checklist", "coaching"));
    expect(row.status).toBe("scored");
    expect(row.headline).toBeUndefined();
  });

  it("consensus: overall_score and criteria_evaluations", () => {
    const line = { dialogue_id: "e", overall_score: 2.844, criteria_evaluations: [{ criterion_name: "TaskSuccess", score: 2.5 }], meta: scoredMeta };
    expect(resultRow(line, reader("consensus", "customer-service-5"))).toMatchObject({ headline: 2.844, criteria: { TaskSuccess: 2.5 } });
  });

  it("barem: the overall is the top-level `<overallKey>.score`, the criteria beside it", () => {
    const line = { dialogue_id: 0, Accuracy: { score: 60, justification: "" }, OverallExperience: { score: 40, justification: "" }, audit: { numeric_weighted_average: 52 }, meta: scoredMeta };
    expect(resultRow(line, reader("barem", "ccpe-barem"))).toMatchObject({ id: 0, headline: 40, criteria: { Accuracy: 60 } });
  });

  it("pairwise: the preference for A", () => {
    const line = { dialogue_id: "p", winner: "tie", preference_a: 0.5, position_consistent: false, criteria: [{ criterion: "Empathy", preference_a: 1 }], meta: scoredMeta };
    expect(resultRow(line, reader("pairwise", "customer-service"))).toMatchObject({ headline: 0.5, criteria: { Empathy: 1 } });
  });
});

describe("headlineName", () => {
  it("is the rubric's overall key where the protocol buckets one, else the score's field", () => {
    expect(headlineName(reader("panel", "customer-service"))).toBe("OverallExperience");
    expect(headlineName(reader("barem", "ccpe-barem"))).toBe("OverallExperience");
    expect(headlineName(reader("consensus", "customer-service-5"))).toBe("overall_score");
    expect(headlineName(reader("checklist", "coaching"))).toBe("score");
    expect(headlineName(reader("pairwise", "customer-service"))).toBe("preference_a");
  });
});
