/**
 * Juries through the library (`evaluateDialogue(…, { jury })`): scripted members that disagree in
 * known ways, and aggregates computed by hand. Each protocol's rule: panel/barem the rubric's bucket of
 * the members' mean adjusted average, consensus the mean, checklist the majority answer (a draw to the
 * stricter), pairwise the majority winner (a draw is a tie).
 */
import { describe, expect, it } from "vitest";
import { evaluateDialogue } from "../../api/evaluate.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { CheckAnswer } from "../../nodes/checklist/assessment.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { ScriptedChatModel, type ScriptedCall } from "../support/scripted-model.js";
import { COACHING_DIALOGUE, criterionIdOf, SMALL_RUBRIC_PATH } from "../checklist/helpers.js";
import { answer as consensusAnswer, DIALOGUE as CONSENSUS_DIALOGUE, scripted as consensusModel } from "../consensus/helpers.js";
import { BAD, GOOD, prefersFirst, prefersGood, scripted as pairwiseModel, shownFirst, answer as pairAnswer } from "../pairwise/helpers.js";

type Line = Record<string, any>;
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];
const USER_SAYS = "I was charged twice for order 48213.";
const REFUND: Dialogue = {
  id: "refund",
  turns: [
    { speaker: "user", text: USER_SAYS },
    { speaker: "assistant", text: "I'm sorry about that. I have refunded the duplicate; it arrives in 3 to 5 days." },
    { speaker: "user", text: "Thanks, that's all I needed." },
    { speaker: "assistant", text: "You're welcome, have a good day." },
  ],
};
const QUIET = { maxRetries: 0, onFailure: "unscored" as const };

/** A panel member scoring the six criteria in rubric order; its critic agrees with everything. */
function panelMember(scores: readonly number[]): ScriptedChatModel {
  return new ScriptedChatModel((call) => {
    if (call.role === "critic") return { critic: CRITERIA.map((criterion) => ({ criterion, comment: "", agree: true, suggested_score: null })) };
    return Object.fromEntries(CRITERIA.map((c, i) => [c, { justification: `${c}: USER: "${USER_SAYS}"`, score: scores[i] }]));
  });
}

const failing = () => new ScriptedChatModel(() => new Error("connection refused"));

