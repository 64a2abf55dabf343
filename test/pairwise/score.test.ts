/** The consistency check and the final judgement from the last round (pure), with hand-built rounds. */
import { describe, expect, it } from "vitest";
import type { Position } from "../../nodes/pairwise/contracts.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { toSides } from "../../nodes/pairwise/positions.js";
import type { PairVerdict, RoundRecord } from "../../nodes/pairwise/records.js";
import { PairwiseResultLine, pairwiseResult } from "../../nodes/pairwise/result-line.js";
import { consistencyCheck, resolve } from "../../nodes/pairwise/rules.js";
import { scorePairwise } from "../../nodes/pairwise/score-pairwise.js";
import { answer, BAD, BAD_REPLY, CRITERIA, CS, GOOD, GOOD_REPLY } from "./helpers.js";

const pair = pairDialogue("refund", GOOD, BAD);
const A = pair.pair.a;
const B = pair.pair.b;

/** (A,B): A is Dialogue 1. */
const ab = (winner: Position, per?: (c: string) => Position): PairVerdict => toSides(answer(A, B, winner, per), "ab", CS);
/** (B,A): B is Dialogue 1. */
const ba = (winner: Position, per?: (c: string) => Position): PairVerdict => toSides(answer(B, A, winner, per), "ba", CS);

function round(n: number, x: PairVerdict, y: PairVerdict): RoundRecord {
  return { round: n, ab: x, ba: y, consistent: consistencyCheck(x, y, n).consistent };
}

const score = (rounds: RoundRecord[]) => scorePairwise({ rubric: CS, pairId: "refund", a: A, b: B, rounds });
const meta = { protocol: "pairwise", rubric: "customer-service", model: "offline", status: "scored" as const, scored_by: "offline", tokens: { input: 0, output: 0, total: 0 }, latency_ms: 0, calls: 2, fallbacks: [], invalid_outputs: [], warnings: [], retries: [] };

describe("resolve", () => {
  it("keeps a preference both orders gave; a tie from both is 'equal'; a disagreement is a tie for position bias", () => {
    expect(resolve("A", "A")).toEqual({ preference: "A", consistent: true, tie_reason: null });
    expect(resolve("B", "B")).toEqual({ preference: "B", consistent: true, tie_reason: null });
    expect(resolve("tie", "tie")).toEqual({ preference: "tie", consistent: true, tie_reason: "equal" });
    expect(resolve("A", "B")).toEqual({ preference: "tie", consistent: false, tie_reason: "position_bias" });
    expect(resolve("A", "tie")).toEqual({ preference: "tie", consistent: false, tie_reason: "position_bias" });
  });
});

describe("consistencyCheck", () => {
  it("(A,B) says 1 = A and (B,A) says 2 = A: consistent", () => {
    expect(consistencyCheck(ab("1"), ba("2"), 1)).toEqual({ round: 1, ab_winner: "A", ba_winner: "A", consistent: true, inconsistent_criteria: [] });
  });

  it("both say 1 (position bias): A against B, every criterion inconsistent", () => {
    expect(consistencyCheck(ab("1"), ba("1"), 1)).toEqual({ round: 1, ab_winner: "A", ba_winner: "B", consistent: false, inconsistent_criteria: CRITERIA });
  });

  it("the same winner but one criterion flipped is not consistent; only that criterion is listed", () => {
    const check = consistencyCheck(ab("1"), ba("2", (c) => (c === "Empathy" ? "tie" : "2")), 2);
    expect(check).toEqual({ round: 2, ab_winner: "A", ba_winner: "A", consistent: false, inconsistent_criteria: ["Empathy"] });
  });
});

