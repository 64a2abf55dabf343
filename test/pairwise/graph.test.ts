/**
 * The whole pairwise graph with a scripted chat model (no network). The model's answers go through
 * runAgent's parsing against the zod contract and the quote checks, as a real model's would.
 */
import { describe, expect, it } from "vitest";
import { buildPairwiseGraph } from "../../graphs/pairwise.js";
import { isInputError } from "../../nodes/input-error.js";
import { pairDialogue } from "../../nodes/pairwise/pair.js";
import { answer, BAD, BAD_REPLY, countBy, CRITERIA, GOOD, GOOD_REPLY, judgePair, prefersFirst, prefersGood, scripted, shownFirst } from "./helpers.js";

const text = (m: { content: unknown }) => String(m.content);
type Round = { round: number; ab: { winner: string }; ba: { winner: string }; consistent: boolean };
const roundsOf = (r: Record<string, any>) => (r.rounds as Round[]).map((x) => [x.round, x.ab.winner, x.ba.winner, x.consistent]);

describe("a fair judge: consistent in round 1", () => {
  it("2 calls (one per order), A wins, position consistent, 1 round, every criterion A with verified quotes of each side", async () => {
    const m = scripted({ comparison: prefersGood });
    const r = await judgePair(m);
    expect(countBy(m.calls)).toEqual({ comparison: 2 });
    expect(r).toMatchObject({ dialogue_id: "refund", pair: { a: "good", b: "bad" }, winner: "A", preference_a: 1, tie_reason: null, position_consistent: true, rounds_conducted: 1 });
    expect(roundsOf(r)).toEqual([[1, "A", "A", true]]);
    for (const c of r.criteria) {
      expect(c).toMatchObject({ preference: "A", consistent: true, evidence_a: [{ quote: GOOD_REPLY, verified: true, turn: 2 }], evidence_b: [{ quote: BAD_REPLY, verified: true, turn: 2 }] });
    }
    expect(r.meta).toMatchObject({ protocol: "pairwise", rubric: "customer-service", model: "injected", status: "scored", calls: 2, fallbacks: [], invalid_outputs: [] });
  });

  it("shows the pair in both orders: one call with A as Dialogue 1, one with B; both send the same two tools", async () => {
    const m = scripted({ comparison: prefersGood });
    await judgePair(m);
    expect(m.calls.map((c) => shownFirst(c).first.id).sort()).toEqual(["bad", "good"]);
    for (const call of m.calls) expect(call.tools).toEqual(["comparison", "reconsideration"]);
  });

  it("the prompt holds both transcripts in one sealed block and no label: ratings and acts never reach the model", async () => {
    const m = scripted({ comparison: prefersGood });
    await judgePair(m);
    const system = text(m.calls[0]?.messages[0] as { content: unknown });
    expect(system.match(/<transcript>/g)).toHaveLength(1);
    expect(system).toMatch(/=== Dialogue 1 ===\n\[1\] USER: I was charged twice for order 48213\.\n\[2\] SYSTEM: /);
    expect(system).toMatch(/=== Dialogue 2 ===\n\[1\] USER: /);
    expect(system).toContain("which one comes first says nothing about its quality");
    for (const call of m.calls) {
      const all = call.messages.map(text).join("\n");
      expect(all).not.toContain("SECRET_ACT_LABEL");
      expect(all).not.toMatch(/5, ?5, ?4|1, ?2, ?1/);
    }
  });
});

