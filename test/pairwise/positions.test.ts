/** Positions (what the judge saw: 1, 2) and sides (the pair: A, B), in both orders. */
import { describe, expect, it } from "vitest";
import { inOrder, toPosition, toPositions, toSide, toSides } from "../../nodes/pairwise/positions.js";
import { answer, BAD, CRITERIA, CS, GOOD } from "./helpers.js";

describe("toSide / toPosition", () => {
  it("(A,B): 1 is A and 2 is B; (B,A): 1 is B and 2 is A; a tie stays a tie", () => {
    expect([toSide("1", "ab"), toSide("2", "ab"), toSide("tie", "ab")]).toEqual(["A", "B", "tie"]);
    expect([toSide("1", "ba"), toSide("2", "ba"), toSide("tie", "ba")]).toEqual(["B", "A", "tie"]);
    expect([toPosition("A", "ab"), toPosition("B", "ab"), toPosition("tie", "ab")]).toEqual(["1", "2", "tie"]);
    expect([toPosition("A", "ba"), toPosition("B", "ba"), toPosition("tie", "ba")]).toEqual(["2", "1", "tie"]);
  });

  it("inOrder shows A first for (A,B) and B first for (B,A)", () => {
    expect(inOrder("ab", GOOD, BAD)).toEqual([GOOD, BAD]);
    expect(inOrder("ba", GOOD, BAD)).toEqual([BAD, GOOD]);
  });
});

describe("toSides", () => {
  it("(B,A) with Dialogue 1 preferred means B; evidence_1 (B's quotes) becomes evidence_b", () => {
    const output = answer(BAD, GOOD, "1", (c) => (c === "Empathy" ? "2" : c === "Fluency" ? "tie" : "1"));
    const verdict = toSides(output, "ba", CS);
    expect(verdict.order).toBe("ba");
    expect(verdict.winner).toBe("B");
    expect(verdict.criteria.map((c) => c.criterion)).toEqual(CRITERIA);
    expect(Object.fromEntries(verdict.criteria.map((c) => [c.criterion, c.preference]))).toEqual({ TaskSuccess: "B", Helpfulness: "B", Accuracy: "B", Understanding: "B", Empathy: "A", Fluency: "tie" });
    expect(verdict.criteria[0]?.evidence_b).toBe('SYSTEM: "What is your order number?"');
    expect(verdict.criteria[0]?.evidence_a).toContain("I have refunded the duplicate charge");
  });

  it("takes criteria in rubric order and spelling, whatever the answer's order and case", () => {
    const output = answer(GOOD, BAD, "2");
    output.criteria = [...output.criteria].reverse().map((c) => ({ ...c, criterion: c.criterion.toLowerCase() }));
    expect(toSides(output, "ab", CS).criteria.map((c) => c.criterion)).toEqual(CRITERIA);
    expect(toSides(output, "ab", CS).winner).toBe("B");
  });

  it("toPositions restates a verdict in another order's numbering, and back", () => {
    const verdict = toSides(answer(GOOD, BAD, "1"), "ab", CS);
    const inBa = toPositions(verdict, "ba");
    expect(inBa.winner).toBe("2");
    expect(inBa.criteria[0]?.evidence_1).toBe('SYSTEM: "What is your order number?"');
    expect(toSides(inBa, "ba", CS)).toEqual({ ...verdict, order: "ba" });
  });
});
