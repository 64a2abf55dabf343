import { critiqueByCriterion } from "../../nodes/panel/critic-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { meanOverallRating } from "../../dialogues/dialogue.js";
import { spearman } from "../../metrics/spearman.js";
import { referee } from "../../nodes/panel/referee-rules.js";
import { scorePanel } from "../../nodes/panel/score-panel.js";
import type { Rubric } from "../../rubrics/schema.js";
import { weightedAverage } from "../../scoring/weighted.js";
import { offlineCritique } from "../../nodes/panel/offline-critic.js";
import { offlineEvaluation } from "../../nodes/panel/offline-evaluator.js";
import { modelInputs, type InputName, type Inputs, type LinearModel, type OfflineWeights } from "../../judges/offline/model.js";
import { assignFolds } from "./folds.js";
import { fitRidge } from "./ridge.js";

/** Inputs of the shared, fitted prediction: signals of how the user fares, none specific to one dataset. */
export const FITTED_INPUTS: readonly InputName[] = [
  "userSentiment",
  "lateUserSentiment",
  "userPositiveTurns",
  "userNegativeTurns",
  "assistantSentiment",
  "userDeclines",
  "userThanks",
  "userDissatisfaction",
  "userRepeats",
  "assistantQuestionShare",
  "abruptEnding",
  "assistantCompletion",
  "assistantNoResult",
  "userLength",
];

export interface Sample {
  dataset: string;
  dialogue: Dialogue;
  inputs: Inputs;
  /** Mean human OVERALL rating (1–5): the target, never an input. */
  human: number;
}

export function toSample(dataset: string, dialogue: Dialogue): Sample | undefined {
  const human = meanOverallRating(dialogue);
  return human === undefined ? undefined : { dataset, dialogue, inputs: modelInputs(dialogue), human };
}

/** The 1–5 human scale as a quality in [0, 1]. */
export const toQuality = (human: number): number => (human - 1) / 4;

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/**
 * Fits the shared prediction, then widens it around its mean by `spread` × (SD of the human
 * qualities / SD of the predictions): a ridge prediction is shrunk towards the mean, and a judge
 * whose predictions all land on one level of a 20-point scale cannot rank anything.
 */
export function fitShared(samples: readonly Sample[], lambda: number, spread = 1): { shared: LinearModel; inputMeans: Record<string, number> } {
  const rows = samples.map((s) => FITTED_INPUTS.map((name) => s.inputs.values[name]));
  const targets = samples.map((s) => toQuality(s.human));
  const fit = fitRidge(rows, targets, lambda);
  const predictions = rows.map((r) => r.reduce((sum, v, j) => sum + (fit.coefficients[j] as number) * v, fit.intercept));
  const widen = (spread * standardDeviation(targets)) / (standardDeviation(predictions) || 1);
  const center = targets.reduce((s, t) => s + t, 0) / targets.length;
  const coefficients = fit.coefficients.map((c) => c * widen);
  const intercept = center - coefficients.reduce((s, c, j) => s + c * (fit.means[j] as number), 0);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    shared: { intercept: round(intercept), coefficients: Object.fromEntries(FITTED_INPUTS.map((name, j) => [name, round(coefficients[j] as number)])) },
    inputMeans: Object.fromEntries(FITTED_INPUTS.map((name, j) => [name, round(fit.means[j] as number)])),
  };
}

export interface Predictions {
  /** The offline evaluator's weighted average. */
  evaluator: number;
  /** The offline panel's final `numeric_weighted_average` (after critic and referee). */
  panel: number;
  /** The panel's bucketed overall. */
  overall: number;
}

/** What the offline panel outputs for a dialogue, computed with the pure steps (blind: labels unused). */
export function predict(weights: OfflineWeights, rubric: Rubric, dialogue: Dialogue): Predictions {
  const evaluation = offlineEvaluation(rubric, dialogue, weights);
  const critique = critiqueByCriterion(offlineCritique(rubric, dialogue, evaluation, weights), rubric);
  const resolution = referee(rubric, dialogue, evaluation, critique);
  const scored = scorePanel({ rubric, dialogue, evaluation, critique, referee: resolution, blind: true });
  const evaluatorScores = Object.fromEntries(rubric.criteria.map((c) => [c.id, evaluation[c.id]?.score ?? 0]));
  return {
    evaluator: weightedAverage(evaluatorScores, rubric.criteria).value,
    panel: scored.referee_final.numeric_weighted_average,
    overall: scored.referee_final[rubric.overallKey] as number,
  };
}

export type Agreement = Record<keyof Predictions | "shared", number | null> & { n: number };

/** Spearman of each prediction with the human mean, per dataset. */
export function agreement(samples: readonly Sample[], predictions: readonly (Predictions & { shared: number })[]): Record<string, Agreement> {
  const out: Record<string, Agreement> = {};
  for (const dataset of [...new Set(samples.map((s) => s.dataset))]) {
    const idx = samples.flatMap((s, i) => (s.dataset === dataset ? [i] : []));
    const human = idx.map((i) => samples[i]!.human);
    const of = (key: keyof Predictions | "shared") => spearman(idx.map((i) => predictions[i]![key]), human);
    out[dataset] = { n: idx.length, shared: of("shared"), evaluator: of("evaluator"), panel: of("panel"), overall: of("overall") };
  }
  return out;
}

export interface CrossValidation {
  folds: number;
  seed: number;
  lambda: number;
  spread: number;
  perDataset: Record<string, Agreement>;
}

/** k-fold cross-validation split by dialogue: fit on k−1 folds, predict the held-out fold. */
export function crossValidate(samples: readonly Sample[], base: OfflineWeights, rubric: Rubric, options: { folds: number; seed: number; lambda: number; spread: number }): CrossValidation {
  const fold = assignFolds(samples.length, options.folds, options.seed);
  const predictions = new Array<Predictions & { shared: number }>(samples.length);
  for (let f = 0; f < options.folds; f++) {
    const fitted = fitShared(samples.filter((_, i) => fold[i] !== f), options.lambda, options.spread);
    const weights: OfflineWeights = { ...base, ...fitted };
    samples.forEach((s, i) => {
      if (fold[i] !== f) return;
      const shared = FITTED_INPUTS.reduce((sum, name) => sum + (fitted.shared.coefficients[name] ?? 0) * s.inputs.values[name], fitted.shared.intercept);
      predictions[i] = { ...predict(weights, rubric, s.dialogue), shared };
    });
  }
  return { ...options, perDataset: agreement(samples, predictions) };
}