describe("a judge biased to position 1 when comparing, fair when reconsidering", () => {
  it("round 1 inconsistent (A vs B) → both orders reconsider → consistent: A wins after 2 rounds, 4 calls", async () => {
    const m = scripted({ comparison: prefersFirst, reconsideration: prefersGood });
    const r = await judgePair(m);
    expect(countBy(m.calls)).toEqual({ comparison: 2, reconsideration: 2 });
    expect(roundsOf(r)).toEqual([
      [1, "A", "B", false],
      [2, "A", "A", true],
    ]);
    expect(r).toMatchObject({ winner: "A", preference_a: 1, tie_reason: null, position_consistent: true, rounds_conducted: 2 });
  });

  it("a reconsideration reuses its order's prefix, shows both judgements in its own numbering and names the disagreement", async () => {
    const m = scripted({ comparison: prefersFirst, reconsideration: prefersGood });
    await judgePair(m);
    const reconsiderations = m.calls.filter((c) => c.role === "reconsideration");
    for (const call of reconsiderations) {
      const comparison = m.calls.find((c) => c.role === "comparison" && shownFirst(c).first === shownFirst(call).first);
      expect(text(call.messages[0] as { content: unknown })).toBe(text(comparison?.messages[0] as { content: unknown }));
    }
    // With A (good) first: its own judgement says 1; the (B,A) judgement said 1 = B, which is 2 here.
    const goodFirst = reconsiderations.find((c) => shownFirst(c).first === GOOD);
    const instructions = text(goodFirst?.messages[1] as { content: unknown });
    expect(instructions).toContain("the winner: 1 here, 2 there");
    for (const criterion of CRITERIA) expect(instructions).toContain(`${criterion}: 1 here, 2 there`);
    expect(instructions).toContain('"reasoning_as_written"');
    expect(instructions).toContain('"evidence_1": "SYSTEM: \\"I\'m sorry about that.');
  });
});

describe("a judge with pure position bias (Dialogue 1 always wins)", () => {
  it("still inconsistent after the reconsideration round: a tie for position bias, position_consistent false, every criterion a tie", async () => {
    const m = scripted({ comparison: prefersFirst, reconsideration: prefersFirst });
    const r = await judgePair(m);
    expect(countBy(m.calls)).toEqual({ comparison: 2, reconsideration: 2 });
    expect(roundsOf(r)).toEqual([
      [1, "A", "B", false],
      [2, "A", "B", false],
    ]);
    expect(r).toMatchObject({ winner: "tie", preference_a: 0.5, tie_reason: "position_bias", position_consistent: false, rounds_conducted: 2 });
    for (const c of r.criteria) expect(c).toMatchObject({ preference: "tie", preference_a: 0.5, consistent: false, tie_reason: "position_bias" });
  });

  it("critiqueRounds 0: no reconsideration, the tie for position bias comes after 2 calls", async () => {
    const m = scripted({ comparison: prefersFirst });
    const r = await judgePair(m, { critiqueRounds: 0 });
    expect(countBy(m.calls)).toEqual({ comparison: 2 });
    expect(r).toMatchObject({ winner: "tie", tie_reason: "position_bias", position_consistent: false, rounds_conducted: 1 });
  });
});

describe("quotes of the wrong side", () => {
  it("evidence_1 quoting Dialogue 2 gets one repair turn naming the mix-up; the repaired answer is used", async () => {
    const m = scripted({
      comparison: (call) => {
        const { first, second } = shownFirst(call);
        const good = answer(first, second, first === GOOD ? "1" : "2");
        // The first attempt with A first files B's reply under Dialogue 1 on TaskSuccess.
        const repairing = call.messages.length > 2;
        if (first !== GOOD || repairing) return good;
        return { ...good, criteria: good.criteria.map((c) => (c.criterion === "TaskSuccess" ? { ...c, evidence_1: `SYSTEM: "${BAD_REPLY}"` } : c)) };
      },
    });
    const r = await judgePair(m);
    expect(countBy(m.calls)).toEqual({ comparison: 3 });
    const repair = m.calls.find((c) => c.messages.length > 2);
    expect(repair?.messages.map(text).join("\n")).toContain(`TaskSuccess evidence_1 quotes Dialogue 2 as Dialogue 1: "${BAD_REPLY}"`);
    expect(r.meta.invalid_outputs).toEqual([{ agent: "comparison:AB", kind: "unverified_quote", message: `TaskSuccess evidence_1 quotes Dialogue 2 as Dialogue 1: "${BAD_REPLY}"; quote each dialogue only in its own evidence field` }]);
    expect(r.meta.fallbacks).toEqual([]);
    expect(r).toMatchObject({ winner: "A", position_consistent: true });
    expect(r.criteria[0].evidence_a).toEqual([{ quote: GOOD_REPLY, verified: true, turn: 2 }]);
  });

  it("a model that never quotes the right side falls back to the offline judge for that order (flagged in meta)", async () => {
    const m = scripted({
      comparison: (call) => {
        const { first, second } = shownFirst(call);
        const swapped = answer(second, first, first === GOOD ? "1" : "2");
        return first === GOOD ? swapped : answer(first, second, "2");
      },
    });
    const r = await judgePair(m);
    expect(countBy(m.calls)).toEqual({ comparison: 3 });
    expect(r.meta.fallbacks).toEqual([expect.objectContaining({ agent: "comparison:AB", kind: "invalid_output" })]);
    expect(r.meta.scored_by).toEqual({ "comparison:AB": "offline-fallback", "comparison:BA": "injected" });
    expect(r).toMatchObject({ winner: "A", position_consistent: true });
  });
});

