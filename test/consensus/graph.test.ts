/**
 * The whole consensus graph with a scripted chat model (no network): the worked example of docs/protocols.md#consensus, the agreeing
 * pair, clamps, three rounds, biases, failures and the prompt layout. Numbers are hand-computed.
 */
import { MemorySaver } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { consensusSettings } from "../../nodes/consensus/configuration.js";
import { buildConsensusGraph } from "../../graphs/consensus.js";
import type { Dialogue } from "../../dialogues/dialogue.js";
import type { ScriptedChatModel } from "../support/scripted-model.js";
import { answer, countBy, CRITERIA, CRITIQUE, DIALOGUE, scripted } from "./helpers.js";
import { rubricFor } from "../support/rubric-for.js";

type Result = Record<string, any>;

async function judge(model: ScriptedChatModel, configurable: Record<string, unknown> = {}, dialogue: Dialogue = DIALOGUE): Promise<Result> {
  const graph = buildConsensusGraph().compile({ checkpointer: new MemorySaver() });
  const state = await graph.invoke({ dialogue }, { configurable: { thread_id: "t", chatModel: model, ...configurable } });
  return state.result as Result;
}

const close = (actual: number | undefined, expected: number) => expect(Math.abs((actual ?? Number.NaN) - expected)).toBeLessThan(1e-9);
const scoresOf = (r: Result): Record<string, number> => Object.fromEntries((r.criteria_evaluations as { criterion_name: string; score: number }[]).map((e) => [e.criterion_name, e.score]));

describe("the worked example (docs/protocols.md#consensus): S=2.0, G=4.0, no agreement after the debate round", () => {
  // The script answers every call of a role the same way. strict_refinement keeps answering 4.0 (it
  // would jump to generous's score): clamped to 2.0 + 0.3 = 2.3. Generous: 4 + 0.2 × (2.3 − 4) = 3.66.
  // |2.3 − 3.66| = 1.36 > 0.5 and maxRounds 2 is used up → final 0.6 × 2.3 + 0.4 × 3.66 = 2.844.
  const model = () =>
    scripted({ strict: answer(2.0, 2.0, "strict"), generous: answer(4.0, 4.0, "generous"), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(4.0, 4.0, "refined") });

  it("makes exactly 4 model calls, one per role, and lands on 2.844 (weighted_average, 2 rounds)", async () => {
    const m = model();
    const r = await judge(m);
    expect(m.calls).toHaveLength(4);
    expect(countBy(m.calls)).toEqual({ strict: 1, generous: 1, debate_critique: 1, strict_refinement: 1 });
    expect(m.calls.slice(2).map((c) => c.role)).toEqual(["debate_critique", "strict_refinement"]);
    close(r.overall_score, 2.844);
    for (const id of CRITERIA) close(scoresOf(r)[id], 2.844);
    expect(r.consensus_metadata.consensus_method).toBe("weighted_average");
    expect(r.consensus_metadata.rounds_conducted).toBe(2);
    close(r.consensus_metadata.strict_final_score, 2.3);
    close(r.consensus_metadata.generous_final_score, 3.66);
    expect(r.dialogue_id).toBe("refund");
    expect(r.meta).toMatchObject({ protocol: "consensus", rubric: "customer-service-5", model: "injected", status: "scored", calls: 4, fallbacks: [] });
  });

  it("keeps the debate round auditable: critique, proposal, clamp, move", async () => {
    const r = await judge(model());
    expect(r.debate).toHaveLength(1);
    const round = r.debate[0];
    expect(round.round).toBe(2);
    expect(round.critique).toBe(CRITIQUE);
    expect(round.strict.before.overall).toBe(2.0);
    expect(round.strict.proposed.overall).toBe(4.0);
    close(round.strict.after.overall, 2.3);
    expect(round.generous.before.overall).toBe(4.0);
    close(round.generous.after.overall, 3.66);
    close(round.difference, 1.36);
    expect(round.agreed).toBe(false);
    expect(r.criteria_evaluations[0].reasoning).toBe("Consensus between strict (2.30) and generous (3.66) evaluations");
    expect(r.criteria_evaluations[0].agent_a_reasoning).toBe('refined on TaskSuccess: SYSTEM: "I have refunded the duplicate"');
    expect(r.criteria_evaluations[0].agent_b_reasoning).toBe('generous on TaskSuccess: SYSTEM: "I have refunded the duplicate"');
    expect(r.agent_detailed_reasoning.agent_a_strict.overall_reasoning).toBe("refined overall reasoning");
    expect(r.agent_detailed_reasoning.agent_b_generous.criteria_reasoning.Fluency).toBe('generous on Fluency: SYSTEM: "I have refunded the duplicate"');
  });

  it("a refinement that literally repeats 2.0 leaves strict at 2.0: G = 4 + 0.2 × (2 − 4) = 3.6, final 1.2 + 1.44 = 2.64", async () => {
    const r = await judge(scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(2.0, 2.0) }));
    close(r.consensus_metadata.strict_final_score, 2.0);
    close(r.consensus_metadata.generous_final_score, 3.6);
    close(r.overall_score, 2.64);
  });
});

