/**
 * The `ccpe-strict` rubric rules (docs/protocols.md#rubric-rules-ccpe-strict) on purpose-built cases: `--blind`, the Empathy cap with and
 * without emotional content, a dialogue without OVERALL ratings, and the score node itself.
 */
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { buildPanelGraph } from "../../graphs/panel.js";
import { score } from "../../nodes/panel/score.js";
import { referee } from "../../nodes/panel/referee-rules.js";
import { loadRubric, validateRubric } from "../../rubrics/load.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { critique, finalScores, REAL_QUOTE, ruleRecord, scoreFinals, seedDialogue, verdicts, finalVerdict } from "./helpers.js";

const rubric = loadRubric("ccpe-strict");

function chat(id: string, lines: readonly [Dialogue["turns"][number]["speaker"], string][]): Dialogue {
  return { id, turns: lines.map(([speaker, text]) => ({ speaker, text })) };
}

const WORRIED = chat("worried", [
  ["user", "My flight to Rome was cancelled and I'm so worried I'll miss my sister's wedding…"],
  ["assistant", "I'm sorry to hear that. I can rebook you on the 18:05 flight tonight."],
  ["user", "Yes please, book it."],
]);
const TRANSACTIONAL = chat("transactional", [
  ["user", "Rebook my cancelled flight to Rome for tonight."],
  ["assistant", "I can rebook you on the 18:05 flight tonight."],
  ["user", "Yes please, book it."],
]);
const QUOTE = 'SYSTEM: "I can rebook you on the 18:05 flight tonight."';

describe("the human OVERALL cap and --blind (dialogue 26, OVERALL 2,2,2)", () => {
  const dialogue = seedDialogue("seed001", 26);
  const finals = [100, 80, 100, 100, 60, 100];

  it("caps TaskSuccess at 60 and records it", () => {
    const result = scoreFinals(rubric, dialogue, finals, REAL_QUOTE[26]);
    expect(ruleRecord(result, "cap_when_human_overall_below")).toEqual({
      rule: "cap_when_human_overall_below",
      criterion: "TaskSuccess",
      fired: true,
      detail: "human OVERALL average 2.00 < 3; TaskSuccess capped 100 → 60",
    });
    expect(finalScores(result)).toEqual([60, 80, 100, 100, 60, 100]);
    expect(finalVerdict(result, "TaskSuccess").justification).toMatch(/\(capped at 60 by rule\)$/);
    // 60*0.40 + 80*0.15 + 100*0.15 + 100*0.10 + 60*0.10 + 100*0.10 = 24 + 12 + 15 + 10 + 6 + 10 = 77 → 60
    expect(result.referee_final.numeric_weighted_average).toBe(77);
    expect(result.referee_final.OverallExperience).toBe(60);
    // The evaluator's own average is uncapped: 40 + 12 + 15 + 10 + 6 + 10 = 93
    expect(result.evaluator.numeric_weighted_average).toBe(93);
  });

  it("is disabled by blind: true, and says so", () => {
    const result = scoreFinals(rubric, dialogue, finals, REAL_QUOTE[26], true);
    expect(ruleRecord(result, "cap_when_human_overall_below")).toEqual({
      rule: "cap_when_human_overall_below",
      criterion: "TaskSuccess",
      fired: false,
      detail: "disabled by --blind (reads human ratings)",
    });
    expect(finalScores(result)).toEqual(finals);
    expect(finalVerdict(result, "TaskSuccess").justification).not.toMatch(/capped/);
    // 100*0.40 + 80*0.15 + 100*0.15 + 100*0.10 + 60*0.10 + 100*0.10 = 40 + 12 + 15 + 10 + 6 + 10 = 93 → 80
    expect(result.referee_final.numeric_weighted_average).toBe(93);
    expect(result.referee_final.OverallExperience).toBe(80);
    // --blind leaves the rules that read no human rating alone: Empathy 60 is considered (already ≤ 60).
    expect(ruleRecord(result, "cap_when_no_emotional_content").detail).toBe("no emotional content detected in the user's turns; Empathy 60 already ≤ 60");
  });

  it("flows from the graph's configurable `blind` to the score node", async () => {
    const evaluation = verdicts(finals, REAL_QUOTE[26]);
    const chatModel = new ScriptedChatModel(({ role }) => (role === "evaluator" ? evaluation : { critic: critique() }));
    const graph = buildPanelGraph().compile();
    type Out = { referee_final: { OverallExperience: number }; audit: { rules: { rule: string; detail: string }[] } };
    const blind = (await graph.invoke({ dialogue }, { configurable: { rubric: "ccpe-strict", blind: true, chatModel } })).result as unknown as Out;
    expect(blind.audit.rules.find((r) => r.rule === "cap_when_human_overall_below")?.detail).toBe("disabled by --blind (reads human ratings)");
    expect(blind.referee_final.OverallExperience).toBe(80); // 93 → 80, as above
    const seen = (await graph.invoke({ dialogue }, { configurable: { rubric: "ccpe-strict", chatModel } })).result as unknown as Out;
    expect(seen.audit.rules.find((r) => r.rule === "cap_when_human_overall_below")?.detail).toBe("human OVERALL average 2.00 < 3; TaskSuccess capped 100 → 60");
    expect(seen.referee_final.OverallExperience).toBe(60); // 77 → 60, as above
  });
});

