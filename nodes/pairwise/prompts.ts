import { HumanMessage, SystemMessage, type BaseMessage } from "@langchain/core/messages";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { formatTranscript } from "../../dialogues/format.js";
import { fill } from "../../judges/prompt/fill.js";
import { TRANSCRIPT_NOTICE } from "../../judges/prompt/framing.js";
import { renderRubric } from "../../judges/prompt/rubric-text.js";
import type { Rubric } from "../../rubrics/schema.js";
import { toPositions } from "./positions.js";
import type { ConsistencyCheck, Order, PairVerdict } from "./records.js";

/** The pairwise framing: `FRAMING` of the other protocols speaks of one conversation. */
export const PAIR_FRAMING = `You are the judge of Tribunal's pairwise protocol: you compare two conversations, Dialogue 1 and Dialogue 2, each between a USER and an assistant (SYSTEM), against the rubric below, and say which assistant did better. The rubric's scale describes how one dialogue would be scored; here you compare, you give no scores.
The two dialogues are shown in an arbitrary order: which one comes first says nothing about its quality, and neither does its length. Prefer a dialogue only on evidence; when neither is better on a criterion, say tie.
Judge only from evidence in the transcripts. When you quote, copy the words exactly as they appear, in double quotes, with the speaker, e.g. USER: "I liked the story", and quote each dialogue only where its own evidence is asked for.`;

/** Heads each dialogue inside the transcript block; every content line starts with "[n] " or the continuation prefix, so no dialogue can forge one. */
export const DIALOGUE_HEADER = "=== Dialogue {n} ===";

export const COMPARISON_INSTRUCTIONS = `Your role: judge. Compare Dialogue 1 and Dialogue 2 on every criterion of the rubric: {criteria}.
For each criterion, in rubric order: evidence_1 quotes Dialogue 1, evidence_2 quotes Dialogue 2 (at least one exact quote each, from that dialogue only), then your reasoning, then the preference: "1", "2" or "tie".
Then give your overall reasoning and the winner: "1", "2" or "tie".
Return only the JSON object for the "comparison" schema.`;

export const RECONSIDERATION_INSTRUCTIONS = `Your role: judge, reconsidering. The same two dialogues were also judged with their order swapped, and the two judgements disagree ({disagreement}). A judgement that changes with the order is a sign of position bias.
Your judgement in this order:
{own}
The judgement made with the order swapped, restated in this prompt's numbering (its preferences and evidence are mapped to Dialogue 1 and Dialogue 2 as shown here; its reasoning_as_written was written with the dialogues the other way round, so there "Dialogue 1" means this prompt's Dialogue 2):
{other}
Re-read both dialogues and decide every criterion ({criteria}) and the winner again, on the evidence alone; tie is the right answer when neither is better. Quote each dialogue only in its own evidence field.
Return the full comparison as the JSON object for the "reconsideration" schema.`;

/** The system prefix every call made in one order shares: framing, rubric, then both transcripts in one block. */
export function pairPrefix(rubric: Rubric, first: Dialogue, second: Dialogue): SystemMessage {
  const transcripts = [first, second].map((d, i) => `${fill(DIALOGUE_HEADER, { n: String(i + 1) })}\n${formatTranscript(d)}`).join("\n");
  return new SystemMessage(`${PAIR_FRAMING}\n\n${renderRubric(rubric)}\n\n${TRANSCRIPT_NOTICE}\n<transcript>\n${transcripts}\n</transcript>`);
}

const criteriaList = (rubric: Rubric) => rubric.criteria.map((c) => c.id).join(", ");

export function comparisonMessages(rubric: Rubric, first: Dialogue, second: Dialogue): BaseMessage[] {
  return [pairPrefix(rubric, first, second), new HumanMessage(fill(COMPARISON_INSTRUCTIONS, { criteria: criteriaList(rubric) }))];
}

/** `the winner (1 here, 2 there); Empathy (tie here, 1 there)`, in this order's positions. */
export function disagreementText(check: ConsistencyCheck, own: PairVerdict, other: PairVerdict, order: Order): string {
  const mine = toPositions(own, order);
  const theirs = toPositions(other, order);
  const parts: string[] = [];
  if (mine.winner !== theirs.winner) parts.push(`the winner: ${mine.winner} here, ${theirs.winner} there`);
  for (const criterion of check.inconsistent_criteria) {
    const here = mine.criteria.find((c) => c.criterion === criterion)?.preference ?? "?";
    const there = theirs.criteria.find((c) => c.criterion === criterion)?.preference ?? "?";
    parts.push(`${criterion}: ${here} here, ${there} there`);
  }
  return parts.join("; ");
}

function otherText(other: PairVerdict, order: Order): string {
  const restated = toPositions(other, order);
  const view = {
    criteria: restated.criteria.map(({ reasoning, ...c }) => ({ ...c, reasoning_as_written: reasoning })),
    reasoning_as_written: restated.reasoning,
    winner: restated.winner,
  };
  return JSON.stringify(view, null, 1);
}

/** The order's own prefix first (the provider's cache serves it), then both judgements, then the instruction. */
export function reconsiderationMessages(rubric: Rubric, first: Dialogue, second: Dialogue, order: Order, own: PairVerdict, other: PairVerdict, check: ConsistencyCheck): BaseMessage[] {
  const values = {
    disagreement: disagreementText(check, own, other, order),
    own: JSON.stringify(toPositions(own, order), null, 1),
    other: otherText(other, order),
    criteria: criteriaList(rubric),
  };
  return [pairPrefix(rubric, first, second), new HumanMessage(fill(RECONSIDERATION_INSTRUCTIONS, values))];
}
