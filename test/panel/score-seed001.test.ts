/**
 * The three worked examples of the original ccpe-strict prompt ("the seed" below;
 * docs/protocols.md#known-slips-in-the-original-examples) with the `ccpe-strict` rubric: weights 0.40 / 0.15 / 0.15 / 0.10 /
 * 0.10 / 0.10, floor buckets, and three rules applied in code:
 *   R1 human OVERALL mean < 3.0 → TaskSuccess capped at 60;
 *   R2 any criterion < 60 → −10 from the average before bucketing;
 *   R3 no emotional content (deterministic detector) → Empathy capped at 60.
 * The OVERALL ratings are the real ones parsed from the fixtures: 335 → 4,4,5,4; 25 → 4,4,4; 26 → 2,2,2.
 */
import { describe, expect, it } from "vitest";
import { loadRubric } from "../../rubrics/load.js";
import { critique, disagree, finalScores, ruleRecord, runPanelScore, seedDialogue, verdicts, finalVerdict } from "./helpers.js";

const rubric = loadRubric("ccpe-strict");

describe("ccpe-strict example 1 (dialogue 335, high quality)", () => {
  const dialogue = seedDialogue("seed001", 335);
  const evidence = "SYSTEM: 'ok, why do you like comedies?' and USER: 'It's just hilarious...'";
  // The seed's critic quotes only 'ok'. A one-word quote proves nothing unless it is a whole utterance,
  // so the referee would keep the evaluator's 80 (tested below); to reach the seed's final scores the
  // critic here quotes the whole SYSTEM turn the seed has in mind.
  const comment = "Lacks warmth in responses like SYSTEM: 'ok, why do you like comedies?'; suggest 60.";
  const entries = critique({ Empathy: disagree(60, comment) });
  const result = runPanelScore(rubric, dialogue, verdicts([100, 100, 100, 100, 80, 100], evidence), entries);

  it("reads the real OVERALL ratings", () => {
    expect(dialogue.overallRatings).toEqual([4, 4, 5, 4]); // mean (4+4+5+4)/4 = 4.25
  });

  it("accepts the critic's evidence-backed Empathy 60 (the quoted SYSTEM turn is turn 3)", () => {
    const empathy = result.audit.referee_decisions.find((d) => d.criterion === "Empathy");
    expect(empathy).toMatchObject({ action: "accepted", evaluator_score: 80, suggested_score: 60, final_score: 60 });
    expect(empathy?.quotes).toEqual([{ quote: "ok, why do you like comedies?", verified: true, turn: 3 }]);
    expect(finalVerdict(result, "Empathy").justification).toBe(comment);
  });

  it("keeps the evaluator when the critic quotes only the seed's bare 'ok' (one word, not a whole utterance)", () => {
    const seedsOwn = critique({ Empathy: disagree(60, "Lacks warmth in responses like 'ok'; suggest 60.") });
    const kept = runPanelScore(rubric, dialogue, verdicts([100, 100, 100, 100, 80, 100], evidence), seedsOwn);
    const empathy = kept.audit.referee_decisions.find((d) => d.criterion === "Empathy");
    expect(empathy).toMatchObject({ action: "kept", final_score: 80 });
    expect(empathy?.quotes).toEqual([{ quote: "ok", verified: false }]);
    // 100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 80*0.10 + 100*0.10 = 98 → 80
    expect(kept.referee_final.numeric_weighted_average).toBe(98);
  });

  it("computes 96 where the seed says 94.0, and buckets it to 80", () => {
    // evaluator: 100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 80*0.10 + 100*0.10 = 40+15+15+10+8+10 = 98
    expect(result.evaluator.numeric_weighted_average).toBe(98);
    // final:     100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 60*0.10 + 100*0.10 = 40+15+15+10+6+10 = 96
    //            (the seed prints 94.0 for these very scores: a slip). floor(96) → 80.
    expect(finalScores(result)).toEqual([100, 100, 100, 100, 60, 100]);
    expect(result.referee_final.numeric_weighted_average).toBe(96);
    expect(result.audit.adjusted_average).toBe(96); // no criterion < 60 (Empathy 60 is not below 60)
    expect(result.referee_final.OverallExperience).toBe(80);
    expect(result.audit.weighted_calc).toBe("100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 60*0.10 + 100*0.10 = 96.00");
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 96.00 → 80");
  });

  it("records every rule as not fired, with its reason", () => {
    expect(ruleRecord(result, "cap_when_human_overall_below")).toEqual({
      rule: "cap_when_human_overall_below",
      criterion: "TaskSuccess",
      fired: false,
      detail: "human OVERALL average 4.25 ≥ 3; TaskSuccess not capped",
    });
    expect(ruleRecord(result, "deduct_when_any_criterion_below")).toEqual({
      rule: "deduct_when_any_criterion_below",
      fired: false,
      detail: "no criterion below 60: no deduction",
    });
    // Turn 27: "It very moving, it very and and it's very touching…"
    expect(ruleRecord(result, "cap_when_no_emotional_content")).toEqual({
      rule: "cap_when_no_emotional_content",
      criterion: "Empathy",
      fired: false,
      detail: 'emotional content detected in the user\'s turns (turn 27: "very moving"); Empathy not capped',
    });
    expect(result.audit.rules.some((r) => r.fired)).toBe(false);
  });

  it("lists the seed's evidence plus the critic's verified quote", () => {
    expect(result.audit.evidence_used).toEqual(["SYSTEM: 'ok, why do you like comedies?'", "USER: 'It's just hilarious...'"]);
  });
});

