import type { Dialogue } from "../../dialogues/dialogue.js";
import { modelInputs, type Inputs, type OfflineWeights } from "../../judges/offline/model.js";
import { offlineVerdicts } from "../../judges/offline/verdicts.js";
import type { Rubric } from "../../rubrics/schema.js";
import type { EvaluatorOutput } from "./evaluator-contract.js";

/** The offline `evaluator` role: deterministic scores with quoted justifications. */
export function offlineEvaluation(rubric: Rubric, dialogue: Dialogue, weights?: OfflineWeights, inputs: Inputs = modelInputs(dialogue)): EvaluatorOutput {
  const verdicts = offlineVerdicts(rubric, dialogue, inputs, weights);
  return Object.fromEntries(Object.entries(verdicts).map(([id, v]) => [id, { justification: v.justification, score: v.score }]));
}
