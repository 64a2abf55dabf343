import type { OfflineWeights } from "../../judges/offline/model.js";
import type { TurnModel, TurnRating } from "../../judges/offline/turn-model.js";
import { oneMoreAnnotator } from "../../agreement/one-more.js";
import type { Rubric } from "../../rubrics/schema.js";
import { agreement, fitShared, onPooledScale, predict, sharedValue, withTurnRatings, type Agreement, type Predictions, type Sample } from "./fit.js";
import { assignFolds } from "./folds.js";
import { turnAgreement, type TurnAgreement } from "./turn-agreement.js";
import { fitTurnModel, fitTurnSide, outOfFoldTurnRatings, predictDialogueTurns, turnError, type RatedPair } from "./turn-fit.js";

/** The hyper-parameters tried; each fit picks its own inside its training data. */
export interface Grid {
  turnLambdas: readonly number[];
  sharedLambdas: readonly number[];
  spreads: readonly number[];
}

export interface FitOptions {
  grid: Grid;
  bits: number;
  ngrams: number;
  /** Turn and dialogue targets standardised within each dataset, onto the pooled scale (`onPooledScale`), before fitting. */
  perDataset?: boolean;
  /** Inner folds: for choosing hyper-parameters and for the out-of-fold turn input. */
  folds: number;
  seed: number;
}

export interface Chosen {
  turnLambda: number;
  sharedLambda: number;
  spread: number;
}

