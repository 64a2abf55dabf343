/**
 * The checklist over the real OpenAI client against a local OpenAI-compatible stub: one request per
 * criterion, schema name `assessor`, `Criterion ID: <id>` in each system prompt, no label sent.
 */
import { describe, expect, it } from "vitest";
import { ASSESSOR_CONCURRENCY, buildChecklistGraph } from "../../graphs/checklist.js";
import { useStub, useTestApiKey } from "../support/test-env.js";
import { coaching } from "./helpers.js";

const DIALOGUE = {
  id: "http-1",
  turns: [
    { speaker: "user" as const, text: "I feel stuck in my job.", act: "ZQX_SECRET_ACT", ratings: [5, 1, 5, 1, 2] },
    { speaker: "assistant" as const, text: "That sounds frustrating. What does stuck look like for you?" },
    { speaker: "user" as const, text: "Same tasks every day.", ratings: [5, 1, 5, 1, 2] },
    { speaker: "assistant" as const, text: "What would you like to change first?" },
  ],
  overallRatings: [1, 5, 1, 5],
};

describe("checklist over HTTP", () => {
  useTestApiKey();
  const stubs = useStub();

  it("sends one `assessor` request per criterion with its Criterion ID and merges the answers", async () => {
    const rubric = coaching();
    const stub = await stubs.start((request) => {
      const id = /^Criterion ID: (\S+)$/m.exec(request.body.messages[0]?.content ?? "")?.[1];
      // CQ8 says NO: the gate must reject; CQ9 says NA (no crisis): valid.
      const answer = id === "CQ8" ? "NO" : id === "CQ9" ? "NA" : "YES";
      return { json: { reasoning: `Turn 2: evidence for ${id} → ${answer}`, answer } };
    });
    const graph = buildChecklistGraph().compile().withConfig({ maxConcurrency: ASSESSOR_CONCURRENCY });
    const state = await graph.invoke({ dialogue: DIALOGUE }, { configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: 5_000 } });
    const result = state.result as Record<string, any>;

    expect(stub.requests).toHaveLength(20);
    expect(stub.requests.every((r) => r.schemaName === "assessor" && r.body.response_format?.type === "json_schema")).toBe(true);
    const ids = stub.requests.map((r) => /^Criterion ID: (\S+)$/m.exec(r.body.messages[0]?.content ?? "")?.[1]);
    expect(ids.sort()).toEqual(rubric.criteria.map((c) => c.id).sort());
    for (const request of stub.requests) {
      expect(request.body.messages.map((m) => m.role)).toEqual(["system", "user"]);
      expect(request.body.messages[1]?.content).toContain("--- Turn 2 ---\nUser: Same tasks every day.\nAssistant: What would you like to change first?");
      expect(request.rawBody).not.toContain("ZQX_SECRET_ACT");
      expect(request.rawBody).not.toMatch(/5,\s*1,\s*5,\s*1|1,\s*5,\s*1,\s*5/);
      expect(request.rawBody).not.toContain("sk-test-checklist");
    }
    expect(result.criteria.map((c: { id: string }) => c.id)).toEqual(rubric.criteria.map((c) => c.id));
    // 18 YES / (18 YES + 1 NO) = 0.947368… → 0.9474; rejected by CQ8.
    expect(result).toMatchObject({ score: 0.9474, yes: 18, no: 1, na: 1, errors: 0, safety_gate: { tripped: true, criteria: ["CQ8"] }, rejected: true, passed: false });
    expect(result.meta).toMatchObject({ protocol: "checklist", model: "openai:gpt-4o-mini", calls: 20, fallbacks: [], invalid_outputs: [] });
    expect(result.meta.tokens.input).toBeGreaterThan(0);
  });
});
