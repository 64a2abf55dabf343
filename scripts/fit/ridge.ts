/** A linear model on the raw (unstandardised) inputs. */
export interface RidgeFit {
  intercept: number;
  coefficients: number[];
  /** Means of the inputs over the training rows. */
  means: number[];
}

/** Solves A x = b by Gauss-Jordan elimination with partial pivoting (A is small and symmetric positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[r]![k]! -= factor * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Ridge regression on standardised inputs (so `lambda` treats every input alike), returned on the
 * raw scale: prediction = intercept + Σ coefficient × input.
 */
export function fitRidge(rows: readonly (readonly number[])[], targets: readonly number[], lambda: number): RidgeFit {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const means = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / n);
  const sds = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j]! - means[j]!) ** 2, 0) / n) || 1);
  const z = rows.map((r) => r.map((v, j) => (v - means[j]!) / sds[j]!));
  const targetMean = targets.reduce((s, t) => s + t, 0) / n;
  const gram = Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => z.reduce((s, r) => s + r[i]! * r[j]!, 0) + (i === j ? lambda : 0)));
  const moment = Array.from({ length: d }, (_, i) => z.reduce((s, r, k) => s + r[i]! * (targets[k]! - targetMean), 0));
  const standardised = solve(gram, moment);
  const coefficients = standardised.map((w, j) => w / sds[j]!);
  const intercept = targetMean - coefficients.reduce((s, c, j) => s + c * means[j]!, 0);
  return { intercept, coefficients, means };
}
