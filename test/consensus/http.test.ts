/**
 * The consensus graph over the real OpenAI client against a local OpenAI-compatible stub: every call
 * sends the same four tools and forces its role's (the schema name), the worked example's numbers (docs/protocols.md#consensus)
 * hold, and no human label reaches a request.
 */
import { describe, expect, it } from "vitest";
import { buildConsensusGraph } from "../../graphs/consensus.js";
import { useStub, useTestApiKey } from "../support/test-env.js";
import { answer, CRITIQUE, DIALOGUE } from "./helpers.js";

describe("consensus over HTTP", () => {
  useTestApiKey();
  const stubs = useStub();

  it("sends strict, generous, debate_critique and strict_refinement as schema names and scores 2.844", async () => {
    const replies: Record<string, object> = {
      strict: answer(2.0, 2.0, "strict"),
      generous: answer(4.0, 4.0, "generous"),
      debate_critique: { critique: CRITIQUE },
      strict_refinement: answer(4.0, 4.0, "refined"),
    };
    const stub = await stubs.start((request) => ({ json: replies[request.schemaName ?? ""] ?? {} }));
    const graph = buildConsensusGraph().compile();
    const state = await graph.invoke({ dialogue: DIALOGUE }, { configurable: { model: "openai:gpt-4o-mini", baseUrl: stub.baseUrl, maxRetries: 0, timeoutMs: 5_000 } });
    const result = state.result as Record<string, any>;

    expect(stub.requests.map((r) => r.schemaName).sort()).toEqual(["debate_critique", "generous", "strict", "strict_refinement"]);
    // One toolset for every call (byte-identical, ahead of the shared system message), the role's own tool forced.
    const TOOLS = ["strict", "generous", "debate_critique", "strict_refinement"];
    const wireTools = JSON.stringify(stub.requests[0]?.body.tools);
    for (const request of stub.requests) {
      expect(request.body.response_format).toBeUndefined();
      expect(request.body.tools?.map((t) => t.function.name)).toEqual(TOOLS);
      expect(request.body.tool_choice).toEqual({ type: "function", function: { name: request.schemaName } });
      expect(request.rawBody).toContain(`"tools":${wireTools}`);
    }
    // strict, generous and strict_refinement share one contract under their own names.
    const parameters = (name: string) => JSON.stringify(stub?.requests[0]?.body.tools?.find((t) => t.function.name === name)?.function.parameters);
    expect(parameters("generous")).toBe(parameters("strict"));
    expect(parameters("strict_refinement")).toBe(parameters("strict"));
    expect(parameters("debate_critique")).toContain('"critique"');
    expect(Math.abs(result.overall_score - 2.844)).toBeLessThan(1e-9);
    expect(result.consensus_metadata).toMatchObject({ rounds_conducted: 2, consensus_method: "weighted_average" });
    expect(result.meta).toMatchObject({ model: "openai:gpt-4o-mini", calls: 4, fallbacks: [], invalid_outputs: [] });
    expect(result.meta.tokens.input).toBeGreaterThan(0);

    for (const request of stub.requests) {
      // Human ratings ([2,2,1] on turn 1, OVERALL [1,2,1]) and the dialogue act are labels: never sent.
      expect(request.rawBody).not.toContain("SECRET_ACT_LABEL");
      expect(request.rawBody).not.toMatch(/ratings/i);
      expect(request.rawBody).not.toMatch(/\[\s*2\s*,\s*2\s*,\s*1\s*\]|\[\s*1\s*,\s*2\s*,\s*1\s*\]/);
      expect(request.rawBody).not.toContain("sk-test-consensus");
      expect(request.body.messages[0]?.role).toBe("system");
    }
    const systems = new Set(stub.requests.map((r) => r.body.messages[0]?.content));
    expect(systems.size).toBe(1);
    const refinement = stub.requests.find((r) => r.schemaName === "strict_refinement");
    expect(refinement?.body.messages.at(-1)?.content).toContain(CRITIQUE);
  });
});
