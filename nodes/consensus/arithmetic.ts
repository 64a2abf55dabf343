/**
 * The consensus protocol's arithmetic (docs/protocols.md#consensus), pure and in one place. Scores are
 * cleaned of float noise (1e-9) after every step, so 2.0 + 0.3 is 2.3 and 4 + 0.2 × (2.3 − 4) is 3.66.
 */
import { clamp, clean } from "../../scoring/numbers.js";
import type { ConsensusAgentOutput } from "./contracts.js";
import type { Bounds } from "./configuration.js";
import type { Scores } from "./records.js";

function mapScores(scores: Scores, f: (value: number, criterion: string | undefined) => number): Scores {
  return {
    overall: f(scores.overall, undefined),
    criteria: Object.fromEntries(Object.entries(scores.criteria).map(([id, v]) => [id, f(v, id)])),
  };
}

/** The scores of an agent's (rubric-ordered) evaluation. */
export function scoresOf(evaluation: ConsensusAgentOutput): Scores {
  return { overall: evaluation.overall_score, criteria: Object.fromEntries(evaluation.criteria.map((c) => [c.criterion_name, c.score])) };
}

/** Writes scores back into an evaluation, keeping its reasoning. */
export function withScores(evaluation: ConsensusAgentOutput, scores: Scores): ConsensusAgentOutput {
  return {
    ...evaluation,
    overall_score: scores.overall,
    criteria: evaluation.criteria.map((c) => ({ ...c, score: scores.criteria[c.criterion_name] ?? c.score })),
  };
}

/** Round-1 bias (strict −0.5, generous +0.5 offline), clamped to the scale. */
export function applyBias(scores: Scores, bias: number, bounds: Bounds): Scores {
  return mapScores(scores, (v) => clean(clamp(v + bias, bounds.min, bounds.max)));
}

/** |S − G| ≤ tolerance on the overall score. */
export function agreement(strict: number, generous: number, tolerance: number): { difference: number; agreed: boolean } {
  const difference = clean(Math.abs(strict - generous));
  return { difference, agreed: difference <= tolerance };
}

/**
 * Strict's refinement: each proposed score is clamped to [old, old + cap] (and to the scale), so
 * strict only moves up, by at most `cap`. A criterion the proposal lacks keeps its old score.
 */
export function clampRefinement(old: Scores, proposed: Scores, cap: number, bounds: Bounds): Scores {
  return mapScores(old, (before, id) => {
    const wanted = id === undefined ? proposed.overall : (proposed.criteria[id] ?? before);
    const high = Math.min(before + cap, bounds.max);
    return clean(clamp(wanted, before, Math.max(before, high)));
  });
}

/** Generous moves a share of the way toward strict: G ← G + share × (S − G), overall and per criterion. */
export function moveToward(generous: Scores, strict: Scores, share: number): Scores {
  return mapScores(generous, (g, id) => {
    const s = id === undefined ? strict.overall : (strict.criteria[id] ?? g);
    return clean(g + share * (s - g));
  });
}

/** Final = w_strict × S + w_generous × G, overall and per criterion, on every path. */
export function weightedConsensus(strict: Scores, generous: Scores, weights: { strict: number; generous: number }): Scores {
  return mapScores(strict, (s, id) => {
    const g = id === undefined ? generous.overall : (generous.criteria[id] ?? s);
    return clean(weights.strict * s + weights.generous * g);
  });
}
