/**
 * The whole panel graph (evaluator → critic → referee → score) with a ScriptedChatModel answering
 * for the `evaluator` and `critic` roles; answers are parsed against the role's zod schema and checked
 * (scale, coverage, quotes) as they would be from a real provider. Rubric: customer-service.
 */
import type { AIMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import type { CriticEntry } from "../../nodes/panel/critic-contract.js";
import { buildPanelGraph, routeAfterAgent } from "../../graphs/panel.js";
import { ScriptedChatModel, type ScriptedAnswer, type ScriptedCall } from "../support/scripted-model.js";
import { critique, disagree, finalScores, REAL_QUOTE, seedDialogue, verdicts, finalVerdict } from "./helpers.js";

const dialogue = seedDialogue("seed001", 335);
const ALL_100 = verdicts([100, 100, 100, 100, 100, 100], REAL_QUOTE[335]);

interface PanelLine {
  dialogue_id: number;
  status?: string;
  error?: { agent: string; kind: string; message: string };
  evaluator: Record<string, { score: number; justification: string }>;
  referee_final: Record<string, { score: number; justification: string }> & { numeric_weighted_average: number; OverallExperience: number };
  audit: {
    adopted_critic_version: boolean;
    referee_decisions: { criterion: string; action: string; final_score: number; reason: string; quotes: { quote: string; verified: boolean }[] }[];
    decision_rules_applied: string;
    evaluator_quotes: Record<string, { verified: boolean }[]>;
  };
  meta: { status: string; calls: number; fallbacks: { agent: string; kind: string; message: string }[]; invalid_outputs: { agent: string; kind: string }[] };
}

async function runPanel(script: (call: ScriptedCall) => ScriptedAnswer, configurable: Record<string, unknown> = {}) {
  const chatModel = new ScriptedChatModel(script);
  const state = await buildPanelGraph().compile().invoke({ dialogue }, { configurable: { chatModel, ...configurable } });
  return { line: state.result as unknown as PanelLine, calls: chatModel.calls };
}

function panelOf(evaluation: object, entries: CriticEntry[]) {
  return runPanel(({ role }) => (role === "evaluator" ? evaluation : { critic: entries }));
}

const actions = (line: PanelLine) => line.audit.referee_decisions.map((d) => d.action);

describe("referee rules through the panel graph", () => {
  it("accepts an evidence-backed suggestion", async () => {
    const { line, calls } = await panelOf(ALL_100, critique({ TaskSuccess: disagree(60, "USER: 'Sure, Best in Show...' names a film but the system never confirms") }));
    expect(calls.map((c) => c.role)).toEqual(["evaluator", "critic"]);
    expect(actions(line)).toEqual(["accepted", "agreed", "agreed", "agreed", "agreed", "agreed"]);
    // 60*0.40 + 100*0.60 = 24 + 60 = 84 → 80
    expect(finalScores(line)).toEqual([60, 100, 100, 100, 100, 100]);
    expect(line.referee_final.numeric_weighted_average).toBe(84);
    expect(line.referee_final.OverallExperience).toBe(80);
    expect(line.meta).toMatchObject({ status: "scored", calls: 2, fallbacks: [], invalid_outputs: [] });
  });

  it("keeps the evaluator on an unverified quote, a quote-less comment, a no-op and an agreement with a different score", async () => {
    const entries = critique({
      TaskSuccess: disagree(40, "USER: \"I hated every minute of it\" shows failure"), // not in the transcript
      Helpfulness: disagree(60, "Generic prompts, no depth."), // no quote
      Accuracy: disagree(100, "SYSTEM: 'was the acting bad?' is fine"), // = evaluator's 100
      Understanding: { agree: true, comment: "", suggested_score: 20 }, // agrees: 20 ignored
      Empathy: disagree(60, "SYSTEM: “ok, why do you like that movie?” is curt"), // backed
    });
    const { line } = await panelOf(ALL_100, entries);
    expect(actions(line)).toEqual(["kept", "kept", "no_op", "agreed", "accepted", "agreed"]);
    expect(line.audit.referee_decisions[0]?.quotes).toEqual([{ quote: "I hated every minute of it", verified: false }]);
    expect(line.audit.referee_decisions[2]?.reason).toBe("disagreement suggests 100, the evaluator's own score: no change");
    expect(line.audit.referee_decisions[3]?.reason).toBe("critic agrees; its suggested 20 is ignored since it agrees");
    expect(line.audit.decision_rules_applied).toContain("Accuracy: no_op (disagreement suggests 100, the evaluator's own score: no change)");
    expect(line.audit.adopted_critic_version).toBe(false); // 3 real disagreements, 2 of them ambiguous
    // 40 + 15 + 15 + 10 + 60*0.10 + 10 = 96 → 80
    expect(finalScores(line)).toEqual([100, 100, 100, 100, 60, 100]);
    expect(line.referee_final.numeric_weighted_average).toBe(96);
    expect(line.referee_final.OverallExperience).toBe(80);
  });

  it("adopts the critic's version on ≥ 3 evidence-backed disagreements", async () => {
    const entries = critique({
      TaskSuccess: disagree(60, 'USER: "Yeah." is all it gets on satire'),
      Helpfulness: disagree(80, "SYSTEM: 'was the acting bad?' leads the user"),
      Accuracy: disagree(80, "SYSTEM: ‘do you like that movie?’ after the user already said so"),
    });
    const { line } = await panelOf(ALL_100, entries);
    expect(line.audit.adopted_critic_version).toBe(true);
    expect(actions(line)).toEqual(["adopted", "adopted", "adopted", "agreed", "agreed", "agreed"]);
    // 60*0.40 + 80*0.15 + 80*0.15 + 100*0.30 = 24 + 12 + 12 + 30 = 78 → 60
    expect(finalScores(line)).toEqual([60, 80, 80, 100, 100, 100]);
    expect(line.referee_final.numeric_weighted_average).toBe(78);
    expect(line.referee_final.OverallExperience).toBe(60);
    expect(finalVerdict(line, "TaskSuccess").justification).toBe('USER: "Yeah." is all it gets on satire');
  });

  it("does not adopt when one of three disagreements is unverified; the two backed ones are accepted", async () => {
    const entries = critique({
      TaskSuccess: disagree(60, 'USER: "Nah." is all it gets on satire'), // the user said "Yeah."
      Helpfulness: disagree(80, "SYSTEM: 'was the acting bad?' leads the user"),
      Accuracy: disagree(80, "SYSTEM: ‘do you like that movie?’ after the user already said so"),
    });
    const { line } = await panelOf(ALL_100, entries);
    expect(line.audit.adopted_critic_version).toBe(false);
    expect(actions(line)).toEqual(["kept", "accepted", "accepted", "agreed", "agreed", "agreed"]);
    // 100*0.40 + 80*0.15 + 80*0.15 + 100*0.30 = 40 + 12 + 12 + 30 = 94 → 80
    expect(finalScores(line)).toEqual([100, 80, 80, 100, 100, 100]);
    expect(line.referee_final.numeric_weighted_average).toBe(94);
    expect(line.referee_final.OverallExperience).toBe(80);
  });

  it("routes to score when an agent failed, otherwise on to the next agent", () => {
    const route = routeAfterAgent("critic");
    expect(route({ failure: { agent: "evaluator", kind: "timeout", message: "x" } } as never)).toBe("score");
    expect(route({} as never)).toBe("critic");
  });
});

describe("the evaluator's quote check and repair retry", () => {
  const UNQUOTED = verdicts([100, 100, 100, 100, 100, 100], "the whole dialogue");

  it("sends a repair message listing the problem, then uses the repaired answer", async () => {
    const { line, calls } = await runPanel(({ role, attempt }) => {
      if (role === "critic") return { critic: critique() };
      return attempt === 0 ? UNQUOTED : ALL_100;
    });
    expect(calls.map((c) => [c.role, c.attempt])).toEqual([
      ["evaluator", 0],
      ["evaluator", 1],
      ["critic", 0],
    ]);
    expect(calls.every((c) => c.tools?.join() === "evaluator,critic")).toBe(true);
    const repair = calls[1]?.messages ?? [];
    expect(repair).toHaveLength(4); // shared prefix, instructions, the bad answer (a tool call), the repair request (its result)
    const answered = (repair[2] as AIMessage | undefined)?.tool_calls?.[0];
    expect(answered).toMatchObject({ name: "evaluator", args: UNQUOTED });
    expect(repair[3]?.getType()).toBe("tool");
    expect((repair[3] as ToolMessage | undefined)?.tool_call_id).toBe(answered?.id);
    const last = String(repair[3]?.content);
    expect(last).toContain("- unverified_quote: TaskSuccess justification quotes no utterance");
    expect(last).toContain("- unverified_quote: Fluency justification quotes no utterance");
    expect(line.meta.status).toBe("scored");
    expect(line.meta.fallbacks).toEqual([]);
    expect(line.meta.invalid_outputs).toHaveLength(6); // one per criterion, repaired
    expect(line.meta.invalid_outputs.every((p) => p.agent === "evaluator" && p.kind === "unverified_quote")).toBe(true);
    expect(line.evaluator.TaskSuccess).toEqual(ALL_100.TaskSuccess);
    expect(line.referee_final.OverallExperience).toBe(100); // all 100 → 100
  });

  it("a quote that is not in the transcript also triggers the repair", async () => {
    const invented = verdicts([80, 80, 80, 80, 80, 80], 'USER: "I loved the ending"');
    const { calls } = await runPanel(({ role, attempt }) => (role === "critic" ? { critic: critique() } : attempt === 0 ? invented : ALL_100));
    expect(String(calls[1]?.messages.at(-1)?.content)).toContain('unverified_quote: TaskSuccess justification quotes text that is not in the transcript: "I loved the ending"');
  });

  it("falls back to the offline judge when the second answer is still bad, and records it", async () => {
    const { line, calls } = await runPanel(({ role }) => (role === "critic" ? { critic: critique() } : UNQUOTED));
    expect(calls.map((c) => c.role)).toEqual(["evaluator", "evaluator", "critic"]);
    expect(line.meta.status).toBe("scored");
    expect(line.meta.fallbacks).toHaveLength(1);
    expect(line.meta.fallbacks[0]).toMatchObject({ agent: "evaluator", kind: "invalid_output" });
    expect(line.meta.fallbacks[0]?.message).toContain("unverified_quote: TaskSuccess justification quotes no utterance");
    expect(line.meta.invalid_outputs).toHaveLength(12); // 6 problems × 2 attempts
    // The offline evaluator answered instead: its justifications quote real utterances.
    expect(line.evaluator.TaskSuccess?.justification).not.toBe(UNQUOTED.TaskSuccess?.justification);
    for (const checks of Object.values(line.audit.evaluator_quotes)) expect(checks.some((q) => q.verified)).toBe(true);
  });

  it("with onFailure 'unscored' writes an unscored line, never a low score, and skips the critic", async () => {
    const { line, calls } = await runPanel(({ role }) => (role === "critic" ? { critic: critique() } : UNQUOTED), { onFailure: "unscored" });
    expect(calls.map((c) => c.role)).toEqual(["evaluator", "evaluator"]);
    expect(line.status).toBe("unscored");
    expect(line.dialogue_id).toBe(335);
    expect(line.error).toMatchObject({ agent: "evaluator", kind: "invalid_output" });
    expect(line.error?.message).toContain("unverified_quote");
    expect(line.meta).toMatchObject({ status: "unscored", fallbacks: [] });
    expect(line).not.toHaveProperty("referee_final");
    expect(line).not.toHaveProperty("evaluator");
  });
});