describe("an agreeing pair", () => {
  it("|3.0 − 3.5| = 0.5 ≤ 0.5: 1 round, agreement, exactly 2 model calls, final 1.8 + 1.4 = 3.2", async () => {
    const m = scripted({ strict: answer(3.0, [3, 2, 4, 3, 2.5, 5]), generous: answer(3.5, [3.5, 3, 4, 4, 3, 5]) });
    const r = await judge(m);
    expect(m.calls).toHaveLength(2);
    expect(countBy(m.calls)).toEqual({ strict: 1, generous: 1 });
    close(r.overall_score, 3.2);
    // 0.6·3+0.4·3.5=3.2; 0.6·2+0.4·3=2.4; 4; 0.6·3+0.4·4=3.4; 0.6·2.5+0.4·3=2.7; 5
    const expected = [3.2, 2.4, 4, 3.4, 2.7, 5];
    CRITERIA.forEach((id, i) => close(scoresOf(r)[id], expected[i] as number));
    expect(r.consensus_metadata).toEqual({ rounds_conducted: 1, strict_final_score: 3, generous_final_score: 3.5, consensus_method: "agreement" });
    expect(r.debate).toEqual([]);
  });
});

describe("strict refinement clamps, per criterion and overall", () => {
  it("+1.0 → +0.3, down → old, small moves kept, capped at 5", async () => {
    const m = scripted({
      strict: answer(2.0, [2.0, 1.0, 3.0, 2.5, 1.5, 4.9]),
      generous: answer(4.0, [4.0, 3.0, 4.5, 4.0, 3.5, 5.0]),
      debate_critique: { critique: CRITIQUE },
      strict_refinement: answer(3.0, [4.0, 1.0, 2.0, 2.6, 1.8, 5.0]),
    });
    const r = await judge(m);
    const round = r.debate[0];
    expect(round.strict.proposed.criteria).toEqual({ TaskSuccess: 4, Helpfulness: 1, Accuracy: 2, Understanding: 2.6, Empathy: 1.8, Fluency: 5 });
    expect(round.strict.after).toEqual({ overall: 2.3, criteria: { TaskSuccess: 2.3, Helpfulness: 1, Accuracy: 3, Understanding: 2.6, Empathy: 1.8, Fluency: 5 } });
    // G + 0.2 (S − G): 3.66, 2.6, 4.2, 3.72, 3.16, 5; overall 3.66
    expect(round.generous.after).toEqual({ overall: 3.66, criteria: { TaskSuccess: 3.66, Helpfulness: 2.6, Accuracy: 4.2, Understanding: 3.72, Empathy: 3.16, Fluency: 5 } });
    // 0.6 S + 0.4 G: 2.844, 1.64, 3.48, 3.048, 2.344, 5
    const expected = [2.844, 1.64, 3.48, 3.048, 2.344, 5];
    CRITERIA.forEach((id, i) => close(scoresOf(r)[id], expected[i] as number));
    close(r.overall_score, 2.844);
  });

  it("an overall refinement below the old score keeps it: S stays 2.0", async () => {
    const r = await judge(scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(1.0, 1.0) }));
    expect(r.debate[0].strict.after).toEqual({ overall: 2, criteria: Object.fromEntries(CRITERIA.map((id) => [id, 2])) });
    close(r.overall_score, 2.64);
  });
});

