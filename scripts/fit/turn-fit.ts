import type { Dialogue } from "../../dialogues/dialogue.js";
import { judgedTurns } from "../../evidence/cues/index.js";
import { applySparse, ratePairs, turnPairs, turnRow, type SparseLinear, type TurnModel, type TurnPair, type TurnRating, type TurnRow } from "../../judges/offline/turn-model.js";
import { quantile } from "simple-statistics";
import { assignFolds } from "./folds.js";
import { fitSparseRidge } from "./sparse-ridge.js";

// The fit reads the same dialogues' pairs and rows in every fold: each computed once (pairs and dialogues are never mutated).
const pairsCache = new WeakMap<Dialogue, TurnPair[]>();
const rowCache = new WeakMap<TurnPair, Map<string, TurnRow>>();

/** The dialogue's reply/reaction pairs (`turnPairs` of its judged turns), computed once per dialogue. */
export function dialoguePairs(dialogue: Dialogue): TurnPair[] {
  let pairs = pairsCache.get(dialogue);
  if (!pairs) pairsCache.set(dialogue, (pairs = turnPairs(judgedTurns(dialogue))));
  return pairs;
}

/** `turnRow`, computed once per pair and variant. */
export function cachedTurnRow(pair: TurnPair, bits: number, replyOnly = false, ngrams = 1): TurnRow {
  let rows = rowCache.get(pair);
  if (!rows) rowCache.set(pair, (rows = new Map()));
  const key = `${bits}/${replyOnly}/${ngrams}`;
  let row = rows.get(key);
  if (!row) rows.set(key, (row = turnRow(pair, bits, replyOnly, ngrams)));
  return row;
}

/** What the shipped judge's `predictTurns` gives for the dialogue, from the cached pairs and rows. */
export function predictDialogueTurns(dialogue: Dialogue, model: TurnModel): TurnRating[] {
  return ratePairs(dialoguePairs(dialogue), model, cachedTurnRow);
}

/** A reply the user reacted to, with the mean of the raters' ratings of that turn (1–5): the target. */
export interface RatedPair {
  pair: TurnPair;
  rating: number;
  /** Each rater's rating of the turn: for agreement on the footing of one human, never an input. */
  raters: readonly number[];
}

/**
 * The dialogue's reply/reaction pairs with the USS turn ratings of each reaction (every USER line
 * carries its raters' ratings of the SYSTEM turn before it). Ratings are targets, never inputs.
 */
export function ratedPairs(dialogue: Dialogue): RatedPair[] {
  const pairs = dialoguePairs(dialogue).filter((p) => p.reaction !== undefined);
  const ratings = dialogue.turns.filter((t) => t.speaker === "user").map((t) => t.ratings);
  const rated: RatedPair[] = [];
  pairs.forEach((pair, i) => {
    const r = ratings[i];
    if (r && r.length > 0) rated.push({ pair, rating: r.reduce((s, v) => s + v, 0) / r.length, raters: r });
  });
  return rated;
}

export interface TurnFitOptions {
  bits: number;
  /** Longest word n-gram read. */
  ngrams: number;
  lambda: number;
}

/** One side of the turn model (reply and reaction, or the reply alone) on rated pairs. */
export function fitTurnSide(all: readonly RatedPair[], options: TurnFitOptions, replyOnly: boolean): SparseLinear {
  return fitSparseRidge(all.map((r) => ({ row: cachedTurnRow(r.pair, options.bits, replyOnly, options.ngrams), target: r.rating })), 2 ** options.bits, options.lambda);
}

/** Where a reply that brushes the user off is rated: as the lowest 1 % of the training turns. */
const LOWEST_PERCENTILE = 0.01;

/** Fits the turn model (reply and reaction; reply alone) on every rated pair of the dialogues. */
export function fitTurnModel(rated: readonly (readonly RatedPair[])[], options: TurnFitOptions, about: { source: string } = { source: "" }): TurnModel {
  const all = rated.flat();
  const full = fitTurnSide(all, options, false);
  const replyOnly = fitTurnSide(all, options, true);
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  const lowest = (side: SparseLinear, replyOnlySide: boolean) => round(quantile(all.map((r) => applySparse(side, cachedTurnRow(r.pair, options.bits, replyOnlySide, options.ngrams))), LOWEST_PERCENTILE));
  return {
    description: "Learned turn model of the offline judge (judges/offline/turn-model.ts): hashed word n-grams of each assistant reply (A:) and of the user's reaction (U:) plus named turn signals (F:), L2-normalised, mapped by ridge regression to the USS raters' mean rating of that turn (1–5). `replyOnly` reads the reply's side alone, for a last reply nobody reacted to. `lowest` is each side's 1st percentile over the training turns: the rating given to a reply that brushes the user off (evidence/cues ASSISTANT_DISMISSIVE_CUES), which USS never shows.",
    source: about.source,
    bits: options.bits,
    ngrams: options.ngrams,
    lambda: options.lambda,
    full: { intercept: round(full.intercept), weights: full.weights.map(round) },
    replyOnly: { intercept: round(replyOnly.intercept), weights: replyOnly.weights.map(round) },
    lowest: { full: lowest(full, false), replyOnly: lowest(replyOnly, true) },
  };
}

/** Mean squared error of the full side of a turn model on rated pairs. */
export function turnError(full: SparseLinear, rated: readonly RatedPair[], options: Pick<TurnFitOptions, "bits" | "ngrams">): number {
  const total = rated.reduce((s, r) => s + (applySparse(full, cachedTurnRow(r.pair, options.bits, false, options.ngrams)) - r.rating) ** 2, 0);
  return total / Math.max(1, rated.length);
}

/** The predicted turn ratings of each dialogue, by a model that never saw it (k-fold cross-fitting by dialogue). */
export function outOfFoldTurnRatings(dialogues: readonly Dialogue[], rated: readonly (readonly RatedPair[])[], options: TurnFitOptions & { folds: number; seed: number }): TurnRating[][] {
  const fold = assignFolds(dialogues.length, options.folds, options.seed);
  const out = new Array<TurnRating[]>(dialogues.length);
  for (let f = 0; f < options.folds; f++) {
    const model = fitTurnModel(rated.filter((_, i) => fold[i] !== f), options);
    dialogues.forEach((d, i) => {
      if (fold[i] === f) out[i] = predictDialogueTurns(d, model);
    });
  }
  return out;
}
