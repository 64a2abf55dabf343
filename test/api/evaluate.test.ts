/** evaluateDialogue and evaluateMany: one call per dialogue, or an async iterable of result lines with bounded concurrency. */
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { describe, expect, it } from "vitest";
import { evaluateDialogue, evaluateMany, type JudgeResult, type ReviewRequest } from "../../index.js";
import { graph as panelGraph } from "../../graphs/panel.js";
import { critique, verdicts } from "../panel/helpers.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { byId, CountingModel, EXAMPLES, firstUserQuote, firstUserText } from "./helpers.js";

const untimed = (result: Record<string, unknown>) => ({ ...result, meta: { ...(result.meta as object), latency_ms: 0 } });

/** A panel model that answers every dialogue with 80s and an agreeing critic, quoting the dialogue's first user turn. */
function panelModel(delayMs = 15) {
  return new CountingModel(({ role, messages }) => {
    const dialogue = EXAMPLES.find((d) => messages.some((m) => String(m.content).includes(firstUserText(d)))) as Dialogue;
    return role === "evaluator" ? verdicts([80, 80, 80, 80, 80, 80], firstUserQuote(dialogue)) : { critic: critique() };
  }, delayMs);
}

async function collect(results: AsyncIterable<JudgeResult>): Promise<JudgeResult[]> {
  const out: JudgeResult[] = [];
  for await (const r of results) out.push(r);
  return out;
}

describe("evaluateDialogue", () => {
  it("judges a dialogue object with the panel protocol by default, exactly as the compiled graph does", async () => {
    const dialogue = byId("wrong-address");
    const result = await evaluateDialogue(dialogue);
    expect(result.dialogue_id).toBe("wrong-address");
    expect(result.meta).toMatchObject({ protocol: "panel", rubric: "customer-service", model: "offline", status: "scored" });
    // The one judge path adds what every line carries (the CLI's lines too): the configuration's hash, the cost and the source (no file from the library).
    expect(result.meta).toMatchObject({ config_hash: expect.stringMatching(/^[0-9a-f]{16}$/), cost_usd: 0, source: { file: null, dialogue_hash: expect.stringMatching(/^[0-9a-f]{16}$/) } });
    const direct = await panelGraph.invoke({ dialogue });
    const { config_hash: _hash, cost_usd: _cost, source: _source, ...meta } = result.meta;
    expect(untimed({ ...result, meta })).toEqual(untimed(direct.result as Record<string, unknown>));
  });

  it("judges one dialogue given as transcript text, in any supported format", async () => {
    const turns = "--- Turn 1 ---\nUser: My parcel never arrived.\nAssistant: I'm sorry. I have sent a new one by express today.\n--- Turn 2 ---\nUser: Great, thanks!\nAssistant: You're welcome.";
    const result = await evaluateDialogue(turns, { protocol: "consensus" });
    expect(result.dialogue_id).toBe(0);
    expect(result.meta).toMatchObject({ protocol: "consensus", rubric: "customer-service-5" });
    await expect(evaluateDialogue(`${turns}\n\n=== Dialogue second ===\n--- Turn 1 ---\nUser: hi\nAssistant: hello`)).rejects.toThrow(
      expect.objectContaining({ name: "InputError", message: expect.stringMatching(/holds 2 dialogues/) }),
    );
  });

  it("asks the review callback when a consensus ends without agreement, and records its decision", async () => {
    const requests: ReviewRequest[] = [];
    const result = await evaluateDialogue(byId("cancelled-flight"), {
      protocol: "consensus",
      humanReview: true,
      review: (request) => {
        requests.push(request);
        return { decision: "accept", comment: "fair", reviewer: "ana" };
      },
    });
    // Offline judge: 0.6 × 2.86 + 0.4 × 3.42 = 1.716 + 1.368 = 3.084 after one debate round without agreement (0.56 apart).
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ dialogue_id: "cancelled-flight", proposed_overall_score: 3.084, strict: 2.86, generous: 3.42 });
    expect(result.overall_score).toBe(3.084);
    expect(result.human_review).toEqual({ decision: "accept", overall_score: 3.084, consensus_overall_score: 3.084, comment: "fair", reviewer: "ana" });
    // An agreeing pair is never sent for review: biases of ±0.2 at mid-scale put strict at 5 − 0.2 × 4 / 2 = 4.6
    // and generous at 5 on a reading of 5, 0.4 apart: 0.6 × 4.6 + 0.4 × 5 = 4.76.
    const agreed = await evaluateDialogue(byId("refund-resolved"), { protocol: "consensus", humanReview: true, offlineBias: { strict: -0.2, generous: 0.2 }, review: () => ({ decision: "override", overall_score: 1 }) });
    expect(agreed.human_review).toBeUndefined();
    expect(agreed.overall_score).toBe(4.76);
  });

  it("refuses humanReview without a review callback, and a decision off the rubric's scale", async () => {
    await expect(evaluateDialogue(byId("cancelled-flight"), { protocol: "consensus", humanReview: true })).rejects.toThrow(/humanReview needs a `review` callback/);
    await expect(evaluateDialogue(byId("cancelled-flight"), { protocol: "consensus", humanReview: true, review: () => ({ decision: "override", overall_score: 7 }) })).rejects.toThrow(
      /overall_score 7 is off the rubric's scale 1–5/,
    );
  });
});

