import { quantileSorted } from "simple-statistics";
import { mulberry32 } from "./random.js";

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20210711;

export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** Seed of the mulberry32 generator (default 20210711); same seed, same intervals. */
  seed?: number;
  /** Coverage of the percentile interval (default 0.95). */
  level?: number;
}

/** A statistic with its percentile bootstrap interval. `low`/`high` are null when too few resamples gave a value. */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  /** Items (dialogues) the statistic was computed on. */
  n: number;
  /** Resamples where the statistic was defined (a constant resample gives none). */
  resamples: number;
}

/**
 * Index vectors of `resamples` resamples with replacement of `n` items, drawn from a seeded
 * mulberry32 stream. Compute every measure of a report on the same resamples so that their
 * intervals are comparable (and paired differences are meaningful).
 */
export function drawResamples(n: number, options: BootstrapOptions = {}): Uint32Array[] {
  const count = options.resamples ?? DEFAULT_RESAMPLES;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`resamples must be a whole number ≥ 0, got ${count}`);
  const random = mulberry32(options.seed ?? DEFAULT_SEED);
  const draws: Uint32Array[] = [];
  for (let r = 0; r < count; r++) {
    const idx = new Uint32Array(n);
    for (let i = 0; i < n; i++) idx[i] = Math.floor(random() * n);
    draws.push(idx);
  }
  return draws;
}

/**
 * Percentile bootstrap of several statistics computed together on the same resamples: each
 * statistic on all items, and the (1 − level)/2 and (1 + level)/2 quantiles (linear interpolation,
 * numpy's default) of its values on the resamples. `statistics` receives the item indices to use
 * (possibly repeated) and returns one value per statistic. Null resample values are left out; with
 * fewer than 2 left the interval is null.
 */
export function bootstrapMany(n: number, statistics: (items: ArrayLike<number>) => readonly (number | null)[], draws: readonly ArrayLike<number>[], level = 0.95): Estimate[] {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, got ${level}`);
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const values = n > 0 ? statistics(all) : statistics(all).map(() => null);
  const samples: number[][] = values.map(() => []);
  for (const draw of draws) {
    statistics(draw).forEach((v, k) => {
      if (v !== null && Number.isFinite(v)) samples[k]?.push(v);
    });
  }
  const tail = (1 - level) / 2;
  return values.map((value, k) => {
    const sorted = (samples[k] ?? []).sort((a, b) => a - b);
    const enough = sorted.length >= 2 && value !== null;
    return {
      value: value !== null && Number.isFinite(value) ? value : null,
      low: enough ? quantileSorted(sorted, tail) : null,
      high: enough ? quantileSorted(sorted, 1 - tail) : null,
      n,
      resamples: sorted.length,
    };
  });
}

/** `bootstrapMany` for a single statistic. */
export function bootstrap(n: number, statistic: (items: ArrayLike<number>) => number | null, draws: readonly ArrayLike<number>[], level = 0.95): Estimate {
  return bootstrapMany(n, (items) => [statistic(items)], draws, level)[0] as Estimate;
}

/** Picks the listed entries of a vector: `pick(scores, items)`. */
export function pick<T>(values: readonly T[], items: ArrayLike<number>): T[] {
  const out = new Array<T>(items.length);
  for (let i = 0; i < items.length; i++) out[i] = values[items[i] as number] as T;
  return out;
}
