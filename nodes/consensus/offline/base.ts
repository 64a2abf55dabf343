import { isSubmission } from "../content.js";
import type { Dialogue } from "../../../dialogues/dialogue.js";
import type { Rubric } from "../../../rubrics/schema.js";
import { clean, round2 } from "../../../scoring/numbers.js";
import { weightedAverage } from "../../../scoring/weighted.js";
import { justify } from "../../../judges/offline/verdicts.js";
import { criterionQuality, modelInputs } from "../../../judges/offline/model.js";
import { qualityToScore } from "../../../judges/offline/scale.js";
import { submissionSignal } from "./submission.js";

export interface BaseReading {
  /** Unbiased score per criterion on the rubric's scale, with a reasoning that quotes the content. */
  criteria: { id: string; score: number; reasoning: string }[];
  /** Rubric-weighted mean of the criterion scores, two decimals. */
  overall: number;
  /** `a 63-word submission` / `a 7-turn conversation`, for the overall reasoning. */
  described: string;
}

/**
 * The offline judge's unbiased reading of what the agents see. A conversation is read with the
 * panel's features (`criterionQuality`); a candidate submission (one user turn) with length and
 * criterion-keyword signals. Quality in [0, 1] maps linearly onto the scale (one decimal).
 */
export function baseReading(rubric: Rubric, dialogue: Dialogue): BaseReading {
  let criteria: BaseReading["criteria"];
  let described: string;
  if (isSubmission(dialogue)) {
    const content = dialogue.turns[0]?.text ?? "";
    const signals = rubric.criteria.map((c) => ({ c, s: submissionSignal(c, content) }));
    criteria = signals.map(({ c, s }) => ({ id: c.id, score: qualityToScore(s.quality, rubric), reasoning: s.reasoning }));
    described = `a ${signals[0]?.s.words ?? 0}-word submission`;
  } else {
    const inputs = modelInputs(dialogue);
    criteria = rubric.criteria.map((c) => {
      const quality = criterionQuality(c.id, inputs);
      return { id: c.id, score: qualityToScore(quality.quality, rubric), reasoning: justify(c.id, quality, dialogue) };
    });
    described = `a ${dialogue.turns.length}-turn conversation`;
  }
  const overall = round2(clean(weightedAverage(Object.fromEntries(criteria.map((c) => [c.id, c.score])), rubric.criteria).value));
  return { criteria, overall, described };
}
