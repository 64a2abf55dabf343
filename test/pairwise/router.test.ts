/** The router after each consistency check, tested directly: score, or both orders reconsider in parallel. */
import { describe, expect, it } from "vitest";
import { routeAfterConsistency } from "../../graphs/pairwise.js";
import { nextStep } from "../../nodes/pairwise/router.js";
import type { ConsistencyCheck, PairVerdict, RoundRecord } from "../../nodes/pairwise/records.js";

const check = (round: number, consistent: boolean): ConsistencyCheck => ({ round, ab_winner: "A", ba_winner: consistent ? "A" : "B", consistent, inconsistent_criteria: [] });

describe("nextStep", () => {
  it("scores a consistent round 1 without reconsidering", () => {
    expect(nextStep({ check: check(1, true), critiqueRounds: 1, failed: false })).toBe("score");
  });

  it("sends an inconsistent round 1 to both reconsiderations when one round is allowed (1 ≤ 1)", () => {
    expect(nextStep({ check: check(1, false), critiqueRounds: 1, failed: false })).toEqual(["reconsider_ab", "reconsider_ba"]);
  });

  it("scores an inconsistent round 2: the one reconsideration round is used up (2 > 1)", () => {
    expect(nextStep({ check: check(2, false), critiqueRounds: 1, failed: false })).toBe("score");
  });

  it("scores an inconsistent round 1 at once with critiqueRounds 0 (1 > 0)", () => {
    expect(nextStep({ check: check(1, false), critiqueRounds: 0, failed: false })).toBe("score");
  });

  it("scores when a call failed, and when there is no check (the consistency node skipped a failed round)", () => {
    expect(nextStep({ check: check(1, false), critiqueRounds: 1, failed: true })).toBe("score");
    expect(nextStep({ check: undefined, critiqueRounds: 1, failed: false })).toBe("score");
  });
});

describe("routeAfterConsistency", () => {
  // The router reads the check of the last round: both orders agree on A, or (B,A) says B.
  const verdict = (order: "ab" | "ba", winner: "A" | "B"): PairVerdict => ({ order, winner, reasoning: "", criteria: [] });
  const round = (n: number, consistent: boolean): RoundRecord => ({ round: n, ab: verdict("ab", "A"), ba: verdict("ba", consistent ? "A" : "B"), consistent });
  const state = (checks: ConsistencyCheck[], failure?: object) => ({ rounds: checks.map((c) => round(c.round, c.consistent)), failure }) as never;

  it("reads the last check and critiqueRounds from the run's configuration (default 1)", () => {
    expect(routeAfterConsistency(state([check(1, false)]))).toEqual(["reconsider_ab", "reconsider_ba"]);
    expect(routeAfterConsistency(state([check(1, false), check(2, false)]))).toBe("score");
    expect(routeAfterConsistency(state([check(1, false)]), { configurable: { critiqueRounds: 0 } })).toBe("score");
    expect(routeAfterConsistency(state([check(1, false)], { agent: "comparison:AB", kind: "timeout", message: "t" }))).toBe("score");
  });

  it("refuses a critiqueRounds outside 0–1 with a ConfigError", () => {
    expect(() => routeAfterConsistency(state([check(1, false)]), { configurable: { critiqueRounds: 2 } })).toThrow(expect.objectContaining({ name: "ConfigError", message: expect.stringMatching(/^bad pairwise configuration: critiqueRounds/) }));
  });
});
