/**
 * The offline judge's consensus roles: deterministic, ±0.5 biases at mid-scale scaled by the room left
 * on [1, 5] (shifted = score + bias × room / 2, room = score − 1 for strict, 5 − score for generous),
 * reasoning that quotes real text, and the whole graph offline on a candidate with hand-computed numbers.
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
  it("are the unbiased reading shifted by ±0.5 at mid-scale, scaled by the room left on the scale, per criterion and overall", () => {
    // half = (5 − 1) / 2 = 2. Strict: r − 0.5 × (r − 1) / 2; generous: r + 0.5 × (5 − r) / 2.
    // Their gap is 0.5 × (r − 1) / 2 + 0.5 × (5 − r) / 2 = 0.5 × 4 / 2 = 1.0 whatever the reading.
    for (const [rubric, dialogue] of [[SKILLS, candidate(1)], [CS5, DIALOGUE]] as const) {
      const base = baseReading(rubric, dialogue);
      const strict = offlineStrict(rubric, dialogue, -0.5, B);
      const generous = offlineGenerous(rubric, dialogue, 0.5, B);
      base.criteria.forEach((c, i) => {
        close(strict.criteria[i]?.score as number, c.score - (0.5 * (c.score - 1)) / 2);
        close(generous.criteria[i]?.score as number, c.score + (0.5 * (5 - c.score)) / 2);
        close((generous.criteria[i]?.score as number) - (strict.criteria[i]?.score as number), 1.0);
      });
      close(strict.overall_score, base.overall - (0.5 * (base.overall - 1)) / 2);
      close(generous.overall_score, base.overall + (0.5 * (5 - base.overall)) / 2);
      close(generous.overall_score - strict.overall_score, 1.0);
    }
  });

  it("the scaled bias never leaves the scale and keeps strict ≤ reading ≤ generous at 1, 3 and 5", () => {
    // A one-criterion rubric whose readings can only be 1, 3 or 5 (quality → nearest of 1 + 4q), so the
    // three points of the 1–5 scale are reached exactly; the bounds are the real scale, [1, 5].
    const criterion = { ...(SKILLS.criteria[0] as (typeof SKILLS.criteria)[number]), weight: 1 };
    const rubric = { ...SKILLS, scale: { kind: "discrete" as const, values: [1, 3, 5] }, criteria: [criterion] };
    const readings = [
      // "Hello.": 1 word, no term → q = 0.15 + 0.35 × 1/150 ≈ 0.152 → 1 + 4 × 0.152 ≈ 1.61 → 1.
      { content: "Hello.", reading: 1 },
      // 3 terms (programming, languages, databases) in 6 words → q = 0.15 + 0.35 × 6/150 + 0.5 × 3/5 = 0.464 → 2.856 → 3.
      { content: "I know programming languages and databases.", reading: 3 },
      // candidate_2: 5 terms, 131 words → q ≈ 0.956 → 4.82 → 5.
      { content: candidates[1]?.content as string, reading: 5 },
    ];
    // Hand-computed (half = 2): bias ±0.5 — at 1: 1 − 0.5 × 0 / 2 = 1 and 1 + 0.5 × 4 / 2 = 2.0; at 3: 3 − 0.5 × 2 / 2 = 2.5
    // and 3 + 0.5 × 2 / 2 = 3.5; at 5: 5 − 0.5 × 4 / 2 = 4.0 and 5 + 0.5 × 0 / 2 = 5.
    // Bias ±1 — at 1: 1 and 1 + 1 × 4 / 2 = 3; at 3: 3 − 1 × 2 / 2 = 2 and 4; at 5: 5 − 1 × 4 / 2 = 3 and 5.
    const expected: Record<number, Record<number, [number, number]>> = {
      0.5: { 1: [1, 2], 3: [2.5, 3.5], 5: [4, 5] },
      1: { 1: [1, 3], 3: [2, 4], 5: [3, 5] },
    };
    for (const { content, reading } of readings) {
      const dialogue = submissionDialogue("point", content);
      const base = baseReading(rubric, dialogue);
      expect(base.criteria[0]?.score, content).toBe(reading);
      expect(base.overall).toBe(reading);
      for (const bias of [0.5, 1]) {
        const strict = offlineStrict(rubric, dialogue, -bias, B);
        const generous = offlineGenerous(rubric, dialogue, bias, B);
        const [s, g] = expected[bias]?.[reading] as [number, number];
        for (const [st, ge] of [[strict.criteria[0]?.score as number, generous.criteria[0]?.score as number], [strict.overall_score, generous.overall_score]]) {
          close(st, s);
          close(ge, g);
          expect(st).toBeGreaterThanOrEqual(1);
          expect(ge).toBeLessThanOrEqual(5);
          expect(st).toBeLessThanOrEqual(reading);
          expect(ge).toBeGreaterThanOrEqual(reading);
        }
      }
    }
  });

  it("a dialogue is read with the panel's features: criterionQuality mapped onto 1–5", () => {
    const inputs = modelInputs(DIALOGUE);
    const base = baseReading(CS5, DIALOGUE);
    CS5.criteria.forEach((c, i) => expect(base.criteria[i]?.score).toBe(qualityToScore(criterionQuality(c.id, inputs).quality, CS5)));
  });

  it("scales the bias near 5: candidate_2's Technical Skills reads 4.8, so strict gives 3.85 and generous 4.85", () => {
    // Strict: 4.8 − 0.5 × (4.8 − 1) / 2 = 4.8 − 0.5 × 3.8 / 2 = 4.8 − 0.95 = 3.85 (much room below).
    // Generous: 4.8 + 0.5 × (5 − 4.8) / 2 = 4.8 + 0.5 × 0.2 / 2 = 4.8 + 0.05 = 4.85 (little room above, no clamp).
    // Communication reads 3.6: strict 3.6 − 0.5 × 2.6 / 2 = 2.95, generous 3.6 + 0.5 × 1.4 / 2 = 3.95.
    const generous = offlineGenerous(SKILLS, candidate(1), 0.5, B);
    const strict = offlineStrict(SKILLS, candidate(1), -0.5, B);
    expect(generous.criteria[0]).toMatchObject({ criterion_name: "Technical Skills", score: 4.85 });
    expect(strict.criteria[0]).toMatchObject({ criterion_name: "Technical Skills", score: 3.85 });
    expect(generous.criteria[1]).toMatchObject({ criterion_name: "Communication", score: 3.95 });
    expect(strict.criteria[1]).toMatchObject({ criterion_name: "Communication", score: 2.95 });
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
    // Overall 4.8 × .35 + 3.6 × .2 + 4.0 × .25 + 4.8 × .2 = 1.68 + 0.72 + 1.0 + 0.96 = 4.36.
    // Round 1 (half = 2): S = 4.36 − 0.5 × 3.36 / 2 = 4.36 − 0.84 = 3.52; G = 4.36 + 0.5 × 0.64 / 2 = 4.36 + 0.16 = 4.52;
    // |Δ| = 1.0 > 0.5 → debate (round 2 of 2). Refinement proposes halfway 3.52 + 0.5 = 4.02 → clamped to 3.52 + 0.3 = 3.82;
    // G 4.52 + 0.2 × (3.82 − 4.52) = 4.52 − 0.14 = 4.38; |3.82 − 4.38| = 0.56 > 0.5, rounds used up → weighted average:
    // 0.6 × 3.82 + 0.4 × 4.38 = 2.292 + 1.752 = 4.044.
    // Technical Skills 4.8: S 4.8 − 0.5 × 3.8 / 2 = 3.85, G 4.8 + 0.5 × 0.2 / 2 = 4.85; proposal 3.85 + 0.5 = 4.35 → clamped 4.15;
    // G 4.85 + 0.2 × (4.15 − 4.85) = 4.71; final 0.6 × 4.15 + 0.4 × 4.71 = 2.49 + 1.884 = 4.374.
    // Communication 3.6: S 2.95, G 3.95; S → 3.25 (proposal 3.45); G 3.95 − 0.14 = 3.81; final 1.95 + 1.524 = 3.474.
    // Problem Solving 4.0: S 4.0 − 0.5 × 3 / 2 = 3.25, G 4.0 + 0.5 × 1 / 2 = 4.25; S → 3.55; G 4.25 − 0.14 = 4.11;
    // final 2.13 + 1.644 = 3.774. Experience Relevance 4.8: as Technical Skills, 4.374.
    const graph = buildConsensusGraph().compile();
    const state = await graph.invoke({ dialogue: candidate(1) }, { configurable: { rubric: "candidate-skills" } });
    const r = state.result as Record<string, any>;
    close(r.overall_score, 4.044);
    expect(r.consensus_metadata).toEqual({ rounds_conducted: 2, strict_final_score: 3.82, generous_final_score: 4.38, consensus_method: "weighted_average" });
    const scores = Object.fromEntries(r.criteria_evaluations.map((e: { criterion_name: string; score: number }) => [e.criterion_name, e.score]));
    close(scores["Technical Skills"], 4.374);
    close(scores.Communication, 0.6 * 3.25 + 0.4 * 3.81);
    close(scores["Problem Solving"], 3.774);
    close(scores["Experience Relevance"], 4.374);
    expect(r.meta).toMatchObject({ protocol: "consensus", rubric: "candidate-skills", model: "offline", calls: 4, status: "scored" });
    expect(r.debate[0].strict.proposed.criteria["Technical Skills"]).toBe(4.35);
  });
});
