/** Shared input checks for the agreement measures: paired, finite vectors. */
export function checkPaired(x: readonly number[], y: readonly number[], measure: string): void {
  if (x.length !== y.length) throw new RangeError(`${measure}: the two vectors differ in length (${x.length} vs ${y.length})`);
  for (const v of [x, y]) {
    for (let i = 0; i < v.length; i++) {
      if (!Number.isFinite(v[i])) throw new RangeError(`${measure}: every value must be a finite number, got ${v[i]}`);
    }
  }
}

/** A statistic that is undefined (no variance, too few items) is `null`, never NaN. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}
