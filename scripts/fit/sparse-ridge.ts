import type { SparseLinear, TurnRow } from "../../judges/offline/turn-model.js";

/** One training row: sparse features and the target. */
export interface SparseExample {
  row: TurnRow;
  target: number;
}

const MAX_ITERATIONS = 200;
const TOLERANCE = 1e-10;

/**
 * Ridge regression on sparse rows (intercept unpenalised): solves (XcᵀXc + λI) w = Xcᵀ(y − ȳ) for the
 * centred design Xc by conjugate gradients, touching only the non-zero entries of each row, so
 * thousands of hashed buckets fit in well under a second.
 */
export function fitSparseRidge(examples: readonly SparseExample[], size: number, lambda: number): SparseLinear {
  const n = examples.length;
  const targetMean = examples.reduce((s, e) => s + e.target, 0) / n;
  const mean = new Float64Array(size);
  for (const e of examples) for (const [k, x] of e.row) mean[k] = (mean[k] as number) + x / n;
  const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, k) => s + v * (b[k] as number), 0);
  /** (XcᵀXc + λI) v */
  const apply = (v: Float64Array): Float64Array => {
    const out = new Float64Array(size);
    const shift = dot(mean, v);
    let total = 0;
    for (const e of examples) {
      let s = -shift;
      for (const [k, x] of e.row) s += x * (v[k] as number);
      for (const [k, x] of e.row) out[k] = (out[k] as number) + x * s;
      total += s;
    }
    for (let k = 0; k < size; k++) out[k] = (out[k] as number) - (mean[k] as number) * total + lambda * (v[k] as number);
    return out;
  };
  const b = new Float64Array(size);
  let total = 0;
  for (const e of examples) {
    const s = e.target - targetMean;
    for (const [k, x] of e.row) b[k] = (b[k] as number) + x * s;
    total += s;
  }
  for (let k = 0; k < size; k++) b[k] = (b[k] as number) - (mean[k] as number) * total;
  const w = new Float64Array(size);
  const residual = Float64Array.from(b);
  const direction = Float64Array.from(b);
  let rs = dot(residual, residual);
  for (let it = 0; it < MAX_ITERATIONS && rs > TOLERANCE; it++) {
    const ap = apply(direction);
    const step = rs / dot(direction, ap);
    for (let k = 0; k < size; k++) {
      w[k] = (w[k] as number) + step * (direction[k] as number);
      residual[k] = (residual[k] as number) - step * (ap[k] as number);
    }
    const next = dot(residual, residual);
    for (let k = 0; k < size; k++) direction[k] = (residual[k] as number) + (next / rs) * (direction[k] as number);
    rs = next;
  }
  const intercept = targetMean - dot(mean, w);
  return { intercept, weights: Array.from(w) };
}