describe("evaluateMany", () => {
  it("yields one line per dialogue and keeps at most `concurrency` dialogues in flight", async () => {
    for (const concurrency of [1, 3]) {
      const model = panelModel();
      const results = await collect(evaluateMany(EXAMPLES, { model, concurrency }));
      expect(results.map((r) => r.dialogue_id).sort()).toEqual(EXAMPLES.map((d) => d.id).sort());
      expect(results.every((r) => r.meta.status === "scored" && r.meta.model === "injected")).toBe(true);
      // A panel dialogue makes one call at a time: calls in flight = dialogues in flight.
      expect(model.maxInFlight).toBe(concurrency);
      expect(model.calls).toHaveLength(2 * EXAMPLES.length);
    }
  });

  it("accepts any async iterable, mixing transcripts and dialogues (a transcript without an id is dialogue 0, as in a one-dialogue file)", async () => {
    async function* source() {
      yield byId("store-hours");
      yield "USER\tIs the store open on Sunday?\tOTHER\t\nSYSTEM\tYes, from 10 to 4.\tOTHER\t";
    }
    const results = await collect(evaluateMany(source(), { protocol: "barem", concurrency: 2 }));
    expect(results.map((r) => r.dialogue_id).sort()).toEqual([0, "store-hours"].sort());
    expect(results.every((r) => r.meta.protocol === "barem")).toBe(true);
  });

  it("turns a failed run into an unscored line (secrets redacted) and stops on a configuration error", async () => {
    const broken = { invoke: async () => ({}), withStructuredOutput: () => { throw new Error("client exploded with key sk-abcdefghijklmnop"); } } as unknown as BaseChatModel;
    const results = await collect(evaluateMany([byId("refund-resolved")], { model: broken }));
    // The same unscored line as the CLI's batch runner writes: full meta, config hash, no cost.
    expect(results).toEqual([
      {
        dialogue_id: "refund-resolved",
        status: "unscored",
        error: { agent: "panel", kind: "error", message: "client exploded with key [redacted]" },
        meta: {
          protocol: "panel",
          rubric: "customer-service",
          model: "injected",
          status: "unscored",
          scored_by: null,
          tokens: { input: 0, output: 0, total: 0 },
          latency_ms: 0,
          calls: 0,
          fallbacks: [],
          invalid_outputs: [],
          warnings: [],
          retries: [],
          config_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
          cost_usd: null,
          source: { file: null, dialogue_hash: expect.stringMatching(/^[0-9a-f]{16}$/) },
        },
      },
    ]);
    await expect(collect(evaluateMany(EXAMPLES, { rubric: "no-such-rubric" }))).rejects.toThrow(expect.objectContaining({ name: "RubricError" }));
  });
});
