import { HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { EvaluatorOutput } from "./evaluator-contract.js";
import { describeScale } from "../../judges/checks/scale.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { Rubric } from "../../rubrics/schema.js";
import { fill } from "../../judges/prompt/fill.js";
import { dialoguePrefix } from "../../judges/prompt/framing.js";

export const EVALUATOR_INSTRUCTIONS = `Your role: Evaluator (Agent A).
Score every criterion of the rubric: {criteria}. Each score is {scale}.
For each criterion write one sentence of justification that quotes at least one specific utterance from the transcript, then give the score.
Give no average and no overall score.
Return only the JSON object for the "evaluator" schema.`;

export const CRITIC_INSTRUCTIONS = `Your role: Critic (Agent B). The Evaluator (Agent A) scored the transcript as follows:
{evaluation}
Review every criterion ({criteria}), one entry each, in this order.
- agree=true when the score is supported; then comment may be empty and suggested_score is null.
- agree=false only on strong evidence: the comment must quote the exact contradicting or missing evidence from the transcript, and suggested_score is your score ({scale}).
Do not change a score without evidence. Return only the JSON object for the "critic" schema.`;

export function evaluatorMessages(rubric: Rubric, dialogue: Dialogue): BaseMessage[] {
  const criteria = rubric.criteria.map((c) => c.id).join(", ");
  return [dialoguePrefix(rubric, dialogue), new HumanMessage(fill(EVALUATOR_INSTRUCTIONS, { criteria, scale: describeScale(rubric) }))];
}

export function criticMessages(rubric: Rubric, dialogue: Dialogue, evaluation: EvaluatorOutput): BaseMessage[] {
  const criteria = rubric.criteria.map((c) => c.id).join(", ");
  const scores = rubric.criteria.map((c) => ({ criterion: c.id, ...evaluation[c.id] }));
  return [
    dialoguePrefix(rubric, dialogue),
    new HumanMessage(fill(CRITIC_INSTRUCTIONS, { evaluation: JSON.stringify(scores, null, 1), criteria, scale: describeScale(rubric) })),
  ];
}
