import { describe, expect, it } from "vitest";
import { detectProtocol, judgeScores, ResultLine } from "../../agreement/result-line.js";
import { panelLine } from "./helpers.js";

const parse = (v: unknown) => ResultLine.parse(v);

describe("judge scores from result lines of every protocol", () => {
  it("panel: referee_final.numeric_weighted_average, OverallExperience and the criteria", () => {
    const s = judgeScores(parse(panelLine(0, 85, 80, { TaskSuccess: 80, Empathy: 60 })), "r:1");
    expect(s).toEqual({ protocol: "panel", rubric: "customer-service", continuous: 85, bucketed: 80, criteria: { TaskSuccess: 80, Empathy: 60 } });
  });

  it("barem: audit.numeric_weighted_average and OverallExperience.score; criteria at the top level", () => {
    const line = {
      dialogue_id: 1,
      TaskSuccess: { score: 100, justification: "…" },
      Fluency: { score: 80, justification: "…" },
      OverallExperience: { score: 80, justification: "…" },
      audit: { numeric_weighted_average: 94 },
      meta: { protocol: "barem", rubric: "ccpe-strict" },
    };
    expect(judgeScores(parse(line), "r:1")).toEqual({ protocol: "barem", rubric: "ccpe-strict", continuous: 94, bucketed: 80, criteria: { TaskSuccess: 100, Fluency: 80 } });
  });

  it("consensus: overall_score and criteria_evaluations", () => {
    const line = { dialogue_id: 2, overall_score: 3.24, criteria_evaluations: [{ criterion_name: "Technical Skills", score: 3.5 }], meta: { protocol: "consensus" } };
    expect(judgeScores(parse(line), "r:1")).toEqual({ protocol: "consensus", rubric: undefined, continuous: 3.24, bucketed: null, criteria: { "Technical Skills": 3.5 } });
  });

  it("checklist: score, and YES = 1 / NO = 0 per criterion by counted_as (NA and ERROR left out)", () => {
    const line = {
      dialogue_id: 3,
      criteria: [
        { id: "CQ1", answer: "YES", counted_as: "YES" },
        { id: "CQ2", answer: "NA", counted_as: "NO" },
        { id: "CQ9", answer: "NA", counted_as: "NA" },
        { id: "MT1", answer: "ERROR", counted_as: "ERROR" },
      ],
      score: 0.5,
      safety_gate: { tripped: false, criteria: [] },
      meta: { protocol: "checklist", rubric: "coaching" },
    };
    expect(judgeScores(parse(line), "r:1")).toEqual({ protocol: "checklist", rubric: "coaching", continuous: 0.5, bucketed: null, criteria: { CQ1: 1, CQ2: 0 } });
  });

  it("keeps a null score as null (nothing applicable) and tells the protocol from the shape without meta", () => {
    expect(judgeScores(parse({ dialogue_id: 0, score: null, meta: { protocol: "checklist" } }), "r:1").continuous).toBeNull();
    expect(detectProtocol(parse({ dialogue_id: 0, overall_score: 2 }))).toBe("consensus");
    expect(detectProtocol(parse({ dialogue_id: 0, OverallExperience: { score: 60 } }))).toBe("barem");
    expect(detectProtocol(parse({ dialogue_id: 0, score: 1 }))).toBe("checklist");
    expect(() => judgeScores(parse({ dialogue_id: 0, hello: 1 }), "r:9")).toThrow(/^r:9: cannot tell the protocol/);
  });
});