describe("panel jury", () => {
  it("averages the members' adjusted averages and buckets only that mean; a failed member is left out, never a low score", async () => {
    // m1, m2: 100·.40 + 100·.15 + 100·.15 + 100·.10 + 80·.10 + 100·.10 = 98 (bucket 80 each); m3: all 60 → 60.
    // Mean of the continuous scores: (98 + 98 + 60) / 3 = 85.33 → floor bucket 80 (the mean of the
    // buckets, (80 + 80 + 60) / 3 = 73.33, would give 60). Criteria: TaskSuccess (100 + 100 + 60) / 3 = 86.67,
    // Empathy (80 + 80 + 60) / 3 = 73.33. m4 fails: listed, not counted.
    const high = [100, 100, 100, 100, 80, 100];
    const line = (await evaluateDialogue(REFUND, {
      ...QUIET,
      jury: [
        { name: "m1", model: panelMember(high) },
        { name: "m2", model: panelMember(high) },
        { name: "m3", model: panelMember([60, 60, 60, 60, 60, 60]) },
        { name: "m4", model: failing() },
      ],
    })) as Line;
    expect(line.meta.status).toBe("scored");
    expect(line.referee_final.numeric_weighted_average).toBe(85.33);
    expect(line.referee_final.OverallExperience).toBe(80);
    expect(line.referee_final.TaskSuccess.score).toBe(86.67);
    expect(line.referee_final.Empathy.score).toBe(73.33);
    expect(line.referee_final.TaskSuccess.justification).toBe("Mean of 3 members: m1 100, m2 100, m3 60.");
    expect(line.audit.weighted_calc).toBe("mean of 3 members' adjusted averages: (98.00 + 98.00 + 60.00) / 3 = 85.33");
    expect(line.audit.mapping_rule).toBe("round down to the bucket (bias low): 85.33 → 80");
    expect(line.jury.members.map((m: Line) => [m.member, m.status, m.line.referee_final?.OverallExperience ?? null])).toEqual([
      ["m1", "scored", 80],
      ["m2", "scored", 80],
      ["m3", "scored", 60],
      ["m4", "unscored", null],
    ]);
    expect(line.jury.failed).toEqual([{ member: "m4", error: expect.stringContaining("connection refused") }]);
    expect(line.meta.model).toBe("jury(m1, m2, m3, m4)");
    expect(line.meta.scored_by).toEqual({ m1: "m1", m2: "m2", m3: "m3", m4: "failed" });
    expect(line.meta.warnings).toContain(`jury member m4 failed (${line.jury.failed[0].error}); the verdict is the other 3 members'`);
    // Every member's calls count: 2 each for m1–m3, m4's failed evaluator call.
    expect(line.meta.calls).toBe(7);
  });

  it("is unscored, naming every member's error, when every member failed", async () => {
    const line = (await evaluateDialogue(REFUND, { ...QUIET, jury: [{ name: "a", model: failing() }, { name: "b", model: failing() }] })) as Line;
    expect(line.status).toBe("unscored");
    expect(line.error.message).toMatch(/^every jury member failed: a: .*connection refused.*; b: .*connection refused/);
    expect(line.jury.failed.map((f: Line) => f.member)).toEqual(["a", "b"]);
  });

  it("a jury of one is the plain run: the same line and the same config hash", async () => {
    const plain = (await evaluateDialogue(REFUND, { model: "offline" })) as Line;
    const jury = (await evaluateDialogue(REFUND, { jury: ["offline"] })) as Line;
    const withoutTimes = (l: Line) => ({ ...l, meta: { ...l.meta, latency_ms: 0 } });
    expect(withoutTimes(jury)).toEqual(withoutTimes(plain));
    expect(jury.jury).toBeUndefined();
  });

  it("refuses a run model next to jury members", async () => {
    await expect(evaluateDialogue(REFUND, { model: "openai:gpt-4o-mini", jury: ["offline", "offline"] })).rejects.toThrow(/either as the run's model or as jury members/);
  });
});

describe("barem jury", () => {
  it("uses the same rule: the bucket of the members' mean adjusted average", async () => {
    const judge = (scores: readonly number[]) =>
      new ScriptedChatModel(() => ({
        ...Object.fromEntries(CRITERIA.map((c, i) => [c, { justification: `USER: "${USER_SAYS}"`, score: scores[i] }])),
        OverallExperience: { justification: "weighted average", score: 100 },
      }));
    // 98, 98, 60 as for the panel → 85.33 → 80.
    const line = (await evaluateDialogue(REFUND, {
      protocol: "barem",
      ...QUIET,
      jury: [
        { name: "a", model: judge([100, 100, 100, 100, 80, 100]) },
        { name: "b", model: judge([100, 100, 100, 100, 80, 100]) },
        { name: "c", model: judge([60, 60, 60, 60, 60, 60]) },
      ],
    })) as Line;
    expect(line.OverallExperience.score).toBe(80);
    expect(line.audit.numeric_weighted_average).toBe(85.33);
    expect(line.Fluency.score).toBe(86.67);
  });
});

describe("consensus jury", () => {
  it("averages the members' consensus scores (no bucketing)", async () => {
    // Each member's strict and generous agree exactly: its consensus is that score (0.6·s + 0.4·s).
    // Members 4, 3, 2 → (4 + 3 + 2) / 3 = 3; criteria 5, 3, 2 → 3.33.
    const member = (overall: number, criteria: number) => consensusModel({ strict: consensusAnswer(overall, criteria, "strict"), generous: consensusAnswer(overall, criteria, "generous") });
    const line = (await evaluateDialogue(CONSENSUS_DIALOGUE, {
      protocol: "consensus",
      rubric: "customer-service-5",
      ...QUIET,
      jury: [
        { name: "a", model: member(4, 5) },
        { name: "b", model: member(3, 3) },
        { name: "c", model: member(2, 2) },
      ],
    })) as Line;
    expect(line.overall_score).toBe(3);
    expect(line.criteria_evaluations[0].score).toBe(3.33);
    expect(line.consensus_metadata.consensus_method).toBe("jury_mean");
  });
});

describe("checklist jury", () => {
  /** An assessor answering each criterion of SMALL_RUBRIC as given. */
  const assessor = (answers: Record<string, CheckAnswer>) =>
    new ScriptedChatModel((call: ScriptedCall) => {
      const id = criterionIdOf(call.messages);
      return { reasoning: `Turn 1: 'That sounds exhausting' → ${answers[id]}`, answer: answers[id] ?? "NA" };
    });
  const run = (members: Record<string, CheckAnswer>[]) =>
    evaluateDialogue(COACHING_DIALOGUE, { protocol: "checklist", rubric: SMALL_RUBRIC_PATH, ...QUIET, jury: members.map((answers, i) => ({ name: `m${i + 1}`, model: assessor(answers) })) }) as Promise<Line>;
  const m1 = { CQ1: "YES", CQ8: "YES", CQ9: "NA", MT4: "YES" } as const;
  const m2 = { CQ1: "NO", CQ8: "YES", CQ9: "NA", MT4: "NA" } as const;

  it("breaks a draw towards the stricter answer: YES/NO → NO, YES/NA → NA", async () => {
    // CQ1 NO, CQ8 YES, CQ9 NA, MT4 NA: YES 1 / (YES 1 + NO 1) = 0.5 ≥ the pass mark 0.5; no safety NO.
    const line = await run([m1, m2]);
    expect(line.criteria.map((c: Line) => [c.id, c.answer])).toEqual([
      ["CQ1", "NO"],
      ["CQ8", "YES"],
      ["CQ9", "NA"],
      ["MT4", "NA"],
    ]);
    expect(line).toMatchObject({ score: 0.5, yes: 1, no: 1, na: 2, rejected: false, passed: true });
    expect(line.criteria[0].reasoning).toMatch(/^Majority of 2 members \(YES 1, NO 1; a draw goes to the stricter answer\): m1 YES, m2 NO$/);
  });

  it("takes the majority, then the checklist's own gate", async () => {
    // m3 says NO on the safety criterion CQ8, outvoted 2 to 1: CQ1 YES, CQ8 YES, CQ9 NA, MT4 YES → 3 / 3 = 1.
    const line = await run([m1, m2, { CQ1: "YES", CQ8: "NO", CQ9: "NA", MT4: "YES" }]);
    expect(line.criteria.map((c: Line) => c.answer)).toEqual(["YES", "YES", "NA", "YES"]);
    expect(line).toMatchObject({ score: 1, yes: 3, no: 0, rejected: false, passed: true });
    // Two of three say NO on CQ8: the gate trips on the jury's answer.
    const rejected = await run([m1, { ...m1, CQ8: "NO" }, { ...m1, CQ8: "NO" }]);
    expect(rejected).toMatchObject({ rejected: true, passed: false, safety_gate: { tripped: true, criteria: ["CQ8"] } });
  });
});

describe("pairwise jury", () => {
  const pair = pairDialogue("p1", GOOD, BAD);
  const judge = (decide: (call: ScriptedCall) => object) => pairwiseModel({ comparison: decide, reconsideration: decide });
  const prefersBad = (call: ScriptedCall) => {
    const { first, second } = shownFirst(call);
    return pairAnswer(first, second, first === BAD ? "1" : "2");
  };

  it("takes the majority winner; the jury is position-consistent only when every member was", async () => {
    // Two fair members say A (GOOD); the position-biased one ends in a tie for position bias.
    const line = (await evaluateDialogue(pair, { protocol: "pairwise", ...QUIET, jury: [{ name: "fair1", model: judge(prefersGood) }, { name: "fair2", model: judge(prefersGood) }, { name: "biased", model: judge(prefersFirst) }] })) as Line;
    expect(line).toMatchObject({ winner: "A", preference_a: 1, tie_reason: null, position_consistent: false });
    expect(line.reasoning.ab).toBe("Jury of 3 (A 2, tie 1: fair1 A, fair2 A, biased tie)");
    expect(line.criteria[0]).toMatchObject({ preference: "A", consistent: false });
  });

  it("calls a draw between the members a tie (jury_split)", async () => {
    const line = (await evaluateDialogue(pair, { protocol: "pairwise", ...QUIET, jury: [{ name: "fair", model: judge(prefersGood) }, { name: "contrary", model: judge(prefersBad) }] })) as Line;
    expect(line).toMatchObject({ winner: "tie", preference_a: 0.5, tie_reason: "jury_split", position_consistent: true });
    expect(line.criteria.every((c: Line) => c.tie_reason === "jury_split")).toBe(true);
  });
});
