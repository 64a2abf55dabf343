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
