import type { Dialogue } from "../../dialogues/dialogue.js";
import { offlineVerdicts } from "../../judges/offline/verdicts.js";
import type { Rubric } from "../../rubrics/schema.js";
import { clean } from "../../scoring/numbers.js";
import { weightedAverage } from "../../scoring/weighted.js";
import type { PairVerdictOutput, Position } from "./contracts.js";

export interface OfflineComparisonSettings {
  /** A difference in quality within ±margin is a tie. */
  margin: number;
  /** Added to the first dialogue's qualities (0: the offline judge is symmetric). */
  positionBias: number;
}

/** "1" when the first dialogue's quality is higher by more than the margin, "2" when lower, else a tie. */
export function preferenceOf(first: number, second: number, margin: number): Position {
  const difference = clean(first - second);
  if (difference > margin) return "1";
  if (difference < -margin) return "2";
  return "tie";
}

const q = (value: number) => value.toFixed(3);

function because(first: number, second: number, margin: number, bias: number): string {
  const difference = clean(first - second);
  const relation = difference > margin ? `> ${margin}` : difference < -margin ? `< −${margin}` : `within ±${margin}`;
  const biased = bias === 0 ? "" : ` (Dialogue 1 includes a position bias of ${bias})`;
  return `offline quality ${q(first)} (Dialogue 1) vs ${q(second)} (Dialogue 2)${biased}: difference ${q(difference)} ${relation}`;
}

/**
 * The offline judge's comparison, in positions. Per criterion it compares the offline qualities
 * (0–1) of the two dialogues, overall their rubric-weighted averages; the evidence for each dialogue
 * is its own offline justification, which quotes one of its utterances. Qualities, not the apportioned
 * scores (20/40/…), are compared: the scores tie far too often.
 */
export function offlineComparison(rubric: Rubric, first: Dialogue, second: Dialogue, settings: OfflineComparisonSettings): PairVerdictOutput {
  const one = offlineVerdicts(rubric, first);
  const two = offlineVerdicts(rubric, second);
  const quality1: Record<string, number> = {};
  const quality2: Record<string, number> = {};
  const criteria = rubric.criteria.map((c) => {
    const v1 = one[c.id];
    const v2 = two[c.id];
    if (!v1 || !v2) throw new Error(`the offline judge gave no verdict for criterion "${c.id}"`);
    quality1[c.id] = v1.quality.quality + settings.positionBias;
    quality2[c.id] = v2.quality.quality;
    const [a, b] = [quality1[c.id] as number, quality2[c.id] as number];
    return {
      criterion: c.id,
      evidence_1: v1.justification,
      evidence_2: v2.justification,
      reasoning: `${c.id}: ${because(a, b, settings.margin, settings.positionBias)}.`,
      preference: preferenceOf(a, b, settings.margin),
    };
  });
  const overall1 = weightedAverage(quality1, rubric.criteria).value;
  const overall2 = weightedAverage(quality2, rubric.criteria).value;
  return {
    criteria,
    reasoning: `Weighted by the rubric: ${because(overall1, overall2, settings.margin, settings.positionBias)}.`,
    winner: preferenceOf(overall1, overall2, settings.margin),
  };
}
