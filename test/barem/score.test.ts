/**
 * The barem's score node: OverallExperience always recomputed in code (weighted average, floor
 * bucket), the model's own value only compared. Every expected number is computed by hand here.
 */
import { describe, expect, it } from "vitest";
import { buildBaremGraph } from "../../graphs/barem.js";
import { ScriptedChatModel, type Script } from "../support/scripted-model.js";
import { allScores, seedExpected, TARGET } from "./helpers.js";
import { rubricFor } from "../support/rubric-for.js";

type Result = Record<string, any>;
const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"];

async function run(script: Script, configurable: Record<string, unknown> = {}) {
  const model = new ScriptedChatModel(script);
  const state = await buildBaremGraph().compile().invoke({ dialogue: TARGET }, { configurable: { chatModel: model, ...configurable } });
  return { model, result: state.result as Result };
}

describe("barem score node on the original three few-shot examples (docs/protocols.md#known-slips-in-the-original-examples)", () => {
  it("example 1 (dialogue 335): 100,100,100,100,80,100 → 98.00 → 80, not the original's 100", async () => {
    // 100×0.40 + 100×0.15 + 100×0.15 + 100×0.10 + 80×0.10 + 100×0.10 = 40 + 15 + 15 + 10 + 8 + 10 = 98.
    // The original states 100 (its "nearest bucket" reading); its own output format says "rounded down"
    // (90 → 80), and floor is the default of every rubric taken from the originals (docs/protocols.md#barem):
    // 98 → 80. The original's 100 reaches the score node as the model's own value and is reported as a mismatch.
    const { result } = await run(() => seedExpected(0));
    expect(result.OverallExperience.score).toBe(80);
    expect(result.audit).toEqual({
      weighted_calc: "100*0.40 + 100*0.15 + 100*0.15 + 100*0.10 + 80*0.10 + 100*0.10 = 98.00",
      mapping_rule: "round down to the bucket (bias low): 98.00 → 80",
      numeric_weighted_average: 98,
    });
    expect(result.meta.warnings).toEqual(["OverallExperience: model said 100, recomputed 80"]);
  });

  it("example 2 (dialogue 25): 100,80,100,100,60,100 → 93.00 → 80, as the original says", async () => {
    // 40 + 80×0.15 (12) + 15 + 10 + 60×0.10 (6) + 10 = 93 → floor 80. ("Nearest" would give 100: the
    // original's examples 1 and 2 cannot both follow one rounding rule.)
    const { result } = await run(() => seedExpected(1));
    expect(result.OverallExperience.score).toBe(80);
    expect(result.audit.numeric_weighted_average).toBe(93);
    expect(result.audit.mapping_rule).toBe("round down to the bucket (bias low): 93.00 → 80");
    expect(result.meta.warnings).toEqual([]);
  });

  it("example 3 (dialogue 26): 40,40,60,60,60,60 → 49.00 → 40, as the original says", async () => {
    // 40×0.40 (16) + 40×0.15 (6) + 60×0.15 (9) + 60×0.10 × 3 (18) = 49 → floor 40.
    const { result } = await run(() => seedExpected(2));
    expect(result.OverallExperience.score).toBe(40);
    expect(result.audit.weighted_calc).toBe("40*0.40 + 40*0.15 + 60*0.15 + 60*0.10 + 60*0.10 + 60*0.10 = 49.00");
    expect(result.meta.warnings).toEqual([]);
    expect(result.TaskSuccess).toEqual({ score: 40, justification: "Interaction is repetitive and yields limited actionable content." });
  });
});

