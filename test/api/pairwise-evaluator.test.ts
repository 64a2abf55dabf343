/** The LangSmith comparative evaluator adapter: the pairwise protocol as `({ runs, example, inputs, outputs }) => { key, scores }`. */
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import type { evaluateComparative } from "langsmith/evaluation";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createPairwiseEvaluator, type Dialogue, type PairwiseEvaluatorArgs, type PairwiseEvaluatorResult } from "../../index.js";
import { BAD, GOOD, scripted } from "../pairwise/helpers.js";

/** What langsmith 0.12 accepts in `evaluateComparative(experiments, { evaluators })` (and `evaluate([a, b], …)`). */
type ComparativeEvaluator = Parameters<typeof evaluateComparative>[1]["evaluators"][number];
/** Its one-parameter form, `(args: { runs, example, inputs, outputs, referenceOutputs? })`: the legacy `(runs, example)` has two. */
type OneParameter<F> = F extends (...args: infer P) => unknown ? (P["length"] extends 1 ? F : never) : never;
type ComparativeEvaluatorWithArgs = OneParameter<ComparativeEvaluator>;

const asMessages = (d: Dialogue) => d.turns.map((t) => ({ role: t.speaker, content: t.text }));
const example = { id: "ex-refund", inputs: { scenario: "refund" }, outputs: {} };

/** The arguments LangSmith builds for one example: `outputs` is `runs.map((run) => run.outputs || {})`. */
function argsFor(...runs: { id: string; outputs: Record<string, unknown> }[]): PairwiseEvaluatorArgs {
  return { runs, example, inputs: example.inputs, outputs: runs.map((r) => r.outputs), referenceOutputs: example.outputs };
}

const good = { id: "run-good", outputs: { messages: asMessages(GOOD) } };
const bad = { id: "run-bad", outputs: { messages: asMessages(BAD) } };

describe("createPairwiseEvaluator: LangSmith's comparative evaluator", () => {
  it("has langsmith's ComparativeEvaluator type, in its one-parameter form, and exactly one declared parameter", () => {
    const evaluator = createPairwiseEvaluator();
    // A compile-time assignment: `tsc --noEmit` fails if the shapes drift apart.
    const accepted: ComparativeEvaluator = evaluator;
    expectTypeOf(evaluator).toExtend<ComparativeEvaluator>();
    expectTypeOf<ComparativeEvaluatorWithArgs>().not.toBeNever();
    expectTypeOf(evaluator).toExtend<ComparativeEvaluatorWithArgs>();
    expectTypeOf(evaluator).parameters.toEqualTypeOf<[PairwiseEvaluatorArgs]>();
    expectTypeOf(evaluator).returns.resolves.toEqualTypeOf<PairwiseEvaluatorResult>();
    // LangSmith calls `evaluator({ runs, example, inputs, outputs, referenceOutputs })` only when `evaluator.length === 1`.
    expect(accepted.length).toBe(1);
    // The name becomes the evaluator's trace name.
    expect(evaluator.name).toBe("tribunalPairwise");
  });

  it("judges the first run (A) against the second (B) offline: the solving conversation wins wherever it is", async () => {
    const evaluator = createPairwiseEvaluator();
    // GOOD refunds at once; BAD asks twice for the order number and loses the user: the offline judge prefers GOOD on every criterion.
    expect(await evaluator(argsFor(good, bad))).toEqual({ key: "tribunal_pairwise", scores: { "run-good": 1, "run-bad": 0 } });
    // Swapped: A is now the bad run, so the preference for A is 0 and B's run gets 1 − 0.
    expect(await evaluator(argsFor(bad, good))).toEqual({ key: "tribunal_pairwise", scores: { "run-bad": 0, "run-good": 1 } });
  });

  it("reads LangChain messages and a transcript string too, each run's own outputs when `outputs` is left out, and takes a key", async () => {
    const evaluator = createPairwiseEvaluator({ key: "preference" });
    const langchain = { id: "run-lc", outputs: { messages: GOOD.turns.map((t) => (t.speaker === "user" ? new HumanMessage(t.text) : new AIMessage(t.text))) } };
    const transcript = { id: "run-text", outputs: { transcript: BAD.turns.map((t, i) => `--- Turn ${i + 1} ---\n${t.speaker === "user" ? "User" : "Assistant"}: ${t.text}`).join("\n") } };
    expect(await evaluator({ runs: [transcript, langchain], example, inputs: example.inputs })).toEqual({ key: "preference", scores: { "run-text": 0, "run-lc": 1 } });
  });

  it("scores both runs null when the pair could not be judged (unscored), never a tie", async () => {
    const down = scripted({ comparison: () => new Error("model down") });
    const evaluator = createPairwiseEvaluator({ model: down, onFailure: "unscored", maxRetries: 0, retryBaseMs: 0 });
    expect(await evaluator(argsFor(good, bad))).toEqual({ key: "tribunal_pairwise", scores: { "run-good": null, "run-bad": null } });
  });

  it("needs exactly 2 different runs, each with a conversation in its outputs", async () => {
    const evaluator = createPairwiseEvaluator();
    const exactlyTwo = /^the pairwise evaluator compares exactly 2 runs of an example, got (1|3): compare two experiments at a time/;
    await expect(evaluator(argsFor(good))).rejects.toThrow(expect.objectContaining({ name: "InputError", message: expect.stringMatching(exactlyTwo) }));
    await expect(evaluator(argsFor(good, bad, { ...good, id: "run-3" }))).rejects.toThrow(exactlyTwo);
    await expect(evaluator(argsFor(good, good))).rejects.toThrow("the pairwise evaluator needs two different runs, got run run-good twice");
    // The example's inputs are not a fallback: both sides would be the same conversation.
    const noConversation = { id: "run-empty", outputs: { answer: 42 } };
    await expect(evaluator({ ...argsFor(good, noConversation), inputs: { messages: asMessages(GOOD) } })).rejects.toThrow(
      expect.objectContaining({ name: "InputError", message: expect.stringMatching(/^run run-empty \(side B\): no conversation found .*; each run's outputs must hold its whole conversation$/) }),
    );
  });
});
