/** One unit's values from every rater who rated it; `null`/`undefined`/NaN are missing values. */
export type Rating = number | null | undefined;

export type AlphaMetric = "interval" | "nominal";

/**
 * Krippendorff's α for a raters × items matrix (`matrix[rater][item]`) with missing values,
 * α = 1 − D_o / D_e, from the coincidences of pairable values (units with ≥ 2 values; n = their
 * number of values). Interval metric: δ² = (c − k)², computed in closed form per unit as
 * Σ_{i≠j}(v_i − v_j)² = 2m·Σ(v − v̄)²; nominal metric: δ = 0 when equal, else 1.
 *   D_o = (1/n) Σ_u Σ_{i≠j in u} δ(v_i, v_j) / (m_u − 1)
 *   D_e = (1/(n(n − 1))) Σ_{i≠j over all pairable values} δ(v_i, v_j)
 * (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability"). `null` when fewer than two
 * pairable values or no expected disagreement. `items` restricts (and may repeat, for a bootstrap)
 * the columns used.
 */
export function krippendorffAlpha(matrix: readonly (readonly Rating[])[], metric: AlphaMetric = "interval", items?: readonly number[]): number | null {
  const columns = items ?? [...Array(Math.max(0, ...matrix.map((r) => r.length))).keys()];
  let n = 0;
  let within = 0;
  const all: number[] = [];
  for (const item of columns) {
    const values: number[] = [];
    for (const row of matrix) {
      const v = row[item];
      if (typeof v === "number" && Number.isFinite(v)) values.push(v);
    }
    const m = values.length;
    if (m < 2) continue;
    n += m;
    for (const v of values) all.push(v);
    within += pairDisagreement(values, metric) / (m - 1);
  }
  if (n < 2) return null;
  const observed = within / n;
  const expected = pairDisagreement(all, metric) / (n * (n - 1));
  if (expected === 0) return null;
  return 1 - observed / expected;
}

/** Σ over ordered pairs i ≠ j of δ(v_i, v_j). */
function pairDisagreement(values: readonly number[], metric: AlphaMetric): number {
  const m = values.length;
  if (metric === "interval") {
    // Σ_{i≠j}(v_i − v_j)² = 2m·Σ(v − v̄)², centred for numerical stability.
    const mean = values.reduce((s, v) => s + v, 0) / m;
    return 2 * m * values.reduce((s, v) => s + (v - mean) ** 2, 0);
  }
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let agreeing = 0;
  for (const c of counts.values()) agreeing += c * (c - 1);
  return m * (m - 1) - agreeing;
}