describe("maxRounds: 3 (two debate rounds)", () => {
  it("no agreement: S 2.0 → 2.3 → 2.6, G 4.0 → 3.66 → 3.448, final 1.56 + 1.3792 = 2.9392, 6 calls", async () => {
    const m = scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(4.0, 4.0) });
    const r = await judge(m, { maxRounds: 3 });
    expect(countBy(m.calls)).toEqual({ strict: 1, generous: 1, debate_critique: 2, strict_refinement: 2 });
    expect(r.debate.map((d: Result) => d.round)).toEqual([2, 3]);
    close(r.debate[1].strict.after.overall, 2.6);
    close(r.debate[1].generous.after.overall, 3.448);
    close(r.debate[1].difference, 0.848);
    close(r.overall_score, 2.9392);
    expect(r.consensus_metadata).toMatchObject({ rounds_conducted: 3, consensus_method: "weighted_average" });
  });

  it("agreement in round 3: S 3.0 → 3.3 → 3.6, G 4.0 → 3.86 → 3.808, |3.6 − 3.808| = 0.208, final 2.16 + 1.5232 = 3.6832", async () => {
    const m = scripted({ strict: answer(3.0, 3.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(5.0, 5.0) });
    const r = await judge(m, { maxRounds: 3 });
    expect(m.calls).toHaveLength(6);
    close(r.debate[0].generous.after.overall, 3.86);
    close(r.debate[0].difference, 0.56);
    close(r.debate[1].generous.after.overall, 3.808);
    expect(r.debate[1].agreed).toBe(true);
    close(r.overall_score, 3.6832);
    expect(r.consensus_metadata).toMatchObject({ rounds_conducted: 3, consensus_method: "agreement" });
  });

  it("maxRounds: 1 never debates: final 0.6 × 2 + 0.4 × 4 = 2.8, weighted_average", async () => {
    const m = scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0) });
    const r = await judge(m, { maxRounds: 1 });
    expect(m.calls).toHaveLength(2);
    close(r.overall_score, 2.8);
    expect(r.consensus_metadata).toMatchObject({ rounds_conducted: 1, consensus_method: "weighted_average" });
  });
});

