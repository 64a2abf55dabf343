/**
 * The three worked examples of the original customer-service prompt ("the seed" below;
 * docs/protocols.md#known-slips-in-the-original-examples), scored by the pure referee + score steps with the
 * `customer-service` rubric (weights 0.40 / 0.15 / 0.15 / 0.10 / 0.10 / 0.10, floor buckets, no rules).
 * The evaluator and critic outputs are the seed's own; the justifications quote the seed's own
 * `evidence_used` lines, which must be found in the parsed transcripts.
 */
import { describe, expect, it } from "vitest";
import { loadRubric } from "../../rubrics/load.js";
import { critique, disagree, finalScores, runPanelScore, seedDialogue, verdicts, finalVerdict } from "./helpers.js";

const rubric = loadRubric("customer-service");

describe("customer-service example A (dialogue 335)", () => {
  const dialogue = seedDialogue("seed000", 335);
  // Evidence as the seed writes it: abbreviated single-quoted spans after a speaker label.
  const evidence = "SYSTEM: 'got it, can you name...' and USER: 'Sure, Best in Show...'";
  const entries = critique({
    // The seed's critic "disagrees" but suggests the evaluator's own 80.
    Empathy: disagree(80, "SYSTEM polite but not emotionally expressive (no acknowledgment like 'That sounds fun!')."),
  });
  const result = runPanelScore(rubric, dialogue, verdicts([100, 100, 100, 100, 80, 100], evidence), entries);

  it("computes 98.00 and buckets it down to 80", () => {
    // 100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 80*0.10 + 100*0.10 = 40 + 15 + 15 + 10 + 8 + 10 = 98
    expect(result.dialogue_id).toBe(335);
    expect(result.evaluator.numeric_weighted_average).toBe(98);
    expect(finalScores(result)).toEqual([100, 100, 100, 100, 80, 100]);
    expect(result.referee_final.numeric_weighted_average).toBe(98);
    expect(result.referee_final.OverallExperience).toBe(80); // floor: 80 ≤ 98 < 100
    expect(result.audit.adjusted_average).toBe(98); // no rules in this rubric
    expect(result.audit.weighted_calc).toBe("100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 80*0.10 + 100*0.10 = 98.00");
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 98.00 → 80");
    expect(result.audit.rules).toEqual([]);
  });

  it("treats the Empathy 'disagreement' suggesting 80 = 80 as a no-op, said so in the audit", () => {
    const empathy = result.audit.referee_decisions.find((d) => d.criterion === "Empathy");
    expect(empathy?.action).toBe("no_op");
    expect(empathy?.final_score).toBe(80);
    expect(empathy?.reason).toBe("disagreement suggests 80, the evaluator's own score: no change");
    // The critic's example phrase is not in the transcript: recorded as unverified.
    expect(empathy?.quotes).toEqual([{ quote: "That sounds fun!", verified: false }]);
    expect(result.audit.decision_rules_applied).toBe("Empathy: no_op (disagreement suggests 80, the evaluator's own score: no change).");
    expect(result.audit.adopted_critic_version).toBe(false);
    expect(finalVerdict(result, "Empathy").justification).toBe(`Empathy rests on ${evidence}.`);
  });

  it("lists the seed's own evidence, found in the transcript", () => {
    expect(result.audit.evidence_used).toEqual(["SYSTEM: 'got it, can you name...'", "USER: 'Sure, Best in Show...'"]);
    expect(result.audit.evaluator_quotes.TaskSuccess).toEqual([
      { quote: "got it, can you name...", verified: true, turn: 5 },
      { quote: "Sure, Best in Show...", verified: true, turn: 6 },
    ]);
  });
});

