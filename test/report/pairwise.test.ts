/** The report's pairwise section, rows and details: hand-made lines with every figure written out, and real offline lines. */
import { describe, expect, it } from "vitest";
import { parseResults } from "../../agreement/read-results.js";
import { evaluateMany, readPairs, summariseComparison, type JudgeResult } from "../../index.js";
import type { BootstrapOptions } from "../../metrics/bootstrap.js";
import type { PairwiseDetail, PairwiseSummary } from "../../report/model.js";
import { rubricResolver } from "../../report/rubrics.js";
import { summariseResults } from "../../report/summarise.js";
import { jsonl } from "./lines.js";
import { PAIRWISE_LINES, W1, W2, W3, W4 } from "./pairwise-lines.js";

const summarise = (lines: readonly object[], bootstrap: BootstrapOptions = {}) => summariseResults(parseResults(jsonl(lines as Record<string, unknown>[]), "pw.jsonl"), "pw.jsonl", rubricResolver(), bootstrap);
const section = (lines: readonly object[], bootstrap: BootstrapOptions = {}) => summarise(lines, bootstrap).protocols.find((p) => p.protocol === "pairwise") as PairwiseSummary;

describe("report summary: pairwise (hand-made lines)", () => {
  it("counts wins, ties and losses, the ties for position bias, consistency and the reconsideration round", () => {
    const s = section(PAIRWISE_LINES);
    expect([s.lines, s.scored, s.unscored]).toEqual([5, 4, 1]);
    expect(s.outcomes).toEqual([
      { key: "A wins", count: 1 },
      { key: "tie", count: 1 },
      { key: "tie (position bias)", count: 1 },
      { key: "B wins", count: 1 },
    ]);
    expect(s.positionBiasTies).toBe(1);
    // w1, w2 and w4 end consistent; w3 does not.
    expect(s.positionConsistent).toBe(3);
    // w2 and w3 needed round 2; only w2 was consistent after it.
    expect(s.reconsidered).toEqual({ count: 2, resolved: 1 });
  });

  it("A's win rate counts a tie ½: (1 + 0 + ½ + ½) / 4 = 0.5, with a 95 % bootstrap interval of [0.125, 0.875]", () => {
    const s = section(PAIRWISE_LINES);
    expect(s.level).toBe(0.95);
    expect(s.winRateA).toMatchObject({ value: 0.5, n: 4, resamples: 1000 });
    // A resample's mean is a multiple of 1/8. P(mean = 0) = (1/4)^4 ≈ 0.4 % and P(mean ≤ 1/8) = 0.4 % + 4·½·(1/4)^3 ≈ 3.5 %,
    // so the 2.5 % quantile of 1,000 resamples is 0.125; by symmetry the 97.5 % one is 0.875.
    expect([s.winRateA.low, s.winRateA.high]).toEqual([0.125, 0.875]);
  });

  it("gives the same numbers as tribunal compare's summary, with the report's resamples and seed", () => {
    const bootstrap = { resamples: 200, seed: 7 };
    const s = section(PAIRWISE_LINES, bootstrap);
    const compared = summariseComparison([W1, W2, W3, W4], bootstrap);
    expect(s.winRateA).toEqual(compared.winRateA);
    expect(s.winRateA.resamples).toBe(200);
    expect(s.criterionWinRates).toEqual(compared.criteria);
  });

  it("an all-A file: win rate 1 with the interval [1, 1]", () => {
    const s = section([W1, { ...W1, dialogue_id: "w1-again" }]);
    expect(s.winRateA).toMatchObject({ value: 1, low: 1, high: 1, n: 2 });
    expect(s.outcomes.map((o) => o.count)).toEqual([2, 0, 0, 0]);
  });

  it("stacks A / tie / B by criterion, with each criterion's win rate of A", () => {
    const s = section(PAIRWISE_LINES);
    // TaskSuccess: A (w1), B (w2), tie (w3), tie (w4). Empathy: A (w1), tie (w2), A (w3), B (w4).
    expect(s.criteria).toEqual({
      field: "criteria[].preference",
      columns: ["TaskSuccess", "Empathy"],
      series: ["A", "tie", "B"],
      counts: [
        [1, 2],
        [2, 1],
        [1, 1],
      ],
      // (1 + 0 + ½ + ½) / 4 and (1 + ½ + 1 + 0) / 4.
      means: [0.5, 0.625],
    });
    expect(s.criterionWinRates.map(({ criterion, A, tie, B, winRateA }) => [criterion, A, tie, B, winRateA.value])).toEqual([
      ["TaskSuccess", 1, 2, 1, 0.5],
      ["Empathy", 2, 1, 1, 0.625],
    ]);
  });
});