describe("the Empathy cap when the dialogue has no emotional content", () => {
  it("fires on a transactional dialogue: Empathy 100 → 60, 100 → 96 → 80", () => {
    const result = scoreFinals(rubric, TRANSACTIONAL, [100, 100, 100, 100, 100, 100], QUOTE);
    expect(ruleRecord(result, "cap_when_no_emotional_content")).toEqual({
      rule: "cap_when_no_emotional_content",
      criterion: "Empathy",
      fired: true,
      detail: "no emotional content detected in the user's turns; Empathy capped 100 → 60",
    });
    // 100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 60*0.10 + 100*0.10 = 40 + 15 + 15 + 10 + 6 + 10 = 96 → 80
    expect(finalVerdict(result, "Empathy").score).toBe(60);
    expect(finalVerdict(result, "Empathy").justification).toBe(`Empathy rests on ${QUOTE}. (capped at 60 by rule)`);
    expect(result.referee_final.numeric_weighted_average).toBe(96);
    expect(result.referee_final.OverallExperience).toBe(80);
  });

  it("does not fire when the user is worried (\"I'm so worried…\"): 100 → 100", () => {
    const result = scoreFinals(rubric, WORRIED, [100, 100, 100, 100, 100, 100], QUOTE);
    expect(ruleRecord(result, "cap_when_no_emotional_content")).toEqual({
      rule: "cap_when_no_emotional_content",
      criterion: "Empathy",
      fired: false,
      detail: 'emotional content detected in the user\'s turns (turn 1: "worried"); Empathy not capped',
    });
    expect(finalVerdict(result, "Empathy").score).toBe(100);
    expect(result.referee_final.numeric_weighted_average).toBe(100);
    expect(result.referee_final.OverallExperience).toBe(100); // floor: 100 only at ≥ 100
  });
});

describe("a dialogue without human OVERALL ratings", () => {
  it("records that the OVERALL cap had nothing to read", () => {
    expect(TRANSACTIONAL.overallRatings).toBeUndefined();
    const result = scoreFinals(rubric, TRANSACTIONAL, [100, 100, 100, 100, 40, 100], QUOTE);
    expect(ruleRecord(result, "cap_when_human_overall_below")).toEqual({
      rule: "cap_when_human_overall_below",
      criterion: "TaskSuccess",
      fired: false,
      detail: "no human OVERALL ratings in the transcript",
    });
    // 40 + 15 + 15 + 10 + 40*0.10 + 10 = 94; Empathy 40 < 60 → 84 → 80
    expect(result.referee_final.numeric_weighted_average).toBe(94);
    expect(result.audit.adjusted_average).toBe(84);
    expect(result.referee_final.OverallExperience).toBe(80);
    expect(result.audit.rules.map((r) => [r.rule, r.fired])).toEqual([
      ["cap_when_human_overall_below", false],
      ["cap_when_no_emotional_content", false], // 40 already ≤ 60
      ["deduct_when_any_criterion_below", true],
    ]);
  });
});

