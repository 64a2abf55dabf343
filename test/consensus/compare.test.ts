/** The consensus batch result (docs/protocols.md#consensus): the comparison summary, in pure code, with deterministic tie-breaks. */
import { describe, expect, it } from "vitest";
import { compareCandidates, rankCandidates } from "../../nodes/consensus/compare.js";

function candidate(id: string | number, overall: number, strict: number, method: string, technical: number, communication: number) {
  return {
    dialogue_id: id,
    overall_score: overall,
    criteria_evaluations: [
      { criterion_name: "Technical Skills", score: technical, reasoning: "", agent_a_reasoning: "", agent_b_reasoning: "" },
      { criterion_name: "Communication", score: communication, reasoning: "", agent_a_reasoning: "", agent_b_reasoning: "" },
    ],
    consensus_metadata: { rounds_conducted: method === "agreement" ? 1 : 2, strict_final_score: strict, generous_final_score: overall + 0.3, consensus_method: method },
    meta: { status: "scored" },
  };
}

describe("compareCandidates", () => {
  const c1 = candidate("candidate_1", 2.5, 2.2, "weighted_average", 2.0, 3.0);
  const c2 = candidate("candidate_2", 3.8, 3.5, "agreement", 4.2, 3.1);
  const c3 = candidate("candidate_3", 3.8, 3.4, "weighted_average", 3.9, 3.6);

  it("three candidates, two tied at 3.8: the higher strict_final_score wins", () => {
    const out = compareCandidates([c1, c3, c2]);
    expect(out.comparison_summary.best_candidate).toEqual({
      candidate_id: "candidate_2",
      score: 3.8,
      reasoning: "Highest overall consensus score across 3 scored candidate(s); tied with candidate_3 at 3.80 and ranked first on the strict agent's final score (3.50 vs 3.40).",
    });
    expect(out.comparison_summary.ranking).toEqual([
      { rank: 1, candidate_id: "candidate_2", score: 3.8, strict_final_score: 3.5 },
      { rank: 2, candidate_id: "candidate_3", score: 3.8, strict_final_score: 3.4 },
      { rank: 3, candidate_id: "candidate_1", score: 2.5, strict_final_score: 2.2 },
    ]);
    expect(out.comparison_summary.cross_candidate_insights).toBe(
      "Ranking: candidate_2 (3.80) > candidate_3 (3.80) > candidate_1 (2.50). " +
        "Per criterion: Technical Skills led by candidate_2 (4.20; range 2.00–4.20); Communication led by candidate_3 (3.60; range 3.00–3.60). " +
        "The candidates differ most on Technical Skills (2.20 points). " +
        "The strict and generous agents agreed on 1 of 3 candidate(s); the others were settled by weighted average.",
    );
    expect(out.comparison_summary.recommendation_rationale).toBe(
      "Recommend candidate_2: consensus score 3.80, level with candidate_3 (3.80); highest or tied-highest on 1 of 2 criteria; strongest on Technical Skills (4.20) and Communication (3.10); the strict agent alone gives it 3.50.",
    );
    expect(out.individual_results).toEqual([c2, c3, c1]);
  });

  it("the input order does not matter", () => {
    expect(compareCandidates([c2, c1, c3])).toEqual(compareCandidates([c3, c2, c1]));
  });

  it("a tie on score and strict_final_score goes to the lower id, lexicographically", () => {
    const b = candidate("b", 3.0, 2.8, "agreement", 3, 3);
    const a = candidate("a", 3.0, 2.8, "agreement", 3, 3);
    const out = compareCandidates([b, a]);
    expect(out.comparison_summary.best_candidate?.candidate_id).toBe("a");
    expect(out.comparison_summary.best_candidate?.reasoning).toBe(
      "Highest overall consensus score across 2 scored candidate(s); tied with b on score and strict final score (2.80), ranked first by candidate id.",
    );
    // ids compare as strings: "10" < "9"
    expect(rankCandidates([candidate(9, 3, 3, "agreement", 3, 3), candidate(10, 3, 3, "agreement", 3, 3)]).map((c) => c.dialogue_id)).toEqual([10, 9]);
  });

  it("a clear winner: the margin is given", () => {
    const out = compareCandidates([c1, candidate("candidate_4", 4.1, 3.9, "weighted_average", 4.5, 3.7)]);
    expect(out.comparison_summary.best_candidate?.reasoning).toBe("Highest overall consensus score across 2 scored candidate(s).");
    expect(out.comparison_summary.recommendation_rationale).toBe(
      "Recommend candidate_4: consensus score 4.10, 1.60 above the next candidate (candidate_1, 2.50); highest or tied-highest on 2 of 2 criteria; strongest on Technical Skills (4.50) and Communication (3.70); the strict agent alone gives it 3.90.",
    );
  });

  it("unscored lines are listed last and never recommended", () => {
    const unscored = { dialogue_id: "candidate_9", status: "unscored", error: { agent: "strict", kind: "timeout", message: "timed out" }, meta: { status: "unscored" } };
    const out = compareCandidates([unscored, c1]);
    expect(out.comparison_summary.best_candidate?.candidate_id).toBe("candidate_1");
    expect(out.individual_results).toEqual([c1, unscored]);
    expect(out.comparison_summary.cross_candidate_insights).toContain("1 candidate(s) could not be scored and are not ranked.");
    const none = compareCandidates([unscored]);
    expect(none.comparison_summary.best_candidate).toBeNull();
    expect(none.comparison_summary.recommendation_rationale).toBe("No recommendation: no candidate could be scored.");
  });
});