export interface Fitted {
  turnModel: TurnModel;
  weights: OfflineWeights;
  chosen: Chosen;
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** The value of `options` whose mean score over the inner folds is highest (the first on ties). */
function best<T>(options: readonly T[], score: (option: T) => number): T {
  let top = options[0] as T;
  let topScore = -Infinity;
  for (const option of options) {
    const s = score(option);
    if (s > topScore) [top, topScore] = [option, s];
  }
  return top;
}

/**
 * ρ(judge, other raters' mean) of predictions for samples, within each dataset and averaged: the
 * statistic every choice is made on. Pooled over datasets, it would reward a choice for separating
 * one dataset's ratings from the other's, which ranks nothing inside either.
 */
function judgeRho(samples: readonly Sample[], values: readonly number[]): number {
  const datasets = [...new Set(samples.map((s) => s.dataset))];
  return mean(
    datasets.map((dataset) => {
      const idx = samples.flatMap((s, i) => (s.dataset === dataset ? [i] : []));
      return oneMoreAnnotator(idx.map((i) => values[i] as number), idx.map((i) => (samples[i] as Sample).ratings)).judge ?? -1;
    }),
  );
}

/** The turn targets of each training dialogue, on the pooled scale of its dataset's (`onPooledScale`) when `perDataset`. */
function turnTargets(train: readonly Sample[], perDataset: boolean): RatedPair[][] {
  if (!perDataset) return train.map((s) => s.rated);
  const flat = train.flatMap((s) => s.rated.map((r) => ({ r, dataset: s.dataset })));
  const scaled = onPooledScale(flat.map((x) => x.r.rating), flat.map((x) => x.dataset));
  let k = 0;
  return train.map((s) => s.rated.map((r) => ({ ...r, rating: scaled[k++] as number })));
}

/**
 * Fits the offline judge on `train` alone, choosing every hyper-parameter inside it: the turn model's
 * λ by inner-fold turn error; the turn input of each training dialogue out of fold (a model that never
 * saw it), so the shared fit does not trust an over-fitted input; the shared λ and the spread by
 * inner-fold agreement with the other raters (shared prediction, then the evaluator's scores).
 */
export function selectAndFit(train: readonly Sample[], base: OfflineWeights, rubric: Rubric, options: FitOptions): Fitted {
  const fold = assignFolds(train.length, options.folds, options.seed);
  /** The inner folds of something per training sample (the samples, their rated turns): fit on the others, score on the held one. */
  const splits = <T>(items: readonly T[]) => Array.from({ length: options.folds }, (_, f) => ({ fit: items.filter((_, i) => fold[i] !== f), held: items.filter((_, i) => fold[i] === f) }));
  const rated = turnTargets(train, options.perDataset ?? false);
  const turnLambda = best(options.grid.turnLambdas, (lambda) =>
    -mean(splits(rated).map(({ fit, held }) => turnError(fitTurnSide(fit.flat(), { bits: options.bits, ngrams: options.ngrams, lambda }, false), held.flat(), options))),
  );
  const turnRatings = outOfFoldTurnRatings(train.map((s) => s.dialogue), rated, { bits: options.bits, ngrams: options.ngrams, lambda: turnLambda, folds: options.folds, seed: options.seed + 1 });
  const withTurns = train.map((s, i) => withTurnRatings(s, turnRatings[i] as TurnRating[]));
  const innerTurns = splits(withTurns);
  const sharedLambda = best(options.grid.sharedLambdas, (lambda) =>
    mean(innerTurns.map(({ fit, held }) => judgeRho(held, held.map((s) => sharedValue(fitShared(fit, lambda, 1, options.perDataset).shared, s))))),
  );
  const spread = best(options.grid.spreads, (spread) =>
    mean(
      innerTurns.map(({ fit, held }) => {
        const weights = { ...base, ...fitShared(fit, sharedLambda, spread, options.perDataset) };
        return judgeRho(held, held.map((s) => predict(weights, rubric, s).evaluator));
      }),
    ),
  );
  const turnModel = fitTurnModel(rated, { bits: options.bits, ngrams: options.ngrams, lambda: turnLambda });
  return { turnModel, weights: { ...base, ...fitShared(withTurns, sharedLambda, spread, options.perDataset) }, chosen: { turnLambda, sharedLambda, spread } };
}

/** What a fitted judge outputs for samples it never saw, and the turn ratings of its own turn model it read them with. */
function judgeHeldOut(fitted: Fitted, rubric: Rubric, samples: readonly Sample[]): { predictions: Predictions[]; turns: TurnRating[][] } {
  const turns = samples.map((s) => predictDialogueTurns(s.dialogue, fitted.turnModel));
  return { predictions: samples.map((s, i) => predict(fitted.weights, rubric, withTurnRatings(s, turns[i] as TurnRating[]))), turns };
}

/** What a fitted judge outputs for samples it never saw (their turn input from its own turn model). */
export function predictHeldOut(fitted: Fitted, rubric: Rubric, samples: readonly Sample[]): Predictions[] {
  return judgeHeldOut(fitted, rubric, samples).predictions;
}

export interface Validation {
  perDataset: Record<string, Agreement>;
  /** The turn model's held-out ratings, turn by turn, beside one human. */
  turns: Record<string, TurnAgreement>;
  chosen: Chosen[];
}

/** Nested cross-validation by dialogue: each outer fold is judged by a judge fitted, hyper-parameters included, on the other folds. */
export function nestedCrossValidation(samples: readonly Sample[], base: OfflineWeights, rubric: Rubric, options: FitOptions & { outerFolds: number }): Validation {
  const fold = assignFolds(samples.length, options.outerFolds, options.seed);
  const predictions = new Array<Predictions>(samples.length);
  const turns = new Array<TurnRating[]>(samples.length);
  const chosen: Chosen[] = [];
  for (let f = 0; f < options.outerFolds; f++) {
    const fitted = selectAndFit(samples.filter((_, i) => fold[i] !== f), base, rubric, options);
    chosen.push(fitted.chosen);
    const held = samples.flatMap((_, i) => (fold[i] === f ? [i] : []));
    const judged = judgeHeldOut(fitted, rubric, held.map((i) => samples[i] as Sample));
    held.forEach((i, j) => {
      predictions[i] = judged.predictions[j] as Predictions;
      turns[i] = judged.turns[j] as TurnRating[];
    });
  }
  return { perDataset: agreement(samples, predictions), turns: turnAgreement(samples, turns), chosen };
}

/** Fitted on one dataset, judged on another it never saw. */
export function crossDomain(samples: readonly Sample[], trainOn: string, testOn: string, base: OfflineWeights, rubric: Rubric, options: FitOptions): Validation {
  const fitted = selectAndFit(samples.filter((s) => s.dataset === trainOn), base, rubric, options);
  const test = samples.filter((s) => s.dataset === testOn);
  const judged = judgeHeldOut(fitted, rubric, test);
  return { perDataset: agreement(test, judged.predictions), turns: turnAgreement(test, judged.turns), chosen: [fitted.chosen] };
}

/** The hyper-parameters of `weights` (the shipped fit) as a one-point grid: a refit redoes the fit, not the choice. */
export function shippedOptions(weights: OfflineWeights): FitOptions {
  const cv = weights.cv as { options: { bits: number; ngrams: number; folds: number; seed: number; perDataset?: boolean }; chosen: { turnLambda: number; sharedLambda: number; spread: number } };
  return { bits: cv.options.bits, ngrams: cv.options.ngrams, perDataset: cv.options.perDataset ?? false, folds: cv.options.folds, seed: cv.options.seed, grid: { turnLambdas: [cv.chosen.turnLambda], sharedLambdas: [cv.chosen.sharedLambda], spreads: [cv.chosen.spread] } };
}
