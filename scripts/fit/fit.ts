import { critiqueByCriterion } from "../../nodes/panel/critic-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { meanOverallRating } from "../../dialogues/dialogue.js";
import { referee } from "../../nodes/panel/referee-rules.js";
import { scorePanel } from "../../nodes/panel/score-panel.js";
import type { Rubric } from "../../rubrics/schema.js";
import { weightedAverage } from "../../scoring/weighted.js";
import { offlineCritique } from "../../nodes/panel/offline-critic.js";
import { offlineEvaluation } from "../../nodes/panel/offline-evaluator.js";
import { extractFeatures, type DialogueFeatures } from "../../evidence/cues/index.js";
import { INPUT_NAMES, inputsFromFeatures, type InputName, type Inputs, type LinearModel, type OfflineWeights } from "../../judges/offline/model.js";
import type { TurnRating } from "../../judges/offline/turn-model.js";
import { oneMoreAnnotator } from "../../agreement/one-more.js";
import { bootstrap, drawResamples, type Estimate } from "../../metrics/bootstrap.js";
import { fitRidge } from "./ridge.js";
import { ratedPairs, type RatedPair } from "./turn-fit.js";

/** Inputs of the shared, fitted prediction: signals of how the user fares and the learned turn model, none specific to one dataset. */
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
  "turnQuality",
];

export interface Sample {
  dataset: string;
  dialogue: Dialogue;
  features: DialogueFeatures;
  /** The cue features and the turn inputs, read from turn ratings predicted by a model that never saw the dialogue (set by `withTurnRatings`). */
  inputs: Inputs;
  /** Mean human OVERALL rating (1–5): the target, never an input. */
  human: number;
  /** Each rater's OVERALL rating: one judge is compared with the others' mean, like one human. */
  ratings: readonly number[];
  /** The rated turns: targets of the turn model. */
  rated: RatedPair[];
}

export function toSample(dataset: string, dialogue: Dialogue): Sample | undefined {
  const human = meanOverallRating(dialogue);
  if (human === undefined || !dialogue.overallRatings) return undefined;
  const features = extractFeatures(dialogue);
  return { dataset, dialogue, features, inputs: inputsFromFeatures(features), human, ratings: dialogue.overallRatings, rated: ratedPairs(dialogue) };
}

/** The sample with its turn inputs read from `ratings`. */
export function withTurnRatings(sample: Sample, ratings: readonly TurnRating[]): Sample {
  return { ...sample, inputs: inputsFromFeatures(sample.features, ratings) };
}

/** The 1–5 human scale as a quality in [0, 1]. */
export const toQuality = (human: number): number => (human - 1) / 4;

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
}

/** Mean and standard deviation of every input over the samples: where a typical dialogue sits, and the criteria's unit (an input that never varies has no scale). */
function inputStatistics(samples: readonly Sample[]): { inputMeans: Record<string, number>; inputScales: Record<string, number> } {
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const inputMeans: Record<string, number> = {};
  const inputScales: Record<string, number> = {};
  for (const name of INPUT_NAMES) {
    const values = samples.map((s) => s.inputs.values[name]);
    inputMeans[name] = round(values.reduce((s, v) => s + v, 0) / values.length);
    const scale = round(standardDeviation(values));
    if (scale > 0) inputScales[name] = scale;
  }
  return { inputMeans, inputScales };
}

/**
 * Values standardised within their group and put back on the pooled scale (the mean and SD of all of
 * them): datasets whose raters use the scale differently then teach a fit the same thing, and a fit
 * on several datasets learns to rank inside each, not to tell them apart. Training labels only.
 */
export function onPooledScale(values: readonly number[], groups: readonly string[]): number[] {
  const stats = (of: readonly number[]) => {
    const m = of.reduce((s, v) => s + v, 0) / of.length;
    return { m, sd: standardDeviation(of) || 1 };
  };
  const pooled = stats(values);
  const byGroup = new Map([...new Set(groups)].map((g) => [g, stats(values.filter((_, i) => groups[i] === g))]));
  return values.map((v, i) => {
    const own = byGroup.get(groups[i] as string) as { m: number; sd: number };
    return pooled.m + ((v - own.m) / own.sd) * pooled.sd;
  });
}

/**
 * Fits the shared prediction, then widens it around its mean by `spread` × (SD of the human
 * qualities / SD of the predictions): a ridge prediction is shrunk towards the mean, and a judge
 * whose predictions all land on one level of a 20-point scale cannot rank anything.
 */
