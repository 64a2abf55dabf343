/**
 * The panel's referee (docs/protocols.md#referee-rules) as a pure function, on dialogue 335 with the `customer-service` rubric
 * (weights TaskSuccess 0.40, Helpfulness 0.15, Accuracy 0.15, Understanding/Empathy/Fluency 0.10; no rules).
 */
import { describe, expect, it } from "vitest";
import { ADOPTION_THRESHOLD, referee } from "../../nodes/panel/referee-rules.js";
import { scorePanel } from "../../nodes/panel/score-panel.js";
import { loadRubric } from "../../rubrics/load.js";
import { critique, disagree, finalScores, REAL_QUOTE, seedDialogue, verdicts } from "./helpers.js";
import type { CriticEntry } from "../../nodes/panel/critic-contract.js";

const rubric = loadRubric("customer-service");
const dialogue = seedDialogue("seed001", 335);
const ALL_80 = verdicts([80, 80, 80, 80, 80, 80], REAL_QUOTE[335]);
const ALL_100 = verdicts([100, 100, 100, 100, 100, 100], REAL_QUOTE[335]);

function decide(evaluation: typeof ALL_80, entries: readonly CriticEntry[]) {
  const outcome = referee(rubric, dialogue, evaluation, entries);
  const result = scorePanel({ rubric, dialogue, evaluation, critique: entries, referee: outcome, blind: false });
  return { outcome, result, byCriterion: Object.fromEntries(outcome.decisions.map((d) => [d.criterion, d])) };
}

describe("an evidence-backed suggestion is accepted", () => {
  it.each([
    ["double quotes", 'USER: "Sure, Best in Show is one of my absolute favorites." is an answer, not a goal met', "Sure, Best in Show is one of my absolute favorites.", 6],
    ["single quotes", "SYSTEM: 'got it, can you name a specific movie you really liked?' is all it asks", "got it, can you name a specific movie you really liked?", 5],
    ["curly double quotes", "the user only says “It’s just hilarious.”", "It’s just hilarious.", 9],
    ["curly single quotes", "SYSTEM: ‘ok, why do you like comedies?’ repeats itself", "ok, why do you like comedies?", 3],
    ["an abbreviated quote", "USER: 'Sure, Best in Show...' is all it gets", "Sure, Best in Show...", 6],
  ])("%s", (_how, comment, quote, turn) => {
    const { outcome, result, byCriterion } = decide(ALL_80, critique({ TaskSuccess: disagree(40, comment) }));
    expect(byCriterion.TaskSuccess).toEqual({
      criterion: "TaskSuccess",
      action: "accepted",
      evaluatorScore: 80,
      suggestedScore: 40,
      finalScore: 40,
      reason: "evidence-backed (1 quote(s) found in the transcript): 80 → 40",
      quotes: [{ quote, verified: true, turn }],
    });
    expect(outcome.final.TaskSuccess).toEqual({ score: 40, justification: comment, source: "critic" });
    expect(outcome.disagreements).toBe(1);
    expect(outcome.adoptedCriticVersion).toBe(false);
    // 40*0.40 + 80*0.60 = 16 + 48 = 64 → floor 60 (the evaluator alone: 80 → 80)
    expect(result.evaluator.numeric_weighted_average).toBe(80);
    expect(result.referee_final.numeric_weighted_average).toBe(64);
    expect(result.referee_final.OverallExperience).toBe(60);
  });

  it("is accepted when one of its quotes is found, and the other is recorded as unverified", () => {
    const { byCriterion } = decide(ALL_80, critique({ Empathy: disagree(60, `SYSTEM only says "ok, why do you like that movie?", never "That sounds fun!"`) }));
    expect(byCriterion.Empathy?.action).toBe("accepted");
    expect(byCriterion.Empathy?.quotes).toEqual([
      { quote: "ok, why do you like that movie?", verified: true, turn: 7 },
      { quote: "That sounds fun!", verified: false },
    ]);
  });
});

describe("an ambiguous suggestion keeps the evaluator's score", () => {
  it("a quote that is not in the transcript: kept, recorded as unverified", () => {
    const { outcome, result, byCriterion } = decide(ALL_80, critique({ TaskSuccess: disagree(40, "SYSTEM never asked 'what is your favourite actor?'") }));
    expect(byCriterion.TaskSuccess).toMatchObject({
      action: "kept",
      finalScore: 80,
      quotes: [{ quote: "what is your favourite actor?", verified: false }],
      reason: `ambiguous: the critic's quotes are not in the transcript ("what is your favourite actor?"); evaluator's 80 kept`,
    });
    expect(outcome.final.TaskSuccess).toEqual({ score: 80, justification: ALL_80.TaskSuccess?.justification, source: "evaluator" });
    expect(result.referee_final.OverallExperience).toBe(80); // all 80 → 80
    expect(result.audit.decision_rules_applied).toContain("TaskSuccess: kept (ambiguous: ");
  });

  it("a quote-less disagreement: kept", () => {
    const { byCriterion } = decide(ALL_80, critique({ Helpfulness: disagree(40, "Generic prompts, no value added.") }));
    expect(byCriterion.Helpfulness).toMatchObject({ action: "kept", finalScore: 80, quotes: [], reason: "ambiguous: the critic quotes nothing; evaluator's 80 kept" });
  });

  it("a disagreement without a suggested score: kept", () => {
    const { byCriterion } = decide(ALL_80, critique({ Helpfulness: disagree(null, 'USER: "Yeah." is thin') }));
    expect(byCriterion.Helpfulness).toMatchObject({ action: "kept", finalScore: 80, reason: "disagreement without a suggested score is ambiguous: evaluator kept" });
  });
});

