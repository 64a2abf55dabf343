import { describe, expect, it } from "vitest";
import { afterAgent, nextStep } from "../../nodes/consensus/router.js";
import { routeAfterAgreement } from "../../graphs/consensus.js";
import type { ConsensusState } from "../../nodes/consensus/state.js";
import { DIALOGUE } from "./helpers.js";

const check = (round: number, agreed: boolean) => ({ round, strict: 2, generous: agreed ? 2.4 : 4, difference: agreed ? 0.4 : 2, tolerance: 0.5, agreed });

describe("nextStep", () => {
  it("agreement → consensus", () => {
    expect(nextStep({ check: check(1, true), round: 1, maxRounds: 2, failed: false })).toBe("consensus");
  });
  it("no agreement with rounds left → debate_critique", () => {
    expect(nextStep({ check: check(1, false), round: 1, maxRounds: 2, failed: false })).toBe("debate_critique");
    expect(nextStep({ check: check(2, false), round: 2, maxRounds: 3, failed: false })).toBe("debate_critique");
  });
  it("maxRounds counts the independent round: no agreement at round = maxRounds → consensus", () => {
    expect(nextStep({ check: check(2, false), round: 2, maxRounds: 2, failed: false })).toBe("consensus");
    expect(nextStep({ check: check(1, false), round: 1, maxRounds: 1, failed: false })).toBe("consensus");
  });
  it("a failed agent (unscored) or a missing check → consensus", () => {
    expect(nextStep({ check: check(1, false), round: 1, maxRounds: 2, failed: true })).toBe("consensus");
    expect(nextStep({ check: undefined, round: 1, maxRounds: 2, failed: false })).toBe("consensus");
  });
});

describe("routeAfterAgreement reads maxRounds from the configuration (default 2)", () => {
  const state = (round: number, agreed: boolean) => ({ dialogue: DIALOGUE, round, checks: [check(round, agreed)], debate: [], calls: [], warnings: [] }) as unknown as typeof ConsensusState.State;
  it.each([
    [1, false, undefined, "debate_critique"],
    [2, false, undefined, "consensus"],
    [2, false, 3, "debate_critique"],
    [3, false, 3, "consensus"],
    [1, true, 3, "consensus"],
  ] as const)("round %d agreed=%s maxRounds=%s → %s", (round, agreed, maxRounds, expected) => {
    expect(routeAfterAgreement(state(round, agreed), { configurable: maxRounds === undefined ? {} : { maxRounds } })).toBe(expected);
  });
});

describe("afterAgent", () => {
  it("goes on, or to consensus on failure", () => {
    expect(afterAgent("strict_refinement")({})).toBe("strict_refinement");
    expect(afterAgent("generous_move")({ failure: { agent: "x", kind: "timeout", message: "" } })).toBe("consensus");
  });
});