describe("configuration", () => {
  it("an LLM bias is added in code to round-1 scores and clamped: 3.0 − 0.5 = 2.5, 3.2 + 0.5 = 3.7, 1.2 − 0.5 → 1", async () => {
    const m = scripted({ strict: answer(3.0, [1.2, 3, 3, 3, 3, 3]), generous: answer(3.2, 3.2), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(3.0, 3.0) });
    const r = await judge(m, { bias: { strict: -0.5, generous: 0.5 } });
    expect(r.debate[0].strict.before.overall).toBe(2.5);
    expect(r.debate[0].strict.before.criteria.TaskSuccess).toBe(1);
    expect(r.debate[0].generous.before.overall).toBe(3.7);
  });

  it("without a bias setting the LLM's scores are used as answered (bias 0)", async () => {
    const r = await judge(scripted({ strict: answer(3.0, 3.0), generous: answer(3.2, 3.2) }));
    expect(r.consensus_metadata).toMatchObject({ strict_final_score: 3, generous_final_score: 3.2, consensus_method: "agreement" });
  });

  it("tolerance, weights, cap and move are configurable", async () => {
    // cap 1: S 2 → 3; move 0.5: G 4 + 0.5 × (3 − 4) = 3.5; |3 − 3.5| = 0.5 > tolerance 0.4; weights 0.5/0.5 → 3.25
    const m = scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(4.0, 4.0) });
    const r = await judge(m, { tolerance: 0.4, weights: { strict: 0.5, generous: 0.5 }, refinementCap: 1, generousMove: 0.5 });
    close(r.overall_score, 3.25);
    expect(r.consensus_metadata.consensus_method).toBe("weighted_average");
  });

  it("rejects weights that do not sum to 1 and a rubric that is not 1–5 continuous", async () => {
    // The graph's context schema rejects bad settings before any node runs (a zod error naming the field).
    await expect(judge(scripted({}), { weights: { strict: 0.7, generous: 0.4 } })).rejects.toThrow(/weights must be ≥ 0 and sum to 1/);
    expect(() => consensusSettings({ configurable: { weights: { strict: 0.7, generous: 0.4 } } })).toThrow(expect.objectContaining({ name: "ConfigError" }));
    // A bad rubric is thrown as the ConfigError / RubricError itself (reported once, by strict), not an AggregateError.
    await expect(judge(scripted({}), { rubric: rubricFor("customer-service", "consensus") })).rejects.toMatchObject({ name: "ConfigError", message: expect.stringMatching(/continuous scale/) });
    await expect(judge(scripted({}), { rubric: "customer-service" })).rejects.toMatchObject({ name: "RubricError", message: expect.stringMatching(/is written for the panel, pairwise protocols, not consensus/) });
    await expect(judge(scripted({}), { rubric: "no-such-rubric" })).rejects.toMatchObject({ name: "RubricError" });
  });
});

describe("invalid answers and failures", () => {
  it("a strict answer missing a criterion gets one repair retry", async () => {
    const bad = answer(2.0, 2.0);
    bad.criteria = bad.criteria.slice(1);
    const m = scripted({ strict: (call) => (call.attempt === 0 ? bad : answer(3.0, 3.0)), generous: answer(3.4, 3.4) });
    const r = await judge(m);
    expect(countBy(m.calls)).toEqual({ strict: 2, generous: 1 });
    expect(r.meta.invalid_outputs).toEqual([{ agent: "strict", kind: "missing_criteria", message: "no entry for TaskSuccess" }]);
    close(r.overall_score, 0.6 * 3 + 0.4 * 3.4);
  });

  it("an out-of-scale score is an invalid answer", async () => {
    const m = scripted({ strict: (call) => (call.attempt === 0 ? answer(7, 3) : answer(3.0, 3.0)), generous: answer(3.4, 3.4) });
    const r = await judge(m);
    expect(r.meta.invalid_outputs[0]).toMatchObject({ agent: "strict", kind: "out_of_scale" });
  });

  it("with onFailure unscored, failing agents give an unscored line (both failing in parallel is fine)", async () => {
    const r = await judge(scripted({ strict: new Error("boom strict"), generous: new Error("boom generous") }), { onFailure: "unscored", maxRetries: 0 });
    expect(r.status).toBe("unscored");
    expect(r.dialogue_id).toBe("refund");
    expect(r.meta.status).toBe("unscored");
    expect(r.error.agent).toMatch(/^(strict|generous)$/);
  });

  it("a failing debate critique with onFailure unscored ends the run unscored", async () => {
    const m = scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: new Error("critique down") });
    const r = await judge(m, { onFailure: "unscored" });
    expect(r.status).toBe("unscored");
    expect(r.error.agent).toBe("debate_critique");
    expect(countBy(m.calls).strict_refinement).toBeUndefined();
  });

  it("with onFailure fallback, the offline judge answers for the failed role and it is flagged", async () => {
    const m = scripted({ strict: new Error("strict down"), generous: answer(3.0, 3.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(5, 5) });
    const r = await judge(m);
    expect(r.meta.status).toBe("scored");
    expect(r.meta.fallbacks).toEqual([{ agent: "strict", kind: "error", message: expect.stringContaining("strict down") }]);
  });
});

