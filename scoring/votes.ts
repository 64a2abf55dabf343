/** The arithmetic mean; undefined for no values. */
export function mean(values: readonly number[]): number | undefined {
  return values.length === 0 ? undefined : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * The answer given most often. A draw between the most frequent answers goes to the one of them that
 * comes first in `drawOrder` (e.g. the stricter answer); undefined for no votes, or a draw none of
 * whose answers is in `drawOrder`.
 */
export function plurality<T>(votes: readonly T[], drawOrder: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const vote of votes) counts.set(vote, (counts.get(vote) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  const leaders = [...counts].filter(([, n]) => n === most).map(([vote]) => vote);
  if (leaders.length <= 1) return leaders[0];
  return drawOrder.find((vote) => leaders.includes(vote));
}

/** `A 2, B 1`: how the votes fell, most frequent first. */
export function tallyText<T>(votes: readonly T[]): string {
  const counts = new Map<T, number>();
  for (const vote of votes) counts.set(vote, (counts.get(vote) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([vote, n]) => `${String(vote)} ${n}`)
    .join(", ");
}
