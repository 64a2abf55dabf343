import type { Rubric } from "../../rubrics/schema.js";

/** Maps a quality in [0, 1] onto the rubric's scale: the nearest discrete value, or a 1-decimal number. */
export function qualityToScore(quality: number, rubric: Rubric): number {
  const scale = rubric.scale;
  if (scale.kind === "continuous") return Math.round((scale.min + quality * (scale.max - scale.min)) * 10) / 10;
  if (scale.kind !== "discrete") throw new Error(`the offline judge cannot score a ${scale.kind} rubric on a numeric scale`);
  const min = Math.min(...scale.values);
  const max = Math.max(...scale.values);
  const target = min + quality * (max - min);
  return scale.values.reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best), scale.values[0] as number);
}

/**
 * Scores for all criteria at once on a discrete scale. Each criterion gets the level just below or
 * just above its own continuous value, chosen so that the weighted average stays as close as
 * possible to the continuous one (largest-remainder rounding). Rounding each criterion on its own
 * would move every criterion by up to half a step in the same direction and flatten the ranking.
 */
export function apportionScores(qualities: Readonly<Record<string, number>>, rubric: Rubric): Record<string, number> {
  const scale = rubric.scale;
  if (scale.kind !== "discrete") {
    return Object.fromEntries(Object.entries(qualities).map(([id, q]) => [id, qualityToScore(q, rubric)]));
  }
  const levels = [...scale.values].sort((a, b) => a - b);
  const min = levels[0] as number;
  const max = levels[levels.length - 1] as number;
  const weightOf = (id: string) => rubric.criteria.find((c) => c.id === id)?.weight ?? 0;
  const entries = Object.entries(qualities).map(([id, q]) => {
    const target = min + q * (max - min);
    const below = levels.filter((v) => v <= target).pop() ?? min;
    const above = levels.find((v) => v > below) ?? below;
    return { id, target, below, above, weight: weightOf(id), remainder: above === below ? 0 : (target - below) / (above - below) };
  });
  const scores = Object.fromEntries(entries.map((e) => [e.id, e.below]));
  const goal = entries.reduce((s, e) => s + e.weight * e.target, 0);
  let total = entries.reduce((s, e) => s + e.weight * e.below, 0);
  for (const e of [...entries].sort((a, b) => b.remainder - a.remainder || a.id.localeCompare(b.id))) {
    const raised = total + e.weight * (e.above - e.below);
    if (e.above !== e.below && Math.abs(raised - goal) < Math.abs(total - goal)) {
      scores[e.id] = e.above;
      total = raised;
    }
  }
  return scores;
}
