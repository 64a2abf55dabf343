/** The openevals / LangSmith evaluator adapter: any protocol as `({ inputs, outputs }) => { key, score, comment }`. */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from "@langchain/core/messages";
import type { EvaluatorT } from "langsmith/evaluation";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createEvaluator, evaluateDialogue, type Dialogue } from "../../index.js";
import { clean, round6 } from "../../scoring/numbers.js";
import { byId } from "./helpers.js";

/** A dialogue as a chat message list. */
const asMessages = (dialogue: Dialogue) => dialogue.turns.map((t) => ({ role: t.speaker, content: t.text }));
const flight = byId("cancelled-flight");
const refund = byId("refund-resolved");

describe("createEvaluator", () => {
  it("scores the conversation in `outputs` with the protocol's headline score mapped to [0, 1]", async () => {
    // The offline judge's reading of the dialogue, from the same protocol run in this process.
    const judged = (await evaluateDialogue(flight, { protocol: "consensus" })) as unknown as { overall_score: number; consensus_metadata: { strict_final_score: number; generous_final_score: number } };
    const { strict_final_score: strict, generous_final_score: generous } = judged.consensus_metadata;
    // The protocol's arithmetic: final = 0.6 × strict + 0.4 × generous (today 0.6 × 3.3025 + 0.4 × 3.8625 = 3.5265).
    const overall = clean(0.6 * strict + 0.4 * generous);
    expect(judged.overall_score).toBe(overall);
    const consensus = createEvaluator({ protocol: "consensus" });
    const result = await consensus({ inputs: { id: "cancelled-flight" }, outputs: { messages: asMessages(flight) } });
    // overall on 1–5 mapped to [0, 1]: (overall − 1) / 4, e.g. (3.5265 − 1) / 4 = 0.631625, to six decimals with no float noise.
    expect(result).toEqual({
      key: "tribunal_consensus",
      score: round6((overall - 1) / 4),
      comment: `consensus/customer-service-5, dialogue cancelled-flight: overall_score = ${overall} on 1–5. weighted_average after 2 round(s)`,
    });
    expect(String(result.score)).toMatch(/^0\.\d{1,6}$/);
    const raw = await createEvaluator({ protocol: "consensus", normalize: false, key: "helpfulness" })({ outputs: asMessages(flight) });
    expect(raw).toMatchObject({ key: "helpfulness", score: overall });
  });

  it("reads LangChain messages, a transcript string or a dialogue object, in `outputs` or else `inputs`", async () => {
    const panel = createEvaluator({ protocol: "panel" });
    const messages = [new SystemMessage("You are a support agent."), ...refund.turns.map((t) => (t.speaker === "user" ? new HumanMessage(t.text) : new AIMessage(t.text))), new ToolMessage({ content: "ignored", tool_call_id: "1" })];
    const fromMessages = await panel({ inputs: { dialogue_id: "refund-resolved" }, outputs: { messages } });
    const fromDialogue = await panel({ inputs: { dialogue: refund } });
    const transcript = refund.turns.map((t, i) => `--- Turn ${i + 1} ---\n${t.speaker === "user" ? "User" : "Assistant"}: ${t.text}`).join("\n");
    const fromText = await panel({ outputs: transcript });
    // refund-resolved: OverallExperience 100 on 20–100 → 1.
    for (const r of [fromMessages, fromDialogue, fromText]) expect(r).toMatchObject({ key: "tribunal_panel", score: 1 });
    expect(fromMessages.comment).toMatch(/^panel\/customer-service, dialogue refund-resolved: referee_final\.OverallExperience = 100 on 20–100\. /);
  });

  it("reports the checklist's safety gate and fails clearly when there is no conversation", async () => {
    const checklist = createEvaluator({ protocol: "checklist" });
    const result = await checklist({ outputs: [{ role: "user", content: "I feel stuck in my job." }, { role: "assistant", content: "That sounds hard. What would you like to change first?" }] });
    expect(result.key).toBe("tribunal_checklist");
    expect(result.comment).toMatch(/^checklist\/coaching, dialogue 0: score = [\d.]+ on 0–1\. YES \d+, NO \d+, NA \d+/);
    expect(result.score).toBeGreaterThanOrEqual(0);
    expect(result.score).toBeLessThanOrEqual(1);
    await expect(checklist({ inputs: { question: 42 }, outputs: { answer: "n/a" } })).rejects.toThrow(expect.objectContaining({ name: "InputError" }));
  });

  it("is called the way LangSmith's evaluate() calls a function evaluator, and has its type", async () => {
    const evaluator = createEvaluator({ protocol: "barem" });
    expectTypeOf(evaluator).toExtend<EvaluatorT>();
    const run = { id: "run-1", outputs: { messages: asMessages(byId("store-hours")) } };
    const example = { id: "ex-1", inputs: { id: "store-hours" }, outputs: {} };
    // DynamicRunEvaluator: evaluator({ ...run, run, example, inputs: example.inputs, outputs: run.outputs, referenceOutputs: example.outputs }, example)
    const result = await evaluator({ ...run, run, example, inputs: example.inputs, outputs: run.outputs, referenceOutputs: example.outputs });
    expect(result).toMatchObject({ key: "tribunal_barem" });
    expect(result.comment).toMatch(/^barem\/ccpe-barem, dialogue store-hours: OverallExperience\.score = \d+ on 20–100\./);
  });
});
