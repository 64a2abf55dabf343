import { HumanMessage, type BaseMessage, type SystemMessage } from "@langchain/core/messages";
import type { ConsensusAgentOutput } from "./contracts.js";
import { describeScale } from "../../judges/checks/scale.js";
import type { ContentView } from "./content.js";
import { isSubmission } from "./content.js";
import type { Rubric } from "../../rubrics/schema.js";
import { fill } from "../../judges/prompt/fill.js";
import { sharedPrefix } from "../../judges/prompt/framing.js";

/** Appended inside the transcript when the content limit (`maxContentChars`) cut it. */
export const TRUNCATION_NOTE = `[content truncated: the first {shown} of {total} characters are shown]`;

/** What is being judged, for a conversation or for a candidate submission (one USER turn). */
export const SUBJECT_DIALOGUE = `the assistant's (SYSTEM's) conduct in the conversation`;
export const SUBJECT_SUBMISSION = `the candidate submission: the transcript holds one USER turn whose text is the candidate's submitted content`;

export const STRICT_INSTRUCTIONS = `Your role: Agent A, the strict evaluator (conservative). You judge {subject}.
Apply rigorous standards: focus on gaps and weaknesses, require strong, specific evidence before giving a high score, and give no credit for claims the content does not demonstrate. You prevent grade inflation.
Score every criterion of the rubric: {criteria}. Each score is {scale} (decimals allowed). For each criterion write your reasoning first, quoting the content in double quotes, then the score.
Then give your overall reasoning and a holistic overall_score ({scale}).
Return only the JSON object for the "strict" schema.`;

export const GENEROUS_INSTRUCTIONS = `Your role: Agent B, the generous evaluator (optimistic). You judge {subject}.
Recognise strengths and potential: give credit for partial demonstrations, consider room for growth, and avoid penalising what is merely unstated. You prevent unfair penalisation.
Score every criterion of the rubric: {criteria}. Each score is {scale} (decimals allowed). For each criterion write your reasoning first, quoting the content in double quotes, then the score.
Then give your overall reasoning and a holistic overall_score ({scale}).
Return only the JSON object for the "generous" schema.`;

export const DEBATE_CRITIQUE_INSTRUCTIONS = `Your role: Agent B, the generous evaluator, in a debate round. You judge {subject}.
You scored the content overall {generous_overall}. Agent A, the strict evaluator, scored it as follows:
{strict_evaluation}
Critique Agent A's evaluation: point out where it was too harsh and which strengths and potential it overlooked, criterion by criterion, quoting the content in double quotes. Do not give new scores.
Return only the JSON object for the "debate_critique" schema.`;

export const STRICT_REFINEMENT_INSTRUCTIONS = `Your role: Agent A, the strict evaluator, refining your evaluation in a debate round. You judge {subject}.
Your current evaluation:
{strict_evaluation}
Agent B, the generous evaluator, critiques it:
<critique>
{critique}
</critique>
Re-evaluate every criterion ({criteria}) having read the critique. Keep your rigorous standards: raise a score only where the critique points to real evidence in the content, and only slightly (scores never go down and rise by at most {cap} in a round; this is enforced in code). Each score is {scale}.
Return the full evaluation (every criterion, your reasoning, overall_score) as the JSON object for the "strict_refinement" schema.`;

function criteriaList(rubric: Rubric): string {
  return rubric.criteria.map((c) => c.id).join(", ");
}

function subject(view: ContentView): string {
  return isSubmission(view.dialogue) ? SUBJECT_SUBMISSION : SUBJECT_DIALOGUE;
}

/** The system prefix every consensus call for one dialogue shares: framing, rubric, (truncated) transcript. */
export function consensusPrefix(rubric: Rubric, view: ContentView): SystemMessage {
  const note = view.truncated ? `\n${fill(TRUNCATION_NOTE, { shown: String(view.shownChars), total: String(view.totalChars) })}` : "";
  return sharedPrefix(rubric, `${view.transcript}${note}`);
}

function evaluationText(evaluation: ConsensusAgentOutput): string {
  return JSON.stringify(evaluation, null, 1);
}

export function strictMessages(rubric: Rubric, view: ContentView): BaseMessage[] {
  const values = { subject: subject(view), criteria: criteriaList(rubric), scale: describeScale(rubric) };
  return [consensusPrefix(rubric, view), new HumanMessage(fill(STRICT_INSTRUCTIONS, values))];
}

export function generousMessages(rubric: Rubric, view: ContentView): BaseMessage[] {
  const values = { subject: subject(view), criteria: criteriaList(rubric), scale: describeScale(rubric) };
  return [consensusPrefix(rubric, view), new HumanMessage(fill(GENEROUS_INSTRUCTIONS, values))];
}

export function debateCritiqueMessages(rubric: Rubric, view: ContentView, strict: ConsensusAgentOutput, generous: ConsensusAgentOutput): BaseMessage[] {
  const values = { subject: subject(view), generous_overall: String(generous.overall_score), strict_evaluation: evaluationText(strict) };
  return [consensusPrefix(rubric, view), new HumanMessage(fill(DEBATE_CRITIQUE_INSTRUCTIONS, values))];
}

/** The critique comes last, after the strict agent's own evaluation. */
export function strictRefinementMessages(rubric: Rubric, view: ContentView, strict: ConsensusAgentOutput, critique: string, cap: number): BaseMessage[] {
  const values = { subject: subject(view), strict_evaluation: evaluationText(strict), critique, criteria: criteriaList(rubric), scale: describeScale(rubric), cap: String(cap) };
  return [consensusPrefix(rubric, view), new HumanMessage(fill(STRICT_REFINEMENT_INSTRUCTIONS, values))];
}
