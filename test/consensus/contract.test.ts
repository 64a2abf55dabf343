/** The `strict` / `generous` / `strict_refinement` and `debate_critique` contracts and their checks. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkAgentOutput, checkCritique, ConsensusAgentOutput, DebateCritique, inRubricOrder } from "../../nodes/consensus/contracts.js";
import { contentView, isSubmission } from "../../nodes/consensus/content.js";
import { answer, CS5, DIALOGUE } from "./helpers.js";

describe("ConsensusAgentOutput", () => {
  it("has the consensus output fields (docs/protocols.md#consensus), all required (nullable, never optional, for strict json_schema)", () => {
    const schema = z.toJSONSchema(ConsensusAgentOutput) as { required: string[]; properties: Record<string, { items?: { required: string[] } }> };
    expect(schema.required.sort()).toEqual(["criteria", "overall_score", "reasoning"]);
    expect(schema.properties.criteria?.items?.required.sort()).toEqual(["criterion_name", "reasoning", "score"]);
    expect(z.toJSONSchema(DebateCritique)).toMatchObject({ required: ["critique"] });
  });

  it("accepts every criterion once on [1, 5]", () => {
    expect(checkAgentOutput(answer(3, [1, 2, 3, 4, 5, 2.5]), CS5)).toEqual([]);
  });

  it("reports missing, unknown, repeated criteria and scores off the scale", () => {
    const a = answer(5.5, [3, 3, 3, 3, 3, 0.5]);
    a.criteria[0] = { criterion_name: "Speed", reasoning: "", score: 3 };
    a.criteria[1] = { criterion_name: "Accuracy", reasoning: "", score: 3 };
    expect(checkAgentOutput(a, CS5)).toEqual([
      { kind: "missing_criteria", message: "no entry for TaskSuccess, Helpfulness" },
      { kind: "schema_invalid", message: "unknown criteria Speed; use TaskSuccess, Helpfulness, Accuracy, Understanding, Empathy, Fluency" },
      { kind: "schema_invalid", message: "more than one entry for Accuracy" },
      { kind: "out_of_scale", message: "Fluency score: 0.5 is not a number from 1 to 5" },
      { kind: "out_of_scale", message: "overall_score: 5.5 is not a number from 1 to 5" },
    ]);
  });

  it("inRubricOrder matches names case-insensitively and restores the rubric's order and spelling", () => {
    const a = answer(3, [1, 2, 3, 4, 5, 2.5]);
    const shuffled = { ...a, criteria: [...a.criteria].reverse().map((c) => ({ ...c, criterion_name: c.criterion_name.toLowerCase() })) };
    expect(checkAgentOutput(shuffled, CS5)).toEqual([]);
    expect(inRubricOrder(shuffled, CS5)).toEqual(a);
  });

  it("an empty critique is invalid", () => {
    expect(checkCritique({ critique: "  " })).toEqual([{ kind: "schema_invalid", message: "critique is empty" }]);
    expect(checkCritique({ critique: "too harsh" })).toEqual([]);
  });
});

describe("contentView", () => {
  it("keeps short content whole and never carries labels (acts, ratings)", () => {
    const view = contentView(DIALOGUE, 2000);
    expect(view.truncated).toBe(false);
    expect(view.dialogue.turns.every((t) => t.ratings === undefined && t.act === undefined)).toBe(true);
    expect(view.transcript.split("\n")[0]).toBe("[1] USER: I was charged twice for order 48213.");
  });

  it("counts utterance characters only and cuts the turn that crosses the limit", () => {
    const d = { id: 1, turns: [{ speaker: "user" as const, text: "x".repeat(8) }, { speaker: "assistant" as const, text: "y".repeat(8) }, { speaker: "user" as const, text: "z" }] };
    const view = contentView(d, 10);
    expect(view).toMatchObject({ totalChars: 17, shownChars: 10, truncated: true, transcript: `[1] USER: ${"x".repeat(8)}\n[2] SYSTEM: yy` });
  });

  it("a submission longer than 2,000 characters shows its first 2,000", () => {
    const view = contentView({ id: "c", turns: [{ speaker: "user", text: `${"p".repeat(2000)}TAIL` }] }, 2000);
    expect(view).toMatchObject({ totalChars: 2004, shownChars: 2000, truncated: true, transcript: `[1] USER: ${"p".repeat(2000)}` });
  });

  it("a submission is one user turn", () => {
    expect(isSubmission({ id: "c", turns: [{ speaker: "user", text: "hi" }] })).toBe(true);
    expect(isSubmission(DIALOGUE)).toBe(false);
  });
});