describe("scorePairwise", () => {
  it("consistent A in round 1: A wins, preference_a 1, every criterion A, 1 round", () => {
    const line = score([round(1, ab("1"), ba("2"))]);
    expect(line).toMatchObject({ dialogue_id: "refund", pair: { a: "good", b: "bad" }, winner: "A", preference_a: 1, tie_reason: null, position_consistent: true, rounds_conducted: 1 });
    expect(line.criteria.map((c) => [c.criterion, c.preference, c.preference_a, c.consistent, c.tie_reason])).toEqual(CRITERIA.map((c) => [c, "A", 1, true, null]));
    expect(PairwiseResultLine.safeParse({ ...line, meta }).error).toBeUndefined();
  });

  it("inconsistent, then consistent after reconsidering: the last round decides (A), both rounds are kept", () => {
    const line = score([round(1, ab("1"), ba("1")), round(2, ab("1"), ba("2"))]);
    expect(line).toMatchObject({ winner: "A", preference_a: 1, tie_reason: null, position_consistent: true, rounds_conducted: 2 });
    expect(line.rounds.map((r) => [r.round, r.ab.winner, r.ba.winner, r.consistent])).toEqual([
      [1, "A", "B", false],
      [2, "A", "A", true],
    ]);
  });

  it("inconsistent twice: a tie for position bias, overall and on every criterion; preference_a 0.5", () => {
    const line = score([round(1, ab("1"), ba("1")), round(2, ab("1"), ba("1"))]);
    expect(line).toMatchObject({ winner: "tie", preference_a: 0.5, tie_reason: "position_bias", position_consistent: false, rounds_conducted: 2 });
    expect(line.criteria.map((c) => [c.preference, c.preference_a, c.consistent, c.tie_reason])).toEqual(CRITERIA.map(() => ["tie", 0.5, false, "position_bias"]));
  });

  it("per criterion: B on TaskSuccess (both orders), an equal tie on Fluency, position bias on Empathy", () => {
    // (A,B): TaskSuccess 2 = B, Fluency tie, Empathy 1 = A. (B,A): TaskSuccess 1 = B, Fluency tie, Empathy 1 = B.
    const x = ab("2", (c) => (c === "Fluency" ? "tie" : c === "Empathy" ? "1" : "2"));
    const y = ba("1", (c) => (c === "Fluency" ? "tie" : "1"));
    const line = score([round(1, x, y)]);
    const by = Object.fromEntries(line.criteria.map((c) => [c.criterion, [c.preference, c.tie_reason]]));
    expect(by).toMatchObject({ TaskSuccess: ["B", null], Fluency: ["tie", "equal"], Empathy: ["tie", "position_bias"] });
    expect(line).toMatchObject({ winner: "B", preference_a: 0, position_consistent: false });
    expect(pairwiseResult.criteria({ ...line, meta }, "OverallExperience")).toEqual({ TaskSuccess: 0, Helpfulness: 0, Accuracy: 0, Understanding: 0, Empathy: 0.5, Fluency: 0.5 });
  });

  it("verifies each side's quotes against that side only, once each; a quote of B filed under A is unverified", () => {
    const x = ab("1");
    const y = ba("2");
    const line = score([round(1, x, y)]);
    // Both orders quoted the same reply of each side: one quote each, verified in its own dialogue (turn 2).
    expect(line.criteria[0]?.evidence_a).toEqual([{ quote: GOOD_REPLY, verified: true, turn: 2 }]);
    expect(line.criteria[0]?.evidence_b).toEqual([{ quote: BAD_REPLY, verified: true, turn: 2 }]);
    const misfiled = { ...x, criteria: x.criteria.map((c) => ({ ...c, evidence_a: `SYSTEM: "${BAD_REPLY}"` })) };
    const mixed = score([round(1, misfiled, y)]);
    expect(mixed.criteria[0]?.evidence_a).toEqual([{ quote: BAD_REPLY, verified: false }, { quote: GOOD_REPLY, verified: true, turn: 2 }]);
  });

  it("the spec reads the line: headline preference_a on 0–1, a detail sentence, the winner as the sample bucket", () => {
    const tie = { ...score([round(1, ab("1"), ba("1")), round(2, ab("1"), ba("1"))]), meta };
    expect(pairwiseResult.detail(tie, "OverallExperience")).toBe("tie (position bias); position inconsistent after 2 rounds");
    const won = { ...score([round(1, ab("1"), ba("2"))]), meta };
    expect(pairwiseResult.detail(won, "OverallExperience")).toBe("A wins; position consistent after 1 round");
    expect(pairwiseResult.sampleBucket?.(won)).toBe("A");
    expect(pairwiseResult.range()).toEqual({ min: 0, max: 1 });
    expect(pairwiseResult.recognises(won)).toBe(true);
  });
});
