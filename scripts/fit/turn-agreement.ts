import { oneMoreAnnotator } from "../../agreement/one-more.js";
import type { TurnRating } from "../../judges/offline/turn-model.js";
import type { Sample } from "./fit.js";

export interface TurnAgreement {
  /** Rated turns the turn model rated. */
  n: number;
  /** ρ(one rater, the other raters' mean), averaged over rater positions. */
  human: number | null;
  /** ρ(the turn model's rating, the same mean). */
  turnModel: number | null;
}

/**
 * Per dataset, over every rated turn: the turn model's rating against the other raters' mean beside
 * one human's (`agreement/one-more.ts`), the statistic of the dialogue rows applied turn by turn.
 */
export function turnAgreement(samples: readonly Sample[], turns: readonly (readonly TurnRating[])[]): Record<string, TurnAgreement> {
  const out: Record<string, TurnAgreement> = {};
  for (const dataset of new Set(samples.map((s) => s.dataset))) {
    const predicted: number[] = [];
    const raters: (readonly number[])[] = [];
    samples.forEach((sample, i) => {
      if (sample.dataset !== dataset) return;
      const ratingOf = new Map((turns[i] ?? []).map((r) => [r.pair, r.rating]));
      for (const rated of sample.rated) {
        const rating = ratingOf.get(rated.pair);
        if (rating === undefined) continue;
        predicted.push(rating);
        raters.push(rated.raters);
      }
    });
    const { human, judge } = oneMoreAnnotator(predicted, raters);
    out[dataset] = { n: predicted.length, human, turnModel: judge };
  }
  return out;
}
