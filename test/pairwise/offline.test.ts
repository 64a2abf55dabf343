/** The offline comparison: qualities per criterion and rubric-weighted overall, with a margin; symmetric, so always position-consistent. */
import { describe, expect, it } from "vitest";
import { offlineVerdicts } from "../../judges/offline/verdicts.js";
import { checkPairVerdict } from "../../nodes/pairwise/contracts.js";
import { offlineComparison, preferenceOf } from "../../nodes/pairwise/offline.js";
import { BAD, CRITERIA, CS, GOOD, judgePair } from "./helpers.js";

const FAIR = { margin: 0.02, positionBias: 0 };

/** The overall offline quality, weighted by hand with customer-service's weights. */
function weighted(d: typeof GOOD): number {
  const v = offlineVerdicts(CS, d);
  const at = (c: string) => v[c]?.quality.quality as number;
  return 0.4 * at("TaskSuccess") + 0.15 * at("Helpfulness") + 0.15 * at("Accuracy") + 0.1 * (at("Understanding") + at("Empathy") + at("Fluency"));
}

describe("preferenceOf", () => {
  it("1 above the margin, 2 below minus the margin, a tie within it (the margin itself is a tie)", () => {
    expect(preferenceOf(0.6, 0.55, 0.02)).toBe("1");
    expect(preferenceOf(0.55, 0.6, 0.02)).toBe("2");
    expect(preferenceOf(0.55, 0.56, 0.02)).toBe("tie");
    expect(preferenceOf(0.52, 0.5, 0.02)).toBe("tie");
    expect(preferenceOf(0.5, 0.52, 0.02)).toBe("tie");
    expect(preferenceOf(0.5, 0.5, 0)).toBe("tie");
  });
});

describe("offlineComparison", () => {
  it("compares the weighted qualities: 0.4·TaskSuccess + 0.15·Helpfulness + 0.15·Accuracy + 0.1·(Understanding + Empathy + Fluency)", () => {
    const good = weighted(GOOD);
    const bad = weighted(BAD);
    // The better dialogue by a wide margin.
    expect(good - bad).toBeGreaterThan(0.5);
    const ab = offlineComparison(CS, GOOD, BAD, FAIR);
    expect(ab.winner).toBe("1");
    expect(ab.reasoning).toBe(`Weighted by the rubric: offline quality ${good.toFixed(3)} (Dialogue 1) vs ${bad.toFixed(3)} (Dialogue 2): difference ${(good - bad).toFixed(3)} > 0.02.`);
    expect(ab.criteria.map((c) => c.criterion)).toEqual(CRITERIA);
  });

  it("the better dialogue wins whatever the order, on every criterion: positions mirror exactly", () => {
    const ab = offlineComparison(CS, GOOD, BAD, FAIR);
    const ba = offlineComparison(CS, BAD, GOOD, FAIR);
    expect(ab.winner).toBe("1");
    expect(ba.winner).toBe("2");
    expect(ab.criteria.map((c) => c.preference)).toEqual(CRITERIA.map(() => "1"));
    expect(ba.criteria.map((c) => c.preference)).toEqual(CRITERIA.map(() => "2"));
  });

  it("its evidence quotes each dialogue in its own field, so it passes the LLM contract", () => {
    expect(checkPairVerdict(offlineComparison(CS, GOOD, BAD, FAIR), CS, GOOD, BAD)).toEqual([]);
    expect(checkPairVerdict(offlineComparison(CS, BAD, GOOD, FAIR), CS, BAD, GOOD)).toEqual([]);
  });

  it("a margin of 1 makes everything a tie (qualities lie in (0, 1), so no difference exceeds it)", () => {
    const out = offlineComparison(CS, GOOD, BAD, { margin: 1, positionBias: 0 });
    expect([out.winner, ...out.criteria.map((c) => c.preference)]).toEqual(["tie", ...CRITERIA.map(() => "tie")]);
  });

  it("a position bias above 1 makes Dialogue 1 win in either order (qualities differ by less than 1)", () => {
    expect(offlineComparison(CS, GOOD, BAD, { margin: 0.02, positionBias: 1.5 }).winner).toBe("1");
    expect(offlineComparison(CS, BAD, GOOD, { margin: 0.02, positionBias: 1.5 }).winner).toBe("1");
  });
});

describe("the graph with the offline judge", () => {
  it("A = good wins (2 calls, consistent, 1 round); swapped, B = good wins", async () => {
    const r = await judgePair(undefined);
    expect(r).toMatchObject({ winner: "A", preference_a: 1, position_consistent: true, rounds_conducted: 1, pair: { a: "good", b: "bad" } });
    expect(r.meta).toMatchObject({ protocol: "pairwise", rubric: "customer-service", model: "offline", status: "scored", calls: 2, scored_by: "offline" });
    const swapped = await judgePair(undefined, {}, BAD, GOOD);
    expect(swapped).toMatchObject({ winner: "B", preference_a: 0, position_consistent: true, rounds_conducted: 1, pair: { a: "bad", b: "good" } });
    // Each criterion's quotes verified against its own side.
    for (const c of r.criteria) {
      expect(c.evidence_a.length).toBeGreaterThan(0);
      expect(c.evidence_a.every((q: { verified: boolean }) => q.verified)).toBe(true);
      expect(c.evidence_b.every((q: { verified: boolean }) => q.verified)).toBe(true);
    }
  });

  it("offlinePositionBias 1 (the longest path): inconsistent round 1, the unbiased reconsideration agrees: 4 calls, 2 rounds, A wins", async () => {
    const r = await judgePair(undefined, { offlinePositionBias: 1 });
    expect(r.meta.calls).toBe(4);
    expect(r.meta.invalid_outputs).toEqual([]);
    // (A,B): 1 + good − bad > 0.02 → A. (B,A): 1 + bad − good; these two are so far apart that it is within the margin → a tie, not B.
    const baDifference = 1 + weighted(BAD) - weighted(GOOD);
    const baWinner = baDifference > 0.02 ? "B" : "tie";
    expect(baWinner).toBe("tie");
    expect(r.rounds.map((x: { round: number; ab: { winner: string }; ba: { winner: string }; consistent: boolean }) => [x.round, x.ab.winner, x.ba.winner, x.consistent])).toEqual([
      [1, "A", baWinner, false],
      [2, "A", "A", true],
    ]);
    expect(r).toMatchObject({ winner: "A", position_consistent: true, rounds_conducted: 2 });
  });

  it("the margin is a setting: margin 1 gives an equal tie", async () => {
    const r = await judgePair(undefined, { margin: 1 });
    expect(r).toMatchObject({ winner: "tie", preference_a: 0.5, tie_reason: "equal", position_consistent: true });
  });
});