describe("bucketing mode comes from the rubric", () => {
  const finals = [80, 60, 100, 80, 60, 80]; // the panel's example C (docs/protocols.md#known-slips-in-the-original-examples): 32 + 9 + 15 + 8 + 6 + 8 = 78
  const base = loadRubric("customer-service");

  it("floor (the built-in rubrics' default): 78 → 60", () => {
    const result = scoreFinals(base, seedDialogue("seed000", 26), finals, REAL_QUOTE[26]);
    expect(result.referee_final.OverallExperience).toBe(60);
  });

  it("nearest: 78 → 80, and a rubric without bucketing falls back to floor on its scale", () => {
    const nearest = validateRubric({ ...base, bucketing: { mode: "nearest", buckets: [20, 40, 60, 80, 100] } });
    const result = scoreFinals(nearest, seedDialogue("seed000", 26), finals, REAL_QUOTE[26]);
    expect(result.referee_final.OverallExperience).toBe(80); // |78 − 80| = 2 < |78 − 60| = 18
    expect(result.audit.mapping_rule).toBe("nearest bucket, ties down: 78.00 → 80");
    const unset = validateRubric({ ...base, bucketing: undefined });
    expect(scoreFinals(unset, seedDialogue("seed000", 26), finals, REAL_QUOTE[26]).referee_final.OverallExperience).toBe(60);
  });

  it("nearest: a tie goes down (70 → 60)", () => {
    const nearest = validateRubric({ ...base, bucketing: { mode: "nearest", buckets: [20, 40, 60, 80, 100] } });
    // 60*0.40 + 80*0.15 + 80*0.15 + 80*0.10 + 80*0.10 + 60*0.10 = 24 + 12 + 12 + 8 + 8 + 6 = 70
    const result = scoreFinals(nearest, seedDialogue("seed000", 26), [60, 80, 80, 80, 80, 60], REAL_QUOTE[26]);
    expect(result.referee_final.numeric_weighted_average).toBe(70);
    expect(result.referee_final.OverallExperience).toBe(60);
  });
});

describe("the score node", () => {
  const dialogue = seedDialogue("seed001", 25);
  const evaluation = verdicts([60, 60, 100, 80, 40, 80], REAL_QUOTE[25]);
  const state = {
    dialogue,
    evaluation,
    critique: critique(),
    resolution: referee(rubric, dialogue, evaluation, critique()),
    calls: [],
    warnings: ["w1"],
  };

  it("writes the panel's JSON (docs/protocols.md#panel-output) plus meta from the configured rubric", () => {
    const update = score(state as never, { configurable: { rubric: "ccpe-strict" } });
    const result = update.result as Record<string, unknown> & { referee_final: Record<string, unknown>; audit: Record<string, unknown> };
    expect(Object.keys(result)).toEqual(["dialogue_id", "evaluator", "critic", "referee_final", "audit", "meta"]);
    // 24 + 9 + 15 + 8 + 4 + 8 = 68; Empathy 40 < 60 → 58 → 40
    expect(result.referee_final.numeric_weighted_average).toBe(68);
    expect(result.referee_final.OverallExperience).toBe(40);
    expect(result.meta).toMatchObject({ protocol: "panel", rubric: "ccpe-strict", model: "offline", status: "scored", calls: 0, warnings: ["w1"] });
  });

  it("with the default rubric (customer-service, no rules) the same scores give 68 → 60", () => {
    const update = score(state as never, { configurable: {} });
    const result = update.result as { referee_final: Record<string, unknown>; audit: { rules: unknown[] }; meta: { rubric: string } };
    expect(result.meta.rubric).toBe("customer-service");
    expect(result.audit.rules).toEqual([]);
    expect(result.referee_final.OverallExperience).toBe(60);
  });

  it("writes an unscored line, never a score, when an agent failed", () => {
    const failure = { agent: "critic", kind: "timeout", message: "timed out after 60000 ms" };
    const update = score({ ...state, resolution: undefined, failure } as never, { configurable: { rubric: "ccpe-strict" } });
    expect(update.result).toMatchObject({ dialogue_id: 25, status: "unscored", error: failure, meta: { status: "unscored", rubric: "ccpe-strict" } });
    expect(update.result).not.toHaveProperty("referee_final");
  });
});
