import type { ConsensusAgentOutput } from "../../nodes/consensus/contracts.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { loadRubric } from "../../rubrics/load.js";
import { ScriptedChatModel, type ScriptedCall } from "../support/scripted-model.js";

export const CS5 = loadRubric("customer-service-5");
export const CRITERIA = CS5.criteria.map((c) => c.id);

/** An agent answer on customer-service-5: one score for every criterion, or one per criterion in rubric order. */
export function answer(overall: number, scores: number | readonly number[], who = "agent"): ConsensusAgentOutput {
  const list = typeof scores === "number" ? CRITERIA.map(() => scores) : scores;
  return {
    criteria: CRITERIA.map((id, i) => ({ criterion_name: id, reasoning: `${who} on ${id}: SYSTEM: "I have refunded the duplicate"`, score: list[i] as number })),
    reasoning: `${who} overall reasoning`,
    overall_score: overall,
  };
}

export const DIALOGUE: Dialogue = {
  id: "refund",
  turns: [
    { speaker: "user", text: "I was charged twice for order 48213.", ratings: [2, 2, 1], act: "SECRET_ACT_LABEL" },
    { speaker: "assistant", text: "I'm sorry about that. I have refunded the duplicate; it arrives in 3 to 5 days." },
    { speaker: "user", text: "Thanks, that's all I needed." },
    { speaker: "assistant", text: "You're welcome, have a good day." },
  ],
  overallRatings: [1, 2, 1],
};

export const CRITIQUE = "Strict was too harsh: SYSTEM: \"I have refunded the duplicate\" solves the problem.";

/** A model that answers each role the same way on every call. */
export function scripted(roles: Record<string, ConsensusAgentOutput | { critique: string } | Error | ((call: ScriptedCall) => object | Error)>) {
  return new ScriptedChatModel((call) => {
    const reply = roles[call.role];
    if (reply === undefined) return new Error(`no script for role ${call.role}`);
    return typeof reply === "function" ? reply(call) : reply;
  });
}

export function countBy(calls: readonly { role: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) out[c.role] = (out[c.role] ?? 0) + 1;
  return out;
}