describe("failures and input", () => {
  it("with onFailure unscored, a failing comparison (both orders, in parallel) gives an unscored line for the pair", async () => {
    const r = await judgePair(scripted({ comparison: () => new Error("model down") }), { onFailure: "unscored", maxRetries: 0 });
    expect(r).toMatchObject({ dialogue_id: "refund", status: "unscored", error: { agent: expect.stringMatching(/^comparison:(AB|BA)$/), kind: "error" } });
    expect(r.meta).toMatchObject({ protocol: "pairwise", status: "unscored", scored_by: null, calls: 2 });
  });

  it("a plain dialogue is refused with a message saying what to send", async () => {
    const graph = buildPairwiseGraph().compile();
    const run = graph.invoke({ dialogue: GOOD }, { configurable: { model: "offline" } });
    await expect(run).rejects.toSatisfy((e: unknown) => isInputError(e) && /dialogue good is one dialogue; a pairwise run compares two: send/.test((e as Error).message));
    await expect(graph.invoke({}, { configurable: { model: "offline" } })).rejects.toThrow(/no pair to judge/);
  });

  it("takes the sides as objects or as transcript text (Studio); both give the same judgement as the pair dialogue", async () => {
    const graph = buildPairwiseGraph().compile();
    const config = { configurable: { model: "offline" } };
    const fromSides = (await graph.invoke({ a: GOOD, b: BAD }, config)).result as Record<string, any>;
    expect(fromSides).toMatchObject({ dialogue_id: "good~bad", pair: { a: "good", b: "bad" }, winner: "A" });
    const asText = (d: typeof GOOD) => d.turns.map((t) => `${t.speaker === "user" ? "USER" : "SYSTEM"}\t${t.text}\t\t`).join("\n");
    const fromText = (await graph.invoke({ transcript_a: asText(BAD), transcript_b: asText(GOOD) }, config)).result as Record<string, any>;
    expect(fromText).toMatchObject({ dialogue_id: "a~b", pair: { a: "a", b: "b" }, winner: "B" });
    await expect(graph.invoke({ a: GOOD, b: BAD, transcript_a: "x" }, config)).rejects.toThrow(/send one form of the pair, not several/);
  });

  it("keeps the pair's sides out of the state's combined dialogue and strips their ratings", async () => {
    const graph = buildPairwiseGraph().compile();
    const state = await graph.invoke({ dialogue: pairDialogue("refund", GOOD, BAD) }, { configurable: { model: "offline" } });
    expect(state.dialogue).toEqual({ id: "refund", turns: [...GOOD.turns, ...BAD.turns].map(({ ratings: _r, ...t }) => t) });
    expect(state.a.overallRatings).toBeUndefined();
    expect(state.a.turns.some((t) => t.ratings !== undefined)).toBe(false);
  });
});
