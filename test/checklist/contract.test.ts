/** The `assessor` contract: what the schema says and what `checkAssessment` adds. */
import { describe, expect, it } from "vitest";
import { AssessorOutput, checkAssessment, citedTurns } from "../../nodes/checklist/assessor-contract.js";

describe("assessor contract", () => {
  it("accepts exactly YES, NO and NA", () => {
    for (const answer of ["YES", "NO", "NA"]) expect(AssessorOutput.safeParse({ reasoning: "Turn 1: ok", answer }).success).toBe(true);
    for (const answer of ["yes", "MAYBE", "ERROR", ""]) expect(AssessorOutput.safeParse({ reasoning: "Turn 1: ok", answer }).success).toBe(false);
  });

  it("reads cited turn numbers", () => {
    expect(citedTurns("Turn 3: 'That sounds hard'; turns 4–5 and TURN 12")).toEqual([3, 4, 12]);
    expect(citedTurns("the assistant did a good job overall")).toEqual([]);
  });

  it("flags reasoning over 300 characters, without a turn, or citing a turn past the end", () => {
    expect(checkAssessment({ reasoning: `Turn 1: ${"a".repeat(292)}`, answer: "YES" }, 3)).toEqual([]);
    expect(checkAssessment({ reasoning: `Turn 1: ${"a".repeat(293)}`, answer: "YES" }, 3)).toEqual([{ kind: "schema_invalid", message: "reasoning is 301 characters; the limit is 300" }]);
    expect(checkAssessment({ reasoning: "YES because it seems fine", answer: "YES" }, 3)).toEqual([
      { kind: "unverified_quote", message: 'reasoning cites no turn number; cite turns as "Turn N" (1 to 3)' },
    ]);
    expect(checkAssessment({ reasoning: "Turn 2 ok, Turn 4 and Turn 0 not", answer: "NO" }, 3)).toEqual([
      { kind: "unverified_quote", message: "reasoning cites Turn 4, 0 but the conversation has turns 1 to 3" },
    ]);
  });
});
