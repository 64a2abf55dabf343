import { clean } from "../scoring/numbers.js";
import type { Distribution, Stacked } from "./model.js";

/**
 * How to group scores into bars: `discrete` gives one bar per value (the rubric's 20/40/60/80/100,
 * plus any other value met); `continuous` gives bins of `step` from `min` to `max`, widened to
 * whole steps when a value falls outside; `auto` picks a step that makes at most `maxBins` bins.
 */
export type BinSpec = { kind: "discrete"; values?: readonly number[] } | { kind: "continuous"; min: number; max: number; step: number } | { kind: "auto"; maxBins?: number };

export interface Binner {
  labels: string[];
  index(value: number): number;
}

const NICE = [1, 2, 2.5, 5];

/** The smallest 1/2/2.5/5 × 10^k step that covers [lo, hi] in at most `maxBins` bins. */
export function niceStep(lo: number, hi: number, maxBins: number): number {
  const span = Math.max(hi - lo, 1e-9);
  let power = 10 ** Math.floor(Math.log10(span / maxBins));
  for (;;) {
    for (const m of NICE) {
      const step = m * power;
      if (Math.ceil(clean(span / step)) <= maxBins) return step;
    }
    power *= 10;
  }
}

const decimals = (step: number): number => (Number.isInteger(step) ? 0 : Math.min(4, String(step).split(".")[1]?.length ?? 2));

function continuousBinner(values: readonly number[], min: number, max: number, step: number): Binner {
  const lo = Math.min(min, ...values.map((v) => Math.floor(clean(v / step)) * step));
  const hi = Math.max(max, ...values.map((v) => Math.ceil(clean(v / step)) * step));
  const bins = Math.max(1, Math.round(clean((hi - lo) / step)));
  const d = decimals(step);
  const labels = Array.from({ length: bins }, (_, i) => `${(lo + i * step).toFixed(d)}–${(lo + (i + 1) * step).toFixed(d)}`);
  // The last bin holds its upper edge (a 100 or a 5.0 belongs to the top bin).
  return { labels, index: (v) => Math.min(bins - 1, Math.max(0, Math.floor(clean((v - lo) / step)))) };
}

export function makeBinner(values: readonly number[], spec: BinSpec): Binner {
  if (spec.kind === "discrete") {
    const all = [...new Set([...(spec.values ?? []), ...values])].sort((a, b) => a - b);
    return { labels: all.map(String), index: (v) => all.indexOf(v) };
  }
  if (spec.kind === "continuous") return continuousBinner(values, spec.min, spec.max, spec.step);
  if (values.length === 0) return { labels: [], index: () => 0 };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const step = niceStep(lo, hi, spec.maxBins ?? 10);
  return continuousBinner(values, Math.floor(clean(lo / step)) * step, Math.max(Math.ceil(clean(hi / step)) * step, Math.floor(clean(lo / step)) * step + step), step);
}

const finite = (values: readonly (number | null)[]): number[] => values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : clean(values.reduce((s, v) => s + v, 0) / values.length);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : clean(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/** Counts of `values` over the bars of `spec`; nulls are left out. */
export function distribution(values: readonly (number | null)[], spec: BinSpec): Distribution {
  const vs = finite(values);
  const binner = makeBinner(vs, spec);
  const counts = binner.labels.map(() => 0);
  for (const v of vs) counts[binner.index(v)] = (counts[binner.index(v)] as number) + 1;
  return { labels: binner.labels, counts, n: vs.length, mean: mean(vs), median: median(vs) };
}

/** One column per criterion, one series per bar of `spec`, shared by every criterion. */
export function stackedScores(byColumn: ReadonlyMap<string, readonly number[]>, spec: BinSpec): Stacked & { means: (number | null)[] } {
  const columns = [...byColumn.keys()];
  const binner = makeBinner([...byColumn.values()].flat(), spec);
  const counts = binner.labels.map(() => columns.map(() => 0));
  columns.forEach((c, j) => {
    for (const v of byColumn.get(c) ?? []) {
      const row = counts[binner.index(v)] as number[];
      row[j] = (row[j] as number) + 1;
    }
  });
  return { columns, series: binner.labels, counts, means: columns.map((c) => mean(byColumn.get(c) ?? [])) };
}

/** One column per criterion, one series per category (an answer, an action), in the given order then first-seen. */
export function stackedCategories(pairs: Iterable<[column: string, category: string]>, order: readonly string[] = []): Stacked {
  const list = [...pairs];
  const columns = [...new Set(list.map(([c]) => c))];
  const series = [...order.filter((s) => list.some(([, k]) => k === s)), ...new Set(list.map(([, k]) => k).filter((k) => !order.includes(k)))];
  const counts = series.map(() => columns.map(() => 0));
  for (const [c, k] of list) {
    const row = counts[series.indexOf(k)] as number[];
    const j = columns.indexOf(c);
    row[j] = (row[j] as number) + 1;
  }
  return { columns, series, counts };
}
