/**
 * The members' agreement over a run (Krippendorff's α across members, per criterion), from jury lines
 * built by hand; every α below is computed by hand from the coincidences (metrics/krippendorff.ts).
 */
import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../graphs/registry.js";
import { JuryTally } from "../../results/jury.js";

type Line = Record<string, unknown>;

const panelLine = (scores: { TaskSuccess: number; Empathy: number }): Line => ({
  referee_final: { TaskSuccess: { score: scores.TaskSuccess }, Empathy: { score: scores.Empathy }, numeric_weighted_average: scores.TaskSuccess, OverallExperience: 60 },
  meta: { status: "scored" },
});
const unscored: Line = { status: "unscored", meta: { status: "unscored" } };
const juryLine = (members: [string, Line][]): Line => ({
  jury: { aggregation: "", failed: [], members: members.map(([member, line]) => ({ member, status: (line.meta as { status: string }).status, line })) },
});

describe("jury agreement (JuryTally)", () => {
  it("gives interval α per criterion and on the continuous score; a failed member is a missing value", () => {
    const tally = new JuryTally(PROTOCOLS.panel.result, "OverallExperience");
    // TaskSuccess: m1 1, 2, 3 and m2 1, 2, 4. Within units: only (3, 4): Σ_{i≠j} δ² = 2, /(m − 1) = 2;
    // n = 6, D_o = 2 / 6 = 1/3. All six values: Σ_{i≠j} δ² = 2·6·Σ(v − v̄)² = 12·(35 − 169/6) = 82, D_e = 82 / 30.
    // α = 1 − (1/3) / (82/30) = 1 − 10/82 = 0.8780. Empathy: the members agree everywhere → α = 1.
    tally.add(juryLine([["m1", panelLine({ TaskSuccess: 1, Empathy: 40 })], ["m2", panelLine({ TaskSuccess: 1, Empathy: 40 })]]));
    tally.add(juryLine([["m1", panelLine({ TaskSuccess: 2, Empathy: 100 })], ["m2", panelLine({ TaskSuccess: 2, Empathy: 100 })]]));
    tally.add(juryLine([["m1", panelLine({ TaskSuccess: 3, Empathy: 60 })], ["m2", panelLine({ TaskSuccess: 4, Empathy: 60 })]]));
    // m2 failed here: m1's lone value pairs with nothing and leaves every α unchanged.
    tally.add(juryLine([["m1", panelLine({ TaskSuccess: 100, Empathy: 20 })], ["m2", unscored]]));
    // A line without a jury is not counted.
    tally.add(panelLine({ TaskSuccess: 5, Empathy: 5 }));
    expect(tally.summary()).toEqual({
      members: ["m1", "m2"],
      dialogues: 4,
      failures: { m2: 1 },
      metric: "interval",
      overall: 0.878,
      criteria: { TaskSuccess: 0.878, Empathy: 1 },
    });
  });

  it("uses the nominal metric for checklist answers", () => {
    const tally = new JuryTally(PROTOCOLS.checklist.result, "OverallExperience");
    const checklistLine = (answer: string): Line => ({ criteria: [{ id: "CQ1", answer, counted_as: answer }], score: answer === "YES" ? 1 : 0, meta: { status: "scored" } });
    // m1 YES, NO, YES; m2 YES, NO, NO. Within units only (YES, NO) disagrees: 2 / 1, n = 6, D_o = 1/3.
    // Three YES and three NO: 2·3·3 = 18 disagreeing ordered pairs, D_e = 18 / 30 = 0.6. α = 1 − (1/3)/0.6 = 0.4444.
    for (const [a, b] of [["YES", "YES"], ["NO", "NO"], ["YES", "NO"]] as const) tally.add(juryLine([["m1", checklistLine(a)], ["m2", checklistLine(b)]]));
    const summary = tally.summary();
    expect(summary?.metric).toBe("nominal");
    expect(summary?.criteria).toEqual({ CQ1: 0.4444 });
  });

  it("has nothing to say about a run without juries", () => {
    const tally = new JuryTally(PROTOCOLS.panel.result, "OverallExperience");
    tally.add(panelLine({ TaskSuccess: 80, Empathy: 80 }));
    expect(tally.summary()).toBeUndefined();
  });
});
