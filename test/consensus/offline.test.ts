/**
 * The offline judge's consensus roles: deterministic, ±0.5 biases clamped to [1, 5], reasoning that
 * quotes real text, and the whole graph offline on a candidate with hand-computed numbers.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildConsensusGraph } from "../../graphs/consensus.js";
import { submissionDialogue } from "../../nodes/consensus/submissions.js";
import { checkQuotes } from "../../evidence/quotes.js";
import { baseReading, offlineDebateCritique, offlineGenerous, offlineStrict, offlineStrictRefinement, submissionSignal } from "../../nodes/consensus/offline/index.js";
import { criterionQuality, modelInputs } from "../../judges/offline/model.js";
import { qualityToScore } from "../../judges/offline/scale.js";
import { loadRubric } from "../../rubrics/load.js";
import { answer, CS5, DIALOGUE } from "./helpers.js";

const SKILLS = loadRubric("candidate-skills");
const B = { min: 1, max: 5 };
const candidates = readFileSync("examples/candidates.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; content: string });
const candidate = (i: number) => submissionDialogue(candidates[i]?.id as string, candidates[i]?.content as string);
const close = (actual: number | undefined, expected: number) => expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(1e-9);

describe("submission signals (content length and criterion keywords)", () => {
  it("quality = 0.15 + 0.35 × words/150 + 0.5 × min(found, 5)/5", () => {
    const s = submissionSignal({ id: "Testing", description: "Unit tests, integration tests and coverage.", weight: 1, naAllowed: true, safety: false }, "I write unit tests for every feature.");
    expect(s.terms).toEqual(["testing", "unit", "test", "integration", "coverage"]);
    expect(s.found).toEqual(["unit", "test"]);
    expect(s.words).toBe(7);
    close(s.quality, 0.15 + (0.35 * 7) / 150 + 0.5 * (2 / 5));
    expect(s.reasoning).toBe(`Testing: 2 of the criterion's terms appear (unit, test) in a 7-word submission, e.g. USER: "I write unit tests for every feature.".`);
  });

  it("a longer, more specific submission reads higher on every criterion", () => {
    const weak = baseReading(SKILLS, candidate(0));
    const strong = baseReading(SKILLS, candidate(1));
    SKILLS.criteria.forEach((c, i) => expect(strong.criteria[i]?.score, c.id).toBeGreaterThan(weak.criteria[i]?.score as number));
  });
});

describe("offline strict and generous", () => {
  it("are the unbiased reading −0.5 / +0.5, clamped to [1, 5], per criterion and overall", () => {
    for (const [rubric, dialogue] of [[SKILLS, candidate(1)], [CS5, DIALOGUE]] as const) {
      const base = baseReading(rubric, dialogue);
      const strict = offlineStrict(rubric, dialogue, -0.5, B);
      const generous = offlineGenerous(rubric, dialogue, 0.5, B);
      base.criteria.forEach((c, i) => {
        close(strict.criteria[i]?.score as number, Math.max(1, c.score - 0.5));
        close(generous.criteria[i]?.score as number, Math.min(5, c.score + 0.5));
      });
      close(strict.overall_score, Math.max(1, base.overall - 0.5));
      close(generous.overall_score, Math.min(5, base.overall + 0.5));
    }
  });

  it("a dialogue is read with the panel's features: criterionQuality mapped onto 1–5", () => {
    const inputs = modelInputs(DIALOGUE);
    const base = baseReading(CS5, DIALOGUE);
    CS5.criteria.forEach((c, i) => expect(base.criteria[i]?.score).toBe(qualityToScore(criterionQuality(c.id, inputs).quality, CS5)));
  });

  it("clamps at 5: candidate_2's Technical Skills reads 4.8, so generous gives 5 and strict 4.3", () => {
    const generous = offlineGenerous(SKILLS, candidate(1), 0.5, B);
    const strict = offlineStrict(SKILLS, candidate(1), -0.5, B);
    expect(generous.criteria[0]).toMatchObject({ criterion_name: "Technical Skills", score: 5 });
    expect(strict.criteria[0]).toMatchObject({ criterion_name: "Technical Skills", score: 4.3 });
  });

  it("every reasoning quotes text that occurs in the content", () => {
    for (const [rubric, dialogue] of [[SKILLS, candidate(1)], [SKILLS, candidate(0)], [CS5, DIALOGUE]] as const) {
      for (const c of offlineStrict(rubric, dialogue, -0.5, B).criteria) {
        const quotes = checkQuotes(c.reasoning, dialogue);
        expect(quotes.length, c.reasoning).toBeGreaterThan(0);
        expect(quotes.every((q) => q.verified), c.reasoning).toBe(true);
      }
    }
  });
});

describe("offline debate roles", () => {
  it("the critique names the criteria strict scored lower, largest gap first, with evidence", () => {
    const strict = answer(2.0, [2.0, 3.0, 3.0, 3.0, 3.0, 3.0]);
    const generous = answer(3.0, [3.5, 3.0, 3.5, 3.0, 3.0, 3.0]);
    const { critique } = offlineDebateCritique(CS5, DIALOGUE, strict, generous);
    expect(critique).toMatch(/^The strict evaluation \(overall 2\.00 against my 3\.00\) is too harsh\. TaskSuccess: you gave 2\.00 where the content supports 3\.50; .* Accuracy: you gave 3\.00 where the content supports 3\.50; /);
    expect(critique).not.toContain("Helpfulness: you gave");
    expect(checkQuotes(critique, DIALOGUE).some((q) => q.verified)).toBe(true);
    expect(offlineDebateCritique(CS5, DIALOGUE, generous, generous).critique).toMatch(/nothing to add/);
  });

  it("the refinement proposes to close half of each gap and never goes down", () => {
    const strict = answer(2.0, [2.0, 3.0, 3.0, 3.0, 3.0, 3.0]);
    const generous = answer(3.0, [3.5, 2.0, 3.5, 3.0, 3.0, 3.0]);
    const refined = offlineStrictRefinement(strict, generous);
    expect(refined.overall_score).toBe(2.5);
    expect(refined.criteria.map((c) => c.score)).toEqual([2.75, 3.0, 3.25, 3.0, 3.0, 3.0]);
    expect(refined.reasoning).toBe("Refined after the generous agent's critique: raises TaskSuccess, Accuracy slightly and keeps rigorous standards elsewhere.");
  });
});

describe("the whole graph offline on candidate_2 (candidate-skills)", () => {
  it("hand-computed from the readings 4.8 / 3.6 / 4.0 / 4.8 (overall 4.36)", async () => {
    // Readings: Technical Skills 5 terms, 131 words → 1 + 4 × (0.15 + 0.35 × 131/150 + 0.5) = 4.82 → 4.8;
    // Communication 2 terms → 3.62 → 3.6; Problem Solving 3 terms → 4.02 → 4.0; Experience Relevance 5 terms → 4.8.
    // Overall 4.8 × .35 + 3.6 × .2 + 4.0 × .25 + 4.8 × .2 = 4.36. Round 1: S 3.86, G 4.86, |Δ| 1.0 → debate.
    // Refinement proposes 3.86 + 0.5 → clamped 4.16; G 4.86 + 0.2 × (4.16 − 4.86) = 4.72; |Δ| 0.56 → weighted average:
    // 0.6 × 4.16 + 0.4 × 4.72 = 4.384. Technical Skills: S 4.3 → 4.6 (proposal 4.65), G 5 → 4.92 → 4.728.
    const graph = buildConsensusGraph().compile();
    const state = await graph.invoke({ dialogue: candidate(1) }, { configurable: { rubric: "candidate-skills" } });
    const r = state.result as Record<string, any>;
    close(r.overall_score, 4.384);
    expect(r.consensus_metadata).toEqual({ rounds_conducted: 2, strict_final_score: 4.16, generous_final_score: 4.72, consensus_method: "weighted_average" });
    const scores = Object.fromEntries(r.criteria_evaluations.map((e: { criterion_name: string; score: number }) => [e.criterion_name, e.score]));
    close(scores["Technical Skills"], 4.728);
    close(scores.Communication, 0.6 * 3.4 + 0.4 * 3.96);
    expect(r.meta).toMatchObject({ protocol: "consensus", rubric: "candidate-skills", model: "offline", calls: 4, status: "scored" });
    expect(r.debate[0].strict.proposed.criteria["Technical Skills"]).toBe(4.65);
  });
});
