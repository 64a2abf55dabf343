/**
 * Human review of a consensus that ends without agreement (`humanReview: true`): the run pauses
 * (LangGraph `interrupt`) with what the reviewer needs, and resumes with their decision
 * (`Command({ resume })`), which the result records.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { applyReview, needsHumanReview, parseReviewDecision } from "../../nodes/consensus/review-rules.js";
import { buildConsensusGraph, graph as consensusGraph } from "../../graphs/consensus.js";
import { clean } from "../../scoring/numbers.js";
import { byId } from "../api/helpers.js";

const flight = byId("cancelled-flight");
const check = (agreed: boolean) => ({ round: 2, strict: 2.29, generous: 2.85, difference: 0.56, tolerance: 0.5, agreed });
const BOUNDS = { min: 1, max: 5 };

describe("needsHumanReview", () => {
  it("only when review is on, the last round disagreed and the result is scored", () => {
    const result = { dialogue_id: "x", overall_score: 2.514 };
    expect(needsHumanReview({ humanReview: true, check: check(false), failed: false, result })).toBe(true);
    expect(needsHumanReview({ humanReview: false, check: check(false), failed: false, result })).toBe(false);
    expect(needsHumanReview({ humanReview: true, check: check(true), failed: false, result })).toBe(false);
    expect(needsHumanReview({ humanReview: true, check: check(false), failed: true, result })).toBe(false);
    expect(needsHumanReview({ humanReview: true, check: undefined, failed: false, result })).toBe(false);
    expect(needsHumanReview({ humanReview: true, check: check(false), failed: false, result: { ...result, status: "unscored" } })).toBe(false);
  });
});

describe("the reviewer's decision", () => {
  it("accept keeps the consensus score; override replaces it; both are recorded", () => {
    const result = { dialogue_id: "x", overall_score: 2.514, consensus_metadata: { rounds_conducted: 2 } };
    expect(applyReview(result, parseReviewDecision({ decision: "accept" }, BOUNDS))).toEqual({
      ...result,
      human_review: { decision: "accept", overall_score: 2.514, consensus_overall_score: 2.514, comment: "" },
    });
    expect(applyReview(result, parseReviewDecision({ decision: "override", overall_score: 4, comment: "solved in the end", reviewer: "kim" }, BOUNDS))).toEqual({
      ...result,
      overall_score: 4,
      human_review: { decision: "override", overall_score: 4, consensus_overall_score: 2.514, comment: "solved in the end", reviewer: "kim" },
    });
  });

  it("a bad decision gets an error that says what to send", () => {
    expect(() => parseReviewDecision({ decision: "maybe" }, BOUNDS)).toThrow(/bad review decision \(decision: .*\): resume with \{ "decision": "accept" \} or \{ "decision": "override", "overall_score": <1–5> \}/);
    expect(() => parseReviewDecision({ decision: "override" }, BOUNDS)).toThrow(/overall_score/);
    expect(() => parseReviewDecision({ decision: "override", overall_score: 0.5 }, BOUNDS)).toThrow(/overall_score 0\.5 is off the rubric's scale 1–5/);
  });
});

/**
 * The consensus of the flight dialogue without review, run in this process: the offline judge's
 * reading decides strict's and generous's scores; the protocol's arithmetic decides the rest.
 */
async function unreviewed() {
  const plain = await consensusGraph.invoke({ dialogue: flight });
  const result = plain.result as { overall_score: number; human_review?: unknown; consensus_metadata: { rounds_conducted: number; strict_final_score: number; generous_final_score: number; consensus_method: string } };
  const { strict_final_score: strict, generous_final_score: generous } = result.consensus_metadata;
  return { result, strict, generous };
}

describe("the consensus graph with humanReview", () => {
  it("pauses after the consensus when the agents never agreed, then records the decision it resumes with", async () => {
    const { result: consensus, strict, generous } = await unreviewed();
    const graph = buildConsensusGraph().compile({ checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "review-1", humanReview: true } };
    const paused = (await graph.invoke({ dialogue: flight }, config)) as { __interrupt__?: { value: Record<string, unknown> }[]; result?: Record<string, unknown> };
    // With the default ±0.5 strict and generous start 1.0 apart on any dialogue; the debate round raises strict by the
    // cap 0.3 (half the gap, 0.5, is more) and moves generous 20 % of the 0.7 left: 1.0 − 0.3 − 0.14 = 0.56 > 0.5.
    // Today: strict 3.3025, generous 3.8625, 0.6 × 3.3025 + 0.4 × 3.8625 = 3.5265.
    expect(paused.__interrupt__?.[0]?.value).toEqual({
      kind: "consensus_review",
      dialogue_id: "cancelled-flight",
      question: `strict and generous still differ by 0.56 (tolerance 0.5) after 2 round(s): accept the weighted consensus ${consensus.overall_score} or override it`,
      proposed_overall_score: consensus.overall_score,
      strict,
      generous,
      scale: { min: 1, max: 5 },
      resume_with: [{ decision: "accept", comment: "…" }, { decision: "override", overall_score: 1, comment: "…" }],
    });
    expect((await graph.getState(config)).next).toEqual(["human_review"]);
    const done = await graph.invoke(new Command({ resume: { decision: "override", overall_score: 2, comment: "no help offered" } }), config);
    expect(done.result?.overall_score).toBe(2);
    expect(done.result?.human_review).toEqual({ decision: "override", overall_score: 2, consensus_overall_score: consensus.overall_score, comment: "no help offered" });
    expect((await graph.getState(config)).next).toEqual([]);
  });

  it("does not pause without humanReview, and says a checkpointer is needed when there is none", async () => {
    const { result, strict, generous } = await unreviewed();
    // No agreement (|Δ| = 1.0 − 0.3 − 0.14 = 0.56 > 0.5 after the debate round), so the weighted average 0.6 × S + 0.4 × G, unreviewed.
    expect(result.consensus_metadata).toMatchObject({ rounds_conducted: 2, consensus_method: "weighted_average" });
    expect(clean(generous - strict)).toBe(0.56);
    expect(result.overall_score).toBe(clean(0.6 * strict + 0.4 * generous));
    expect(result.overall_score).toBeGreaterThanOrEqual(BOUNDS.min);
    expect(result.overall_score).toBeLessThanOrEqual(BOUNDS.max);
    expect(result.human_review).toBeUndefined();
    await expect(consensusGraph.invoke({ dialogue: flight }, { configurable: { humanReview: true } })).rejects.toThrow(/humanReview needs a checkpointer to pause the run/);
  });
});