describe("barem output", () => {
  it("is exactly the barem's object (docs/protocols.md#barem) plus dialogue_id, audit and meta; the recomputed overall wins over the model's", async () => {
    // 80 everywhere → 80.00 → 80; the model says 100.
    const { model, result } = await run(() => allScores(Object.fromEntries(CRITERIA.map((c) => [c, 80])), 100));
    expect(model.calls.map((c) => c.role)).toEqual(["judge"]);
    expect(Object.keys(result)).toEqual(["dialogue_id", ...CRITERIA, "OverallExperience", "audit", "meta"]);
    expect(result.dialogue_id).toBe("target-7");
    for (const c of CRITERIA) expect(result[c]).toEqual({ score: 80, justification: 'The user answered "Past Lives" directly.' });
    expect(result.OverallExperience).toEqual({ score: 80, justification: "Weighted average of all criteria, round down to the bucket (bias low): 80.00 → 80." });
    expect(result.meta).toMatchObject({ protocol: "barem", rubric: "ccpe-barem", status: "scored", calls: 1, warnings: ["OverallExperience: model said 100, recomputed 80"] });
  });

  it("gives no warning when the model leaves OverallExperience null or agrees", async () => {
    const scores = { TaskSuccess: 60, Helpfulness: 80, Accuracy: 100, Understanding: 80, Empathy: 60, Fluency: 100 };
    // 24 + 12 + 15 + 8 + 6 + 10 = 75 → 60
    const none = await run(() => allScores(scores, null));
    expect(none.result.OverallExperience.score).toBe(60);
    expect(none.result.meta.warnings).toEqual([]);
    const agrees = await run(() => allScores(scores, 60));
    expect(agrees.result.meta.warnings).toEqual([]);
  });

  it("asks again once when a score is off the scale, then falls back to the offline judge", async () => {
    const off = allScores(Object.fromEntries(CRITERIA.map((c) => [c, 80])), null);
    const repaired = await run(({ attempt }) => (attempt === 0 ? { ...off, Empathy: { score: 70, justification: "x" } } : off));
    expect(repaired.model.calls).toHaveLength(2);
    expect(String(repaired.model.calls[1]?.messages.at(-1)?.content)).toContain("Empathy: 70 is not one of 20, 40, 60, 80, 100");
    expect(repaired.result.meta.invalid_outputs).toEqual([{ agent: "judge", kind: "out_of_scale", message: "Empathy: 70 is not one of 20, 40, 60, 80, 100" }]);
    expect(repaired.result.meta.fallbacks).toEqual([]);

    const stubborn = await run(() => ({ ...off, Empathy: { score: 70, justification: "x" } }));
    expect(stubborn.result.meta.fallbacks).toEqual([{ agent: "judge", kind: "invalid_output", message: "out_of_scale: Empathy: 70 is not one of 20, 40, 60, 80, 100" }]);
    for (const c of CRITERIA) expect([20, 40, 60, 80, 100]).toContain(stubborn.result[c].score);
  });

  it("is an unscored line when the judge fails and onFailure is unscored", async () => {
    const { result } = await run(() => new Error("HTTP 503 upstream"), { onFailure: "unscored" });
    expect(result).toMatchObject({ dialogue_id: "target-7", status: "unscored", error: { agent: "judge", kind: "error", message: "HTTP 503 upstream" } });
    expect(result.meta.status).toBe("unscored");
  });

  it("applies a rubric's rules when one has them (ccpe-strict): caps, −10, and --blind", async () => {
    const scores = { TaskSuccess: 80, Helpfulness: 80, Accuracy: 80, Understanding: 80, Empathy: 40, Fluency: 80 };
    // Human OVERALL mean (5+1+5+1+2)/5 = 2.8 < 3 → TaskSuccess capped 80 → 60:
    // 60×0.40 + 80×0.15 + 80×0.15 + 80×0.10 + 40×0.10 + 80×0.10 = 24 + 12 + 12 + 8 + 4 + 8 = 68; Empathy 40 < 60 → 58 → 40.
    const strict = await run(() => allScores(scores, null), { rubric: rubricFor("ccpe-strict", "barem") });
    expect(strict.result.TaskSuccess.score).toBe(60);
    expect(strict.result.TaskSuccess.justification).toMatch(/\(capped at 60 by rule\)$/);
    expect(strict.result.OverallExperience.score).toBe(40);
    expect(strict.result.audit.weighted_calc).toBe("60*0.40 + 80*0.15 + 80*0.15 + 80*0.10 + 40*0.10 + 80*0.10 = 68.00; Empathy 40 < 60: 68.00 − 10 = 58.00");
    // --blind: no cap; 32 + 12 + 12 + 8 + 4 + 8 = 76 − 10 = 66 → 60.
    const blind = await run(() => allScores(scores, null), { rubric: rubricFor("ccpe-strict", "barem"), blind: true });
    expect(blind.result.TaskSuccess.score).toBe(80);
    expect(blind.result.OverallExperience.score).toBe(60);
  });

  it("refuses a checklist rubric", async () => {
    await expect(run(() => ({}), { rubric: rubricFor("coaching", "barem") })).rejects.toThrow(/barem protocol needs a scored rubric/);
  });
});

