/** The learned turn model: reply/reaction pairs, their sparse features, the sparse ridge fit, and a judge that reads the assistant. */
import { describe, expect, it } from "vitest";
import type { Dialogue } from "../../dialogues/dialogue.js";
import { numberTurns } from "../../evidence/cues/evidence.js";
import { applySparse, predictTurns, shippedTurnModel, turnInputs, turnPairs, turnRow, type TurnModel, type TurnRating } from "../../judges/offline/turn-model.js";
import { fitSparseRidge } from "../../scripts/fit/sparse-ridge.js";
import { evaluateDialogue } from "../../index.js";

const chat = (...texts: [speaker: "user" | "assistant", text: string][]): Dialogue => ({ id: "t", turns: texts.map(([speaker, text]) => ({ speaker, text })) });

describe("turnPairs", () => {
  it("pairs each user turn with the reply before it, and keeps a last reply nobody reacted to", () => {
    const d = chat(["user", "Hi, my order is late."], ["assistant", "Sorry! It ships today."], ["user", "Thanks."], ["assistant", "Anything else?"]);
    const turns = numberTurns(d);
    expect(turnPairs(turns)).toEqual([
      { turn: 1, reply: "", reaction: "Hi, my order is late.", reactionTurn: turns[0], repeats: false },
      { turn: 2, reply: "Sorry! It ships today.", reaction: "Thanks.", reactionTurn: turns[2], repeats: false },
      { turn: 4, reply: "Anything else?", reaction: undefined, repeats: false },
    ]);
  });

  it("marks a reply that repeats an earlier one", () => {
    const d = chat(["assistant", "Can you say a little more about that please?"], ["user", "Sure."], ["assistant", "Can you say a little more about that please?"], ["user", "I just did."]);
    expect(turnPairs(numberTurns(d)).map((p) => p.repeats)).toEqual([false, true]);
  });
});

describe("turnRow", () => {
  it("is L2-normalised, and the reply-only row has none of the reaction's words", () => {
    const pair = { turn: 2, reply: "I can rebook you", reaction: "great thanks", repeats: false };
    const full = turnRow(pair, 12);
    const replyOnly = turnRow(pair, 12, true);
    const norm = (row: Map<number, number>) => Math.sqrt([...row.values()].reduce((s, v) => s + v * v, 0));
    expect(norm(full)).toBeCloseTo(1, 12);
    expect(norm(replyOnly)).toBeCloseTo(1, 12);
    // "great" and "thanks" (U:) plus the reaction's signals are only in the full row.
    expect(full.size).toBeGreaterThan(replyOnly.size);
    for (const bucket of replyOnly.keys()) expect(full.has(bucket)).toBe(true);
  });
});

describe("fitSparseRidge", () => {
  it("recovers y = 1 + 2·x₀ − 3·x₁ when λ is tiny (hand-made rows)", () => {
    const rows = [
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
    ];
    const examples = rows.map(([a, b]) => ({ row: new Map([[0, a as number], [1, b as number]]), target: 1 + 2 * (a as number) - 3 * (b as number) }));
    const fit = fitSparseRidge(examples, 4, 1e-9);
    expect(fit.intercept).toBeCloseTo(1, 6);
    expect(fit.weights[0]).toBeCloseTo(2, 6);
    expect(fit.weights[1]).toBeCloseTo(-3, 6);
    // Buckets no row uses stay at zero.
    expect(fit.weights.slice(2)).toEqual([0, 0]);
  });
});

describe("predictTurns: a reply that brushes the user off", () => {
  // Every turn reads 4 on both sides; the model's lowest 1 % sits at 2 (with the reaction) and 2.5 (the reply alone).
  const flat = { intercept: 4, weights: new Array(16).fill(0) };
  const model: TurnModel = { description: "", source: "", bits: 4, ngrams: 1, lambda: 1, full: flat, replyOnly: flat, lowest: { full: 2, replyOnly: 2.5 } };
  const d = chat(["user", "My order never arrived."], ["assistant", "Not my problem."], ["user", "Wow. Okay."], ["assistant", "I'm sorry, I'll send a new one."], ["user", "Thanks."], ["assistant", "Figure it out yourself."]);

  it("is rated as the model's lowest turns, and the other replies keep their rating", () => {
    expect(predictTurns(numberTurns(d), model).map((r) => [r.pair.turn, r.rating, r.replyRating])).toEqual([
      [1, 4, undefined],
      [2, 2, 2.5],
      [4, 4, 4],
      // The last reply, nobody reacted to: the reply-only side and its floor.
      [6, 2.5, 2.5],
    ]);
  });

  it("is not capped by a model fitted without a floor", () => {
    const { lowest: _, ...uncapped } = model;
    expect(predictTurns(numberTurns(d), uncapped).map((r) => r.rating)).toEqual([4, 4, 4, 4]);
  });
});

describe("turnInputs", () => {
  const rating = (turn: number, reply: string, value: number, replyValue?: number): TurnRating => ({ pair: { turn, reply, reaction: "ok", repeats: false }, rating: value, replyRating: replyValue });

  it("leaves out the user's opening (no reply before it): it rates the problem, not the assistant", () => {
    // Ratings 1 (the opening), then 5, 3 and 4 for the replies (5, 4 and 3 read alone): qualities (r − 1) / 4.
    const inputs = turnInputs([rating(1, "", 1), rating(2, "Sure.", 5, 5), rating(4, "Done.", 3, 4), rating(6, "Bye.", 4, 3)]);
    expect(inputs.turnQuality).toBe(0.75);
    expect(inputs.replyQuality).toBe(0.75);
    expect(inputs.closingQuality).toBe(0.625);
    expect(inputs.worstTurnQuality).toBe(0.5);
  });

  it("is neutral (0.5) for a dialogue with no reply", () => {
    expect(turnInputs([rating(1, "", 1)])).toEqual({ turnQuality: 0.5, replyQuality: 0.5, closingQuality: 0.5, worstTurnQuality: 0.5 });
  });
});

describe("the shipped turn model", () => {
  it("reads a last reply nobody reacted to with the reply-only model, a reacted one with the full model", () => {
    const model = shippedTurnModel();
    const d = chat(["user", "My flight was cancelled. What are my options?"], ["assistant", "I can rebook you on the 18:40 flight or refund the ticket."]);
    const [first, last] = predictTurns(numberTurns(d), model);
    expect(first?.rating).toBe(applySparse(model.full, turnRow(first!.pair, model.bits, false, model.ngrams)));
    expect(last?.pair.reaction).toBeUndefined();
    expect(last?.rating).toBe(applySparse(model.replyOnly, turnRow(last!.pair, model.bits, true, model.ngrams)));
    expect(last?.rating).not.toBe(applySparse(model.full, turnRow(last!.pair, model.bits, false, model.ngrams)));
  });

  it("scores the assistant's answer: the same request answered helpfully scores higher than answered dismissively", async () => {
    const ask = "My order never arrived and I need it for Friday.";
    const helpful = chat(["user", ask], ["assistant", "I'm sorry about that. I've sent a replacement by express; it arrives on Thursday."]);
    const dismissive = chat(["user", ask], ["assistant", "Not my problem. Nothing I can do about it."]);
    const score = async (d: Dialogue) => ((await evaluateDialogue(d)) as unknown as { referee_final: { numeric_weighted_average: number } }).referee_final.numeric_weighted_average;
    expect(await score(helpful)).toBeGreaterThan(await score(dismissive));
  });
});