describe("ccpe-strict example 2 (dialogue 25, medium quality)", () => {
  const dialogue = seedDialogue("seed001", 25);
  const evaluation = verdicts([80, 60, 100, 80, 40, 80], "SYSTEM: 'Why do you like action movies?' and USER: 'They're just really fun...'");

  it("computes the evaluator's 76 where the seed says 75.0", () => {
    // 80*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 40*0.10 + 80*0.10 = 32 + 9 + 15 + 8 + 4 + 8 = 76
    const result = runPanelScore(rubric, dialogue, evaluation, critique());
    expect(result.evaluator.numeric_weighted_average).toBe(76);
  });

  it("final 60,60,100,80,40,80 → 68, Empathy 40 < 60 → 58 → 40 (the seed skips its own −10 and says 60)", () => {
    const entries = critique({
      TaskSuccess: disagree(60, 'Partial only; it ends on SYSTEM: "Ok, thank you for sharing. Good bye." with no confirmation of satisfaction.'),
    });
    const result = runPanelScore(rubric, dialogue, evaluation, entries);
    expect(result.audit.referee_decisions[0]).toMatchObject({ criterion: "TaskSuccess", action: "accepted", final_score: 60 });
    expect(finalScores(result)).toEqual([60, 60, 100, 80, 40, 80]);
    // 60*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 40*0.10 + 80*0.10 = 24 + 9 + 15 + 8 + 4 + 8 = 68
    expect(result.referee_final.numeric_weighted_average).toBe(68);
    // R2: Empathy 40 < 60 → 68 − 10 = 58; floor(58) → 40
    expect(result.audit.adjusted_average).toBe(58);
    expect(result.referee_final.OverallExperience).toBe(40);
    expect(result.audit.weighted_calc).toBe(
      "60*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 40*0.10 + 80*0.10 = 68.00; Empathy 40 < 60: 68.00 − 10 = 58.00",
    );
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 58.00 → 40");
    expect(ruleRecord(result, "deduct_when_any_criterion_below")).toEqual({
      rule: "deduct_when_any_criterion_below",
      fired: true,
      detail: "Empathy 40 < 60: 68.00 − 10 = 58.00",
    });
    // R1: mean (4+4+4)/3 = 4.00 ≥ 3 → not fired
    expect(ruleRecord(result, "cap_when_human_overall_below")).toMatchObject({ fired: false, detail: "human OVERALL average 4.00 ≥ 3; TaskSuccess not capped" });
    // R3: no emotion in 25's user turns, but Empathy 40 is already ≤ 60
    expect(ruleRecord(result, "cap_when_no_emotional_content")).toEqual({
      rule: "cap_when_no_emotional_content",
      criterion: "Empathy",
      fired: false,
      detail: "no emotional content detected in the user's turns; Empathy 40 already ≤ 60",
    });
  });

  it("keeps the evaluator when the critic's TaskSuccess suggestion quotes nothing, as the seed's does", () => {
    // The seed's critic: "Partial only; no confirmation of satisfaction." — no quote, so ambiguous.
    const entries = critique({ TaskSuccess: disagree(60, "Partial only; no confirmation of satisfaction.") });
    const result = runPanelScore(rubric, dialogue, evaluation, entries);
    expect(result.audit.referee_decisions[0]).toMatchObject({ action: "kept", final_score: 80, quotes: [] });
    expect(result.audit.referee_decisions[0]?.reason).toBe("ambiguous: the critic quotes nothing; evaluator's 80 kept");
    // 76 (above) − 10 (Empathy 40 < 60) = 66 → 60
    expect(result.referee_final.numeric_weighted_average).toBe(76);
    expect(result.audit.adjusted_average).toBe(66);
    expect(result.referee_final.OverallExperience).toBe(60);
  });
});

