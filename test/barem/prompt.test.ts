/** The barem judge's prompt and rubric: the original barem and few-shot examples (docs/protocols.md#barem), never the target's labels. */
import { describe, expect, it } from "vitest";
import { judgeSchema } from "../../nodes/barem/judge-contract.js";
import { buildBaremGraph } from "../../graphs/barem.js";
import { judgeMessages } from "../../nodes/barem/prompts.js";
import { ScriptedChatModel } from "../support/scripted-model.js";
import { allScores, barem, SEED_002, TARGET } from "./helpers.js";

describe("ccpe-barem rubric", () => {
  const rubric = barem();

  it("carries the barem's weights, floor bucketing and its three few-shot examples verbatim", () => {
    expect(rubric.criteria.map((c) => [c.id, c.weight])).toEqual([
      ["TaskSuccess", 0.4],
      ["Helpfulness", 0.15],
      ["Accuracy", 0.15],
      ["Understanding", 0.1],
      ["Empathy", 0.1],
      ["Fluency", 0.1],
    ]);
    expect(rubric.bucketing).toEqual({ mode: "floor", buckets: [20, 40, 60, 80, 100] });
    expect(rubric.description).toMatch(/ROUNDED DOWN/);
    expect(rubric.fewShot.map((e) => e.id)).toEqual([335, 25, 26]);
    for (const example of rubric.fewShot) {
      expect(SEED_002).toContain(`dialogue_id ${example.id})\n${example.transcript}\nExpected`);
      expect(example.transcript.split("\n").at(-1)).toMatch(/^USER OVERALL OTHER [\d,]+$/);
    }
    const seedJson = (from: string) => JSON.parse(SEED_002.slice(SEED_002.indexOf("{", SEED_002.indexOf(from)), SEED_002.indexOf("}\n\n", SEED_002.indexOf(from)) + 1));
    expect(rubric.fewShot[0]?.expected).toEqual(seedJson("Expected annotated scoring"));
    expect(rubric.fewShot[2]?.expected).toEqual(seedJson("(Example 3"));
  });

  it("quotes the original CCPE examples under their levels", () => {
    const task = rubric.criteria[0];
    expect(task?.levels?.map((l) => l.score)).toEqual([100, 80, 60, 40, 20]);
    expect(task?.examples?.[0]).toContain('USER: "Sure, Best in Show is one of my absolute favorites." → 100.');
    expect(rubric.criteria.find((c) => c.id === "Empathy")?.levels?.[0]?.description).toContain("give 80 for politely phrased dialog");
  });
});

describe("barem judge prompt", () => {
  const rubric = barem();

  it("puts the barem and the examples (their rating columns included) in the system message and the target last", () => {
    const [system, human] = judgeMessages(rubric, TARGET).map((m) => String(m.content));
    expect(system).toMatch(/^You are an evaluator for customer service dialogues\.\nUse the provided few-shot examples as guidance\./);
    expect(system).toContain("=== DETAILED BAREM ===");
    expect(system).toContain("1. TaskSuccess (0.40) — definition: Did the AGENT fulfill the user’s goal / elicit the requested content?");
    expect(system).toContain('  Example: CCPE example (dialogue_id 335): SYSTEM: "got it, can you name a specific movie you really liked?"');
    expect(system).toContain("TaskSuccess 0.40, Helpfulness 0.15, Accuracy 0.15, Understanding 0.10, Empathy 0.10, Fluency 0.10");
    for (const example of rubric.fewShot) expect(system).toContain(example.transcript);
    expect(system).toContain("USER OVERALL OTHER 4,4,5,4");
    // The examples' overall is shown as the score node computes it: example 1 → 80 (the original says 100).
    expect(system).toContain('"OverallExperience": {"score":80,"justification":"Weighted average of all criteria, round down to the bucket (bias low): 98.00 → 80."}');
    // The original's "map the resulting value to the nearest discrete bucket" now agrees with its output format.
    expect(system).not.toContain("map the resulting value to the nearest discrete bucket");
    expect(system).toContain("then round the resulting value down to the nearest discrete bucket {20, 40, 60, 80, 100}.");
    expect(human).toContain("=== TARGET DIALOGUE ===");
    expect(human).toContain("<transcript>\n[1] SYSTEM: What kind of films do you enjoy?\n[2] USER: Quiet dramas, mostly.\n[3] SYSTEM: Which quiet drama did you like recently?\n[4] USER: Past Lives.\n</transcript>");
    expect(human).toContain('"OverallExperience": {\n"score": <20|40|60|80|100>,');
  });

  it("never sends the target's ratings or acts, and keeps the system message the same for every target", async () => {
    const model = new ScriptedChatModel(() => allScores({ TaskSuccess: 80, Helpfulness: 80, Accuracy: 80, Understanding: 80, Empathy: 80, Fluency: 80 }, null));
    await buildBaremGraph().compile().invoke({ dialogue: TARGET }, { configurable: { chatModel: model } });
    const sent = model.calls.flatMap((c) => c.messages.map((m) => String(m.content))).join("\n");
    expect(sent).not.toContain("1,5,1,5,1");
    expect(sent).not.toContain("5,1,5,1,2");
    expect(sent).not.toMatch(/ZQX_/);
    const other = { ...TARGET, id: "other", turns: TARGET.turns.slice(0, 2) };
    expect(String(judgeMessages(rubric, other)[0]?.content)).toBe(String(judgeMessages(rubric, TARGET)[0]?.content));
  });

  it("the judge contract: every criterion {justification, score}, OverallExperience nullable but required", () => {
    const schema = judgeSchema(rubric);
    const ok = allScores({ TaskSuccess: 80, Helpfulness: 80, Accuracy: 80, Understanding: 80, Empathy: 80, Fluency: 80 }, null);
    expect(schema.safeParse(ok).success).toBe(true);
    const { OverallExperience: _, ...withoutOverall } = ok;
    expect(schema.safeParse(withoutOverall).success).toBe(false);
    const { Fluency: __, ...withoutFluency } = ok;
    expect(schema.safeParse(withoutFluency).success).toBe(false);
  });
});