describe("no-ops and agreements", () => {
  it("a 'disagreement' suggesting the evaluator's own score is a no-op, said so in the audit", () => {
    const { outcome, result, byCriterion } = decide(ALL_80, critique({ Empathy: disagree(80, "SYSTEM: 'ok' is curt") }));
    expect(byCriterion.Empathy).toMatchObject({ action: "no_op", finalScore: 80, reason: "disagreement suggests 80, the evaluator's own score: no change" });
    expect(outcome.disagreements).toBe(0);
    expect(result.audit.decision_rules_applied).toBe("Empathy: no_op (disagreement suggests 80, the evaluator's own score: no change).");
  });

  it("agree=true with a different suggested score is ignored", () => {
    const { outcome, result, byCriterion } = decide(ALL_80, critique({ Accuracy: { agree: true, comment: 'fine, "Oh, yes."', suggested_score: 20 } }));
    expect(byCriterion.Accuracy).toMatchObject({ action: "agreed", finalScore: 80, reason: "critic agrees; its suggested 20 is ignored since it agrees" });
    expect(outcome.final.Accuracy?.score).toBe(80);
    expect(result.referee_final.OverallExperience).toBe(80);
    // An agreement is not reported as a change.
    expect(result.audit.decision_rules_applied).toBe("Critic agreed on every criterion; evaluator's scores stand.");
  });

  it("a criterion the critic skipped counts as agreed", () => {
    const { byCriterion } = decide(ALL_80, []);
    expect(Object.values(byCriterion).map((d) => d.action)).toEqual(["agreed", "agreed", "agreed", "agreed", "agreed", "agreed"]);
  });
});

describe(`adopting the critic's version (≥ ${ADOPTION_THRESHOLD} disagreements, all evidence-backed)`, () => {
  const backed = {
    TaskSuccess: disagree(60, 'USER: "Yeah." is the only answer to satire'),
    Helpfulness: disagree(80, "SYSTEM: 'was the acting bad?' is a leading question"),
    Accuracy: disagree(80, "SYSTEM: ‘ok, can you tell me have you watched the movie the shawshank redemption?’ is garbled"),
  };

  it("adopts when all three are evidence-backed", () => {
    const { outcome, result } = decide(ALL_100, critique(backed));
    expect(outcome.adoptedCriticVersion).toBe(true);
    expect(outcome.disagreements).toBe(3);
    expect(outcome.decisions.map((d) => d.action)).toEqual(["adopted", "adopted", "adopted", "agreed", "agreed", "agreed"]);
    expect(outcome.decisions[0]?.reason).toBe("3 disagreements, all evidence-backed: critic's version adopted (100 → 60)");
    expect(result.audit.adopted_critic_version).toBe(true);
    expect(result.audit.decision_rules_applied).toMatch(/^Critic's version adopted \(≥3 disagreements, all evidence-backed\)\. TaskSuccess: adopted/);
    expect(finalScores(result)).toEqual([60, 80, 80, 100, 100, 100]);
    // 60*0.40 + 80*0.15 + 80*0.15 + 100*0.10*3 = 24 + 12 + 12 + 30 = 78 → 60
    expect(result.referee_final.numeric_weighted_average).toBe(78);
    expect(result.referee_final.OverallExperience).toBe(60);
  });

  it("does not adopt when one of the three is unverified: the two backed ones are accepted individually", () => {
    const { outcome, result } = decide(ALL_100, critique({ ...backed, TaskSuccess: disagree(60, 'USER: "I hated every minute" says it all') }));
    expect(outcome.adoptedCriticVersion).toBe(false);
    expect(outcome.disagreements).toBe(3);
    expect(outcome.decisions.map((d) => d.action)).toEqual(["kept", "accepted", "accepted", "agreed", "agreed", "agreed"]);
    expect(outcome.decisions[0]?.quotes).toEqual([{ quote: "I hated every minute", verified: false }]);
    expect(finalScores(result)).toEqual([100, 80, 80, 100, 100, 100]);
    // 100*0.40 + 80*0.15 + 80*0.15 + 100*0.10*3 = 40 + 12 + 12 + 30 = 94 → 80
    expect(result.referee_final.numeric_weighted_average).toBe(94);
    expect(result.referee_final.OverallExperience).toBe(80);
    expect(result.audit.adopted_critic_version).toBe(false);
  });

  it("does not count a no-op towards the three", () => {
    const { outcome } = decide(ALL_100, critique({ ...backed, Accuracy: disagree(100, "SYSTEM: 'was the acting bad?'") }));
    expect(outcome.disagreements).toBe(2);
    expect(outcome.adoptedCriticVersion).toBe(false);
    expect(outcome.decisions.map((d) => d.action)).toEqual(["accepted", "accepted", "no_op", "agreed", "agreed", "agreed"]);
  });

  it("adopts with more than three", () => {
    const { outcome, result } = decide(ALL_100, critique({ ...backed, Fluency: disagree(60, "USER: 'It it really is.' shows SYSTEM's prompts confuse") }));
    expect(outcome.adoptedCriticVersion).toBe(true);
    expect(outcome.disagreements).toBe(4);
    // 24 + 12 + 12 + 10 + 10 + 60*0.10 = 74 → 60
    expect(result.referee_final.numeric_weighted_average).toBe(74);
    expect(result.referee_final.OverallExperience).toBe(60);
  });
});