describe("ccpe-strict example 3 (dialogue 26, low quality)", () => {
  const dialogue = seedDialogue("seed001", 26);
  const evaluation = verdicts([40, 40, 60, 40, 40, 40], "SYSTEM: 'What appeals...' and USER: 'No.'");

  it("computes the evaluator's 43 where the seed says 44.0", () => {
    // 40*0.40 + 40*0.15 + 60*0.15 + 40*0.10 + 40*0.10 + 40*0.10 = 16 + 6 + 9 + 4 + 4 + 4 = 43
    const result = runPanelScore(rubric, dialogue, evaluation, critique());
    expect(result.evaluator.numeric_weighted_average).toBe(43);
  });

  it("final 40,40,60,60,40,60 → 47 (seed: 48.0), −10 → 37 → 20 (seed: 40)", () => {
    const entries = critique({
      Understanding: disagree(60, 'Partial only; some prompts are relevant, e.g. SYSTEM: "What did you like about this movie?"'),
      Fluency: disagree(60, "Understandable despite repetition: SYSTEM: 'Is there a specific movie you enjoy from this genre?'"),
    });
    const result = runPanelScore(rubric, dialogue, evaluation, entries);
    expect(result.audit.referee_decisions.map((d) => d.action)).toEqual(["agreed", "agreed", "agreed", "accepted", "agreed", "accepted"]);
    expect(result.audit.adopted_critic_version).toBe(false); // 2 < 3 disagreements
    expect(finalScores(result)).toEqual([40, 40, 60, 60, 40, 60]);
    // 40*0.40 + 40*0.15 + 60*0.15 + 60*0.10 + 40*0.10 + 60*0.10 = 16 + 6 + 9 + 6 + 4 + 6 = 47
    expect(result.referee_final.numeric_weighted_average).toBe(47);
    // R2: TaskSuccess 40, Helpfulness 40, Empathy 40 < 60 → 47 − 10 = 37 (deducted once); floor(37) → 20
    expect(result.audit.adjusted_average).toBe(37);
    expect(result.referee_final.OverallExperience).toBe(20);
    expect(ruleRecord(result, "deduct_when_any_criterion_below").detail).toBe("TaskSuccess 40, Helpfulness 40, Empathy 40 < 60: 47.00 − 10 = 37.00");
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 37.00 → 20");
  });

  it("considers the OVERALL cap (mean 2.0 < 3) but TaskSuccess 40 is already ≤ 60", () => {
    expect(dialogue.overallRatings).toEqual([2, 2, 2]); // mean 6/3 = 2.0
    const result = runPanelScore(rubric, dialogue, evaluation, critique());
    expect(ruleRecord(result, "cap_when_human_overall_below")).toEqual({
      rule: "cap_when_human_overall_below",
      criterion: "TaskSuccess",
      fired: false,
      detail: "human OVERALL average 2.00 < 3; TaskSuccess 40 already ≤ 60",
    });
    expect(finalVerdict(result, "TaskSuccess").score).toBe(40);
  });

  it("keeps the evaluator on the seed's quote-less suggestions: 43 − 10 = 33 → 20", () => {
    const entries = critique({
      Understanding: disagree(60, "Partial only; suggest 60 as some prompts relevant."),
      Fluency: disagree(60, "Understandable despite repetition; suggest 60."),
    });
    const result = runPanelScore(rubric, dialogue, evaluation, entries);
    expect(result.audit.referee_decisions.filter((d) => d.action === "kept").map((d) => d.criterion)).toEqual(["Understanding", "Fluency"]);
    expect(result.referee_final.numeric_weighted_average).toBe(43);
    expect(result.audit.adjusted_average).toBe(33);
    expect(result.referee_final.OverallExperience).toBe(20);
  });
});
