/** Every arithmetic rule of the consensus protocol, on hand-computed numbers (docs/protocols.md#consensus). */
import { describe, expect, it } from "vitest";
import { agreement, applyBias, clampRefinement, moveToward, weightedConsensus } from "../../nodes/consensus/arithmetic.js";

const B = { min: 1, max: 5 };
const s = (overall: number, criteria: Record<string, number> = {}) => ({ overall, criteria });

describe("round-1 bias", () => {
  it("adds the bias and clamps to [1, 5]", () => {
    expect(applyBias(s(3.2, { A: 1.3, B: 4.8 }), -0.5, B)).toEqual(s(2.7, { A: 1, B: 4.3 }));
    expect(applyBias(s(3.2, { A: 1.3, B: 4.8 }), 0.5, B)).toEqual(s(3.7, { A: 1.8, B: 5 }));
    expect(applyBias(s(3, { A: 3 }), 0, B)).toEqual(s(3, { A: 3 }));
  });
});

describe("agreement: |S − G| ≤ tolerance on the overall score", () => {
  it.each([
    [2.0, 4.0, 0.5, 2, false],
    [3.0, 3.5, 0.5, 0.5, true], // the boundary agrees
    [2.3, 2.8, 0.5, 0.5, true], // 2.8 − 2.3 is 0.4999999999999998 in floats: cleaned to 0.5
    [3.5, 3.0, 0.5, 0.5, true],
    [3.0, 3.51, 0.5, 0.51, false],
    [2.3, 3.66, 0.5, 1.36, false],
    [2.0, 4.0, 2.0, 2, true],
  ])("S=%d G=%d tolerance %d → difference %d, agreed %s", (strict, generous, tolerance, difference, agreed) => {
    expect(agreement(strict, generous, tolerance)).toEqual({ difference, agreed });
  });
});

describe("strict refinement: clamped to [old, old + 0.3]", () => {
  it("moves up by at most 0.3, never down, and stays on the scale", () => {
    const old = s(2.0, { up2: 2.0, same: 1.0, down: 3.0, small: 2.5, exact: 1.5, top: 4.9, atMax: 5 });
    const proposed = s(3.0, { up2: 4.0, same: 1.0, down: 2.0, small: 2.6, exact: 1.8, top: 5.0, atMax: 5 });
    expect(clampRefinement(old, proposed, 0.3, B)).toEqual(s(2.3, { up2: 2.3, same: 1.0, down: 3.0, small: 2.6, exact: 1.8, top: 5.0, atMax: 5 }));
  });
  it("an overall proposal below the old score keeps the old score", () => {
    expect(clampRefinement(s(2.0), s(1.2), 0.3, B).overall).toBe(2.0);
  });
  it("a criterion missing from the proposal keeps its old score", () => {
    expect(clampRefinement(s(2, { A: 2.5 }), s(2), 0.3, B).criteria).toEqual({ A: 2.5 });
  });
  it("uses the configured cap", () => {
    expect(clampRefinement(s(2.0), s(5), 1, B).overall).toBe(3);
  });
});

describe("generous move: G ← G + 0.2 × (S − G)", () => {
  it("moves 20 % of the way toward strict's new scores, overall and per criterion", () => {
    // 4 + 0.2 × (2.3 − 4) = 3.66; 3 + 0.2 × (1 − 3) = 2.6; 5 + 0.2 × (5 − 5) = 5; 2 + 0.2 × (3 − 2) = 2.2 (up, when strict is higher)
    expect(moveToward(s(4.0, { a: 4, b: 3, c: 5, d: 2 }), s(2.3, { a: 2.3, b: 1, c: 5, d: 3 }), 0.2)).toEqual(s(3.66, { a: 3.66, b: 2.6, c: 5, d: 2.2 }));
  });
  it("a second round: 3.66 + 0.2 × (2.6 − 3.66) = 3.448", () => {
    expect(moveToward(s(3.66), s(2.6), 0.2).overall).toBe(3.448);
  });
});

describe("final = 0.6 × S + 0.4 × G", () => {
  it("the worked example: 0.6 × 2.3 + 0.4 × 3.66 = 1.38 + 1.464 = 2.844", () => {
    expect(weightedConsensus(s(2.3, { a: 2.3 }), s(3.66, { a: 3.66 }), { strict: 0.6, generous: 0.4 })).toEqual(s(2.844, { a: 2.844 }));
  });
  it("agreement path: 0.6 × 3 + 0.4 × 3.5 = 3.2; other weights", () => {
    expect(weightedConsensus(s(3), s(3.5), { strict: 0.6, generous: 0.4 }).overall).toBe(3.2);
    expect(weightedConsensus(s(3), s(3.5), { strict: 0.5, generous: 0.5 }).overall).toBe(3.25);
  });
});