describe("report rows and details: pairwise (hand-made lines)", () => {
  it("flags the outcome, the reconsideration round, ties for position bias and unverified quotes", () => {
    expect(summarise(PAIRWISE_LINES).rows.map((r) => [r.id, r.overall, r.flags])).toEqual([
      ["w1", 1, ["A_wins", "unverified"]],
      ["w2", 0, ["B_wins", "reconsidered"]],
      ["w3", 0.5, ["tie", "position_bias", "reconsidered"]],
      ["w4", 0.5, ["tie"]],
      ["wu", null, ["unscored"]],
    ]);
  });

  it("details a pair: both sides' quotes per criterion with their marks, each order's reasoning, and every round", () => {
    const details = summarise(PAIRWISE_LINES).details.map((d) => d.body);
    const w1 = details[0] as PairwiseDetail;
    expect(w1).toMatchObject({ protocol: "pairwise", pair: { a: "w1-a", b: "w1-b" }, winner: "A", tieReason: null, positionConsistent: true, roundsConducted: 1, reasoning: { ab: "ab overall", ba: "ba overall" } });
    expect(w1.criteria[1]).toEqual({
      criterion: "Empathy",
      preference: "A",
      consistent: true,
      tieReason: null,
      reasoning: { ab: "ab: Empathy", ba: "ba: Empathy" },
      evidenceA: [{ quote: "w1 a quote", verified: true, turn: 1 }],
      evidenceB: [{ quote: "made up", verified: false, turn: 2 }],
    });
    const w3 = details[2] as PairwiseDetail;
    expect(w3.criteria[0]).toMatchObject({ criterion: "TaskSuccess", preference: "tie", consistent: false, tieReason: "position_bias" });
    expect(w3.rounds.map((r) => [r.round, r.consistent, r.ab.winner, r.ba.winner])).toEqual([
      [1, false, "A", "B"],
      [2, false, "A", "B"],
    ]);
    expect(w3.rounds[0]?.ba.criteria).toEqual([
      { criterion: "TaskSuccess", preference: "B", reasoning: "ba: TaskSuccess B" },
      { criterion: "Empathy", preference: "A", reasoning: "ba: Empathy A" },
    ]);
    expect(details[4]).toEqual({ protocol: "unscored", error: { agent: "comparison", kind: "timeout", message: "timed out" } });
  });
});

describe("report summary: pairwise (real offline lines)", () => {
  const FIXTURE = "test/pairwise/fixtures/pairs.jsonl";
  async function judged(settings: Record<string, unknown>): Promise<JudgeResult[]> {
    const lines: JudgeResult[] = [];
    for await (const line of evaluateMany(readPairs(FIXTURE), { protocol: "pairwise", ...settings })) lines.push(line);
    return lines.sort((x, y) => String(x.dialogue_id).localeCompare(String(y.dialogue_id)));
  }

  it("the fair offline judge: A wins 2 (refund, parcel), B wins 1 (refund-swapped), all consistent in one round", async () => {
    const s = section(await judged({}));
    expect(s).toMatchObject({ lines: 3, scored: 3, positionConsistent: 3, reconsidered: { count: 0, resolved: 0 }, positionBiasTies: 0, rubrics: ["customer-service"], models: ["offline"] });
    expect(s.outcomes.map((o) => o.count)).toEqual([2, 0, 0, 1]);
    expect(s.winRateA.value).toBeCloseTo(2 / 3, 12);
    // These pairs are clear-cut: every criterion sides with the winner.
    expect(s.criteria.columns).toEqual(["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"]);
    expect(s.criteria.counts).toEqual([Array(6).fill(2), Array(6).fill(0), Array(6).fill(1)]);
  });

  it("a position bias of 1 is undone by the reconsideration round; 1.5 without that round leaves 3 ties for position bias", async () => {
    const reconsidered = section(await judged({ offlinePositionBias: 1 }));
    expect(reconsidered).toMatchObject({ positionConsistent: 3, reconsidered: { count: 3, resolved: 3 }, positionBiasTies: 0 });
    const biased = await judged({ offlinePositionBias: 1.5, critiqueRounds: 0 });
    expect(section(biased)).toMatchObject({ positionConsistent: 0, reconsidered: { count: 0, resolved: 0 }, positionBiasTies: 3 });
    expect(summarise(biased).rows.map((r) => r.flags)).toEqual(Array(3).fill(["tie", "position_bias"]));
  });
});