describe("customer-service example B (dialogue 25)", () => {
  const dialogue = seedDialogue("seed000", 25);
  const evidence = "SYSTEM: 'Why did you like that movie?' and USER: 'There’s a lot of really cool stunts...'";
  const entries = critique({
    Helpfulness: disagree(60, "Agent could have elaborated on user’s answers (e.g., 'That’s a great action movie!')."),
    Empathy: disagree(40, "No softening or engaging phrases."),
  });
  const result = runPanelScore(rubric, dialogue, verdicts([100, 60, 100, 100, 40, 100], evidence), entries);

  it("computes 88.00 where the seed says 86.00, and buckets it to 80 either way", () => {
    // The seed's own scores: 100*0.40 + 60*0.15 + 100*0.15 + 100*0.10 + 40*0.10 + 100*0.10
    //   = 40 + 9 + 15 + 10 + 4 + 10 = 88, not the 86.00 printed in the seed (an arithmetic slip; the
    //   code is right where the examples are wrong: docs/protocols.md#known-slips-in-the-original-examples).
    //   floor(88) → 80, as the seed says.
    expect(result.evaluator.numeric_weighted_average).toBe(88);
    expect(finalScores(result)).toEqual([100, 60, 100, 100, 40, 100]);
    expect(result.referee_final.numeric_weighted_average).toBe(88);
    expect(result.referee_final.numeric_weighted_average).not.toBe(86);
    expect(result.referee_final.OverallExperience).toBe(80);
    expect(result.audit.weighted_calc).toBe("100*0.40 + 60*0.15 + 100*0.15 + 100*0.10 + 40*0.10 + 100*0.10 = 88.00");
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 88.00 → 80");
  });

  it("records both of the seed's 'accepted adjustments' as no-ops: they suggest the evaluator's own scores", () => {
    const actions = result.audit.referee_decisions.map((d) => [d.criterion, d.action]);
    expect(actions).toEqual([
      ["TaskSuccess", "agreed"],
      ["Helpfulness", "no_op"],
      ["Accuracy", "agreed"],
      ["Understanding", "agreed"],
      ["Empathy", "no_op"],
      ["Fluency", "agreed"],
    ]);
    // "user’s" (curly apostrophe inside a word) opens no quote; the example phrase is not in the transcript.
    expect(result.audit.referee_decisions[1]?.quotes).toEqual([{ quote: "That’s a great action movie!", verified: false }]);
    expect(result.audit.referee_decisions[4]?.quotes).toEqual([]);
    expect(result.audit.evidence_used).toEqual(["SYSTEM: 'Why did you like that movie?'", "USER: 'There’s a lot of really cool stunts...'"]);
  });
});

describe("customer-service example C (dialogue 26)", () => {
  const dialogue = seedDialogue("seed000", 26);
  const evidence = "USER: 'I watched Apollo 13 recently...' then SYSTEM: 'What did you like about this movie?'";
  const entries = critique({
    TaskSuccess: { agree: true, comment: "Accurate assessment.", suggested_score: null },
    Helpfulness: disagree(60, "Could lower further; agent offered no detail or follow-up guidance."),
    Empathy: disagree(60, "No warmth or acknowledgment of user’s enjoyment."),
  });
  const result = runPanelScore(rubric, dialogue, verdicts([80, 60, 100, 80, 60, 80], evidence), entries);

  it("computes 78.00 and buckets it down to 60", () => {
    // 80*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 60*0.10 + 80*0.10 = 32 + 9 + 15 + 8 + 6 + 8 = 78
    expect(result.evaluator.numeric_weighted_average).toBe(78);
    expect(finalScores(result)).toEqual([80, 60, 100, 80, 60, 80]);
    expect(result.referee_final.numeric_weighted_average).toBe(78);
    expect(result.referee_final.OverallExperience).toBe(60); // floor: 60 ≤ 78 < 80
    expect(result.audit.weighted_calc).toBe("80*0.40 + 60*0.15 + 100*0.15 + 80*0.10 + 60*0.10 + 80*0.10 = 78.00");
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 78.00 → 60");
  });

  it("applies no OVERALL cap with the customer-service rubric, although the humans rated 2,2,2", () => {
    expect(dialogue.overallRatings).toEqual([2, 2, 2]);
    expect(result.audit.rules).toEqual([]);
    expect(finalVerdict(result, "TaskSuccess").score).toBe(80);
  });

  it("keeps the seed's critic output (all six criteria) in the output and audits each no-op", () => {
    expect(result.critic).toHaveLength(6);
    expect(result.critic[0]).toEqual({ criterion: "TaskSuccess", agree: true, comment: "Accurate assessment.", suggested_score: null });
    expect(result.audit.decision_rules_applied).toBe(
      "Helpfulness: no_op (disagreement suggests 60, the evaluator's own score: no change); " +
        "Empathy: no_op (disagreement suggests 60, the evaluator's own score: no change).",
    );
  });
});
