import { MemorySaver } from "@langchain/langgraph";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { buildPairwiseGraph } from "../../graphs/pairwise.js";
import type { PairVerdictOutput, Position } from "../../nodes/pairwise/contracts.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { loadRubric } from "../../rubrics/load.js";
import { ScriptedChatModel, type ScriptedCall } from "../support/scripted-model.js";

export const CS = loadRubric("customer-service");
export const CRITERIA = CS.criteria.map((c) => c.id);

export const GOOD_REPLY = "I'm sorry about that. I have refunded the duplicate charge; it arrives in 3 to 5 days.";
export const BAD_REPLY = "What is your order number?";

/** The better side: solves the problem at once. Ratings and acts are labels: they must never reach a prompt. */
export const GOOD: Dialogue = {
  id: "good",
  turns: [
    { speaker: "user", text: "I was charged twice for order 48213.", ratings: [5, 5, 4], act: "SECRET_ACT_LABEL" },
    { speaker: "assistant", text: GOOD_REPLY },
    { speaker: "user", text: "Thanks, that's all I needed, great service!" },
    { speaker: "assistant", text: "You're welcome, have a good day." },
  ],
  overallRatings: [5, 5, 4],
};

/** The worse side: asks the same question twice and loses the user. */
export const BAD: Dialogue = {
  id: "bad",
  turns: [
    { speaker: "user", text: "I was charged twice for order 48213.", ratings: [1, 2, 1] },
    { speaker: "assistant", text: BAD_REPLY },
    { speaker: "user", text: "I already told you, it is 48213. This is useless and frustrating." },
    { speaker: "assistant", text: BAD_REPLY },
    { speaker: "user", text: "Forget it, I give up." },
  ],
  overallRatings: [1, 2, 1],
};

const firstReply = (d: Dialogue) => d.turns.find((t) => t.speaker === "assistant")?.text ?? "";

/** An answer in positions with evidence quoting each dialogue in its own field; `preference` per criterion. */
export function answer(first: Dialogue, second: Dialogue, winner: Position, preference: (criterion: string) => Position = () => winner): PairVerdictOutput {
  return {
    criteria: CRITERIA.map((criterion) => ({
      criterion,
      evidence_1: `SYSTEM: "${firstReply(first)}"`,
      evidence_2: `SYSTEM: "${firstReply(second)}"`,
      reasoning: `${criterion}: compared the two replies`,
      preference: preference(criterion),
    })),
    reasoning: "overall comparison",
    winner,
  };
}

/** Which side a call shows as Dialogue 1: the system message holds both transcripts, Dialogue 1's first. */
export function shownFirst(call: ScriptedCall): { first: Dialogue; second: Dialogue } {
  const system = String(call.messages[0]?.content ?? "");
  const one = system.split("=== Dialogue 2 ===")[0] ?? "";
  return one.includes(GOOD_REPLY) ? { first: GOOD, second: BAD } : { first: BAD, second: GOOD };
}

/** A fair judge: the good dialogue wins wherever it is shown. */
export function prefersGood(call: ScriptedCall): PairVerdictOutput {
  const { first, second } = shownFirst(call);
  return answer(first, second, first === GOOD ? "1" : "2");
}

/** A judge with pure position bias: Dialogue 1 wins everything, whatever it is. */
export function prefersFirst(call: ScriptedCall): PairVerdictOutput {
  const { first, second } = shownFirst(call);
  return answer(first, second, "1");
}

/** A model answering each role with its own script. */
export function scripted(roles: Record<string, (call: ScriptedCall) => object | Error>): ScriptedChatModel {
  return new ScriptedChatModel((call) => roles[call.role]?.(call) ?? new Error(`no script for role ${call.role}`));
}

export type Result = Record<string, any>;

/** The pair (A = good, B = bad) judged by the graph with a fresh checkpointer. */
export async function judgePair(model: ScriptedChatModel | undefined, configurable: Record<string, unknown> = {}, a: Dialogue = GOOD, b: Dialogue = BAD): Promise<Result> {
  const graph = buildPairwiseGraph().compile({ checkpointer: new MemorySaver() });
  const state = await graph.invoke({ dialogue: pairDialogue("refund", a, b) }, { configurable: { thread_id: "t", ...(model ? { chatModel: model } : { model: "offline" }), ...configurable } });
  return state.result as Result;
}

export function countBy(calls: readonly { role: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) out[c.role] = (out[c.role] ?? 0) + 1;
  return out;
}