describe("content limit (up to 2,000 characters, docs/protocols.md#consensus)", () => {
  it("truncates longer content, tells the agents and records a warning", async () => {
    const long: Dialogue = { id: "long", turns: [{ speaker: "user", text: "a".repeat(1500) }, { speaker: "assistant", text: "b".repeat(1000) }] };
    const m = scripted({ strict: answer(3.0, 3.0), generous: answer(3.2, 3.2) });
    const r = await judge(m, {}, long);
    const system = String(m.calls[0]?.messages[0]?.content);
    expect(system).toContain(`[1] USER: ${"a".repeat(1500)}\n[2] SYSTEM: ${"b".repeat(500)}\n[content truncated: the first 2000 of 2500 characters are shown]`);
    expect(system).not.toContain("b".repeat(501));
    expect(r.meta.warnings).toEqual(["content truncated to 2000 of 2500 characters (maxContentChars): the agents judged the first 2000"]);
  });

  it("shorter content is shown whole, without a warning", async () => {
    const r = await judge(scripted({ strict: answer(3.0, 3.0), generous: answer(3.2, 3.2) }));
    expect(r.meta.warnings).toEqual([]);
  });
});

describe("prompt layout", () => {
  it("every call starts with the same system prefix; role instructions last; the critique reaches strict_refinement; no human label", async () => {
    const m = scripted({ strict: answer(2.0, 2.0), generous: answer(4.0, 4.0), debate_critique: { critique: CRITIQUE }, strict_refinement: answer(4.0, 4.0) });
    await judge(m);
    const prefixes = new Set(m.calls.map((c) => String(c.messages[0]?.content)));
    expect(prefixes.size).toBe(1);
    expect(m.calls.every((c) => c.messages[0]?.getType() === "system" && c.messages.at(-1)?.getType() === "human")).toBe(true);
    const last = (role: string) => String(m.calls.find((c) => c.role === role)?.messages.at(-1)?.content);
    expect(last("strict")).toContain("require strong, specific evidence");
    expect(last("generous")).toContain("give credit for partial demonstrations");
    expect(last("debate_critique")).toContain('"overall_score": 2');
    expect(last("strict_refinement")).toContain(`<critique>\n${CRITIQUE}\n</critique>`);
    for (const c of m.calls) {
      const text = c.messages.map((x) => String(x.content)).join("\n");
      expect(text).not.toContain("SECRET_ACT_LABEL");
      expect(text).not.toMatch(/ratings/i);
      expect(text).toContain("[2] SYSTEM: I'm sorry about that.");
    }
  });
});

describe("a candidate submission in LLM mode", () => {
  it("tells the agents they judge a submission, on the candidate-skills criteria", async () => {
    const skills = ["Technical Skills", "Communication", "Problem Solving", "Experience Relevance"];
    const reply = (overall: number) => ({ criteria: skills.map((criterion_name) => ({ criterion_name, reasoning: 'USER: "I know Go"', score: overall })), reasoning: "r", overall_score: overall });
    const m = scripted({ strict: reply(3.0), generous: reply(3.4) });
    const r = await judge(m, { rubric: "candidate-skills" }, { id: "c1", turns: [{ speaker: "user", text: "I know Go and PostgreSQL." }] });
    expect(String(m.calls[0]?.messages.at(-1)?.content)).toContain("the candidate submission: the transcript holds one USER turn");
    expect(String(m.calls[0]?.messages[0]?.content)).toContain("[1] USER: I know Go and PostgreSQL.");
    expect(r.criteria_evaluations.map((e: { criterion_name: string }) => e.criterion_name)).toEqual(skills);
    close(r.overall_score, 0.6 * 3 + 0.4 * 3.4);
    expect(r.consensus_metadata.consensus_method).toBe("agreement");
  });
});
