import type { Dialogue } from "../../dialogues/dialogue.js";
import { judgedTurns } from "../../evidence/cues/index.js";
import { applySparse, predictTurns, turnPairs, turnRow, type TurnModel, type TurnPair, type TurnRating } from "../../judges/offline/turn-model.js";
import { assignFolds } from "./folds.js";
import { fitSparseRidge } from "./sparse-ridge.js";

/** A reply the user reacted to, with the mean of the raters' ratings of that turn (1–5): the target. */
export interface RatedPair {
  pair: TurnPair;
  rating: number;
}

/**
 * The dialogue's reply/reaction pairs with the USS turn ratings of each reaction (every USER line
 * carries its raters' ratings of the SYSTEM turn before it). Ratings are targets, never inputs.
 */
export function ratedPairs(dialogue: Dialogue): RatedPair[] {
  const pairs = turnPairs(judgedTurns(dialogue)).filter((p) => p.reaction !== undefined);
  const ratings = dialogue.turns.filter((t) => t.speaker === "user").map((t) => t.ratings);
  const rated: RatedPair[] = [];
  pairs.forEach((pair, i) => {
    const r = ratings[i];
    if (r && r.length > 0) rated.push({ pair, rating: r.reduce((s, v) => s + v, 0) / r.length });
  });
  return rated;
}

export interface TurnFitOptions {
  bits: number;
  /** Longest word n-gram read. */
  ngrams: number;
  lambda: number;
}

/** Fits the turn model (reply and reaction; reply alone) on every rated pair of the dialogues. */
export function fitTurnModel(rated: readonly (readonly RatedPair[])[], options: TurnFitOptions, about: { source: string } = { source: "" }): TurnModel {
  const all = rated.flat();
  const size = 2 ** options.bits;
  const full = fitSparseRidge(all.map((r) => ({ row: turnRow(r.pair, options.bits, false, options.ngrams), target: r.rating })), size, options.lambda);
  const replyOnly = fitSparseRidge(all.map((r) => ({ row: turnRow(r.pair, options.bits, true, options.ngrams), target: r.rating })), size, options.lambda);
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  return {
    description: "Learned turn model of the offline judge (judges/offline/turn-model.ts): hashed word n-grams of each assistant reply (A:) and of the user's reaction (U:) plus named turn signals (F:), L2-normalised, mapped by ridge regression to the USS raters' mean rating of that turn (1–5). `replyOnly` reads the reply's side alone, for a last reply nobody reacted to.",
    source: about.source,
    bits: options.bits,
    ngrams: options.ngrams,
    lambda: options.lambda,
    full: { intercept: round(full.intercept), weights: full.weights.map(round) },
    replyOnly: { intercept: round(replyOnly.intercept), weights: replyOnly.weights.map(round) },
  };
}

/** Mean squared error of the full model on rated pairs. */
export function turnError(model: TurnModel, rated: readonly RatedPair[]): number {
  const total = rated.reduce((s, r) => s + (applySparse(model.full, turnRow(r.pair, model.bits, false, model.ngrams)) - r.rating) ** 2, 0);
  return total / Math.max(1, rated.length);
}

/** The predicted turn ratings of each dialogue, by a model that never saw it (k-fold cross-fitting by dialogue). */
export function outOfFoldTurnRatings(dialogues: readonly Dialogue[], rated: readonly (readonly RatedPair[])[], options: TurnFitOptions & { folds: number; seed: number }): TurnRating[][] {
  const fold = assignFolds(dialogues.length, options.folds, options.seed);
  const out = new Array<TurnRating[]>(dialogues.length);
  for (let f = 0; f < options.folds; f++) {
    const model = fitTurnModel(rated.filter((_, i) => fold[i] !== f), options);
    dialogues.forEach((d, i) => {
      if (fold[i] === f) out[i] = predictTurns(judgedTurns(d), model);
    });
  }
  return out;
}
