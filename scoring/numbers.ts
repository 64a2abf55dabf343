/** Removes float noise (0.1 + 0.2) before comparisons, so 79.99999999 never buckets as 60. */
export function clean(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Six decimals: the precision of US-dollar costs in lines and summaries. */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** `98.00`, `0.40`: the two-decimal style of the original prompts' `weighted_calc`. */
export function fixed2(value: number): string {
  return clean(value).toFixed(2);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A score for people to read: at most three decimals, no trailing zeros (`80`, `2.844`, `0.75`). */
export function formatScore(value: number): string {
  return String(Number(value.toFixed(3)));
}