export function fitShared(samples: readonly Sample[], lambda: number, spread = 1, perDataset = false): { shared: LinearModel } & ReturnType<typeof inputStatistics> {
  const rows = samples.map((s) => FITTED_INPUTS.map((name) => s.inputs.values[name]));
  const qualities = samples.map((s) => toQuality(s.human));
  const targets = perDataset ? onPooledScale(qualities, samples.map((s) => s.dataset)) : qualities;
  const fit = fitRidge(rows, targets, lambda);
  const predictions = rows.map((r) => r.reduce((sum, v, j) => sum + (fit.coefficients[j] as number) * v, fit.intercept));
  const widen = (spread * standardDeviation(targets)) / (standardDeviation(predictions) || 1);
  const center = targets.reduce((s, t) => s + t, 0) / targets.length;
  const coefficients = fit.coefficients.map((c) => c * widen);
  const intercept = center - coefficients.reduce((s, c, j) => s + c * (fit.means[j] as number), 0);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    shared: { intercept: round(intercept), coefficients: Object.fromEntries(FITTED_INPUTS.map((name, j) => [name, round(coefficients[j] as number)])) },
    ...inputStatistics(samples),
  };
}

/** The shared linear prediction for a sample. */
export function sharedValue(shared: LinearModel, sample: Sample): number {
  return Object.entries(shared.coefficients).reduce((sum, [name, c]) => sum + c * sample.inputs.values[name as InputName], shared.intercept);
}

export interface Predictions {
  /** The shared linear prediction, before the scale. */
  shared: number;
  /** The offline evaluator's weighted average. */
  evaluator: number;
  /** The offline panel's final `numeric_weighted_average` (after critic and referee). */
  panel: number;
  /** The panel's bucketed overall. */
  overall: number;
}

/** What the offline panel outputs for a sample, computed with the pure steps on the sample's inputs (blind: labels unused). */
export function predict(weights: OfflineWeights, rubric: Rubric, sample: Sample): Predictions {
  const { dialogue, inputs } = sample;
  const evaluation = offlineEvaluation(rubric, dialogue, weights, inputs);
  const critique = critiqueByCriterion(offlineCritique(rubric, dialogue, evaluation, weights, inputs), rubric);
  const resolution = referee(rubric, dialogue, evaluation, critique);
  const scored = scorePanel({ rubric, dialogue, evaluation, critique, referee: resolution, blind: true });
  const evaluatorScores = Object.fromEntries(rubric.criteria.map((c) => [c.id, evaluation[c.id]?.score ?? 0]));
  return {
    shared: sharedValue(weights.shared, sample),
    evaluator: weightedAverage(evaluatorScores, rubric.criteria).value,
    panel: scored.referee_final.numeric_weighted_average,
    overall: scored.referee_final[rubric.overallKey] as number,
  };
}

/** The evaluator's ρ minus one human's, with its 95 % percentile-bootstrap interval over dialogues. */
export type Gap = Pick<Estimate, "value" | "low" | "high">;

/** One judge against the mean of the other raters, beside one human against the same mean (agreement/one-more.ts). */
export type Agreement = Record<keyof Predictions, number | null> & { n: number; human: number | null; evaluatorMinusHuman: Gap };

/**
 * Whether the evaluator is above one human by more than chance: the gap recomputed on 1,000
 * resamples of the dialogues (`tribunal agree`'s default seed and count).
 */
function evaluatorGap(evaluator: readonly number[], ratings: readonly (readonly number[])[]): Gap {
  const draws = drawResamples(evaluator.length);
  const gap = bootstrap(
    evaluator.length,
    (items) => {
      const r = oneMoreAnnotator(evaluator, ratings, items);
      return r.judge === null || r.human === null ? null : r.judge - r.human;
    },
    draws,
  );
  return { value: gap.value, low: gap.low, high: gap.high };
}

/** Per dataset: ρ(judge, others' mean) for each prediction, and ρ(one human, others' mean) on the same footing. */
export function agreement(samples: readonly Sample[], predictions: readonly Predictions[]): Record<string, Agreement> {
  const out: Record<string, Agreement> = {};
  for (const dataset of [...new Set(samples.map((s) => s.dataset))]) {
    const idx = samples.flatMap((s, i) => (s.dataset === dataset ? [i] : []));
    const ratings = idx.map((i) => samples[i]!.ratings);
    const scores = (key: keyof Predictions) => idx.map((i) => predictions[i]![key]);
    const of = (key: keyof Predictions) => oneMoreAnnotator(scores(key), ratings);
    out[dataset] = {
      n: idx.length,
      human: of("shared").human,
      shared: of("shared").judge,
      evaluator: of("evaluator").judge,
      panel: of("panel").judge,
      overall: of("overall").judge,
      evaluatorMinusHuman: evaluatorGap(scores("evaluator"), ratings),
    };
  }
  return out;
}
