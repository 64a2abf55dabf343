import { expect } from "vitest";
import { parseDialogues } from "../../dialogues/index.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { buildPanelGraph } from "../../graphs/panel.js";
import type { StubRequest } from "../support/openai-stub.js";

export const CRITERIA = ["TaskSuccess", "Helpfulness", "Accuracy", "Understanding", "Empathy", "Fluency"] as const;
export type Scores = Record<(typeof CRITERIA)[number], number>;

/** Human ratings and acts nobody would write by chance: they must never reach a request body. */
export const TURN_RATINGS = "5,1,5,1,2";
export const OVERALL_RATINGS = "1,5,1,5";
export const ACTS = ["ZQX_OPENING_ACT", "ENTITY_PREFERENCE+ZQX_FILM_ACT", "ZQX_FOLLOWUP_ACT", "ENTITY_OTHER+ZQX_DETAIL_ACT", "ZQX_CLOSING_ACT", "ZQX_OVERALL_ACT"];

/** A USS (tab-separated) dialogue with distinctive ratings and acts on every line. */
export const USS_TEXT = [
  `SYSTEM\tHello, which film would you like to talk about?\t${ACTS[0]}\t`,
  `USER\tI loved Paddington 2, it made me smile.\t${ACTS[1]}\t${TURN_RATINGS}`,
  `SYSTEM\tWhat did you like most about it?\t${ACTS[2]}\t`,
  `USER\tThe marmalade scenes were hilarious.\t${ACTS[3]}\t${TURN_RATINGS}`,
  `SYSTEM\tThanks, I will keep gentle comedies in mind.\t${ACTS[4]}\t`,
  `USER\tOVERALL\t${ACTS[5]}\t${OVERALL_RATINGS}`,
  "",
].join("\n");

/** The transcript as the judges must see it: speakers and text only. */
export const USS_TRANSCRIPT = [
  "[1] SYSTEM: Hello, which film would you like to talk about?",
  "[2] USER: I loved Paddington 2, it made me smile.",
  "[3] SYSTEM: What did you like most about it?",
  "[4] USER: The marmalade scenes were hilarious.",
  "[5] SYSTEM: Thanks, I will keep gentle comedies in mind.",
].join("\n");

export function ussDialogue(): Dialogue {
  const [dialogue] = parseDialogues(USS_TEXT, "distinctive.tsv");
  if (!dialogue) throw new Error("the USS fixture did not parse");
  return dialogue;
}

/** Customer-service dialogue where the offline critic disagrees (Fluency 80 → 60 on a repeated reply). */
export function wrongAddressDialogue(): Dialogue {
  const line = JSON.stringify({
    id: "wrong-address",
    messages: [
      { role: "user", content: "I need to change the delivery address for order 7731 to 12 Elm Street." },
      { role: "assistant", content: "Sure. Your order 7731 will be delivered to 21 Oak Avenue." },
      { role: "user", content: "No, that's not what I asked. I said 12 Elm Street." },
      { role: "assistant", content: "Sure. Your order 7731 will be delivered to 21 Oak Avenue." },
      { role: "user", content: "This is useless. I said 12 Elm Street, not Oak Avenue!" },
      { role: "assistant", content: "Is there anything else I can help you with?" },
    ],
  });
  const [dialogue] = parseDialogues(line, "wrong-address.jsonl");
  if (!dialogue) throw new Error("the chat fixture did not parse");
  return dialogue;
}

/** An evaluator answer; every justification carries a marker and a quote that occurs in the transcript. */
export function evaluatorAnswer(scores: Scores, quote: string): Record<string, { justification: string; score: number }> {
  return Object.fromEntries(CRITERIA.map((c) => [c, { justification: `Marker-${c}: the user says ${quote}.`, score: scores[c] }]));
}

export function agreeAll(): { critic: { criterion: string; comment: string; agree: boolean; suggested_score: null }[] } {
  return { critic: CRITERIA.map((c) => ({ criterion: c, comment: "", agree: true, suggested_score: null })) };
}

/** Σ score × weight with customer-service weights, computed here by hand from the weights in docs/protocols.md#shared-scoring-panel-and-barem. */
export function weighted(scores: Scores): number {
  const w: Scores = { TaskSuccess: 0.4, Helpfulness: 0.15, Accuracy: 0.15, Understanding: 0.1, Empathy: 0.1, Fluency: 0.1 };
  return Math.round(CRITERIA.reduce((s, c) => s + scores[c] * w[c], 0) * 100) / 100;
}

export { useTestApiKey } from "../support/test-env.js";

export type ResultLine = Record<string, unknown> & {
  meta: {
    status: string;
    model: string;
    calls: number;
    tokens: { input: number; output: number; total: number };
    fallbacks: { agent: string; kind: string; message: string }[];
    invalid_outputs: { agent: string; kind: string; message: string }[];
  };
};

/** Runs the compiled panel graph and checks the line never carries the API key. */
export async function runPanel(dialogue: Dialogue, configurable: Record<string, unknown>, key?: string): Promise<ResultLine> {
  const state = await buildPanelGraph().compile().invoke({ dialogue }, { configurable });
  const result = state.result as ResultLine | undefined;
  if (!result) throw new Error("the panel returned no result");
  if (key) expect(JSON.stringify(result)).not.toContain(key);
  return result;
}

/** The line without `meta`: what a score consumer reads. */
export function withoutMeta(result: Record<string, unknown>): Record<string, unknown> {
  const { meta: _meta, ...rest } = result;
  return rest;
}

export function lastMessage(request: StubRequest): { role: string; content: string } {
  const last = request.body.messages[request.body.messages.length - 1];
  if (!last) throw new Error(`request ${request.index} has no messages`);
  return last;
}

/** The stub's usage numbers: ⌈body / 4⌉ prompt tokens and ⌈reply / 4⌉ completion tokens per request. */
export function stubUsage(requests: readonly StubRequest[], replies: readonly string[]): { input: number; output: number } {
  return {
    input: requests.reduce((s, r) => s + Math.ceil(r.rawBody.length / 4), 0),
    output: replies.reduce((s, r) => s + Math.ceil(r.length / 4), 0),
  };
}
