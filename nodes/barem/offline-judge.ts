import type { JudgeOutput } from "./judge-contract.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { offlineVerdicts } from "../../judges/offline/verdicts.js";

/**
 * The offline `judge` role of the barem protocol: the offline evaluator's deterministic scores and
 * quoted justifications for every criterion, and no overall of its own (null): the score node
 * computes it, as it does for every judge.
 */
export function offlineJudgement(rubric: Rubric, dialogue: Dialogue): JudgeOutput {
  const verdicts = offlineVerdicts(rubric, dialogue);
  const output: JudgeOutput = Object.fromEntries(rubric.criteria.map((c) => [c.id, { justification: verdicts[c.id]?.justification ?? "", score: verdicts[c.id]?.score ?? 0 }]));
  output[rubric.overallKey] = null;
  return output;
}
